#if GESTURE_ENGINE_OUTSIDE
// Compiled outside the engine too (Examples/Sources/EngineSeeds), against its public API only.
import GestureEngine
#endif

/// The tickle of the seed article: one finger moving back and forth quickly, in short strokes.
///
/// Written as a user would write it outside the engine, with the public API only. It is discrete:
/// `possible -> ended` when the finger has reversed direction `requiredTickles` times, or
/// `possible -> failed`.
///
/// - A **leg** is the movement between two reversals (the first leg starts at the touch-down). A
///   **reversal** is a move whose change vector (current − previous location) points against the
///   current leg's direction (negative dot product). The article's bug, testing the *absolute location*
///   against the direction, is not copied: only change vectors are compared.
/// - A reversal counts as a tickle when the leg before it was at least `minimumTickleDistance` long;
///   a shorter wiggle turns the direction without counting.
/// - **Fails** as soon as the current leg is longer than `maximumTickleDistance` (a slide, not a tickle),
///   when a second finger touches down, or when the finger lifts (or is cancelled) before the count is
///   reached. Like every recognizer in the engine it ends each attempt in a terminal state and never
///   calls `reset()` itself (the article's bug); the engine resets it afterwards.
///
/// Reports the reversal count as the extra value `tickles` (`GestureValue.integer`).
public final class TickleGestureRecognizer: GestureRecognizer {
    /// Default `requiredTickles`: 3 direction reversals (engine choice for the seed article's tickle).
    public static let defaultRequiredTickles = 3
    /// Default `minimumTickleDistance`: 2.5 pt, the shortest leg that counts (engine choice; filters jitter).
    public static let defaultMinimumTickleDistance = 2.5
    /// Default `maximumTickleDistance`: 25 pt, the longest leg (the seed article's `distanceForTickleGesture`).
    public static let defaultMaximumTickleDistance = 25.0

    // Configuration and attempt state below: plain values, read at every event. An overlapping
    // access to a trivial value cannot corrupt memory, so the run-time exclusivity check (~80
    // instructions per read) is skipped (docs/engine.md, "Cost").
    /// Reversals needed to recognize (default 3).
    @exclusivity(unchecked) public var requiredTickles = TickleGestureRecognizer.defaultRequiredTickles
    /// Shortest leg, points, for its reversal to count (default 2.5).
    @exclusivity(unchecked) public var minimumTickleDistance = TickleGestureRecognizer.defaultMinimumTickleDistance
    /// Longest leg allowed, points (default 25); a longer one fails the tickle.
    @exclusivity(unchecked) public var maximumTickleDistance = TickleGestureRecognizer.defaultMaximumTickleDistance

    /// Reversals counted in this attempt.
    @exclusivity(unchecked) public private(set) var tickles = 0

    @exclusivity(unchecked) private var legStart = Point.zero
    /// Unit direction of the current leg; zero until the finger first moves.
    @exclusivity(unchecked) private var legDirection = Vector.zero
    @exclusivity(unchecked) private var hasTouch = false

    public override var kind: String { "tickle" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if numberOfTouches > 1 {
            fail("\(numberOfTouches) touches; a tickle needs 1")
            return
        }
        hasTouch = true
        legStart = touches[0].location(in: nil)
        legDirection = .zero
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard hasTouch else { return }
        // Window coordinates (`location(in: nil)`), read in place: no touch held for the move.
        let previous = touches[0].previousWindowLocation
        let current = touches[0].windowLocation
        let change = current - previous
        let length = change.length
        guard length > 0 else { return }
        if legDirection == .zero {
            legDirection = change / length
        } else if change.dot(legDirection) < 0 {
            // The finger turned back at `previous`: the leg legStart -> previous is complete.
            if previous.distance(to: legStart) >= minimumTickleDistance { tickles += 1 }
            legStart = previous
            legDirection = change / length
            if tickles >= requiredTickles {
                state = .ended
                return
            }
        }
        let leg = current.distance(to: legStart)
        if leg > maximumTickleDistance {
            fail(
                "leg of \(short: leg) pt > maximumTickleDistance \(short: maximumTickleDistance) pt after \(tickles) tickle\(tickles == 1 ? "" : "s")"
            )
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        fail("lifted after \(tickles) tickle\(tickles == 1 ? "" : "s"); needs \(requiredTickles)")
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled after \(tickles) tickle\(tickles == 1 ? "" : "s")")
    }

    public override func reset() {
        tickles = 0
        hasTouch = false
        legStart = .zero
        legDirection = .zero
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.extra.append((name: "tickles", value: .integer(tickles)))
    }
}
