#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// Reads its view as a `UIView` (passed to a `UIView` parameter), refuses to run while another
/// view already has it in its `gestureRecognizers` (identity through `contains`), and overrides
/// `location(in:)` to report locations relative to its view's centre.
func width(of view: UIView) -> CGFloat { view.bounds.width }

final class ProbeRecognizer: UIGestureRecognizer {
    weak var other: UIView?
    private(set) var widths: [CGFloat] = []

    override func location(in view: UIView?) -> CGPoint {
        let p = super.location(in: view)
        guard let v = view else { return p }
        return CGPoint(x: p.x - v.bounds.midX, y: p.y - v.bounds.midY)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let view = view else { return }
        widths.append(width(of: view))
        if other?.gestureRecognizers?.contains(self) == true { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .recognized }
    }
}

/// A long press with nothing of its own, made with `PlainPress()` (an `NSObject`'s `init()`).
final class PlainPress: UILongPressGestureRecognizer {}
