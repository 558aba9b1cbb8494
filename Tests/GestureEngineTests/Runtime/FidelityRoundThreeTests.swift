@testable import GestureEngine
import GestureTesting
import Testing

/// Issue 32 (UIKit fidelity, round 3): one test per rule, each failing on the engine before it.
/// Classes and methods are those of the decompiled iOS 18.2 UIKitCore (docs/fidelity.md).
@Suite("UIKit fidelity, round 3")
struct FidelityRoundThreeTests {
    // MARK: 1, 2. Long press with several required fingers

    @Test("long press, two fingers: no movement check until both are down (touchesMoved: returns while too few)")
    func longPress_noMovementCheckUntilAllFingersAreDown() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTouchesRequired = 2
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 115, 100))  // 15 pt from its own touch-down, before the second finger
        h.send(0.2, (2, .began, 200, 100))
        h.send(0.8, (1, .ended, 115, 100), (2, .ended, 200, 100))
        try h.expectLog(["press began @0.7", "press ended @0.8"])
        #expect(h.transitions[0].values.location == Point(x: 157.5, y: 100))
    }

    @Test("long press, two fingers: the start point is the centroid of the fingers' current positions when the last lands")
    func longPress_startPointIsTheCentroidOfCurrentPositions() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTouchesRequired = 2
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 108, 100))
        h.send(0.2, (2, .began, 200, 100))  // start (154, 100), not the touch-downs' (150, 100)
        h.send(0.3, (1, .moved, 115, 100), (2, .moved, 207, 100))  // centroid 161: 7 pt from the start
        h.advance(to: 0.7)
        try h.expectLog(["press began @0.7"])
        h.send(0.75, (1, .moved, 200, 100), (2, .moved, 300, 100))  // once begun there is no limit
        h.send(0.8, (1, .ended, 200, 100), (2, .ended, 300, 100))
        try h.expectLog(["press began @0.7", "press changed @0.75", "press ended @0.8"])
    }

    // MARK: 3. Tap-and-hold

    @Test("tap-and-hold: the press starts afresh wherever it lands (no distance check against the tap)")
    func tapAndHold_pressStartsAfresh() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTapsRequired = 1
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100))
        h.send(0.2, (2, .began, 140, 100))  // 40 pt from the tap
        h.send(0.9, (2, .ended, 140, 100))
        try h.expectLog(["press began @0.7", "press ended @0.9"])
    }

    @Test("tap-and-hold: the taps have the embedded tap's defaults (one finger, 45 pt), not the press's")
    func tapAndHold_tapsUseTheEmbeddedTapsDefaults() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTapsRequired = 1
        press.numberOfTouchesRequired = 2
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 130, 100))  // 30 pt: inside the tap's 45, outside the press's 10
        h.send(0.1, (1, .ended, 130, 100))
        h.send(0.2, (2, .began, 100, 100), (3, .began, 200, 100))  // a two-finger press after a one-finger tap
        h.send(0.9, (2, .ended, 100, 100), (3, .ended, 200, 100))
        try h.expectLog(["press began @0.7", "press ended @0.9"])
    }

    @Test("tap-and-hold, bad input: two fingers in the tap, a third finger on the press: defined failures")
    func tapAndHold_badInputFails() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTapsRequired = 1
        press.numberOfTouchesRequired = 2
        h.send(0, (1, .began, 100, 100), (2, .began, 120, 100))
        try h.expectLog(["press failed @0"])
        #expect(h.reason("press") == "2 touches in tap 1 before the press > 1 (the embedded tap's numberOfTouchesRequired)")

        let h2 = GestureHarness()
        let press2 = h2.add(LongPressGestureRecognizer(name: "press"))
        press2.numberOfTapsRequired = 1
        press2.numberOfTouchesRequired = 2
        h2.send(0, (1, .began, 100, 100))
        h2.send(0.1, (1, .ended, 100, 100))
        h2.send(0.2, (2, .began, 100, 100), (3, .began, 150, 100), (4, .began, 200, 100))
        try h2.expectLog(["press failed @0.2"])
        #expect(h2.reason("press") == "3 touches > numberOfTouchesRequired 2")
    }

    // MARK: 4, 5. Swipe with extra fingers

    @Test("swipe: a finger beyond numberOfTouchesRequired is not added; the swipe fails when its own finger lifts")
    func swipe_extraFingerIsNotAdded() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer(name: "swipe"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (2, .began, 300, 300))
        h.send(0.1, (1, .ended, 100, 100))
        try h.expectLog(["swipe failed @0.1"])
        h.send(0.3, (2, .ended, 300, 300))
        try h.expectLog(["swipe failed @0.1"])
    }

    @Test("swipe: too many fingers in one event add none; moves do nothing; the first lift fails it")
    func swipe_tooManyFingersInOneEvent() throws {
        let h = GestureHarness()
        let swipe = h.add(SwipeGestureRecognizer(name: "swipe"))
        let tap = h.add(TapGestureRecognizer(name: "tap", taps: 1, touches: 2))
        tap.require(toFail: swipe)
        h.send(0, (1, .began, 100, 100), (2, .began, 100, 150))
        h.send(0.05, (1, .moved, 101, 100), (2, .moved, 101, 150))
        #expect(h.log.isEmpty)  // the swipe is still undecided: the tap waits
        h.send(0.1, (1, .ended, 101, 100), (2, .ended, 101, 150))
        try h.expectLog(["swipe failed @0.1", "tap ended @0.1"])
        #expect(h.reason("swipe") == "2 touches > numberOfTouchesRequired 1")
    }

    // MARK: 6. Pan, a finger past maximumNumberOfTouches

    @Test("pan: a finger past maximumNumberOfTouches is not added but still reaches touchesMoved (a zero velocity sample)")
    func pan_fingerPastMaximumSamplesTheUnchangedCentroid() throws {
        let h = GestureHarness()
        let pan = h.add(PanGestureRecognizer(name: "pan"))
        pan.maximumNumberOfTouches = 1
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 20, 0))
        h.send(0.2, (1, .moved, 40, 0))
        h.send(0.25, (2, .began, 200, 200))
        h.send(0.3, (2, .moved, 210, 200))
        h.send(0.35, (2, .moved, 220, 200))
        h.send(0.4, (1, .ended, 40, 0))
        let ended = try #require(h.recorder.transitions(of: "pan").last)
        #expect(ended.state == .ended)
        #expect(ended.values.velocity == Vector(dx: 0, dy: 0))
        #expect(ended.values.translation == Vector(dx: 30, dy: 0))
        #expect(ended.values.numberOfTouches == 1)
    }

    // MARK: 7. `changed` from the update

    @Test("update loop: a finger landing on an active long press (then ignored) sends changed")
    func update_fingerLandingOnActiveLongPressSendsChanged() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.advance(to: 0.5)
        h.send(0.6, (2, .began, 200, 200))
        h.send(0.7, (2, .ended, 200, 200))  // the ignored finger is not delivered: nothing
        h.send(0.8, (1, .ended, 100, 100))
        try h.expectLog(["press began @0.5", "press changed @0.6", "press ended @0.8"])
    }

    @Test("update loop: on an active pan a finger landing and one of several lifting each send changed")
    func update_panFingersLandingAndLiftingSendChanged() throws {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 20, 0))
        h.send(0.2, (2, .began, 100, 0))
        h.send(0.3, (2, .ended, 100, 0))
        h.send(0.4, (1, .ended, 20, 0))
        try h.expectLog(["pan began @0.1", "pan changed @0.2", "pan changed @0.3", "pan ended @0.4"])
    }

    // MARK: 8. Single and double tap with no requirement

    @Test("single and double tap, no requirement, either order: the double tap excludes the single tap's second recognition")
    func exclude_singleAndDoubleTapInOneEvent() throws {
        for singleFirst in [true, false] {
            let h = GestureHarness()
            if singleFirst {
                h.add(TapGestureRecognizer(name: "single"))
                h.add(TapGestureRecognizer(name: "double", taps: 2))
            } else {
                h.add(TapGestureRecognizer(name: "double", taps: 2))
                h.add(TapGestureRecognizer(name: "single"))
            }
            h.tap(id: 1, at: 0)
            h.tap(id: 2, at: 0.2)
            h.finish()
            // Both recognize on the second lift; the exclusion pass fails the single tap's
            // recognition before its actions (reported in delivery order).
            let order = singleFirst ? ["single failed @0.3", "double ended @0.3"] : ["double ended @0.3", "single failed @0.3"]
            try h.expectLog(["single ended @0.1"] + order)
            #expect(h.reason("single") == "excluded: tap 'double' recognized in the same event")
        }
    }

    // MARK: 9, 10. Delayed delivery to views

    /// root > box (0,0 400x400, a LoggingView) with a double tap.
    func doubleTapOnLoggingView() -> (GestureHarness, LoggingView) {
        let root = View(unboundedNamed: "root")
        let box = LoggingView(name: "box", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(box)
        let h = GestureHarness(root: root)
        h.add(TapGestureRecognizer(name: "double", taps: 2), to: box)
        return (h, box)
    }

    @Test("delayed delivery: a recognizer holding a delayed end also delays a later touch's began (order kept)")
    func delay_heldEndDelaysALaterBegan() {
        let (h, box) = doubleTapOnLoggingView()
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100))  // the end is held: the double tap is undecided
        h.send(0.2, (2, .began, 105, 100))  // held too, not told before touch 1's end
        #expect(box.log == ["began 1 @0.0"])
        h.send(0.25, (2, .moved, 300, 100))  // moved 195 pt: the double tap fails, everything is released
        #expect(box.log == ["began 1 @0.0", "ended 1 @0.25", "began 2 @0.25", "moved 2 @0.25"])
    }

    @Test("delayed delivery: a released touch that moved on since it was held gets a catch-up move; one that did not, none")
    func delay_releasedTouchGetsACatchUpMove() {
        let root = View(unboundedNamed: "root")
        let box = LoggingView(name: "box", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(box)
        let h = GestureHarness(root: root)
        let tap = h.add(TapGestureRecognizer(name: "tap"), to: box)
        tap.delaysTouchesBegan = true
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 103, 100))
        h.send(0.1, (1, .moved, 200, 100))  // the tap fails: began, then the catch-up move
        #expect(box.log == ["began 1 @0.1", "moved 1 @0.1"])

        let root2 = View(unboundedNamed: "root")
        let box2 = LoggingView(name: "box", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root2.addSubview(box2)
        let h2 = GestureHarness(root: root2)
        let tap2 = h2.add(TapGestureRecognizer(name: "tap"), to: box2)
        tap2.delaysTouchesBegan = true
        h2.send(0, (1, .began, 100, 100))
        h2.advance(to: 1)  // the tap's 0.75 s timer fails it; the touch never moved
        #expect(box2.log == ["began 1 @0.0"])
    }

    @Test("bad input: a delayed touch cancelled while held is never told to the view; no crash")
    func delay_cancelledWhileHeld() {
        let (h, box) = doubleTapOnLoggingView()
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100))
        h.send(0.2, (2, .began, 105, 100))
        h.send(0.25, (2, .cancelled, 105, 100))
        h.finish()
        #expect(box.log == ["began 1 @0.0", "ended 1 @0.25"])
    }

    // MARK: 11. Rotation threshold

    @Test("rotation: the subtracted 5° is Float(5) × Float(π/180) = 0.0872664600610733 (iOS 26.1: 10° reads 0.087266465)")
    func rotation_thresholdConstant() {
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: 0) == 0.0872664600610733)
        let tenDegrees = 10 * Double.pi / 180
        let reported = tenDegrees - RotationGestureRecognizer.threshold(relativeDistanceChange: 0)
        #expect(abs(reported - 0.087266465) < 5e-10)
    }

    // MARK: 12. Screen-edge pan is a pan

    @Test("the screen-edge pan is a PanGestureRecognizer subclass, as UIScreenEdgePanGestureRecognizer")
    func screenEdgePan_isAPan() {
        let r: GestureRecognizer = ScreenEdgePanGestureRecognizer(name: "edge", edges: .left)
        #expect(r is PanGestureRecognizer)
        #expect((r as? PanGestureRecognizer)?.maximumNumberOfTouches == 1)
    }

    // MARK: 13. Reset order

    /// Public code's pattern: `reset()` clears a touches property whose observer requests `.cancelled`.
    final class CancelOnClear: GestureRecognizer {
        var tracked: [Touch] = [] {
            didSet { if tracked.isEmpty && !oldValue.isEmpty { state = .cancelled } }
        }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            tracked += touches
            state = .began
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .ended }
        override func reset() { tracked = [] }
    }

    @Test("reset order: reset() runs while the state is terminal, so a state it requests is ignored (no spurious failed, no recursion)")
    func reset_requestInsideResetIsIgnored() throws {
        let h = GestureHarness()
        let r = h.add(CancelOnClear(name: "custom"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100))
        h.send(0.2, (2, .began, 100, 100))
        h.send(0.3, (2, .ended, 100, 100))
        try h.expectLog(["custom began @0", "custom ended @0.1", "custom began @0.2", "custom ended @0.3"])
        #expect(r.state == .possible)
        #expect(h.recorder.diagnostics.filter { $0.kind == .coercedTransition }.count == 2)
    }

    // MARK: Also decided: hit-testing

    @Test("hit-testing skips hidden views and views with alpha <= 0.01")
    func hitTest_skipsHiddenAndTransparentViews() {
        let root = View(unboundedNamed: "root")
        let below = View(name: "below", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let above = View(name: "above", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(below)
        root.addSubview(above)
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "above")
        above.isHidden = true
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "below")
        above.isHidden = false
        above.alpha = 0.01
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "below")
        above.alpha = 0.02
        #expect(root.hitTest(Point(x: 50, y: 50))?.name == "above")
    }

    /// A button that takes touches up to 20 pt outside its bounds.
    final class EnlargedView: View {
        override func point(inside point: Point, with event: TouchEvent?) -> Bool {
            point.x >= -20 && point.y >= -20 && point.x <= frame.size.width + 20 && point.y <= frame.size.height + 20
        }
    }

    @Test("point(inside:with:) and hitTest(_:with:) are overridable: an enlarged hit area takes the touch")
    func hitTest_overridablePointInside() throws {
        let root = View(unboundedNamed: "root")
        let button = EnlargedView(name: "button", frame: Rect(x: 100, y: 100, width: 40, height: 40))
        root.addSubview(button)
        let h = GestureHarness(root: root)
        h.add(TapGestureRecognizer(name: "tap"), to: button)
        h.send(0, (1, .began, 90, 90))  // 10 pt outside the frame
        h.send(0.1, (1, .ended, 90, 90))
        try h.expectLog(["tap ended @0.1"])

        final class Redirect: View {
            var target: View?
            override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
                super.hitTest(point, with: event) == nil ? nil : target
            }
        }
        let root2 = Redirect(unboundedNamed: "root")
        let other = View(name: "other", frame: Rect(x: 500, y: 500, width: 10, height: 10))
        root2.addSubview(other)
        root2.target = other
        #expect(root2.hitTest(Point(x: 1, y: 1))?.name == "other")
    }

    // MARK: Also decided: swipe minimumPrimaryMovementRate

    @Test("swipe: a finger qualifies only if its last step's speed reaches minimumPrimaryMovementRate (default 0)")
    func swipe_minimumPrimaryMovementRate() throws {
        for (rate, expected) in [(0.0, ["swipe ended @0.25"]), (100.0, ["swipe failed @0.3"])] {
            let h = GestureHarness()
            let swipe = h.add(SwipeGestureRecognizer(name: "swipe"))
            swipe.minimumPrimaryMovementRate = rate
            h.send(0, (1, .began, 100, 100))
            h.send(0.05, (1, .moved, 140, 100))  // 40 pt < 47.65 needed at 0.05 s
            h.send(0.25, (1, .moved, 150, 100))  // 50 pt >= 38.25 needed; the step: 10 pt in 0.2 s = 50 pt/s
            h.send(0.3, (1, .ended, 150, 100))
            try h.expectLog(expected)
        }
        #expect(SwipeGestureRecognizer.defaultMinimumPrimaryMovementRate == 0)
    }

    // MARK: Bad input

    @Test("bad input: two fingers landing in one event on a one-finger recognizer of each kind: defined results")
    func badInput_twoFingersOnOneFingerRecognizers() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        h.add(LongPressGestureRecognizer(name: "press"))
        let pan = h.add(PanGestureRecognizer(name: "pan"))
        pan.maximumNumberOfTouches = 1
        h.add(SwipeGestureRecognizer(name: "swipe"))
        h.add(PinchGestureRecognizer(name: "pinch"))
        h.add(RotationGestureRecognizer(name: "rotation"))
        h.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: .left, screenSize: Size(width: 400, height: 800)))
        h.send(0, (1, .began, 5, 100), (2, .began, 5, 200))
        h.send(0.1, (1, .moved, 60, 100), (2, .moved, 60, 200))
        h.send(0.2, (1, .ended, 60, 100), (2, .ended, 60, 200))
        h.finish()
        #expect(h.states("tap") == [.failed])
        #expect(h.states("press") == [.failed])
        #expect(h.states("pan") == [.failed])
        #expect(h.states("swipe") == [.failed])
        #expect(h.states("edge") == [.failed])
        #expect(h.reason("swipe") == "2 touches > numberOfTouchesRequired 1")
    }

    @Test("bad input: a lift and a touch-down in the same event on a two-finger long press: began first, then the lift fails it")
    func badInput_liftAndTouchDownInOneEvent() throws {
        let h = GestureHarness()
        let press = h.add(LongPressGestureRecognizer(name: "press"))
        press.numberOfTouchesRequired = 2
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100), (2, .began, 120, 100))
        h.finish()
        try h.expectLog(["press failed @0.1"])
    }
}
