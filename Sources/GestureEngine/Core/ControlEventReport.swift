/// One control event a `Control` sent (`-[UIControl _sendActionsForEvents:withEvent:]`), as the
/// observer hears of it (`environment(_:didSendControlEvent:)`) and `gesturereplay` prints it
/// (docs/output-format.md, "control").
public struct ControlEventReport {
    /// When it was sent, seconds (trace time).
    public var time: Double
    /// The control that sent it.
    public var control: Control
    /// Which event (`UIControl.Event`).
    public var event: ControlEvent

    public init(time: Double, control: Control, event: ControlEvent) {
        self.time = time
        self.control = control
        self.event = event
    }
}

/// The touch events of `UIControl.Event`, named as UIKit names them (the raw value is printed).
/// The bit of each (`touchDown` 1 ... `touchCancel` 256, `primaryActionTriggered` 0x2000) is `mask`.
public enum ControlEvent: String, Sendable, CaseIterable {
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
    case touchUpInside, touchUpOutside, touchCancel, primaryActionTriggered

    /// The event's bit in `UIControl.Event`.
    public var mask: Int {
        switch self {
        case .touchDown: 1
        case .touchDownRepeat: 2
        case .touchDragInside: 4
        case .touchDragOutside: 8
        case .touchDragEnter: 16
        case .touchDragExit: 32
        case .touchUpInside: 64
        case .touchUpOutside: 128
        case .touchCancel: 256
        case .primaryActionTriggered: 0x2000
        }
    }
}
