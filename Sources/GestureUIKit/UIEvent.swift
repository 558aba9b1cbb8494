import Foundation
import GestureEngine

/// `UIEvent` for the touches of one event: `allTouches` (optional, as UIKit's), `touches(for:)`,
/// `timestamp`. A touch method gets one per call (do not keep it).
public final class UIEvent: NSObject {
    /// `UIEvent.EventType`: always `touches`.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }
    /// `UIEvent.EventSubtype`: none.
    public enum EventSubtype: Int, Sendable { case none }
    /// `UIEvent.ButtonMask`: no buttons for a finger.
    public struct ButtonMask: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let primary = ButtonMask(rawValue: 1)
        public static let secondary = ButtonMask(rawValue: 2)
    }

    /// The engine's event (nil for an event made in code).
    public let touchEvent: TouchEvent?
    /// The engine touches of the current call, in the order they began (to give the engine back its order).
    let delivered: [Touch]

    init(_ event: TouchEvent?, delivered: [Touch]) {
        self.touchEvent = event
        self.delivered = delivered
        super.init()
    }

    /// An event for code that calls a touch method itself (tests).
    public override convenience init() { self.init(nil, delivered: []) }

    public var type: EventType { .touches }
    public var subtype: EventSubtype { .none }
    /// `timestamp`: trace time, seconds.
    public var timestamp: TimeInterval { touchEvent?.timestamp ?? 0 }
    /// `buttonMask`: empty (fingers).
    public var buttonMask: ButtonMask { [] }
    /// Every touch down during the event (nil outside a replay, as UIKit's may be).
    public var allTouches: Set<UITouch>? { touchEvent.map { UITouch.faces(of: $0.allTouches) } }
    /// The touches `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touchEvent.map { UITouch.faces(of: $0.touches(for: gestureRecognizer.engineRecognizer)) }
    }
    /// The touches whose view is `view` (a window: the touches of its tree).
    public func touches(for view: UIView) -> Set<UITouch>? {
        guard let event = touchEvent else { return nil }
        if view is UIWindow {
            return UITouch.faces(of: event.allTouches.filter { $0.view?.isDescendant(of: view.engineView) ?? false })
        }
        return UITouch.faces(of: event.touches(for: view.engineView))
    }
    /// `coalescedTouches(for:)`: replayed samples are not coalesced; the touch itself.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    /// `predictedTouches(for:)`: none.
    public func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }

    /// `touches` as the engine's list, in the order the touches began.
    func ordered(_ touches: Set<UITouch>) -> [Touch] {
        if touches.count == delivered.count && delivered.allSatisfy({ touches.contains(UITouch.uikit(for: $0)) }) { return delivered }
        var list = delivered.filter { touches.contains(UITouch.uikit(for: $0)) }
        if list.count < touches.count {
            for t in touches.compactMap(\.engineTouch).sorted(by: { $0.beganTimestamp < $1.beganTimestamp })
            where !list.contains(where: { $0 === t }) {
                list.append(t)
            }
        }
        return list
    }
}
