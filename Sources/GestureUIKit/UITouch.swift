import GestureEngine

/// `UITouch`: the engine's `Touch` (one object per finger for its whole life, `Hashable` by
/// identity), with UIKit's names for what it lacks.
public typealias UITouch = Touch

extension Touch {
    /// `UITouch.Phase`.
    public typealias Phase = TouchPhase
    /// `UITouch.TouchType`: every replayed touch is `direct` (a finger).
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// `UITouch.type`: `direct`.
    public var type: TouchType { .direct }
    /// `UITouch.window`: the root of the touch's view tree (the engine's window coordinates are its
    /// superview's), nil for a touch that hit no view.
    public var window: View? { view?.window }
    /// `UITouch.force`, `maximumPossibleForce`: traces record no force (0, as a device without 3D Touch).
    public var force: CGFloat { 0 }
    public var maximumPossibleForce: CGFloat { 0 }
    /// `UITouch.majorRadius`, `majorRadiusTolerance`: traces record no radius; UIKit's typical finger value.
    public var majorRadius: CGFloat { 20 }
    public var majorRadiusTolerance: CGFloat { 5 }
    /// `UITouch.gestureRecognizers` is not kept per touch; ask the view's recognizers.

    /// `UITouch.location(in:)` for a `UIView` (the engine's `location(in:)` takes any view).
    public func preciseLocation(in view: View?) -> CGPoint { location(in: view) }
    /// `UITouch.precisePreviousLocation(in:)`.
    public func precisePreviousLocation(in view: View?) -> CGPoint { previousLocation(in: view) }
}

/// `UIEvent` for the touches of one event: `allTouches` (optional, as UIKit's), `touches(for:)`,
/// `timestamp`. A recognizer's touch methods get one per call (do not keep it).
public final class UIEvent {
    /// `UIEvent.EventType`: always `touches`.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }
    /// `UIEvent.ButtonMask`: no buttons for a finger.
    public struct ButtonMask: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let primary = ButtonMask(rawValue: 1)
        public static let secondary = ButtonMask(rawValue: 2)
    }

    /// The engine's event (nil for an event made in code).
    public let touchEvent: TouchEvent?
    /// The touches of the current call, in the order they began (to give the engine back its order).
    let delivered: [Touch]

    init(_ event: TouchEvent?, delivered: [Touch]) {
        self.touchEvent = event
        self.delivered = delivered
    }

    /// An event for code that calls a touch method itself (tests).
    public convenience init() { self.init(nil, delivered: []) }

    public var type: EventType { .touches }
    public var subtype: Int { 0 }
    /// `UIEvent.timestamp`: trace time, seconds.
    public var timestamp: TimeInterval { touchEvent?.timestamp ?? 0 }
    /// `UIEvent.buttonMask`: empty (fingers).
    public var buttonMask: ButtonMask { [] }
    /// Every touch down during the event (nil outside a replay, as UIKit's may be).
    public var allTouches: Set<UITouch>? { touchEvent.map { Set($0.allTouches) } }
    /// The touches `recognizer` receives.
    public func touches(for recognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touchEvent.map { Set($0.touches(for: recognizer.engineRecognizer)) }
    }
    /// The touches whose view is `view`.
    public func touches(for view: View) -> Set<UITouch>? {
        touchEvent.map { Set($0.touches(for: view)) }
    }
    /// The touches of `window`'s tree.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        touchEvent.map { Set($0.allTouches.filter { $0.view?.isDescendant(of: window) ?? false }) }
    }
    /// `coalescedTouches(for:)`: replayed samples are not coalesced; the touch itself.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    public func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }

    /// `touches` as the engine's list, in the order the touches began.
    func ordered(_ touches: Set<UITouch>) -> [Touch] {
        if touches.count == delivered.count && delivered.allSatisfy(touches.contains) { return delivered }
        var list = delivered.filter(touches.contains)
        if list.count < touches.count {
            for t in touches.sorted(by: { $0.beganTimestamp < $1.beganTimestamp }) where !list.contains(t) { list.append(t) }
        }
        return list
    }
}
