import GestureEngine
import GestureTesting
import Testing

@Suite("Failure requirements")
struct RequireToFailTests {
    func singleAndDouble() -> (GestureHarness, TestTap, TestTap) {
        let h = GestureHarness()
        let single = TestTap(name: "single")
        let double = TestTap(name: "double", taps: 2)
        h.add(single)
        h.add(double)
        single.require(toFail: double)
        return (h, single, double)
    }

    @Test("a single tap waits for the double tap to fail, in virtual time")
    func singleWaitsForDouble() throws {
        let (h, _, _) = singleAndDouble()
        h.tap(at: 0, duration: 0.1)
        #expect(h.log.isEmpty)
        h.finish()
        try h.expectLog(["double failed @0.45", "single ended @0.45"])
        #expect(h.reason("double") == "no next tap within 0.35 s")
    }

    @Test("a timer between two events fires before the later event")
    func timerFiresBetweenEvents() throws {
        let (h, _, _) = singleAndDouble()
        h.tap(at: 0, duration: 0.1)
        h.send(2.0, (7, .began, 500, 500))
        try h.expectLog(["double failed @0.45", "single ended @0.45"])
    }

    @Test("the single tap fails when the double tap recognizes")
    func singleFailsWhenDoubleRecognizes() throws {
        let (h, _, _) = singleAndDouble()
        h.tap(id: 1, at: 0, duration: 0.1)
        h.tap(id: 2, at: 0.3, duration: 0.1)
        h.finish()
        try h.expectLog(["double ended @0.4", "single failed @0.4"])
        #expect(h.reason("single") == "required recognizer 'double' recognized")
    }

    @Test("without the requirement the single tap's first tap fires; the double tap excludes its second recognition")
    func withoutRequirementBothFire() throws {
        let h = GestureHarness()
        h.add(TestTap(name: "single"))
        h.add(TestTap(name: "double", taps: 2))
        h.tap(id: 1, at: 0)
        h.tap(id: 2, at: 0.3)
        h.finish()
        try h.expectLog(["single ended @0.1", "single failed @0.4", "double ended @0.4"])
    }
}
