import Foundation
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// How many taps a `TipTapGestureRecognizer` sequence had when it ended.
@objc enum TipTapStyle: Int {
    case single = 1, double, triple, more
}

@objc protocol TipTapGestureRecognizerDelegate: AnyObject {
    func tipTap(_ recognizer: TipTapGestureRecognizer, didFinishWith style: TipTapStyle)
}

/// Counts quick taps in a row. Each lift within `maximumTapDuration` of its touch-down is a tap:
/// the first begins the gesture, each further one changes it; when no tap follows within
/// `maximumTapInterval` the gesture ends and the delegate hears how many there were. A touch held
/// too long, or a second finger, fails or ends it.
@objc class TipTapGestureRecognizer: UIGestureRecognizer {
    @objc var maximumTapDuration: TimeInterval = 0.25
    @objc var maximumTapInterval: TimeInterval = 0.35
    @objc private(set) dynamic var tapCount = 0
    @objc private(set) var style: TipTapStyle = .single
    @objc weak var tipTapDelegate: TipTapGestureRecognizerDelegate?

    private var touchDownTime: TimeInterval = 0
    private var timer: Timer?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.count == 1, numberOfTouches == 1 else {
            state = tapCount == 0 ? .failed : .ended
            return
        }
        timer?.invalidate()
        touchDownTime = event.timestamp
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard event.timestamp - touchDownTime <= maximumTapDuration else {
            state = tapCount == 0 ? .failed : .ended
            return
        }
        // The state first, then the count: the targets read the count after this method returns.
        state = tapCount == 0 ? .began : .changed
        tapCount += 1
        style = TipTapStyle(rawValue: min(tapCount, TipTapStyle.more.rawValue)) ?? .more
        timer = Timer.scheduledTimer(withTimeInterval: maximumTapInterval, repeats: false) { [weak self] _ in
            self?.finish()
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .cancelled
    }

    private func finish() {
        guard state == .began || state == .changed else { return }
        tipTapDelegate?.tipTap(self, didFinishWith: style)
        state = .ended
    }

    override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        tapCount = 0
        style = .single
    }
}
