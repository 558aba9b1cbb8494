/// A button, as `UIButton`: a `Control` that sends `primaryActionTriggered` after `touchUpInside`
/// (`-[UIButton _controlEventsForActionTriggered]` = touchUpInside), and refuses a one-finger
/// single tap recognizer on another view (`-[UIButton gestureRecognizerShouldBegin:]`: YES when the
/// recognizer is on the button, or is not a tap, or needs other than 1 touch or 1 tap), so a tap
/// recognizer on a superview fails while the button fires. The engine asks only when that
/// recognizer cancels touches in its view (`-[UIGestureRecognizer _shouldBegin]`).
open class Button: Control {
    open override var primaryActionEvent: ControlEvent? { .primaryActionTriggered }

    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.view !== self, let tap = recognizer as? TapGestureRecognizer else { return true }
        return tap.numberOfTouchesRequired != 1 || tap.numberOfTapsRequired != 1
    }
}
