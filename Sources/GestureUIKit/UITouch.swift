import Foundation
import GestureEngine

/// `UITouch`: one finger, the same object for the touch's whole life (a `Set<UITouch>` or a
/// dictionary keyed by touches holds each finger once), over the engine's `Touch`.
///
/// Its `view` and `window` are UIKit objects. After the engine is done with the touch (it ended
/// and the replay moved on), an object kept by UIKit code reads what it read at the last event
/// that delivered it, as a `UITouch` kept past its end does.
public final class UITouch: NSObject, EngineOwnedFace {
    /// `UITouch.Phase`.
    public typealias Phase = TouchPhase
    /// `UITouch.TouchType`: every replayed touch is `direct` (a finger).
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    @exclusivity(unchecked) private var pairing: Pairing<Touch>!
    /// The values of the last delivery, read once the engine touch is gone.
    @exclusivity(unchecked) private var lastPhase = TouchPhase.began
    @exclusivity(unchecked) private var lastWindowLocation = Point.zero
    @exclusivity(unchecked) private var lastPreviousWindowLocation = Point.zero
    @exclusivity(unchecked) private var lastTimestamp = 0.0
    @exclusivity(unchecked) private var lastTapCount = 1
    private weak var lastView: UIView?

    private init(pairedWith touch: Touch) {
        super.init()
        pairing = Pairing(face: self, engine: touch, owner: .engine) { touch.uikitFace = $0 }
    }

    func engineObjectDidGoAway() { pairing.engineWentAway() }

    /// The engine's touch (nil once the engine is done with it).
    public var engineTouch: Touch? { pairing.engine }

    /// The UIKit object of `touch`, made on first request, the same object for the touch's life.
    public static func uikit(for touch: Touch) -> UITouch {
        let face = existingFace(touch.uikitFace).map { unsafeDowncast($0, to: UITouch.self) } ?? UITouch(pairedWith: touch)
        face.remember(touch)
        return face
    }

    /// The UIKit objects of `touches`.
    static func faces(of touches: [Touch]) -> Set<UITouch> {
        var set = Set<UITouch>(minimumCapacity: touches.count)
        for t in touches { set.insert(uikit(for: t)) }
        return set
    }

    private func remember(_ t: Touch) {
        lastPhase = t.phase
        lastWindowLocation = t.windowLocation
        lastPreviousWindowLocation = t.previousWindowLocation
        lastTimestamp = t.timestamp
        lastTapCount = t.tapCount
    }

    /// `phase` in the current event: `.stationary` for a touch down that the event did not change,
    /// as UIKit reports it (`event.allTouches` while another finger moves).
    public var phase: Phase {
        guard let t = engineTouch else { return lastPhase }
        if let environment = ReplayContext.environment, t.isStationary(in: environment) { return .stationary }
        return t.phase
    }
    /// `timestamp`: trace time of the last event that mentioned the touch, seconds.
    public var timestamp: TimeInterval { engineTouch?.timestamp ?? lastTimestamp }
    /// `tapCount` (UIKit's rule, docs/engine.md "Tap count").
    public var tapCount: Int { engineTouch?.tapCount ?? lastTapCount }
    /// `view`: the view the touch was hit-tested to when it began (nil when it hit none).
    public var view: UIView? {
        guard let t = engineTouch else { return lastView }
        let v = t.view?.uikitView
        lastView = v
        return v
    }
    /// `window`: the window of the touch's view (nil when the view is in none).
    public var window: UIWindow? { view?.window }
    /// `gestureRecognizers`: the recognizers of the touch's view and its ancestors (those that may
    /// receive it), deepest first, as UIKit objects.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        guard let v = view else { return nil }
        var list: [UIGestureRecognizer] = []
        var current: UIView? = v
        while let c = current {
            list += c.engineView.gestureRecognizers.map(\.uikitRecognizer)
            current = c.superview
        }
        return list
    }
    /// `type`: `direct`.
    public var type: TouchType { .direct }
    /// `force`, `maximumPossibleForce`: traces record no force (0, as a device without 3D Touch).
    public var force: CGFloat { 0 }
    public var maximumPossibleForce: CGFloat { 0 }
    /// `majorRadius`, `majorRadiusTolerance`: traces record no radius; UIKit's typical finger value, points.
    public var majorRadius: CGFloat { 20 }
    public var majorRadiusTolerance: CGFloat { 5 }

    /// `location(in:)`: in `view`'s coordinates (the window's when nil), points.
    public func location(in view: UIView?) -> CGPoint {
        CGPoint(convert(engineTouch?.windowLocation ?? lastWindowLocation, to: view))
    }
    /// `previousLocation(in:)`: at the previous event that mentioned the touch.
    public func previousLocation(in view: UIView?) -> CGPoint {
        CGPoint(convert(engineTouch?.previousWindowLocation ?? lastPreviousWindowLocation, to: view))
    }
    /// `preciseLocation(in:)`, `precisePreviousLocation(in:)`: the same (traces have one precision).
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convert(_ window: Point, to view: UIView?) -> Point {
        guard let view else { return window }
        return view.engineView.convert(fromWindow: window)
    }

    /// `<UITouch: 1; phase = began; location = (100.0, 200.0)>`: the trace's touch id in place of
    /// UIKit's address (stable from run to run).
    public override var description: String {
        let p = engineTouch?.windowLocation ?? lastWindowLocation
        let id = engineTouch.map { "\($0.id)" } ?? "-"
        return "<UITouch: \(id); phase = \(phase); location = (\(p.x), \(p.y))>"
    }
}

extension Touch {
    /// This touch's UIKit object (`UITouch`), the same object for the touch's whole life.
    public var uikitTouch: UITouch { UITouch.uikit(for: self) }
}
