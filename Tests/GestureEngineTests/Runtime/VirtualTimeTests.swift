import GestureEngine
import GestureTesting
import Testing

/// Begins by timer `duration` seconds after its touch began, like a long press.
final class TimerBegin: GestureRecognizer {
    var duration = 0.5
    var fired: [Double] = []
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        schedule(after: duration) { [unowned self] in
            self.fired.append(self.currentTime)
            self.state = .began
        }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if state != .possible { state = .changed }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { fail("lifted early") } else { state = .ended }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { fail("cancelled") } else { state = .cancelled }
    }
}

/// Schedules a timer at touch-down and cancels it through `cancelTimer(&token)` when the touch moves.
final class CancelOnMove: GestureRecognizer {
    var token: TimerToken?
    var fired = 0
    var tokenClearedByCancel = false
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        token = schedule(after: 0.5) { [unowned self] in self.fired += 1 }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        cancelTimer(&token)
        tokenClearedByCancel = token == nil
        cancelTimer(&token)  // nothing left to cancel: no effect
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { fail("lifted") }
}

@Suite("Virtual time")
struct VirtualTimeTests {
    @Test("cancelTimer(&token) cancels the timer and clears the token; a nil token is left alone")
    func cancelTimerInOut() {
        let h = GestureHarness()
        let r = CancelOnMove(name: "c")
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        #expect(r.token != nil)
        h.send(0.1, (1, .moved, 1, 0))
        h.send(1.0, (1, .moved, 2, 0))
        #expect(r.fired == 0)
        #expect(r.tokenClearedByCancel && r.token == nil)
    }
    @Test("a timer fires between two events at its own deadline, before the later event")
    func timerBetweenEvents() throws {
        let h = GestureHarness()
        let r = TimerBegin(name: "press")
        h.add(r)
        h.send(1.0, (1, .began, 0, 0))
        h.send(1.2, (1, .stationary, 0, 0))
        #expect(h.log.isEmpty)
        h.send(2.0, (1, .moved, 1, 0))
        #expect(r.fired == [1.5])
        try h.expectLog(["press began @1.5", "press changed @2"])
    }

    @Test("nextTimerDeadline: the earliest pending deadline (a live replay wakes then), nil once none is pending")
    func nextTimerDeadline() throws {
        let h = GestureHarness()
        let a = TimerBegin(name: "a")
        let b = TimerBegin(name: "b")
        a.duration = 0.9
        b.duration = 0.4
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        a.delegate = yes
        h.add(a)
        h.add(b)
        #expect(h.environment.nextTimerDeadline == nil)
        h.send(1.0, (1, .began, 0, 0))
        #expect(h.environment.nextTimerDeadline == 1.4)
        h.advance(to: 1.4)
        #expect(h.environment.nextTimerDeadline == 1.9)
        h.advance(to: 1.9)
        #expect(h.environment.nextTimerDeadline == nil)
        try h.expectLog(["b began @1.4", "a began @1.9"])
    }

    @Test("a deadline equal to an event's time fires before that event")
    func deadlineAtEventTime() throws {
        let h = GestureHarness()
        h.add(TimerBegin(name: "press"))
        h.send(0, (1, .began, 0, 0))
        h.send(0.5, (1, .ended, 0, 0))
        try h.expectLog(["press began @0.5", "press ended @0.5"])
    }

    @Test("finish() fires the remaining deadlines in order, at their own times")
    func finishFiresDeadlines() throws {
        let h = GestureHarness()
        let a = TimerBegin(name: "a")
        let b = TimerBegin(name: "b")
        a.duration = 0.9
        b.duration = 0.4
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        a.delegate = yes
        h.add(a)
        h.add(b)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .ended, 0, 0))
        h.send(0.2, (2, .began, 0, 0))
        h.send(0.3, (2, .ended, 0, 0))
        h.finish()
        // Both failed at 0.1 (lifted early) and reset, so their first timers were cancelled;
        // the second touch scheduled new ones: b at 0.6, a at 1.1 - both after the touch lifted.
        try h.expectLog(["a failed @0.1", "b failed @0.1", "a failed @0.3", "b failed @0.3"])
    }

    @Test("finish() cancels touches still down, reports them, then fires what remains")
    func finishCancelsTouches() throws {
        let h = GestureHarness()
        let press = TimerBegin(name: "press")
        press.duration = 0.2
        h.add(press)
        let double = TestTap(name: "double", taps: 2)
        h.add(double)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .ended, 0, 0))
        h.send(0.3, (2, .began, 0, 0))
        h.send(0.6, (2, .moved, 1, 0))
        h.finish()
        // The press beginning excludes the double tap (same view, no permission to be simultaneous).
        try h.expectLog(["press failed @0.1", "press began @0.5", "double failed @0.5", "press changed @0.6", "press cancelled @0.6"])
        #expect(h.recorder.diagnostics.map(\.message) == ["touch 2 still down at the end of the trace; cancelled"])
        #expect(h.recorder.endedTouches.map(\.phase) == [.ended, .cancelled])
    }

    @Test("nothing is reported after finish(), and time never goes backwards")
    func afterFinish() {
        let h = GestureHarness()
        h.add(TimerBegin(name: "press"))
        h.send(1, (1, .began, 0, 0))
        h.send(0.5, (1, .moved, 0, 0))
        h.finish()
        let count = h.recorder.transitions.count
        h.send(5, (2, .began, 0, 0))
        #expect(h.recorder.transitions.count == count)
        #expect(h.recorder.diagnostics.map(\.kind) == [.invalidTime, .touchStillDown, .invalidTime])
    }
}
