import GestureEngine
import GestureTesting
import Testing

/// Issue 14 item 4: the testing kit, used as a user's test target uses it (plain imports).
@Suite("GestureTesting harness")
struct GestureHarnessTests {
    @Test("a finger down, a wait in virtual time and a lift recognize a tap; the log shows each transition's time")
    func tapWithAFinger() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        let finger = h.down(at: Point(x: 100, y: 100))
        #expect(finger.id == 1 && finger.isDown)
        h.wait(0.08)
        finger.up()
        #expect(!finger.isDown)
        try h.expect("tap", states: [.ended])
        try h.expectRecognized("tap")
        try h.expectLog(["tap ended @0.08"])
        #expect(h.now == 0.08)
    }

    @Test("waiting fires timers: a long press begins after minimumPressDuration of virtual time")
    func waitFiresTimers() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.down(x: 50, y: 50)
        h.wait(0.4)
        try h.expectNoTransitions("press")
        h.wait(0.2)
        try h.expect("press", states: [.began])
    }

    @Test("a drag over time in steps begins and changes a pan; a second finger joins; lifting both ends it")
    func dragAndSecondFinger() throws {
        let h = GestureHarness()
        let pan = h.add(PanGestureRecognizer(name: "pan"))
        let first = h.down(at: Point(x: 100, y: 100))
        first.move(by: Vector(dx: 60, dy: 0), over: 0.1, steps: 6)
        #expect(first.location == Point(x: 160, y: 100))
        #expect(h.now == 0.1)
        let second = h.down(at: Point(x: 200, y: 200))
        #expect(second.id == 2)
        #expect(pan.numberOfTouches == 2)
        h.wait(0.02)
        h.move([first, second], by: Vector(dx: 10, dy: 10))
        h.up([first, second])
        let states = h.states("pan")
        #expect(states.first == .began && states.last == .ended && states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(h.log.last == "pan ended @0.12")
    }

    @Test("two fingers landing together are one event; cancelled fingers cancel the pinch")
    func fingersTogetherAndCancel() throws {
        let h = GestureHarness()
        let pinch = h.add(PinchGestureRecognizer(name: "pinch"))
        let fingers = h.down(at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        #expect(pinch.numberOfTouches == 2)
        for i in 1...5 {
            h.wait(0.016)
            fingers[1].move(to: Point(x: 200 + Double(i) * 10, y: 100))
        }
        fingers[0].cancel()
        fingers[1].cancel()
        #expect(h.states("pinch").first == .began, "\(h.transcript)")
        #expect(h.states("pinch").last == .cancelled)
        #expect(throws: GestureTestFailure.self) { try h.expectRecognized("pinch") }
    }

    @Test("a failing check throws a failure naming the check's place and showing every transition with its reason")
    func failureShowsReasons() {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        let finger = h.down(at: Point(x: 100, y: 100))
        finger.move(by: Vector(dx: 60, dy: 0))
        finger.up()
        var caught: GestureTestFailure?
        do {
            try h.expect("tap", states: [.ended])
        } catch let failure as GestureTestFailure {
            caught = failure
        } catch {}
        let text = caught.map(String.init(describing:)) ?? ""
        #expect(text.contains("GestureHarnessTests.swift:"))
        #expect(text.contains("'tap' went through [.failed], expected [.ended]"))
        #expect(text.contains("0  tap  possible -> failed  reason: moved 60 pt > allowableMovement 45 pt"))
        #expect(throws: GestureTestFailure.self) { try h.expectRecognized("tap") }
        #expect(throws: GestureTestFailure.self) { try h.expectFailed("tap", reasonContains: "lifted") }
        #expect(throws: Never.self) { try h.expectFailed("tap", reasonContains: "allowableMovement") }
        #expect(throws: GestureTestFailure.self) { try h.expectNoTransitions("tap") }
    }

    @Test("finish cancels fingers still down and fails undecided recognizers with 'trace ended'")
    func finish() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double")).numberOfTapsRequired = 2
        h.tap(at: 0)
        h.finish()
        try h.expectFailed("double")
        #expect(h.transcript.contains("double  possible -> failed"))
    }
}
