/// A continuous two-finger rotation, as `UIRotationGestureRecognizer`.
///
/// - The angle of the line from the first finger to the second is measured with `atan2`
///   (`Angle.atan2`, stdlib only) and unwrapped between events, so full turns are counted
///   (the fingers may turn at most half a turn between two events).
/// - Needs exactly 2 touches. With one finger it stays `possible` (and fails when it lifts); a third
///   finger before it began fails it; fingers beyond two after it began are ignored.
/// - **Begins** when the pair has turned by more than
///   `5° + 5° × √min(|Δd / d0|, 1)` (5° with no change of distance, 10° once the distance has
///   doubled or more), where d0 is the distance when the pair formed and Δd its change. That
///   threshold is then subtracted (sign kept), so the rotation starts near 0.
/// - **Rotation** is cumulative, radians, positive clockwise on screen (y points down).
/// - **Velocity** (rad/s) = 0.75 × previous velocity + 0.25 × (Δrotation / Δt) at every event after
///   `began` that moves a finger (zero at `began`). The reference gives no blend for rotation; the
///   engine uses the pinch's 0.75 / 0.25 blend.
/// - Lifting one finger after it began freezes the rotation; a new second finger continues from it.
///   It **ends** when every finger has lifted; it **fails** if they lift before it began.
///
/// Reports `rotation` and `scalarVelocity`. Sources: decompiled iOS 18 UIKitCore, see
/// `shared/reference/uikit-semantics.md` (Rotation).
public final class RotationGestureRecognizer: GestureRecognizer {
    /// Rotation needed to begin with no change of distance: 5°, in radians (decompiled iOS 18
    /// UIKitCore, see shared/reference/uikit-semantics.md, Rotation).
    public static let minimumThreshold = 5.0 * Double.pi / 180
    /// Extra rotation needed as the distance changes: up to 5° more, in radians, scaled by
    /// √min(|Δd/d0|, 1) (same source).
    public static let distanceThreshold = 5.0 * Double.pi / 180
    /// Number of touches a rotation uses: exactly 2 (shared/reference/uikit-semantics.md, Rotation).
    public static let requiredNumberOfTouches = 2
    /// Weight of the previous velocity in the velocity blend (`ScalarVelocityBlend`): 0.75.
    public static let previousVelocityWeight = ScalarVelocityBlend.previousVelocityWeight
    /// Weight of the newest sample in the velocity blend: 0.25.
    public static let sampleWeight = ScalarVelocityBlend.sampleWeight

    /// The threshold for a relative distance change `|Δd/d0|`, radians (5° to 10°).
    public static func threshold(relativeDistanceChange r: Double) -> Double {
        minimumThreshold + distanceThreshold * Swift.min(Swift.abs(r), 1).squareRoot()
    }

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    @exclusivity(unchecked) private var hasPair = false
    @exclusivity(unchecked) private var hasBegun = false
    @exclusivity(unchecked) private var initialDistance = 0.0
    /// Angle of the pair at the last event, radians in (−π, π].
    @exclusivity(unchecked) private var lastAngle = 0.0
    /// Unwrapped rotation of the current pair since it formed, before began, radians.
    @exclusivity(unchecked) private var rawRotation = 0.0
    @exclusivity(unchecked) private var lastThreshold = RotationGestureRecognizer.minimumThreshold
    @exclusivity(unchecked) private var currentRotation = 0.0
    @exclusivity(unchecked) private var velocityBlend = ScalarVelocityBlend()

    public override var kind: String { "rotation" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The rotation since the gesture began, radians, counting full turns. Setting it continues
    /// from the new value and zeroes the velocity (UIKit).
    public var rotation: Double {
        get { currentRotation }
        set {
            currentRotation = newValue
            velocityBlend.rebase(value: newValue)
        }
    }

    /// The velocity of the rotation, radians per second.
    public var velocity: Double { velocityBlend.velocity }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let n = numberOfTouches
        if n > Self.requiredNumberOfTouches {
            if hasBegun {
                for t in touches where numberOfTouches > Self.requiredNumberOfTouches { ignore(t, for: event) }
            } else {
                fail(makeReason("\(n) touches; a rotation needs exactly \(Self.requiredNumberOfTouches)"))
                return
            }
        }
        guard numberOfTouches == Self.requiredNumberOfTouches, !hasPair else { return }
        hasPair = true
        lastAngle = pairAngle()
        if hasBegun {
            velocityBlend.resample(value: currentRotation, time: event.timestamp)
        } else {
            initialDistance = pairDistance()
            rawRotation = 0
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard hasPair, numberOfTouches == Self.requiredNumberOfTouches else { return }
        let angle = pairAngle()
        let delta = Angle.normalized(angle - lastAngle)
        lastAngle = angle
        if hasBegun {
            currentRotation += delta
            addVelocitySample(at: event.timestamp)
            state = .changed
            return
        }
        rawRotation += delta
        let relative = initialDistance > 0 ? (pairDistance() - initialDistance) / initialDistance : 0
        let threshold = Self.threshold(relativeDistanceChange: relative)
        lastThreshold = threshold
        guard Swift.abs(rawRotation) > threshold else { return }
        currentRotation = rawRotation < 0 ? rawRotation + threshold : rawRotation - threshold
        velocityBlend.restart(value: currentRotation, time: event.timestamp)
        hasBegun = true
        state = .began
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if numberOfTouches - touches.count > 0 {
            hasPair = false
            velocityBlend.forgetSample()
            return
        }
        if hasBegun {
            state = .ended
        } else if initialDistance > 0 {
            let deg = Angle.degrees(fromRadians: Swift.abs(rawRotation))
            let needed = Angle.degrees(fromRadians: lastThreshold)
            fail(makeReason("lifted before it began: turned \(short: deg)°, needs more than \(short: needed)°"))
        } else {
            fail(makeReason("lifted before it began: \(touches.count) touch\(touches.count == 1 ? "" : "es"); a rotation needs exactly \(Self.requiredNumberOfTouches)"))
        }
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun { state = .cancelled } else { fail("touch cancelled before the rotation began") }
    }

    public override func reset() {
        hasPair = false
        hasBegun = false
        initialDistance = 0
        lastAngle = 0
        rawRotation = 0
        lastThreshold = Self.minimumThreshold
        currentRotation = 0
        velocityBlend = ScalarVelocityBlend()
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.rotation = currentRotation
        values.scalarVelocity = velocityBlend.velocity
    }

    // MARK: Helpers

    private func addVelocitySample(at time: Double) {
        velocityBlend.add(value: currentRotation, time: time)
    }

    private func pairAngle() -> Double {
        let ts = touches
        guard ts.count >= 2 else { return 0 }
        let v = ts[1].location(in: nil) - ts[0].location(in: nil)
        return Angle.atan2(v.dy, v.dx)
    }

    private func pairDistance() -> Double {
        let ts = touches
        guard ts.count >= 2 else { return 0 }
        return ts[0].location(in: nil).distance(to: ts[1].location(in: nil))
    }
}
