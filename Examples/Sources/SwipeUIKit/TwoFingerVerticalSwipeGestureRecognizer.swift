// One file for iOS and Linux: on iOS it is an ordinary UIKit recognizer; on Linux GestureUIKit
// gives it UIKit's names over gesturereplay's engine, so the file CI replays is the file that ships.
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// Two fingers moving up (or down) together by `minimumDistance` points without drifting sideways
/// more than `maximumSideways`. It recognizes from `touchesMoved`, reading each touch in window
/// coordinates (`touch.location(in: view?.window)`), and prints the direction it saw.
public class TwoFingerVerticalSwipeGestureRecognizer: UIGestureRecognizer {
    public enum Direction: String { case up, down }

    public var minimumDistance: CGFloat = 60
    public var maximumSideways: CGFloat = 40
    public private(set) var direction: Direction?
    private var starts: [UITouch: CGPoint] = [:]

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        for touch in touches { starts[touch] = touch.location(in: view?.window) }
        if starts.count > 2 { state = .failed }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard starts.count == 2, state == .possible else { return }
        var downs = 0
        var ups = 0
        for (touch, start) in starts {
            let p = touch.location(in: view?.window)
            if abs(p.x - start.x) > maximumSideways {
                state = .failed
                return
            }
            if p.y - start.y >= minimumDistance { downs += 1 }
            if start.y - p.y >= minimumDistance { ups += 1 }
        }
        if downs == 2 || ups == 2 {
            direction = ups == 2 ? .up : .down
            print("two fingers swiped \(direction!.rawValue)")
            state = .recognized
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    public override func reset() {
        super.reset()
        starts.removeAll()
        direction = nil
    }
}
