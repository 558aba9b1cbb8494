import GestureEngine

// The seed lecture's two attempts at telling a single tap from a double tap in a view, before it
// introduces recognizers, ported nearly line for line from UIKit with the public API only:
// `UIView` becomes `View`, `Set<UITouch>` and `UIEvent?` become `[Touch]` and `TouchEvent`,
// `Timer.scheduledTimer` becomes the view's `scheduledTimer(withTimeInterval:block:)` in trace time,
// and `print` becomes `replayPrint`, which prints the line into the replay's output at the trace
// time (`   0.380  view lecture: Single tap!`). Registered as view classes in
// `RecognizerCatalog.examples`; replayed by `wiggle-replay test Traces/` (Traces/lecture/).

/// The first attempt: touchesEnded looks at tapCount. A double tap prints "Single tap!" first.
public final class FirstAttemptView: View {
    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount == 1 {
            replayPrint("Single tap!")
        } else if touch.tapCount == 2 {
            replayPrint("Double tap!")
        }
    }
}

/// The second attempt: the single tap waits 0.3 s on a timer, which a second tap invalidates.
public final class SecondAttemptView: View {
    var timer: ReplayTimer?

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount >= 2 {
            timer?.invalidate()
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount == 1 {
            timer = scheduledTimer(withTimeInterval: 0.3) { _ in self.singleTap() }
        } else if touch.tapCount == 2 {
            replayPrint("Double tap!")
        }
    }

    func singleTap() {
        replayPrint("Single tap!")
    }
}
