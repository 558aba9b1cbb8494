/// A scroll view's content-touch delay, as `UIScrollViewDelayedTouchesBeganGestureRecognizer`
/// (decompiled iOS 18.2 UIKitCore; 26.1 identical apart from failure reasons). It has no action:
/// with `delaysTouchesBegan` on, the views under its touches get no `touchesBegan` while it is
/// possible; it fails to let them through, or ends to withhold them.
/// - `touchesBegan:` with `delaysContentTouches`: a timer of 0.15 s (`_touchDelayForScrollDetection`)
///   starts; without it, the touches are decided at once (`sendTouchesShouldBeginForTouches:withEvent:`).
/// - The timer (`sendDelayedTouches`), or a lift while it is pending (`touchesEnded:`), decides:
///   the scroll view's `touchesShouldBegin(_:with:in:)` (YES by default) makes it fail (the touches
///   are delivered); NO makes it end (they are withheld).
/// - `touchesMoved:`: a centroid move of more than 10 pt (`_scrollHysteresis`, float compare) along
///   an axis the scroll view cannot scroll releases the touches early.
/// - A lift with no timer pending fails it; a cancelled touch fails it.
/// When the scroll view's pan begins first, it prevents this recognizer and, cancelling touches in
/// its view, discards the held touches: the content never hears of a flick.
public final class ScrollViewDelayedTouchesBeganGestureRecognizer: GestureRecognizer {
    /// The content-touch delay, seconds (`-[UIScrollView _touchDelayForScrollDetection]` returns 0.15).
    public static let touchDelay = 0.15

    weak var scrollView: ScrollView?
    private var timer: TimerToken?
    private var start = Point.zero

    override public var kind: String { "delayedTouchesBegan" }

    init(name: String) {
        super.init(name: name)
        delaysTouchesBegan = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        clearTimer()
        guard let sv = scrollView else { return }
        if sv.delaysContentTouches {
            timer = schedule(after: Self.touchDelay) { [unowned self] in
                self.timer = nil
                self.decide(self.touches, reason: "content-touch delay of 0.15 s elapsed")
            }
            start = centroid()
        } else {
            decide(touches, reason: "delaysContentTouches is false")
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard timer != nil, let sv = scrollView else { return }
        let c = centroid()
        let dx = c.x - start.x, dy = c.y - start.y
        // `float v33 = h`: the hysteresis compared as a Float, strictly greater.
        let h = Double(Float(PanGestureRecognizer.hysteresis))
        if !sv.canScrollX && Swift.abs(dx) > h {
            clearTimer()
            decide(self.touches, reason: "moved \(short: dx) pt along x, which the scroll view cannot scroll")
        } else if !sv.canScrollY && Swift.abs(dy) > h {
            clearTimer()
            decide(self.touches, reason: "moved \(short: dy) pt along y, which the scroll view cannot scroll")
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if timer == nil {
            fail("lifted with no content-touch delay pending")
            return
        }
        clearTimer()
        decide(self.touches, reason: "lifted before the content-touch delay of 0.15 s")
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        clearTimer()
        fail("touch cancelled")
    }

    public override func reset() {
        clearTimer()
        start = .zero
    }

    /// `sendTouchesShouldBeginForTouches:` / `sendTouchesShouldBeginForDelayedTouches:`: failed
    /// (touches delivered) unless the scroll view's `touchesShouldBegin` refuses one (ended: withheld).
    private func decide(_ touches: [Touch], reason: FailureReason) {
        guard let sv = scrollView else { return }
        for t in touches {
            if let view = t.view, !sv.touchesShouldBegin(touches, in: view) {
                state = .ended
                return
            }
        }
        fail("\(reason): touches delivered")
    }

    private func clearTimer() {
        cancelTimer(&timer)
    }
}
