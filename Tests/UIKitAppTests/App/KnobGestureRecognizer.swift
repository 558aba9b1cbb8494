import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The centre of `view`, in its own coordinates.
func centerPoint(of view: UIView) -> CGPoint {
    CGPoint(x: view.bounds.midX, y: view.bounds.midY)
}

/// Turning a knob with one finger: locations are measured from the knob's centre (`location(in:)`
/// is overridden to say so), and `angle` is the turn since the gesture began, radians.
class KnobGestureRecognizer: UIGestureRecognizer {
    private(set) var angle: CGFloat = 0
    private var startAngle: CGFloat = 0

    /// The touch's location relative to the knob's centre when `view` is the knob.
    override func location(in view: UIView?) -> CGPoint {
        let p = super.location(in: view)
        guard let view = view, view === self.view else { return p }
        let c = centerPoint(of: view)
        return CGPoint(x: p.x - c.x, y: p.y - c.y)
    }

    private func currentAngle() -> CGFloat {
        let p = location(in: view)
        return atan2(p.y, p.x)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.count == 1, let knob = view else {
            state = .failed
            return
        }
        let p = location(in: knob)
        if hypot(p.x, p.y) > knob.bounds.width / 2 { state = .failed }
        startAngle = currentAngle()
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let turn = currentAngle() - startAngle
        if state == .possible {
            if abs(turn) > 0.2 { state = .began }
        } else {
            state = .changed
        }
        angle = turn
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .ended
    }

    override func reset() {
        super.reset()
        angle = 0
    }
}
