#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// Touch-and-hold with a Foundation `Timer`, as public UIKit code does it: a finger that stays
/// within `allowableMovement` for `holdDuration` recognizes when the timer fires; moving too far
/// or lifting earlier fails. It also uses `DispatchQueue.main.asyncAfter` and
/// `CACurrentMediaTime()` to report how long the hold took.
class HoldGestureRecognizer: UIGestureRecognizer {
    var holdDuration: TimeInterval = 0.4
    var allowableMovement: CGFloat = 10
    private var timer: Timer?
    private var start = CGPoint.zero
    private var startTime: CFTimeInterval = 0
    private(set) var heldFor: TimeInterval = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.count == 1, numberOfTouches == 1, let touch = touches.first else {
            state = .failed
            return
        }
        start = touch.location(in: nil)
        startTime = CACurrentMediaTime()
        timer = Timer.scheduledTimer(withTimeInterval: holdDuration, repeats: false) { [weak self] _ in
            guard let self, self.state == .possible else { return }
            self.heldFor = CACurrentMediaTime() - self.startTime
            self.state = .recognized
            let heldFor = self.heldFor
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                print("held \(heldFor) s, reported 0.1 s later")
            }
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - start.x, p.y - start.y) > allowableMovement { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        timer?.invalidate()
        timer = nil
    }
}
