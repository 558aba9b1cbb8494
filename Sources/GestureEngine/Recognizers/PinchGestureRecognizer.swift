/// A continuous two-finger pinch, as `UIPinchGestureRecognizer`.
///
/// - Needs exactly 2 touches. With one finger it stays `possible` (and fails when it lifts); a third
///   finger before it began fails it; fingers beyond two after it began are ignored.
/// - **Begins** when the distance between the two fingers has changed by more than `hysteresis`
///   (8 pt) from its value when the second finger touched down. The starting distance is then moved
///   8 pt toward the current one, so the scale starts near 1: 100 → 110 pt begins with 110/108.
/// - **Scale** = current distance / (shifted) starting distance, cumulative: 216 pt then gives 2.0.
/// - **Velocity** (scale/s) = 0.75 × previous velocity + 0.25 × (Δscale / Δt) at every event after
///   `began` that moves a finger (zero at `began`; events with no elapsed time add no sample).
/// - Lifting one of the two fingers after it began freezes the scale; a new second finger continues
///   from the same scale. It **ends** when every finger has lifted; it **fails** if they lift first.
///
/// Reports `scale` and `scalarVelocity`. Sources: decompiled iOS 18 UIKitCore, see
/// `shared/reference/uikit-semantics.md` (Pinch); ending only when both fingers lift follows Apple's
/// `UIPinchGestureRecognizer` documentation.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Change of the finger distance needed to begin: more than 8 pt (decompiled iOS 18 UIKitCore,
    /// see shared/reference/uikit-semantics.md, Pinch).
    public static let hysteresis = 8.0
    /// Number of touches a pinch uses: exactly 2 (shared/reference/uikit-semantics.md, Pinch).
    public static let requiredNumberOfTouches = 2
    /// Weight of the previous velocity in the velocity blend (`ScalarVelocityBlend`): 0.75.
    public static let previousVelocityWeight = ScalarVelocityBlend.previousVelocityWeight
    /// Weight of the newest sample in the velocity blend: 0.25.
    public static let sampleWeight = ScalarVelocityBlend.sampleWeight

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// Distance between the fingers when the current pair formed, points.
    @exclusivity(unchecked) private var initialDistance = 0.0
    /// Distance that gives scale 1, points (the initial distance shifted by the hysteresis at began).
    @exclusivity(unchecked) private var baseDistance = 0.0
    @exclusivity(unchecked) private var hasPair = false
    @exclusivity(unchecked) private var hasBegun = false
    @exclusivity(unchecked) private var currentScale = 1.0
    @exclusivity(unchecked) private var velocityBlend = ScalarVelocityBlend()
    /// |distance − initial distance| at the last move before began, points (for the failure reason).
    @exclusivity(unchecked) private var lastDistanceChange = 0.0

    public override var kind: String { "pinch" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The scale since the pinch began (1 at the start), cumulative. Setting it re-bases the
    /// measurement so the next events continue from the new value, and zeroes the velocity (UIKit).
    public var scale: Double {
        get { currentScale }
        set {
            currentScale = newValue
            if hasPair && newValue != 0 { baseDistance = currentDistance() / newValue }
            velocityBlend.rebase(value: newValue)
        }
    }

    /// The velocity of the pinch, scale per second.
    public var velocity: Double { velocityBlend.velocity }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let n = numberOfTouches
        if n > Self.requiredNumberOfTouches {
            if hasBegun {
                for t in touches where numberOfTouches > Self.requiredNumberOfTouches { ignore(t, for: event) }
            } else {
                fail(makeReason("\(n) touches; a pinch needs exactly \(Self.requiredNumberOfTouches)"))
                return
            }
        }
        guard numberOfTouches == Self.requiredNumberOfTouches, !hasPair else { return }
        formPair(at: event.timestamp)
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard hasPair, numberOfTouches == Self.requiredNumberOfTouches else { return }
        let d = currentDistance()
        if hasBegun {
            currentScale = d / baseDistance
            addVelocitySample(at: event.timestamp)
            state = .changed
            return
        }
        let change = d - initialDistance
        lastDistanceChange = Swift.abs(change)
        guard Swift.abs(change) > Self.hysteresis, initialDistance > 0 else { return }
        baseDistance = change > 0 ? initialDistance + Self.hysteresis : initialDistance - Self.hysteresis
        currentScale = d / baseDistance
        velocityBlend.restart(value: currentScale, time: event.timestamp)
        hasBegun = true
        state = .began
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        finishTouches(touches, cancelled: false)
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        finishTouches(touches, cancelled: true)
    }

    public override func reset() {
        initialDistance = 0
        baseDistance = 0
        hasPair = false
        hasBegun = false
        currentScale = 1
        velocityBlend = ScalarVelocityBlend()
        lastDistanceChange = 0
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.scale = currentScale
        values.scalarVelocity = velocityBlend.velocity
    }

    // MARK: Helpers

    private func finishTouches(_ touches: [Touch], cancelled: Bool) {
        let remaining = numberOfTouches - touches.count
        if cancelled {
            if hasBegun { state = .cancelled } else { fail("touch cancelled before the pinch began") }
            return
        }
        if remaining > 0 {
            // The pair is broken: the scale stays until a new pair forms.
            hasPair = false
            velocityBlend.forgetSample()
            return
        }
        if hasBegun {
            state = .ended
        } else if initialDistance > 0 {
            fail(makeReason("lifted before it began: distance changed \(short: lastDistanceChange) pt, needs more than \(short: Self.hysteresis) pt"))
        } else {
            fail(makeReason("lifted before it began: \(touches.count) touch\(touches.count == 1 ? "" : "es"); a pinch needs exactly \(Self.requiredNumberOfTouches)"))
        }
    }


    private func formPair(at time: Double) {
        hasPair = true
        let d = currentDistance()
        if hasBegun {
            // Continue from the current scale with the new pair.
            baseDistance = currentScale != 0 ? d / currentScale : d
            velocityBlend.resample(value: currentScale, time: time)
        } else {
            initialDistance = d
        }
    }

    private func addVelocitySample(at time: Double) {
        velocityBlend.add(value: currentScale, time: time)
    }

    private func currentDistance() -> Double {
        let ts = touches
        guard ts.count >= 2 else { return 0 }
        return ts[0].location(in: nil).distance(to: ts[1].location(in: nil))
    }
}
