#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A two-finger vertical swipe, written as UIKit code is written (this file compiles for iOS
/// unchanged): both fingers must move the same way vertically by `minimumDistance`; it
/// recognizes from `touchesMoved`, reading `touch.location(in: view?.window)`.
class TwoFingerVerticalSwipeGestureRecognizer: UIGestureRecognizer {
    var minimumDistance: CGFloat = 60
    var maximumSideways: CGFloat = 40
    private var starts: [UITouch: CGPoint] = [:]
    /// How many fingers it is following.
    var startCount: Int { starts.count }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        for touch in touches { starts[touch] = touch.location(in: view?.window) }
        if starts.count > 2 { state = .failed }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard starts.count == 2, state == .possible else { return }
        var downs = 0, ups = 0
        for (touch, start) in starts {
            let p = touch.location(in: view?.window)
            if abs(p.x - start.x) > maximumSideways {
                state = .failed
                return
            }
            if p.y - start.y >= minimumDistance { downs += 1 }
            if start.y - p.y >= minimumDistance { ups += 1 }
        }
        if downs == 2 || ups == 2 { state = .recognized }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    override func reset() {
        super.reset()
        starts.removeAll()
    }
}
