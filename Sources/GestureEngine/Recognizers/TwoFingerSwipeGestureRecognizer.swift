#if GESTURE_ENGINE_OUTSIDE
// Compiled outside the engine too (Examples/Sources/EngineSeeds), against its public API only.
import GestureEngine
#endif

/// The dark-theme shortcut of the seed article: two fingers swiping up or down together.
///
/// Written as a user would write it outside the engine, with the public API only. It is a
/// *discrete* recognizer: it stays `possible` until it can decide, then goes `possible -> ended`
/// (recognized, at the first lift) or `possible -> failed`. Unlike the article, it never sets
/// `began` first and `failed` later (an illegal transition).
///
/// Each finger's travel is measured from where that finger touched down (window coordinates, y down).
/// - **Recognizes** at the first lift when both fingers moved at least `minimumVerticalTravel`
///   vertically in the same direction, each mostly vertically; `direction` is `.up` or `.down`.
/// - **Fails** as soon as it knows:
///   - a lone finger moves more than `allowableMovementBeforeSecondTouch` before a second one
///     touches down, or lifts with no second finger ("one finger");
///   - both fingers have moved more than `decisionDistance` vertically, in opposite directions;
///   - a finger has moved more than `decisionDistance` horizontally and more horizontally than
///     `maximumHorizontalRatio` × its vertical travel ("mostly horizontal");
///   - a third finger touches down;
///   - at the lift, either finger's vertical travel is under `minimumVerticalTravel`.
///
/// The thresholds are the engine's choices (the article gives none); each is documented below.
public final class TwoFingerSwipeGestureRecognizer: GestureRecognizer {
    /// Vertical travel each finger needs, in the common direction, to recognize: 40 pt (engine choice:
    /// a deliberate swipe, a little under UIKit's 50 pt swipe minimum because two fingers drag more slowly).
    public static let defaultMinimumVerticalTravel = 40.0
    /// Movement of a finger (any direction, points) past which the recognizer decides that fingers move in
    /// opposite directions or sideways: 10 pt (engine choice, UIKit's pan hysteresis).
    public static let defaultDecisionDistance = 10.0
    /// Largest |horizontal| / |vertical| travel of a finger that still counts as vertical: 1, i.e. within
    /// 45° of vertical (engine choice).
    public static let defaultMaximumHorizontalRatio = 1.0
    /// How far a lone finger may move before a second one joins: 10 pt (engine choice, as `decisionDistance`).
    public static let defaultAllowableMovementBeforeSecondTouch = 10.0
    /// Number of fingers the swipe uses: exactly 2 (the article's shortcut).
    public static let numberOfTouchesRequired = 2

    // Configuration and attempt state below: plain values, read at every event. An overlapping
    // access to a trivial value cannot corrupt memory, so the run-time exclusivity check (~80
    // instructions per read) is skipped (docs/engine.md, "Cost").
    /// Vertical travel each finger needs, points (default 40).
    @exclusivity(unchecked) public var minimumVerticalTravel = TwoFingerSwipeGestureRecognizer.defaultMinimumVerticalTravel
    /// Travel after which direction and sideways movement are judged, points (default 10).
    @exclusivity(unchecked) public var decisionDistance = TwoFingerSwipeGestureRecognizer.defaultDecisionDistance
    /// Largest horizontal / vertical travel ratio per finger (default 1).
    @exclusivity(unchecked) public var maximumHorizontalRatio = TwoFingerSwipeGestureRecognizer.defaultMaximumHorizontalRatio
    /// Movement allowed to a lone finger before the second one touches down, points (default 10).
    @exclusivity(unchecked) public var allowableMovementBeforeSecondTouch =
        TwoFingerSwipeGestureRecognizer.defaultAllowableMovementBeforeSecondTouch

    /// The direction recognized (`.up` or `.down`), nil until it recognizes.
    @exclusivity(unchecked) public private(set) var direction: SwipeDirection?

    public override var kind: String { "twoFingerSwipe" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let n = numberOfTouches
        if n > Self.numberOfTouchesRequired {
            fail("\(n) touches; the two-finger swipe needs exactly \(Self.numberOfTouchesRequired)")
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let ts = self.touches
        if ts.count == 1 {
            let d = Self.travel(of: ts[0]).length
            if d > allowableMovementBeforeSecondTouch {
                fail(
                    "one finger moved \(short: d) pt > \(short: allowableMovementBeforeSecondTouch) pt before a second finger touched down")
            }
            return
        }
        guard ts.count == Self.numberOfTouchesRequired else { return }
        if let reason = earlyFailure(Self.travel(of: ts[0]), Self.travel(of: ts[1])) { fail(reason) }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let ts = self.touches
        guard ts.count == Self.numberOfTouchesRequired else {
            fail("lifted with \(ts.count) finger\(ts.count == 1 ? "" : "s"); the two-finger swipe needs \(Self.numberOfTouchesRequired)")
            return
        }
        let a = Self.travel(of: ts[0]), b = Self.travel(of: ts[1])
        if let reason = earlyFailure(a, b) {
            fail(reason)
            return
        }
        let sameDirection = (a.dy < 0 && b.dy < 0) || (a.dy > 0 && b.dy > 0)
        guard sameDirection, Swift.abs(a.dy) >= minimumVerticalTravel, Swift.abs(b.dy) >= minimumVerticalTravel else {
            fail(
                "vertical travel \(short: a.dy) pt and \(short: b.dy) pt at the lift; each finger needs \(short: minimumVerticalTravel) pt in the same direction"
            )
            return
        }
        direction = a.dy < 0 ? .up : .down
        state = .ended
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled")
    }

    public override func reset() {
        direction = nil
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.direction = direction
    }

    /// A reason to fail now, judging the two fingers' travels (points), or nil.
    private func earlyFailure(_ a: Vector, _ b: Vector) -> FailureReason? {
        let slop = decisionDistance
        if Swift.abs(a.dy) > slop && Swift.abs(b.dy) > slop && (a.dy < 0) != (b.dy < 0) {
            return FailureReason("fingers moved in opposite directions: vertical travel \(short: a.dy) pt and \(short: b.dy) pt")
        }
        if isMostlyHorizontal(a) { return horizontalReason(finger: 1, a) }
        if isMostlyHorizontal(b) { return horizontalReason(finger: 2, b) }
        return nil
    }

    private func isMostlyHorizontal(_ d: Vector) -> Bool {
        Swift.abs(d.dx) > decisionDistance && Swift.abs(d.dx) > maximumHorizontalRatio * Swift.abs(d.dy)
    }

    private func horizontalReason(finger: Int, _ d: Vector) -> FailureReason {
        FailureReason(
            "finger \(finger) moved mostly horizontally: \(short: Swift.abs(d.dx)) pt across > \(short: maximumHorizontalRatio) × \(short: Swift.abs(d.dy)) pt vertical"
        )
    }

    /// Travel of `touch` since it touched down, window coordinates, points.
    private static func travel(of touch: Touch) -> Vector {
        touch.location(in: nil) - touch.beganWindowLocation
    }
}
