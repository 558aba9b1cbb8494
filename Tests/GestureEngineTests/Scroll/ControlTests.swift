import GestureEngine
import GestureTesting
import Testing

/// `UIControl` tracking and control events, and how a `UIButton` meets recognizers (reference page
/// `uikit-scroll-control.md` §12; decompiled iOS 18.2 `UIControl.m`, `UIButton.m`).
@Suite("UIControl and UIButton: tracking, events, recognizers")
struct ControlTests {
    static func setUp(_ configure: (Button) -> Void = { _ in }) -> (GestureHarness, View, Button) {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800)))
        let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let button = Button(name: "button", frame: Rect(x: 100, y: 300, width: 100, height: 50))
        configure(button)
        card.addSubview(button)
        h.root.addSubview(card)
        return (h, card, button)
    }

    static func events(_ h: GestureHarness) -> [String] { h.recorder.controlEvents.map(\.event.rawValue) }

    @Test("a tap recognizer on the button's superview fails while the button fires (-[UIButton gestureRecognizerShouldBegin:])")
    func tapOnSuperviewFails() {
        let (h, card, _) = Self.setUp()
        h.add(TapGestureRecognizer(name: "cardTap"), to: card)
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .ended, 150, 320))
        h.finish()
        let tap = h.recorder.transitions(of: "cardTap")
        #expect(tap.map(\.state) == [.failed])
        #expect(tap.first?.reason == "gestureRecognizerShouldBegin returned false (view 'button')")
        #expect(Self.events(h) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test(
        "the button is asked only when the recognizer cancels touches in view (-[UIGestureRecognizer _shouldBegin]): both fire, the tap first"
    )
    func tapWithoutCancelsTouchesBothFire() {
        let (h, card, _) = Self.setUp()
        let tap = h.add(TapGestureRecognizer(name: "cardTap"), to: card)
        tap.cancelsTouchesInView = false
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .ended, 150, 320))
        h.finish()
        #expect(h.recorder.states(of: "cardTap") == [.ended])
        #expect(Self.events(h) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("a double tap, a long press or a pan on the superview is allowed: it cancels the button (touchCancel)")
    func otherRecognizersCancelTheButton() {
        let (h, card, button) = Self.setUp()
        h.add(LongPressGestureRecognizer(name: "press"), to: card)
        h.send(0, (1, .began, 150, 320))
        h.send(0.7, (1, .ended, 150, 320))
        h.finish()
        #expect(h.recorder.states(of: "press").first == .began)
        #expect(Self.events(h) == ["touchDown", "touchCancel"])
        #expect(h.recorder.controlEvents.last?.time == 0.5)
        #expect(!button.isHighlighted && !button.isTracking)

        let (h2, card2, _) = Self.setUp()
        h2.add(PanGestureRecognizer(name: "drawer"), to: card2)
        h2.send(0, (1, .began, 150, 320))
        h2.send(0.05, (1, .moved, 165, 320))
        h2.send(0.1, (1, .ended, 165, 320))
        h2.finish()
        #expect(Self.events(h2) == ["touchDown", "touchCancel"])
    }

    @Test("a disabled button is skipped by hit-testing (-[UIControl hitTest:withEvent:]): the superview's tap recognizes")
    func disabledButton() {
        let (h, card, _) = Self.setUp { $0.isEnabled = false }
        h.add(TapGestureRecognizer(name: "cardTap"), to: card)
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .ended, 150, 320))
        h.finish()
        #expect(h.recorder.states(of: "cardTap") == [.ended])
        #expect(Self.events(h).isEmpty)
    }

    @Test("dragging out past the 70 pt slop and back: Exit, DragOutside, Enter, DragInside, then UpInside (pointMostlyInside:withEvent:)")
    func dragOutAndBack() {
        let (h, _, button) = Self.setUp()
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .moved, 150, 400))  // 50 pt below: inside the slop
        h.send(0.2, (1, .moved, 150, 500))  // 150 pt below: outside
        #expect(!button.isHighlighted)
        h.send(0.3, (1, .moved, 150, 330))
        h.send(0.4, (1, .ended, 150, 330))
        h.finish()
        #expect(
            Self.events(h) == [
                "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragEnter", "touchDragInside", "touchUpInside",
                "primaryActionTriggered",
            ])
    }

    @Test("a lift outside the slop: touchUpOutside and no primary action; the slop is a parameter")
    func liftOutside() {
        let (h, _, _) = Self.setUp { $0.trackingSlop = 10 }
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .moved, 150, 380))
        h.send(0.2, (1, .ended, 150, 380))
        h.finish()
        #expect(Self.events(h) == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test("a second quick tap sends touchDownRepeat after touchDown (tapCount >= 2)")
    func touchDownRepeat() {
        let (h, _, _) = Self.setUp()
        h.send(0, (1, .began, 150, 320))
        h.send(0.05, (1, .ended, 150, 320))
        h.send(0.15, (2, .began, 150, 320))
        h.send(0.2, (2, .ended, 150, 320))
        h.finish()
        #expect(
            Self.events(h) == [
                "touchDown", "touchUpInside", "primaryActionTriggered", "touchDown", "touchDownRepeat", "touchUpInside",
                "primaryActionTriggered",
            ])
    }

    @Test("a UIControl (not a button) refuses nothing and sends no primaryActionTriggered")
    func plainControl() {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800)))
        let control = Control(name: "knob", frame: Rect(x: 100, y: 300, width: 100, height: 50))
        h.root.addSubview(control)
        h.add(TapGestureRecognizer(name: "rootTap"), to: h.root)
        h.send(0, (1, .began, 150, 320))
        h.send(0.1, (1, .ended, 150, 320))
        h.finish()
        #expect(h.recorder.states(of: "rootTap") == [.ended])
        #expect(Self.events(h) == ["touchDown", "touchCancel"])
    }
}
