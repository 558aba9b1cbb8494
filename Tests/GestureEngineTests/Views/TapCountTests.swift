@testable import GestureEngine
import GestureTesting
import Testing

/// `Touch.tapCount` at the limits of `TapCountRule` (0.35 s between a lift and the next touch-down,
/// 45 pt from where the sequence began, 0.75 s down per tap).
@Suite("Touch.tapCount")
struct TapCountTests {
    /// Taps `(down, up, x, y)` in turn on an unbounded root; returns each touch's tapCount.
    func counts(_ taps: [(Double, Double, Double, Double)]) -> [Int] {
        let h = GestureHarness()
        var counts: [Int] = []
        for (i, tap) in taps.enumerated() {
            h.send(tap.0, (i + 1, .began, tap.2, tap.3))
            counts.append(h.environment.touchesDown.last?.tapCount ?? 0)
            h.send(tap.1, (i + 1, .ended, tap.2, tap.3))
        }
        return counts
    }

    @Test("single, double and triple taps count 1, 2, 3")
    func sequence() {
        #expect(counts([(0, 0.1, 100, 100)]) == [1])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 100, 100)]) == [1, 2])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 102, 101), (0.4, 0.5, 99, 100)]) == [1, 2, 3])
    }

    @Test("the next touch-down at exactly 0.35 s after the lift continues the sequence; later starts a new one")
    func intervalLimit() {
        #expect(counts([(0, 0.125, 100, 100), (0.475, 0.6, 100, 100)]) == [1, 2])
        #expect(counts([(0, 0.125, 100, 100), (0.47501, 0.6, 100, 100)]) == [1, 1])
    }

    @Test("a next tap at exactly 45 pt from the first continues the sequence; farther starts a new one")
    func distanceLimit() {
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 145, 100)]) == [1, 2])
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 145.01, 100)]) == [1, 1])
        // Measured from the sequence's first tap, not the last: 30 + 30 pt is too far.
        #expect(counts([(0, 0.1, 100, 100), (0.2, 0.3, 130, 100), (0.4, 0.5, 160, 100)]) == [1, 2, 1])
    }

    @Test("a touch held exactly 0.75 s still counts as a tap; held longer, the next touch starts over")
    func durationLimit() {
        #expect(counts([(0, 0.75, 100, 100), (0.8, 0.9, 100, 100)]) == [1, 2])
        #expect(counts([(0, 0.75001, 100, 100), (0.8, 0.9, 100, 100)]) == [1, 1])
    }

    @Test("a touch that lifts far from where it began is not a tap; a cancelled one neither")
    func movedOrCancelled() {
        let h = GestureHarness()
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .ended, 200, 100))
        h.send(0.2, (2, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 1)
        h.send(0.3, (2, .cancelled, 100, 100))
        h.send(0.4, (3, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 1)
    }

    @Test("a second finger down while the first is down starts at 1, and recognizers can read tapCount")
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
        #expect(seen == [1, 2, 1])
    }
}

extension TapCountTests {
    @Test("a tap that began beside another touch is not continued by the next touch")
    func tapBesideAnotherTouch() {
        let h = GestureHarness()
        h.send(0, (1, .began, 300, 300))
        h.send(0.05, (2, .began, 100, 100))
        h.send(0.1, (1, .ended, 300, 300), (2, .ended, 100, 100))
        h.send(0.2, (3, .began, 100, 100))
        #expect(h.environment.touchesDown.last?.tapCount == 1)
    }
}
