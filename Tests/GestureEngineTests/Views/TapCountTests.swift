@testable import GestureEngine
import GestureTesting
import Testing

/// `Touch.tapCount` at the limits of UIKit's rule (`__startNewUITouch` and `_UpdateTouchTapCount`,
/// see `TapCountRule`): a next touch-down at most 0.35 s after the record's last touch-up
/// (`lastUp + 0.35 >= now`, in doubles), less than 45 pt from the sequence's first touch-down on
/// each axis, a tap down at most 0.75 s (`down + 0.75 < t` breaks it), and 0 at the lift of a touch
/// that was not a tap. The times below are written as decimals; the boundaries are UIKit's double
/// arithmetic, so "0.35 s later" can fall on either side (0.1 + 0.35 < 0.45, but 0.18 + 0.35 >= 0.53).
@Suite("Touch.tapCount")
struct TapCountTests {
    /// Taps `(down, up, x, y)` in turn on an unbounded root, each lifting where it began; returns
    /// each touch's tapCount when it began and when it lifted.
    func counts(_ taps: [(Double, Double, Double, Double)]) -> (began: [Int], lifted: [Int]) {
        let h = GestureHarness()
        var began: [Int] = []
        var lifted: [Int] = []
        for (i, tap) in taps.enumerated() {
            h.send(tap.0, (i + 1, .began, tap.2, tap.3))
            let touch = h.environment.touchesDown.last
            began.append(touch?.tapCount ?? -1)
            h.send(tap.1, (i + 1, .ended, tap.2, tap.3))
            lifted.append(touch?.tapCount ?? -1)
        }
        return (began, lifted)
    }

    @Test("single, double and triple taps count 1, 2, 3 and keep their count when they lift")
    func sequence() {
        #expect(counts([(0, 0.1, 100, 100)]).began == [1])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 100, 100)]).began == [1, 2])
        let triple = counts([(0, 0.1, 100, 100), (0.2, 0.3, 102, 101), (0.4, 0.5, 99, 100)])
        #expect(triple.began == [1, 2, 3])
        #expect(triple.lifted == [1, 2, 3])
    }

    @Test("the interval is lastUp + 0.35 >= now in doubles: 0.1 -> 0.45 starts over, 0.18 -> 0.53 continues")
    func intervalLimit() {
        #expect(counts([(0, 0.1, 100, 100), (0.45, 0.5, 100, 100)]).began == [1, 1])
        #expect(counts([(0, 0.18, 100, 100), (0.53, 0.6, 100, 100)]).began == [1, 2])
        #expect(counts([(0, 0.1, 100, 100), (0.3, 0.4, 100, 100)]).began == [1, 2])
    }

    @Test("45 pt on one axis from the first touch-down starts over; the limit is a square (40, 40) continues")
    func distanceLimit() {
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 145, 100)]).began == [1, 1])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 144.99, 100)]).began == [1, 2])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 100, 55)]).began == [1, 1])
        // 56.6 pt away, but less than 45 on each axis.
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 140, 140)]).began == [1, 2])
        // Measured from the sequence's first touch-down, not the last: 30 + 30 pt is too far.
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 130, 100), (0.4, 0.5, 160, 100)]).began == [1, 2, 1])
    }

    @Test("a tap may stay down until down + 0.75 s in doubles; longer, it lifts with tapCount 0 and the next starts over")
    func durationLimit() {
        // 0.35 + 0.75 == 1.1: still a tap.
        let held = counts([(0.35, 1.1, 100, 100), (1.2, 1.3, 100, 100)])
        #expect(held.began == [1, 2])
        #expect(held.lifted == [1, 2])
        // 0.18 + 0.75 < 0.93: not a tap.
        let tooLong = counts([(0.18, 0.93, 100, 100), (1.0, 1.1, 100, 100)])
        #expect(tooLong.began == [1, 1])
        #expect(tooLong.lifted == [0, 1])
    }

    @Test("movement during the touch counts: out 50 pt and back is not a tap (tapCount 0 at the lift)")
    func movementDuringTheTouch() {
        let h = GestureHarness()
        h.send(0, (1, .began, 100, 100))
        let first = h.environment.touchesDown.last
        h.send(0.05, (1, .moved, 150, 100))
        h.send(0.1, (1, .moved, 100, 100))
        h.send(0.15, (1, .ended, 100, 100))
        #expect(first?.tapCount == 0)
        h.send(0.2, (2, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 1)
        // 44 pt and back on one axis, then 44 on the other: still a tap.
        h.send(0.25, (2, .moved, 144, 100))
        h.send(0.3, (2, .moved, 100, 144))
        h.send(0.35, (2, .ended, 100, 100))
        h.send(0.4, (3, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 2)
    }

    @Test("a touch that lifts 45 pt away is not a tap; a cancelled one leaves the record as it was")
    func movedOrCancelled() {
        let h = GestureHarness()
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 145, 100))
        h.send(0.2, (2, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 1)
        // Cancelled: the record keeps its touch-up time (its touch-down, 0.2), so a touch-down
        // 0.2 s later continues it, as in UIKit (only `ended` stores the lift time).
        h.send(0.3, (2, .cancelled, 100, 100))
        h.send(0.4, (3, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 2)
    }

    @Test("a second finger near a held first one within 0.35 s of its touch-down continues its record; recognizers read it")
    func secondFinger() {
        let h = GestureHarness()
        var seen: [Int] = []
        final class Reader: GestureRecognizer {
            var onBegan: ([Touch]) -> Void = { _ in }
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan(touches) }
        }
        let reader = h.add(Reader(name: "reader"))
        reader.onBegan = { seen += $0.map(\.tapCount) }
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 100, 100))
        h.send(0.2, (2, .began, 100, 100))
        h.send(0.25, (3, .began, 110, 100))
        // Far away: a record of its own.
        h.send(0.3, (4, .began, 300, 100))
        #expect(seen == [1, 2, 3, 1])
    }

    @Test("a tap beside another touch has a record of its own, which the next touch continues")
    func tapBesideAnotherTouch() {
        let h = GestureHarness()
        h.send(0, (1, .began, 300, 300))
        h.send(0.05, (2, .began, 100, 100))
        h.send(0.1, (1, .ended, 300, 300), (2, .ended, 100, 100))
        h.send(0.2, (3, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 2)
    }

    @Test("records older than 0.35 + 0.75 s are dropped; a touch held on one meanwhile lifts with tapCount 0")
    func staleRecords() {
        let h = GestureHarness()
        h.send(0, (1, .began, 100, 100))
        let held = h.environment.touchesDown.last
        h.send(1.2, (2, .began, 300, 300))
        #expect(h.environment.tapCounts.records.count == 1)
        h.send(1.3, (1, .ended, 100, 100))
        #expect(held?.tapCount == 0)
    }
}
