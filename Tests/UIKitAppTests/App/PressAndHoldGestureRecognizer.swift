import UIKit

/// A long press that remembers where it began; made with `PressAndHoldGestureRecognizer()`.
final class PressAndHoldGestureRecognizer: UILongPressGestureRecognizer {
    private(set) var startPoint = CGPoint.zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        startPoint = location(in: view)
    }
}
