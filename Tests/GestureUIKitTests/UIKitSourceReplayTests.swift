import GestureEngine
import GestureTesting
import GestureUIKit
import Testing

/// The recognizers in UIKitSources/ are written as UIKit code is written (each file compiles for
/// iOS with `import UIKit`; here its `#else` branch imports GestureUIKit, nothing else changed).
/// Each test replays a scripted trace through the engine and checks the transitions their code implies.
@Suite struct UIKitSourceReplayTests {
    /// A harness whose root is a 400 x 800 window at the origin.
    func harness() -> GestureHarness {
        GestureHarness(root: UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 800)).engineViewForReplay)
    }

    @Test func twoFingerVerticalSwipeRecognizesFromTouchesMoved() throws {
        let h = harness()
        let swipe = TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil)
        swipe.name = "swipe2"
        h.root.addGestureRecognizer(swipe)
        let fingers = h.down(at: [Point(x: 100, y: 300), Point(x: 160, y: 300)])
        h.wait(0.05)
        h.move(fingers, by: Vector(dx: 0, dy: 30))
        #expect(h.states("swipe2").isEmpty)
        h.wait(0.05)
        h.move(fingers, by: Vector(dx: 5, dy: 40))
        h.wait(0.05)
        h.up(fingers)
        try h.expect("swipe2", states: [.ended])
        #expect(h.log == ["swipe2 ended @0.1"])
    }

    @Test func twoFingerVerticalSwipeFailsSideways() throws {
        let h = harness()
        let swipe = TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil)
        swipe.name = "swipe2"
        h.root.addGestureRecognizer(swipe)
        let fingers = h.down(at: [Point(x: 100, y: 300), Point(x: 160, y: 300)])
        h.wait(0.05)
        h.move(fingers, by: Vector(dx: 50, dy: 70))
        try h.expect("swipe2", states: [.failed])
    }

    @Test func tickleOverSetOfTouchesRecognizesAndPrintsIntoTheReplay() throws {
        let h = harness()
        let tickle = TickleGestureRecognizer(target: nil, action: nil)
        tickle.name = "tickle"
        h.root.addGestureRecognizer(tickle)
        let f = h.down(x: 100, y: 100)
        for dx in [30.0, -30, 30] {
            h.wait(0.25)
            f.move(by: Vector(dx: dx, dy: 0))
        }
        try h.expect("tickle", states: [.ended])
        // `print` in the recognizer reached the replay, attributed to it, at the trace time.
        #expect(
            h.recorder.messages.map { "\($0.sourceName ?? "-") \($0.text) @\($0.time)" } == [
                "tickle tickle 1 @0.25", "tickle tickle 2 @0.5", "tickle tickle 3 @0.75",
            ])
    }

    @Test func tickleFailsWhenLiftedEarly() throws {
        let h = harness()
        let tickle = TickleGestureRecognizer(target: nil, action: nil)
        tickle.name = "tickle"
        h.root.addGestureRecognizer(tickle)
        let f = h.down(x: 100, y: 100)
        h.wait(0.05)
        f.move(by: Vector(dx: 30, dy: 0))
        f.up()
        try h.expect("tickle", states: [.failed])
    }

    /// Receives the pan's actions (the target-action bound with `Selector(_:_:)`).
    final class Handler {
        var calls: [String] = []
        func handleDrag(_ sender: DragTrailGestureRecognizer) {
            calls.append("\(sender.state) \(sender.trail.count)")
        }
    }

    @Test func panSubclassKeepsThePansRulesAndSendsItsInitTargetFirst() throws {
        let h = harness()
        let handler = Handler()
        let drag = DragTrailGestureRecognizer(target: handler, action: Selector("handleDrag:", Handler.handleDrag))
        drag.name = "drag"
        var order: [String] = []
        drag.engineRecognizer.addAction { _ in order.append("engine action") }
        final class Second { var seen = 0; func hit(_ g: UIGestureRecognizer) { seen += 1 } }
        let second = Second()
        drag.addTarget(second, action: Selector("hit:", Second.hit))
        h.root.addGestureRecognizer(drag)
        let f = h.down(x: 100, y: 100)
        f.move(by: Vector(dx: 4, dy: 0), over: 0.05)
        #expect(h.states("drag").isEmpty)  // within the pan's 10 pt hysteresis: the built-in rule
        f.move(by: Vector(dx: 20, dy: 0), over: 0.05)
        f.move(by: Vector(dx: 20, dy: 0), over: 0.05)
        f.up()
        try h.expect("drag", states: [.began, .changed, .ended])
        #expect(drag.movesSeen == 3)
        #expect(drag.trail.map(\.x) == [100, 124, 144])
        // Actions are sent by the update after the delivery, as UIKit's
        // `-[UIGestureRecognizer _updateGestureForActiveEvents]`: `began` is set inside
        // `super.touchesMoved`, but its target runs after the subclass appended this move's point.
        #expect(handler.calls == ["began 2", "changed 3", "ended 3"])
        #expect(second.seen == 3)
        // `as?` works on UIKit classes, and the engine's kind column says "pan".
        #expect((drag as UIGestureRecognizer) is UIPanGestureRecognizer)
        #expect(drag.engineRecognizer.kind == "pan")
        _ = order
    }

    @Test func directionLockedPanFailsAcrossItsAxisByVelocity() throws {
        let h = harness()
        let vertical = DirectionLockedPanGestureRecognizer(target: nil, action: nil)
        vertical.name = "vertical"
        h.root.addGestureRecognizer(vertical)
        let f = h.down(x: 100, y: 100)
        f.move(by: Vector(dx: 30, dy: 5), over: 0.05, steps: 3)
        f.up()
        // It began (the built-in pan's rule), then its own velocity check cancelled it (UIKit
        // coerces began -> failed to cancelled).
        try h.expect("vertical", states: [.began, .cancelled])

        let h2 = harness()
        let v2 = DirectionLockedPanGestureRecognizer(target: nil, action: nil)
        v2.name = "vertical"
        h2.root.addGestureRecognizer(v2)
        let g = h2.down(x: 100, y: 100)
        g.move(by: Vector(dx: 5, dy: 30), over: 0.05, steps: 3)
        g.up()
        try h2.expect("vertical", states: [.began, .changed, .changed, .ended])
    }

    @Test func tapOverridingCanPreventIsWhatTheEngineAsks() throws {
        // The engine's arbitration asks the engine recognizer, which asks the UIKit override.
        let cooperative = CooperativeTapGestureRecognizer(target: nil, action: nil)
        let plain = UITapGestureRecognizer(target: nil, action: nil)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        #expect(cooperative.engineRecognizer.canPrevent(pan.engineRecognizer) == false)
        #expect(plain.engineRecognizer.canPrevent(pan.engineRecognizer) == true)
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { true }
    }

    @Test func timerAndAsyncAfterFireInTraceTime() throws {
        let h = harness()
        let hold = HoldGestureRecognizer(target: nil, action: nil)
        hold.name = "hold"
        h.root.addGestureRecognizer(hold)
        let f = h.down(x: 100, y: 100)
        h.wait(1)
        f.up()
        h.finish()
        // The Timer fired at 0.4 s of trace time (not wall time), the asyncAfter block 0.1 s later.
        #expect(h.log == ["hold ended @0.4"])
        #expect(hold.heldFor == 0.4)
        #expect(h.recorder.messages.map { "\($0.text) @\($0.time)" } == ["held 0.4 s, reported 0.1 s later @0.5"])
    }

    @Test func timerIsInvalidatedByResetWhenTheFingerLiftsEarly() throws {
        let h = harness()
        let hold = HoldGestureRecognizer(target: nil, action: nil)
        hold.name = "hold"
        h.root.addGestureRecognizer(hold)
        let f = h.down(x: 100, y: 100)
        h.wait(0.2)
        f.up()
        h.wait(1)
        h.finish()
        #expect(h.log == ["hold failed @0.2"])
        #expect(h.recorder.messages.isEmpty)
    }
}
