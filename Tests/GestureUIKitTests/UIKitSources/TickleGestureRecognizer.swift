#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// The classic tickle (a finger rubbing back and forth), written over `Set<UITouch>` as UIKit code
/// is: it counts horizontal direction changes of at least `distanceForTickleGesture` points and
/// recognizes at `requiredTickles`; it prints each tickle (into the replay).
class TickleGestureRecognizer: UIGestureRecognizer {
    enum Direction { case unknown, left, right }

    var requiredTickles = 2
    var distanceForTickleGesture: CGFloat = 25
    private var tickleCount = 0
    private var curTickleStart = CGPoint.zero
    private var lastDirection = Direction.unknown

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = touches.first {
            curTickleStart = touch.location(in: view)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        let ticklePoint = touch.location(in: view)
        let moveAmt = ticklePoint.x - curTickleStart.x
        var curDirection = Direction.left
        if moveAmt < 0 { curDirection = .left } else { curDirection = .right }
        if abs(moveAmt) < distanceForTickleGesture { return }
        if lastDirection == .unknown || (lastDirection == .left && curDirection == .right)
            || (lastDirection == .right && curDirection == .left)
        {
            tickleCount += 1
            curTickleStart = ticklePoint
            lastDirection = curDirection
            print("tickle \(tickleCount)")
            if state == .possible && tickleCount > requiredTickles {
                state = .ended
            }
        }
    }

    override func reset() {
        tickleCount = 0
        curTickleStart = .zero
        lastDirection = .unknown
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }
}
