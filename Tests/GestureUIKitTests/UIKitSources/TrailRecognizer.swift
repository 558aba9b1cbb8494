import Foundation

#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// The usual header of an iOS file, Foundation beside UIKit: `CGPoint`, `CGSize` and `CGFloat` are
/// Foundation's on both platforms. It records the finger's trail and its bounding size.
final class TrailRecognizer: UIGestureRecognizer {
    var points: [CGPoint] = []
    var size = CGSize(width: 1, height: 1)
    var length: CGFloat = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        points = [location(in: view)]
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let p = location(in: view)
        if let last = points.last { length += hypot(p.x - last.x, p.y - last.y) }
        points.append(p)
        let xs = points.map(\.x), ys = points.map(\.y)
        size = CGSize(width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        if state == .possible, length > 20 { state = .began } else if state == .began || state == .changed { state = .changed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .ended
    }

    override func reset() {
        length = 0  // the trail stays readable until the next touch
    }
}
