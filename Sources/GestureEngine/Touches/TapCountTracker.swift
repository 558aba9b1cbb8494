/// `UITouch.tapCount`: how many quick taps at about the same place a new touch continues.
///
/// UIKit computes it itself, from its per-window tap records (`UITouchData`: the sequence's first
/// touch-down location, the last tap count, the last touch-up and touch-down times, whether the
/// sequence is still a valid tap, and the last touch), in two C functions of UIKitCore's event
/// dispatch (not in the per-class iOS 18.2 decompile, which holds methods and their blocks only;
/// read in a Hex-Rays decompile of a later UIKitCore build: `__startNewUITouch` and
/// `_UpdateTouchTapCount`, called from `__updateTouchesWithDigitizerEventAndDetermineIfShouldSend`;
/// `-[UITouch setTapCount:]` is the 18.2 setter they call). See docs/engine.md, "Tap count", and
/// docs/fidelity.md. The rule, with UIKit's constants:
///
/// - A touch begins (`__startNewUITouch`): every record whose last touch-up is more than
///   0.35 + 0.75 s ago is dropped. The first remaining record whose last touch-up is at most
///   `maximumInterval` ago (`lastUp + 0.35 >= now`), still a valid tap, and whose first touch-down
///   is less than `allowableMovement` away on each axis (`|dx| < 45 && |dy| < 45`, a square, not a
///   circle) is continued; otherwise a new record starts here (its touch-up time set to now, so a
///   second finger near a held first one also continues it). The touch's count is the record's
///   count plus one; it becomes the record's last touch.
/// - The record's last touch is updated (`_UpdateTouchTapCount`, at every sample of the touch, the
///   lift included): when it has been down longer than `maximumTapDuration` (`lastDown + 0.75 < t`)
///   or is `allowableMovement` or more from the sequence's first touch-down on either axis, the
///   sequence is no longer a tap: the record is dropped and the touch is marked as not a tap. When
///   it lifts, the record keeps the lift time (a cancelled touch leaves the record as it was).
/// - A touch that lifts marked as not a tap has its `tapCount` set to 0 (`-[UITouch setTapCount:]`):
///   `touchesEnded` of a drag or a long hold sees 0.
///
/// The engine's one difference: UIKit checks the time at every digitizer frame, also while the
/// finger is still; a trace has rows only when something changed, so a held touch is checked at its
/// next row and at its lift (the outcome at the lift is the same; docs/fidelity.md).
public enum TapCountRule {
    /// Longest time from a record's last touch-up to the next touch-down that continues it, seconds.
    public static let maximumInterval = 0.35
    /// How far, on either axis, a tap may go from the sequence's first touch-down, points: at this
    /// distance or more the touch is not a tap, and a new touch-down does not continue the sequence.
    public static let allowableMovement = 45.0
    /// Longest a touch may stay down and still count as a tap, seconds.
    public static let maximumTapDuration = 0.75
}

/// The environment's tap records (one environment is one window, as UIKit's `-[UIWindow _touchData]`).
struct TapCountTracker {
    /// `UITouchData`.
    struct Record {
        var start: Point
        var count = 0
        var lastUp: Double
        /// The touch that last continued (or started) the record, until it lifts; held strongly so
        /// that its identity is never reused while the record names it.
        var owner: Touch?
    }
    private(set) var records: [Record] = []

    /// The count of `touch`, beginning at `time` at `location` (window coordinates).
    mutating func began(_ touch: Touch, at location: Point, time: Double) -> Int {
        var match = -1
        var i = 0
        while i < records.count {
            let lastUp = records[i].lastUp
            let interval = lastUp + TapCountRule.maximumInterval
            if interval + TapCountRule.maximumTapDuration >= time {
                if match < 0 && interval >= time
                    && abs(location.x - records[i].start.x) < TapCountRule.allowableMovement
                    && abs(location.y - records[i].start.y) < TapCountRule.allowableMovement
                {
                    match = i
                }
                i += 1
            } else {
                // Stale. A touch still down on it would have failed the 0.75 s check at one of
                // UIKit's frames since (its last touch-down is before the last touch-up + 0.35 s).
                if let owner = records[i].owner {
                    owner.isTap = false
                    owner.tracksTap = false
                }
                records.remove(at: i)
                if match > i { match -= 1 }
            }
        }
        if match < 0 {
            records.append(Record(start: location, lastUp: time))
            match = records.count - 1
        }
        if let previous = records[match].owner { previous.tracksTap = false }
        records[match].owner = touch
        records[match].count += 1
        touch.isTap = true
        touch.tracksTap = true
        touch.tapStart = records[match].start
        touch.tapDeadline = time + TapCountRule.maximumTapDuration
        return records[match].count
    }

    /// A sample of a touch that owns its record (`touch.tracksTap`): `touch` is at its new location
    /// and `time`; `lifted` when this sample ends it. Inlined: three comparisons per sample while
    /// the touch can still be a tap, the record's bookkeeping out of line.
    @inline(__always)
    mutating func update(_ touch: Touch, time: Double, lifted: Bool) {
        let broken =
            touch.tapDeadline < time
            || abs(touch.windowLocation.x - touch.tapStart.x) >= TapCountRule.allowableMovement
            || abs(touch.windowLocation.y - touch.tapStart.y) >= TapCountRule.allowableMovement
        if broken || lifted { settle(touch, time: time, broken: broken) }
    }

    /// The touch is no longer a tap (`broken`: its record is dropped) or it lifted as one (its
    /// record keeps the lift time and waits for the next touch-down).
    @inline(never)
    private mutating func settle(_ touch: Touch, time: Double, broken: Bool) {
        touch.tracksTap = false
        guard let index = records.firstIndex(where: { $0.owner === touch }) else { return }
        if broken {
            touch.isTap = false
            records.remove(at: index)
        } else {
            records[index].lastUp = time
            records[index].owner = nil
        }
    }
}
