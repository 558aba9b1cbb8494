import UIKit
import UIKit.UIGestureRecognizerSubclass

/// One-finger zoom, as map apps do it: tap, then touch down again within `maximumGap` seconds at
/// about the same place and drag up or down. It begins once the second touch has moved
/// `minimumDrag` points vertically; `translation` is the drag since the second touch-down, updated
/// after the state in each move (the targets read it after the move was handled).
class TapAndDragGestureRecognizer: UIGestureRecognizer {
    var maximumTapDuration: TimeInterval = 0.25
    var maximumGap: TimeInterval = 0.3
    var maximumDistance: CGFloat = 30
    var minimumDrag: CGFloat = 10
    private(set) var translation = CGPoint.zero

    private var firstDown: CGPoint?
    private var firstDownTime: TimeInterval = 0
    private var firstLiftTime: TimeInterval?
    private var dragStart = CGPoint.zero
    private var gapTimer: Timer?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, touches.count == 1 else {
            state = .failed
            return
        }
        let p = touch.location(in: view)
        if let first = firstDown, let lift = firstLiftTime {
            if event.timestamp - lift > maximumGap || hypot(p.x - first.x, p.y - first.y) > maximumDistance {
                state = .failed
            }
            gapTimer?.invalidate()
            dragStart = p
        } else {
            firstDown = p
            firstDownTime = event.timestamp
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard firstLiftTime != nil, let touch = touches.first else { return }
        let p = touch.location(in: view)
        if state == .possible && abs(p.y - dragStart.y) >= minimumDrag {
            state = .began
        } else if state == .began || state == .changed {
            state = .changed
        }
        if state == .began || state == .changed {
            translation = CGPoint(x: 0, y: p.y - dragStart.y)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if firstLiftTime == nil {
            if event.timestamp - firstDownTime > maximumTapDuration {
                state = .failed
                return
            }
            firstLiftTime = event.timestamp
            gapTimer = Timer.scheduledTimer(withTimeInterval: maximumGap, repeats: false) { [weak self] _ in
                if self?.state == .possible { self?.state = .failed }
            }
            return
        }
        state = state == .possible ? .failed : .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .cancelled
    }

    override func reset() {
        super.reset()
        gapTimer?.invalidate()
        gapTimer = nil
        firstDown = nil
        firstLiftTime = nil
        translation = .zero
    }
}
