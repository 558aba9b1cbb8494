#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A `UIPanGestureRecognizer` subclass made with `init(target:action:)`: it keeps the pan's own
/// rules (each override calls `super`) and records the trail of `location(in:)`.
class DragTrailGestureRecognizer: UIPanGestureRecognizer {
    private(set) var trail: [CGPoint] = []
    private(set) var movesSeen = 0

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        trail = [location(in: view)]
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        movesSeen += 1
        if state == .began || state == .changed {
            trail.append(location(in: view))
        }
    }
}
