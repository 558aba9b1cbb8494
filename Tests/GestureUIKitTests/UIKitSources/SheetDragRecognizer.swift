#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A sheet's drag: a pan that may begin only once the scroll view inside the sheet has declined
/// its own pan (the sheet's owner calls `require(toFail: scrollView.panGestureRecognizer)`), and
/// that tracks how far the sheet was pulled.
final class SheetDragRecognizer: UIPanGestureRecognizer {
    private(set) var pulled: CGFloat = 0

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .began || state == .changed { pulled = translation(in: view).y }
    }
}
