@testable import GestureEngine
import GestureTesting
import Testing

@Suite("Timers in trace time for view and recognizer code")
struct ReplayTimerTests {
    @Test("a timer fires at its deadline, between events, with currentTime at the deadline")
    func firesAtDeadline() {
        let h = GestureHarness()
        var fired: [Double] = []
        h.send(0, (1, .began, 100, 100))
        let timer = h.root.scheduledTimer(withTimeInterval: 0.3) { t in
            fired.append(h.environment.currentTime)
            #expect(!t.isValid)
        }
        #expect(timer.isValid)
        #expect(timer.fireTime == 0.3)
        h.send(0.2, (1, .moved, 100, 101))
        #expect(fired.isEmpty)
        h.send(0.5, (1, .ended, 100, 101))
        #expect(fired == [0.3])
        #expect(!timer.isValid)
    }

    @Test("invalidate stops it; invalidating twice, or after it fired, does nothing")
    func invalidate() {
        let h = GestureHarness()
        var fired = 0
        h.send(0, (1, .began, 100, 100))
        let timer = h.environment.scheduledTimer(withTimeInterval: 0.1) { _ in fired += 1 }
        timer.invalidate()
        timer.invalidate()
        let second = h.environment.scheduledTimer(withTimeInterval: 0.1) { _ in fired += 10 }
        h.send(0.2, (1, .ended, 100, 100))
        second.invalidate()
        #expect(fired == 10)
        #expect(!timer.isValid && !second.isValid)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("a negative or non-finite interval fires at the next opportunity, with a note")
    func negativeInterval() {
        let h = GestureHarness()
        var fired: [Double] = []
        h.send(0.5, (1, .began, 100, 100))
        let past = h.environment.scheduledTimer(withTimeInterval: -0.2) { _ in fired.append(h.environment.currentTime) }
        h.environment.scheduledTimer(withTimeInterval: .nan) { _ in fired.append(h.environment.currentTime) }
        #expect(past.fireTime == 0.5 && past.timeInterval == 0)
        #expect(h.recorder.diagnostics.map(\.kind) == [.invalidTime, .invalidTime])
        #expect(
            h.recorder.diagnostics[0].message
                == "timer interval -0.2 s is negative or not finite; it fires at the next opportunity (interval 0)")
        h.send(0.6, (1, .ended, 100, 100))
        #expect(fired == [0.5, 0.5])
    }

    @Test("at the end of the trace, touches still down are cancelled first, then pending timers fire")
    func atTheEnd() {
        let root = View(unboundedNamed: "root")
        let box = LoggingView(name: "box", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(box)
        let h = GestureHarness(root: root)
        h.send(0, (1, .began, 100, 100))
        box.scheduledTimer(withTimeInterval: 1) { _ in box.log.append("timer @\(h.environment.currentTime)") }
        h.finish()
        #expect(box.log == ["began 1 @0.0", "cancelled 1 @0.0", "timer @1.0"])
    }

    @Test("a timer scheduled after the trace finished never fires and says so; one without an environment never fires")
    func afterTheEnd() {
        let h = GestureHarness()
        h.send(0, (1, .began, 100, 100))
        h.finish()
        var fired = false
        let late = h.environment.scheduledTimer(withTimeInterval: 0.1) { _ in fired = true }
        h.environment.advance(to: 10)
        #expect(!late.isValid && !fired)
        #expect(h.recorder.diagnostics.last?.message == "timer scheduled after the trace finished; it never fires")
        let orphan = View(name: "orphan", frame: .zero).scheduledTimer(withTimeInterval: 0.1) { _ in fired = true }
        #expect(!orphan.isValid)
        orphan.invalidate()
    }

    @Test("a recognizer attached in a replaying tree schedules before its first touch (its view's environment)")
    func recognizerTimerBeforeFirstTouch() {
        let h = GestureHarness()
        let tap = h.add(TapGestureRecognizer(name: "tap"))
        var fired: [Double] = []
        let timer = tap.scheduledTimer(withTimeInterval: 0.5) { _ in fired.append(h.environment.currentTime) }
        #expect(timer.isValid)
        h.send(1, (1, .began, 100, 100))
        #expect(fired == [0.5])
    }

    @Test("a recognizer's timer outlives its reset")
    func recognizerTimer() {
        let h = GestureHarness()
        let tap = h.add(TapGestureRecognizer(name: "tap"))
        var fired: [Double] = []
        h.send(0, (1, .began, 100, 100))
        tap.scheduledTimer(withTimeInterval: 0.5) { _ in fired.append(h.environment.currentTime) }
        h.send(0.1, (1, .ended, 100, 100))  // the tap recognizes and resets
        h.send(1, (2, .began, 100, 100))
        #expect(fired == [0.5])
    }
}

extension ReplayTimerTests {
    @Test("a timer that outlives its environment can still be invalidated, and never fires")
    func outlivesEnvironment() {
        var timer: ReplayTimer?
        var fired = false
        do {
            let h = GestureHarness()
            h.send(0, (1, .began, 100, 100))
            timer = h.environment.scheduledTimer(withTimeInterval: 1) { _ in fired = true }
        }
        #expect(timer?.isValid == true)
        timer?.invalidate()
        timer?.invalidate()
        #expect(timer?.isValid == false && !fired)
    }
}
