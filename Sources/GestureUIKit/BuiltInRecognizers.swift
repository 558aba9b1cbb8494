import GestureEngine

// UIKit's recognizer classes. Each is the UIKit face of the engine class of the same gesture; the
// engine accessor and the forwarded properties (`numberOfTapsRequired`, ...) are generated from one
// table (`Bridges+Generated.swift`); what is written here is what is overridable, as in UIKit.

/// `UITapGestureRecognizer`: the engine's tap rules (`TapGestureRecognizer`, docs/recognizers.md).
open class UITapGestureRecognizer: UIGestureRecognizer {}

/// `UIPanGestureRecognizer`: the engine's pan rules (`PanGestureRecognizer`). Subclass it and call
/// `super` in the touch methods to keep them.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// `translation(in:)`: points in `view`'s coordinates (the window's when nil), as a `CGPoint`.
    open func translation(in view: UIView?) -> CGPoint {
        CGPoint(pan.translation(in: view?.engineView))
    }
    /// `setTranslation(_:in:)`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        pan.setTranslation(translation.engineVector, in: view?.engineView)
    }
    /// `velocity(in:)`: points per second, as a `CGPoint`.
    open func velocity(in view: UIView?) -> CGPoint {
        CGPoint(pan.velocity(in: view?.engineView))
    }
}

/// `UIScreenEdgePanGestureRecognizer`: a pan subclass, as in UIKit, with the engine's edge rules
/// (`ScreenEdgePanGestureRecognizer`).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {}

/// `UILongPressGestureRecognizer`: the engine's long-press rules (`LongPressGestureRecognizer`).
open class UILongPressGestureRecognizer: UIGestureRecognizer {}

/// `UISwipeGestureRecognizer`: the engine's swipe rules (`SwipeGestureRecognizer`).
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// `UISwipeGestureRecognizer.Direction`.
    public typealias Direction = SwipeDirection
}

/// `UIPinchGestureRecognizer`: the engine's pinch rules (`PinchGestureRecognizer`).
open class UIPinchGestureRecognizer: UIGestureRecognizer {}

/// `UIRotationGestureRecognizer`: the engine's rotation rules (`RotationGestureRecognizer`).
open class UIRotationGestureRecognizer: UIGestureRecognizer {}

/// `UIRectEdge`: the engine's `ScreenEdges`.
public typealias UIRectEdge = ScreenEdges
