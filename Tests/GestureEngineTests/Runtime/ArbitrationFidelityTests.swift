import GestureEngine
import GestureTesting
import Testing

/// Arbitration as the decompiled iOS 18.2 UIKitCore does it (docs/fidelity.md, "Arbitration and the
/// state machine"). Each test is named after the UIKit method it follows.
@Suite("Arbitration fidelity (UIKit 18.2)")
struct ArbitrationFidelityTests {
    /// A root view with a `button` subview at (240, 300, 120, 60), as `Traces/active-*.scene.json`.
    static func scene() -> (GestureHarness, View) {
        let root = View(unboundedNamed: "root")
        let button = View(name: "button", frame: Rect(x: 240, y: 300, width: 120, height: 60))
        root.addSubview(button)
        return (GestureHarness(root: root), button)
    }

    /// `-[UIGestureRecognizer _isExcludedByExcludable:]`: a pan on the root is active; a second finger
    /// taps a child view. The tap joins the pan's event, the pan can prevent it: it fails when it
    /// joins. The pan, already begun, is never excluded and goes on to `ended`.
    @Test("isExcludedByExcludable: an active pan excludes a tap that joins; the pan ends normally")
    func isExcludedByExcludable_activePanExcludesJoiningTap() {
        let (h, button) = Self.scene()
        h.add(PanGestureRecognizer(name: "drag"))
        h.add(TapGestureRecognizer(name: "buttonTap"), to: button)
        h.send(0, (1, .began, 100, 640))
        h.send(0.05, (1, .moved, 100, 620))
        h.send(0.1, (1, .moved, 100, 600))
        h.send(0.2, (2, .began, 300, 330))
        #expect(h.states("buttonTap") == [.failed])
        #expect(h.reason("buttonTap") == "excluded: pan 'drag' is active")
        h.send(0.28, (2, .ended, 300, 330))
        h.send(0.3, (1, .moved, 100, 580))
        h.send(0.4, (1, .ended, 100, 580))
        #expect(h.states("buttonTap") == [.failed])
        #expect(h.states("drag").first == .began)
        #expect(h.states("drag").last == .ended)
        #expect(!h.states("drag").contains(.cancelled))
    }

    /// `-[UIGestureRecognizer _isExcludedByExcludable:]`: a long press on the root has begun; a second
    /// finger taps a child view: the tap fails when it joins, the press ends at its lift.
    @Test("isExcludedByExcludable: a long press that has begun excludes a tap on a child view")
    func isExcludedByExcludable_activeLongPressExcludesTap() {
        let (h, button) = Self.scene()
        h.add(LongPressGestureRecognizer(name: "hold"))
        h.add(TapGestureRecognizer(name: "buttonTap"), to: button)
        h.send(0, (1, .began, 100, 640))
        h.send(0.7, (2, .began, 300, 330))
        h.send(0.78, (2, .ended, 300, 330))
        h.send(1.0, (1, .ended, 100, 640))
        // The press also receives finger 2 (the root is the button's ancestor): began -> changed.
        #expect(h.log == ["hold began @0.5", "hold changed @0.7", "buttonTap failed @0.7", "hold ended @1"])
        #expect(h.reason("buttonTap") == "excluded: longPress 'hold' is active")
    }

    /// `-[UIGestureRecognizer _isExcludedByExcludable:]` compares active events, not touches: a root
    /// tap recognizing with finger 2 excludes a child view's long press held by finger 1 (the tap's
    /// earlier attempt with finger 1 failed, so finger 1 is not the new tap's).
    @Test("isExcludedByExcludable: exclusion by event, not by touch")
    func isExcludedByExcludable_exclusionIsByEventNotTouch() {
        let (h, button) = Self.scene()
        let press = LongPressGestureRecognizer(name: "press")
        press.minimumPressDuration = 2
        h.add(press, to: button)
        h.add(TapGestureRecognizer(name: "tap"))
        h.send(0, (1, .began, 300, 330))
        h.send(1.0, (2, .began, 100, 640))
        h.send(1.08, (2, .ended, 100, 640))
        h.environment.finish()
        #expect(h.log == ["tap failed @0.75", "tap ended @1.08", "press failed @1.08"])
        #expect(h.reason("press") == "prevented by tap 'tap', which recognized")
    }

    /// `-[UIGestureRecognizer _shouldReceiveTouch:forEvent:recognizerView:]` refuses only states past
    /// `changed`: a recognition held back by a failure requirement is, inside UIKit, in `began`, so a
    /// finger that lands while it waits joins it.
    @Test("shouldReceiveTouch: a held-back recognition keeps receiving new touches")
    func shouldReceiveTouch_heldBackRecognitionReceivesNewTouches() {
        let h = GestureHarness()
        let pan = TestPan(name: "pan")
        let blocker = Undecided(name: "blocker")
        pan.require(toFail: blocker)
        h.add(pan)
        h.add(blocker)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        #expect(h.states("pan") == [])
        h.send(0.2, (2, .began, 100, 0))
        #expect(pan.numberOfTouches == 2)
        blocker.state = .failed
        #expect(h.log == ["blocker failed @0.2", "pan began @0.2"])
        #expect(h.recorder.transitions.last?.values.numberOfTouches == 2)
    }

    /// A held-back recognition whose held state is `ended` (a discrete one, waiting) is past
    /// `changed` inside UIKit: it takes no new touch. (A guard: the previous code did this too.)
    @Test("shouldReceiveTouch: a held-back discrete recognition takes no new touch")
    func shouldReceiveTouch_heldBackEndedTakesNoTouch() {
        let h = GestureHarness()
        let single = TestTap(name: "single")
        let blocker = Undecided(name: "blocker")
        single.require(toFail: blocker)
        h.add(single)
        h.add(blocker)
        h.tap(at: 0)
        #expect(h.states("single") == [])
        h.send(0.2, (2, .began, 50, 50))
        #expect(single.numberOfTouches == 0)
    }

    /// `-[UIGestureRecognizer setState:]` on a held-back recognition: inside UIKit it is already in
    /// `began` (its state reads `possible` in the engine), so asking for `began` again on every move
    /// changes nothing and says nothing; one held back in `ended` ignores every later request, with a
    /// note, as UIKit does after a terminal state.
    @Test("setState: requests while held back by a failure requirement")
    func setState_requestsWhileHeldBack() {
        let h = GestureHarness()
        let pan = TestPan(name: "pan")
        let blocker = Undecided(name: "blocker")
        pan.require(toFail: blocker)
        h.add(pan)
        h.add(blocker)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        h.send(0.2, (1, .moved, 30, 0))
        h.send(0.3, (1, .moved, 45, 0))
        #expect(h.states("pan") == [])
        #expect(h.recorder.diagnostics.isEmpty)

        let single = ScriptedRecognizer(name: "single")
        single.script = [.ended, .failed]
        let other = Undecided(name: "other")
        single.require(toFail: other)
        let h2 = GestureHarness()
        h2.add(single)
        h2.add(other)
        h2.send(0, (1, .began, 0, 0))
        #expect(h2.states("single") == [])
        #expect(
            h2.recorder.diagnostics.map(\.message) == [
                "custom 'single' requested failed in state ended (held back by a failure requirement); ignored, as UIKit's setState: does after a terminal state"
            ])
        other.state = .failed
        #expect(h2.log == ["other failed @0", "single ended @0"])
    }

    /// `-[UILongPressGestureRecognizer canPreventGestureRecognizer:]`: a long press does not prevent a
    /// long press with the same number of touches that needs more taps.
    @Test("canPreventGestureRecognizer: a long press does not prevent a long press needing more taps")
    func canPreventGestureRecognizer_longPressSparesLongPressNeedingMoreTaps() {
        let press = LongPressGestureRecognizer(name: "press")
        let tapAndHold = LongPressGestureRecognizer(name: "tapAndHold")
        tapAndHold.numberOfTapsRequired = 1
        #expect(!press.canPrevent(tapAndHold))
        #expect(tapAndHold.canPrevent(press))
        let twoFingerTapAndHold = LongPressGestureRecognizer(name: "twoFingers")
        twoFingerTapAndHold.numberOfTapsRequired = 1
        twoFingerTapAndHold.numberOfTouchesRequired = 2
        #expect(press.canPrevent(twoFingerTapAndHold))
        #expect(press.canPrevent(TapGestureRecognizer(name: "tap", taps: 2)))
    }

    /// `-[UITapGestureRecognizer canPreventGestureRecognizer:]`: the tap's exception for long presses
    /// needs the same number of touches (and at least as many taps).
    @Test("canPreventGestureRecognizer: the tap's long-press exception needs the same number of touches")
    func canPreventGestureRecognizer_tapLongPressExceptionNeedsSameTouches() {
        let tap = TapGestureRecognizer(name: "tap")
        let tapAndHold = LongPressGestureRecognizer(name: "tapAndHold")
        tapAndHold.numberOfTapsRequired = 1
        #expect(!tap.canPrevent(tapAndHold))
        tapAndHold.numberOfTouchesRequired = 2
        #expect(tap.canPrevent(tapAndHold))
        #expect(tap.canPrevent(LongPressGestureRecognizer(name: "press")))
    }

    /// In a scene: a long press and a tap-and-hold (one tap, then a press) on the same view, both
    /// one-finger. The press begins first (its timer was scheduled first) and does not fail the
    /// tap-and-hold, which needs more taps; the tap-and-hold, beginning next, does not cancel the
    /// press, which has begun: both run.
    @Test("canPreventGestureRecognizer: a press beginning does not fail a tap-and-hold that needs more taps")
    func canPreventGestureRecognizer_pressDoesNotFailTapAndHold() {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer(name: "press")
        let tapAndHold = LongPressGestureRecognizer(name: "tapAndHold")
        tapAndHold.numberOfTapsRequired = 1
        h.add(press)
        h.add(tapAndHold)
        // A tap (press fails: lifted early), then a touch held: press begins at 0.7; the tap-and-hold,
        // which needs one tap first, is not prevented and begins at its own deadline.
        h.tap(at: 0, duration: 0.1)
        h.send(0.2, (2, .began, 100, 100))
        h.send(1.0, (2, .ended, 100, 100))
        #expect(h.states("tapAndHold") == [.began, .ended])
        #expect(h.states("press") == [.failed, .began, .ended])
    }

    // MARK: Bad input

    /// A recognizer that joins while several others are active: it is excluded by the first of them
    /// (in the order they joined), once; the active ones go on.
    @Test("bad input: a newcomer joining while several recognizers are active fails once, with a reason")
    func isExcludedByExcludable_joinWhileSeveralActive() {
        let (h, button) = Self.scene()
        let a = PanGestureRecognizer(name: "a")
        let b = LongPressGestureRecognizer(name: "b")
        b.minimumPressDuration = 0.05
        b.allowableMovement = 1000
        let both = TestDelegate()
        both.simultaneous = { r, o in (r === a && o === b) || (r === b && o === a) }
        a.delegate = both
        h.add(a)
        h.add(b)
        h.add(TapGestureRecognizer(name: "tap"), to: button)
        h.send(0, (1, .began, 100, 640))
        h.send(0.1, (1, .moved, 100, 600))
        #expect(h.states("a") == [.began])
        #expect(h.states("b") == [.began, .changed])
        h.send(0.2, (2, .began, 300, 330))
        #expect(h.states("tap") == [.failed])
        #expect(h.reason("tap") == "excluded: pan 'a' is active")
        h.send(0.3, (2, .ended, 300, 330), (1, .ended, 100, 600))
        #expect(h.states("a").last == .ended)
        #expect(h.states("b").last == .ended)
        #expect(h.states("tap") == [.failed])
    }

    /// An exclusion in the same event as a lift: the pan's finger lifts (the pan ends) in the event
    /// where a finger lands on the button. The pan, in `ended` until it is reset after the step,
    /// still excludes the newcomer (`_canExcludeOtherExcludables` counts `ended`).
    @Test("bad input: an exclusion in the same event as the excluder's lift")
    func isExcludedByExcludable_exclusionInTheLiftEvent() {
        let (h, button) = Self.scene()
        let pan = PanGestureRecognizer(name: "pan")
        let onlyFirst = TestDelegate()
        onlyFirst.shouldReceive = { _, touch in touch.id == 1 }
        pan.delegate = onlyFirst
        h.add(pan)
        h.add(TapGestureRecognizer(name: "tap"), to: button)
        h.send(0, (1, .began, 100, 640))
        h.send(0.1, (1, .moved, 100, 600))
        h.send(0.2, (1, .ended, 100, 600), (2, .began, 300, 330))
        #expect(h.log == ["pan began @0.1", "pan ended @0.2", "tap failed @0.2"])
        #expect(h.reason("tap") == "excluded: pan 'pan' ended")
        h.send(0.25, (2, .ended, 300, 330))
        h.tap(id: 3, at: 0.5, x: 300, y: 330)
        #expect(h.states("tap") == [.failed, .ended])
    }

    /// A second finger landing in the same event as the first: both recognizers join in one step;
    /// nothing was active before it, so the newcomer pass excludes nothing, and a recognizer that
    /// begins during that step prevents the other as any recognition does. (A guard: the previous
    /// code did this too.)
    @Test("bad input: two fingers landing in one event")
    func isExcludedByExcludable_twoFingersInOneEvent() {
        let (h, button) = Self.scene()
        let first = ScriptedRecognizer(name: "first")
        first.script = [.began]
        h.add(first)
        h.add(TapGestureRecognizer(name: "tap"), to: button)
        h.send(0, (1, .began, 100, 640), (2, .began, 300, 330))
        #expect(h.log == ["tap failed @0", "first began @0"] || h.log == ["first began @0", "tap failed @0"])
        #expect(h.reason("tap") == "prevented by custom 'first', which began")
        let quiet = GestureHarness()
        quiet.add(TapGestureRecognizer(name: "a"))
        quiet.add(PanGestureRecognizer(name: "p"))
        quiet.send(0, (1, .began, 100, 640), (2, .began, 140, 640))
        quiet.send(0.05, (1, .ended, 100, 640), (2, .ended, 140, 640))
        #expect(quiet.log == ["a failed @0", "p failed @0.05"])
    }
}

/// A recognizer that never decides by itself (a failure requirement the test resolves by hand).
final class Undecided: GestureRecognizer {
    override var kind: String { "undecided" }
}
