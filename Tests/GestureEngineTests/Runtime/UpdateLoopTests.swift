@testable import GestureEngine
import GestureTesting
import Testing

/// Issue 43 (UIKit fidelity, round 4): the per-event update as UIKit runs it. Every touch method of
/// an event runs first; then one update (`_UIGestureEnvironmentUpdate` calling
/// `-[UIGestureRecognizer _updateGestureForActiveEvents]`) releases recognizers whose failure
/// requirements were met, sends each recognizer's actions once, and queues resets behind active
/// relatives (`-[UIGestureEnvironment _queueGestureRecognizersForResetIfFinished:]`). One test per
/// divergence of the issue, written from its probes, each in both listing orders where order could
/// matter (docs/fidelity.md, "The update").
@Suite("UIKit fidelity, round 4: the update")
struct UpdateLoopTests {
    /// The probes' view: `box` (0, 0, 390, 600) in a window.
    static func harness() -> (GestureHarness, View) {
        let h = GestureHarness(root: View(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 390, height: 600))
        h.root.addSubview(box)
        return (h, box)
    }

    /// `tap` (tap) and `drag` (pan, `require(toFail: tap)`) on `box`, added in the order given.
    static func tapAndDrag(tapFirst: Bool) -> (GestureHarness, TapGestureRecognizer, PanGestureRecognizer) {
        let (h, box) = harness()
        let tap = TapGestureRecognizer(name: "tap")
        let drag = PanGestureRecognizer(name: "drag")
        drag.require(toFail: tap)
        if tapFirst {
            h.add(tap, to: box)
            h.add(drag, to: box)
        } else {
            h.add(drag, to: box)
            h.add(tap, to: box)
        }
        return (h, tap, drag)
    }

    // MARK: 1. A failure requirement is released after the delivery, not in the middle of it

    @Test(
        "1. a pan waiting for a tap begins once, at the update, where the event's move already is, with zero translation (either listing order)",
        arguments: [true, false])
    func releaseWaitsForTheUpdate(tapFirst: Bool) throws {
        let (h, _, _) = Self.tapAndDrag(tapFirst: tapFirst)
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 120, 100))
        h.send(0.10, (1, .moved, 160, 100))
        h.send(0.20, (1, .moved, 170, 100))
        h.send(0.30, (1, .ended, 170, 100))
        try h.expectLog(["tap failed @0.1", "drag began @0.1", "drag changed @0.2", "drag ended @0.3"])
        let drag = h.recorder.transitions(of: "drag")
        #expect(drag[0].values.location == Point(x: 160, y: 100))
        #expect(drag[0].values.translation == Vector(dx: 0, dy: 0))
        #expect(drag[1].values.translation == Vector(dx: 10, dy: 0))
        #expect(drag[2].values.translation == Vector(dx: 10, dy: 0))
    }

    // MARK: 2. Actions once per update

    /// Requests states in its touch methods as the test asks, and counts what its actions read.
    final class Scripted: GestureRecognizer {
        var onMove: [GestureRecognizerState] = []
        var onEnd: [GestureRecognizerState] = []
        var count = 0
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            for s in onMove { state = s }
            count += 1
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            for s in onEnd { state = s }
            count += 1
        }
        override func fillValues(_ values: inout GestureValues) {
            super.fillValues(&values)
            values.extra.append(("count", .integer(count)))
        }
    }

    /// Each action's reading of the recognizer: its state and its counter.
    final class ActionLog {
        var entries: [String] = []
        func attach(to r: Scripted) {
            r.addAction { [unowned self] g in
                let s = g as! Scripted
                entries.append("\(s.state) \(s.count) @\(s.currentTime)")
            }
        }
    }

    @Test("2. began then changed in one event: one action, reading began (the observer hears both)")
    func beganThenChangedSendsOneAction() throws {
        let (h, box) = Self.harness()
        let r = h.add(Scripted(name: "r"), to: box)
        let actions = ActionLog()
        actions.attach(to: r)
        r.onMove = [.began, .changed]
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 110, 100))
        try h.expectLog(["r began @0.1", "r changed @0.1"])
        #expect(actions.entries == ["began 1 @0.1"])
        #expect(r.state == .changed)
        // Two `changed` requests in one event: one action.
        r.onMove = [.changed, .changed]
        h.send(0.2, (1, .moved, 120, 100))
        #expect(actions.entries == ["began 1 @0.1", "changed 2 @0.2"])
        // Began then ended in one event: two actions, Began then Ended.
        let (h2, box2) = Self.harness()
        let r2 = h2.add(Scripted(name: "r2"), to: box2)
        let actions2 = ActionLog()
        actions2.attach(to: r2)
        r2.onEnd = [.began, .ended]
        h2.send(0.3, (2, .began, 200, 200))
        h2.send(0.4, (2, .ended, 200, 200))
        try h2.expectLog(["r2 began @0.4", "r2 ended @0.4"])
        #expect(actions2.entries == ["began 1 @0.4", "ended 1 @0.4"])
    }

    @Test("2. a recognizer that sets state and then updates a counter: its target and its transition read the updated counter")
    func actionsReadValuesSetAfterTheState() throws {
        let (h, box) = Self.harness()
        let r = h.add(Scripted(name: "r"), to: box)
        let actions = ActionLog()
        actions.attach(to: r)
        r.onMove = [.began]
        r.onEnd = [.ended]
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 110, 100))
        h.send(0.2, (1, .ended, 110, 100))
        #expect(actions.entries == ["began 1 @0.1", "ended 2 @0.2"])
        #expect(h.recorder.transitions(of: "r").map { $0.values.extra.first?.value } == [.integer(1), .integer(2)])
    }

    @Test("2. an active recognizer delivered an event without a state change sends changed once, after every touch method")
    func activeRecognizerGetsChangedAtTheUpdate() throws {
        let (h, box) = Self.harness()
        let pan = h.add(PanGestureRecognizer(name: "pan"), to: box)
        var seen: [GestureRecognizerState] = []
        pan.addAction { seen.append($0.state) }
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))
        h.send(0.2, (2, .began, 300, 300))  // a finger landing on an active pan: changed
        h.send(0.3, (1, .moved, 140, 100), (2, .moved, 310, 300))  // two touches moving: one changed
        try h.expectLog(["pan began @0.1", "pan changed @0.2", "pan changed @0.3"])
        #expect(seen == [.began, .changed, .changed])
    }

    // MARK: 3. Reset waits for active relatives

    @Test(
        "3. a failed tap is not reset while the pan that requires it to fail is active: a second finger's tap is refused (either listing order)",
        arguments: [true, false])
    func resetWaitsForActiveRelatives(tapFirst: Bool) throws {
        let (h, _, _) = Self.tapAndDrag(tapFirst: tapFirst)
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 120, 100))
        h.send(0.10, (1, .moved, 160, 100))
        h.send(0.20, (1, .moved, 170, 100))
        h.send(0.30, (2, .began, 300, 400))
        h.send(0.35, (2, .ended, 300, 400))
        #expect(h.states("tap") == [.failed])
        h.send(0.50, (1, .ended, 170, 100))
        #expect(h.states("tap") == [.failed])
        #expect(h.states("drag").last == .ended)
        // Once the pan ended, both reset: the next tap is seen.
        h.send(0.60, (3, .began, 300, 400))
        h.send(0.65, (3, .ended, 300, 400))
        #expect(h.states("tap") == [.failed, .ended])
    }

    // MARK: 4. Delayed touches stay held while the requirements are unmet

    @Test(
        "4. a failed recognizer's delayed touches stay held while its failure requirement is undecided (either listing order)",
        arguments: [true, false])
    func delayedTouchesStayHeldWhileRequirementsAreUnmet(holdFirst: Bool) throws {
        let (h, box) = Self.harness()
        h.environment.deliversTouchesToViews = true
        let hold = TapGestureRecognizer(name: "hold")
        hold.delaysTouchesBegan = true
        let twoPan = PanGestureRecognizer(name: "twoPan")
        twoPan.minimumNumberOfTouches = 2
        hold.require(toFail: twoPan)
        if holdFirst {
            h.add(hold, to: box)
            h.add(twoPan, to: box)
        } else {
            h.add(twoPan, to: box)
            h.add(hold, to: box)
        }
        h.send(0, (1, .began, 100, 100))
        h.send(0.10, (1, .moved, 150, 100))  // the tap fails here (50 pt > 45)
        h.send(0.30, (1, .moved, 180, 100))
        h.send(0.50, (1, .ended, 200, 100))  // the two-finger pan fails: the requirement resolves
        #expect(h.states("hold") == [.failed])
        #expect(h.states("twoPan") == [.failed])
        let deliveries = h.recorder.deliveries.map { "\($0.kind.rawValue) @\($0.time)" }
        #expect(deliveries == ["touchesBegan @0.5", "touchesEnded @0.5"])
    }

    // MARK: 5, 6. The scroll view's pan

    /// A 390×844 scroll view `list` (content 390×`contentHeight`) with a button `buy` at (20, 400) 160×44.
    static func list(contentHeight: Double) -> (GestureHarness, ScrollView, Button) {
        let h = GestureHarness(root: View(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let list = ScrollView(name: "list", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        list.contentSize = Size(width: 390, height: contentHeight)
        let buy = Button(name: "buy", frame: Rect(x: 20, y: 400, width: 160, height: 44))
        list.addSubview(buy)
        h.root.addSubview(list)
        return (h, list, buy)
    }

    @Test("5. a scroll pan refused by a control begins, then its Failed is coerced to Cancelled; the button keeps its touch")
    func scrollPanRefusedByContentEndsCancelled() throws {
        let (h, list, _) = Self.list(contentHeight: 3000)
        var panActions: [GestureRecognizerState] = []
        list.panGestureRecognizer.addAction { panActions.append($0.state) }
        h.send(0, (1, .began, 100, 420))
        h.send(0.30, (1, .moved, 100, 425))  // 5 pt: under the hysteresis
        h.send(0.32, (1, .moved, 100, 440))  // 20 pt down, still on the button
        h.send(0.40, (1, .ended, 100, 440))
        h.finish()
        let pan = h.recorder.transitions(of: "list.pan")
        #expect(pan.map(\.state) == [.began, .cancelled])
        #expect(pan.allSatisfy { $0.time == 0.32 })
        #expect(pan.last?.reason?.contains("_canCancelContentTouches: returned NO: 'buy'") == true)
        #expect(h.recorder.diagnostics.filter { $0.kind == .coercedTransition }.isEmpty)
        // Nothing was sent to the scroll view's target (its Began was never sent) and nothing scrolled.
        #expect(panActions.isEmpty)
        #expect(h.recorder.scrolls.isEmpty)
        let events = h.recorder.controlEvents.map { "\($0.event.rawValue) \(($0.time * 1000).rounded() / 1000)" }
        #expect(
            events == [
                "touchDown 0.15", "touchDragInside 0.3", "touchDragInside 0.32", "touchUpInside 0.4", "primaryActionTriggered 0.4",
            ])
    }

    @Test("6. a touch catching a deceleration reads zero translation and velocity until it has moved 10 pt")
    func caughtDecelerationReadsZero() throws {
        let (h, list, _) = Self.list(contentHeight: 6000)
        h.send(0, (1, .began, 200, 700))
        for i in 1...5 { h.send(Double(i) * 0.01, (1, .moved, 200, 700 - 30 * Double(i))) }
        h.send(0.06, (1, .ended, 200, 550))
        #expect(list.isDecelerating)
        h.send(0.40, (2, .began, 200, 500))
        h.send(0.45, (2, .moved, 200, 495))
        var caught = h.recorder.transitions(of: "list.pan").filter { $0.time >= 0.4 }
        #expect(caught.map(\.state) == [.began, .changed])
        #expect(caught[1].values.translation == Vector(dx: 0, dy: 0))
        #expect(caught[1].values.velocity == Vector(dx: 0, dy: 0))
        #expect(list.panGestureRecognizer.translation(in: nil) == Vector(dx: 0, dy: 0))
        // Past 10 pt the hysteresis comes off: 14 pt of travel reads 4.
        h.send(0.50, (2, .moved, 200, 486))
        caught = h.recorder.transitions(of: "list.pan").filter { $0.time >= 0.4 }
        #expect(caught.last?.values.translation == Vector(dx: 0, dy: -4))
        #expect(list.panGestureRecognizer.translation(in: nil) == Vector(dx: 0, dy: -4))
    }
}
