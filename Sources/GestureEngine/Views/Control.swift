/// A view that tracks one touch and sends control events, as `UIControl`
/// (decompiled iOS 18.2 UIKitCore `UIControl.m`; the reference page `uikit-scroll-control.md` §12):
/// - **touchesBegan** (`-[UIControl touchesBegan:withEvent:]`): when the control should track
///   (`isEnabled` and `isUserInteractionEnabled`), `beginTracking(_:with:)` decides; tracking, the
///   touch is inside, the control is highlighted, and it sends `touchDown`, then `touchDownRepeat`
///   when the touch's `tapCount` is 2 or more. Otherwise the touches go up the responder chain.
/// - **touchesMoved**: `continueTracking(_:with:)` may stop tracking (silently); tracking, the
///   highlight follows `pointMostlyInside` (bounds outset by `trackingSlop`), `touchDragEnter` or
///   `touchDragExit` goes out when that changed, then `touchDragInside` or `touchDragOutside`
///   (always).
/// - **touchesEnded**: `touchDragEnter`/`touchDragExit` if inside changed, `endTracking(_:with:)`,
///   then `touchUpInside` or `touchUpOutside` (a `Button` adds `primaryActionTriggered` after
///   `touchUpInside`), then the highlight goes off. Not tracking: up the responder chain.
/// - **touchesCancelled** (`cancelTrackingWithEvent:`): tracking stops, the highlight goes off,
///   `touchCancel`.
/// - **Hit-testing** skips a disabled control (`-[UIControl hitTest:withEvent:]`): the touch goes to
///   the view behind it.
/// Only one touch is tracked (a control inherits `isMultipleTouchEnabled = false`). The deferred
/// 0.12 s unhighlight of a highlight first set at the lift is not modelled: the highlight is off
/// after the lift either way.
open class Control: View {
    /// The tracking slop, points per side: `pointMostlyInside` is the bounds outset by this much
    /// (`_UIControlMostlyInsideEdgeInsets()`, whose value is in no UIKit dump; about 70 pt per side
    /// by community measurement, docs/fidelity.md).
    public static let defaultTrackingSlop = 70.0

    /// False: the control is skipped by hit-testing and does not track (`UIControl.isEnabled`, default true).
    public var isEnabled: Bool = true {
        didSet { skipsHitTesting = !isEnabled }
    }
    /// Points added on each side of the bounds for "mostly inside" (default `defaultTrackingSlop`).
    public var trackingSlop = Control.defaultTrackingSlop
    /// True from `touchDown` while the touch is mostly inside (`UIControl.isHighlighted`).
    public private(set) var isHighlighted = false
    /// True while the control tracks a touch (`UIControl.isTracking`).
    public private(set) var isTracking = false
    /// True while the tracked touch is mostly inside (`UIControl.isTouchInside`).
    public private(set) var isTouchInside = false

    /// The event sent after `touchUpInside` for the control's primary action; nil for a plain
    /// control (`UIButton._controlEventsForActionTriggered` makes a button send `primaryActionTriggered`).
    open var primaryActionEvent: ControlEvent? { nil }

    /// Sends every event to `handler` too, after the observer heard of it (a closure per control).
    public func addAction(_ handler: @escaping (Control, ControlEvent) -> Void) {
        handlers.append(handler)
    }
    private var handlers: [(Control, ControlEvent) -> Void] = []

    // MARK: Tracking (override points, as UIControl's)

    /// Whether to start tracking `touch` (`beginTrackingWithTouch:withEvent:`, default true).
    open func beginTracking(_ touch: Touch, with event: TouchEvent) -> Bool { true }
    /// Whether to keep tracking after a move (`continueTrackingWithTouch:withEvent:`, default true).
    open func continueTracking(_ touch: Touch, with event: TouchEvent) -> Bool { true }
    /// The tracked touch lifted (`endTrackingWithTouch:withEvent:`).
    open func endTracking(_ touch: Touch?, with event: TouchEvent) {}
    /// Tracking was cancelled (`cancelTrackingWithEvent:`): the base stops tracking, clears the
    /// highlight and sends `touchCancel`; an override calls `super`.
    open func cancelTracking(with event: TouchEvent) {
        isTracking = false
        isHighlighted = false
        send(.touchCancel)
    }

    /// True when `p` (this view's coordinates) is within the bounds outset by `trackingSlop`, or
    /// inside (`pointMostlyInside:withEvent:`).
    public func pointMostlyInside(_ p: Point) -> Bool {
        let b = bounds
        let s = trackingSlop.isFinite ? Swift.max(trackingSlop, 0) : 0
        return (p.x >= b.minX - s && p.x <= b.maxX + s && p.y >= b.minY - s && p.y <= b.maxY + s) || contains(p)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard isEnabled && isUserInteractionEnabled, let touch = touches.first else {
            super.touchesBegan(touches, with: event)
            return
        }
        isTracking = beginTracking(touch, with: event)
        if isTracking {
            isTouchInside = true
            isHighlighted = true
            send(.touchDown)
            if touch.tapCount >= 2 { send(.touchDownRepeat) }
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard isTracking, let touch = touches.first else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        let inside = pointMostlyInside(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if wasInside != inside { send(inside ? .touchDragEnter : .touchDragExit) }
        send(inside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard isTracking else {
            super.touchesEnded(touches, with: event)
            return
        }
        let touch = touches.first
        let inside = touch.map { pointMostlyInside($0.location(in: self)) } ?? false
        if inside != isTouchInside {
            isTouchInside = inside
            send(inside ? .touchDragEnter : .touchDragExit)
        }
        endTracking(touch, with: event)
        isTracking = false
        send(inside ? .touchUpInside : .touchUpOutside)
        if inside, let primary = primaryActionEvent { send(primary) }
        isHighlighted = false
        isTouchInside = false
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if isTracking { cancelTracking(with: event) }
        isTouchInside = false
    }

    /// Reports `event` (`_sendActionsForEvents:withEvent:`): the observer first, then the handlers.
    public func send(_ event: ControlEvent) {
        guard let environment else { return }
        environment.observer?.environment(
            environment, didSendControlEvent: ControlEventReport(time: environment.currentTime, control: self, event: event))
        for h in handlers { h(self, event) }
    }
}
