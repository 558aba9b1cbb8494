import GestureEngine
import GestureTesting
import Testing

/// Issue 19: the testing kit plays `synth` scripts with the same generator as the command.
@Suite("GestureTesting harness: synth scripts")
struct GestureHarnessScriptTests {
    @Test("a scripted drag begins a pan; its translation is the delta less the 10 pt hysteresis")
    func drag() throws {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        try h.perform("drag 100,200 -> 220,200 in 0.2s")
        let states = h.states("pan")
        #expect(states.first == .began && states.last == .ended && states.dropFirst().dropLast().allSatisfy { $0 == .changed }, "\(states)")
        let ended = try #require(h.recorder.transitions(of: "pan").last?.values.translation)
        #expect(abs(ended.dx - 110) < 0.5 && ended.dy == 0, "\(ended)")
        #expect(abs(h.now - 0.2) < 1e-9)
    }

    @Test("script fingers never reuse the harness's own finger ids; the clock runs on from now")
    func afterOwnFingers() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        let held = h.down(at: Point(x: 10, y: 10))
        h.wait(1)
        try h.perform("tap 300,300")
        #expect(held.isDown)
        #expect(h.now > 1)
    }

    @Test("a bad script fails with its position; a sweep is refused")
    func badScripts() throws {
        let h = GestureHarness()
        let bad = #expect(throws: GestureTestFailure.self) { try h.perform("tap 100") }
        #expect(bad?.description.contains("script:1:") == true, "\(String(describing: bad))")
        let sweep = #expect(throws: GestureTestFailure.self) { try h.perform("drag 100,200 -> {100..120 step 10},200 in 0.2s") }
        #expect(sweep?.description.contains("sweep") == true)
    }
}
