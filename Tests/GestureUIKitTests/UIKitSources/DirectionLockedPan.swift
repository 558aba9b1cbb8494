#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A pan locked to one axis, as public UIKit code writes it: once the pan begins, it reads
/// `velocity(in:)` and fails (cancels) when the motion is mostly along the other axis.
class DirectionLockedPanGestureRecognizer: UIPanGestureRecognizer {
    enum Axis { case vertical, horizontal }
    var axis = Axis.vertical

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .began {
            let v = velocity(in: view)
            let along = axis == .vertical ? abs(v.y) : abs(v.x)
            let across = axis == .vertical ? abs(v.x) : abs(v.y)
            if across > along {
                state = .failed
            }
        }
    }
}
