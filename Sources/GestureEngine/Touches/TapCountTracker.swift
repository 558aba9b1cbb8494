/// `UITouch.tapCount`: how many quick taps at about the same place a new touch continues.
///
/// UIKit keeps the tap state per window (the runtime headers name it `UITouchTapInfo`: a tap count,
/// a multi-tap delay `_multiTapDelay`, a movement threshold `_rejectAsTapThrehold`, a pause threshold
/// `_viewTouchPauseThreshold`, the sequence's start position and time) and stores the count on the
/// touch with `-[UITouch setTapCount:]` when it begins. The decompiled iOS 18.2 UIKitCore has the
/// setter (`UITouch.m`) but no `UITouchTapInfo` implementation, so the threshold values below are the
/// engine's, chosen to agree with `UITapGestureRecognizer` (docs/reference/uikit-semantics.md, "Tap":
/// 0.35 s between a lift and the next touch-down, 45 pt of movement, about 0.75 s per tap). See
/// docs/fidelity.md.
///
/// The rule: a touch that begins while no other touch is down continues the sequence (its count is
/// the last tap's plus one) when the last touch to lift was a tap that began alone, it lifted at most
/// `maximumInterval` before, and the new touch begins at most `allowableMovement` from where the
/// sequence's first tap began; otherwise it starts a new sequence (count 1). A touch is a tap when it
/// lifts (not cancelled) at most `maximumTapDuration` after it began and at most `allowableMovement`
/// from where the sequence began. Checked at the lift only: no work per move.
public enum TapCountRule {
    /// Longest time from a tap's lift to the next touch-down that continues the sequence, seconds.
    public static let maximumInterval = 0.35
    /// Farthest a tap may lift, and the next tap begin, from where the sequence's first tap began, points.
    public static let allowableMovement = 45.0
    /// Longest a touch may stay down and still count as a tap, seconds.
    public static let maximumTapDuration = 0.75
}

/// The environment's tap state (one per environment, as UIKit's per window).
struct TapCountTracker {
    private var lastCount = 0
    private var lastLiftTime = -Double.infinity
    private var sequenceStart = Point.zero
    /// True while the last touch to lift was a tap and no touch has begun since.
    private var canContinue = false
    /// The touch that set `lastCount` when it began alone (nil when it began beside other touches:
    /// it cannot be continued). Compared by identity only while that touch is alive (at its end).
    private var counted: ObjectIdentifier?

    /// The count of `touch`, beginning at `time`, `location` (window coordinates) while `othersDown` touches are down.
    mutating func began(_ touch: Touch, at location: Point, time: Double, othersDown: Int) -> Int {
        let dx = location.x - sequenceStart.x
        let dy = location.y - sequenceStart.y
        let count: Int
        if canContinue && othersDown == 0 && time - lastLiftTime <= TapCountRule.maximumInterval
            && (dx * dx + dy * dy).squareRoot() <= TapCountRule.allowableMovement
        {
            count = lastCount + 1
        } else {
            count = 1
            sequenceStart = location
        }
        canContinue = false
        lastCount = count
        counted = othersDown == 0 ? ObjectIdentifier(touch) : nil
        return count
    }

    /// A touch lifted (`ended`) or was cancelled.
    mutating func ended(_ touch: Touch) {
        let dx = touch.windowLocation.x - sequenceStart.x
        let dy = touch.windowLocation.y - sequenceStart.y
        let isTap =
            touch.phase == .ended && touch.timestamp - touch.beganTimestamp <= TapCountRule.maximumTapDuration
            && (dx * dx + dy * dy).squareRoot() <= TapCountRule.allowableMovement
        canContinue = isTap && counted == ObjectIdentifier(touch)
        lastLiftTime = touch.timestamp
    }
}
