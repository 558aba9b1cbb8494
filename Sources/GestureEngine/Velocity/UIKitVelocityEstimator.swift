/// UIKit's pan velocity: a blend of the two most recent per-event velocity samples.
///
/// Follows the decompiled iOS 18.2 UIKitCore `UIPanGestureRecognizer` (public repository
/// `EthanArbuckle/iPhone17-1_18.2_22C152_Restore`):
/// - `_centroidMovedTo:atTime:affectingTranslation:` takes a sample at every move whose time step
///   is positive: the movement from the previous position to the new one and the time between
///   them. The previous sample is kept, older ones are dropped. The new position becomes the
///   reference for the next sample whatever the time step (a step of zero takes no sample but
///   still moves the reference, so its movement is not counted twice);
/// - `_convertVelocitySample:fromSceneReferenceCoordinatesToView:`: a sample is movement / time
///   step, pt/s, and counts as zero when its time step is under 1 ms;
/// - `velocityInView:`: the latest sample alone when there is no previous one (or the previous
///   one's time step is not above `FLT_EPSILON`), else 0.2 × latest sample + 0.8 × previous
///   sample (two samples, not a running average of velocities). A finger moving at a constant
///   1000 pt/s reports 1000 pt/s from its first move on;
/// - no sample is taken at the lift (`touchesEnded:` never moves the centroid), so after a pause
///   the release velocity is still the speed before the pause.
///
/// The 1 ms limit is compared in whole nanoseconds, so a step of exactly 1 ms
/// counts whatever the binary rounding of the two timestamps. A velocity too large for a `Double`
/// (an absurd step in the input) is reported as ±`Double.greatestFiniteMagnitude`, never infinity.
///
/// `velocity()` is never `nil`: before any movement it is `Vector.zero`.
public struct UIKitVelocityEstimator: VelocityEstimator {
    /// Weight of the latest sample in the blend (`velocityInView:`: 0.2).
    public static let sampleWeight = 0.2
    /// Weight of the previous sample in the blend (`velocityInView:`: 0.8).
    public static let previousSampleWeight = 0.8
    /// A sample whose time step is under this (seconds) counts as zero
    /// (`_convertVelocitySample:fromSceneReferenceCoordinatesToView:`: 1 ms).
    public static let minimumSampleInterval = 0.001
    /// The previous sample is blended in only when its time step is above this (seconds):
    /// `FLT_EPSILON`, as `velocityInView:`.
    public static let minimumPreviousSampleInterval = 1.1920928955078125e-07
    /// `minimumSampleInterval` in nanoseconds less half a nanosecond: a time step counts when
    /// `dt × 1e9` reaches it, i.e. when it rounds to at least 1,000,000 ns, so that a step of
    /// exactly 1 ms counts whatever the binary rounding of the two timestamps.
    static let minimumSampleIntervalRoundingBound = 999_999.5

    /// The position and time of the last event, the reference for the next sample.
    private var hasReference = false
    private var referenceTime = 0.0
    private var referencePosition = Point.zero
    /// The latest sample, pt/s (zero when its step was under 1 ms).
    private var latest = Vector.zero
    /// The sample before it, pt/s (zero when its step was under 1 ms).
    private var previous = Vector.zero
    /// Whether `previous` takes part in the blend (it exists and its step is above `FLT_EPSILON`).
    private var blendsPrevious = false
    /// Samples taken since the reset, capped at 2 (the ones kept).
    private var sampleCount = 0

    public init() {}

    public mutating func reset() {
        hasReference = false
        latest = .zero
        previous = .zero
        blendsPrevious = false
        sampleCount = 0
    }

    public mutating func addSample(time: Double, position: Point) {
        guard hasReference else {
            hasReference = true
            referenceTime = time
            referencePosition = position
            return
        }
        let dt = time - referenceTime
        let from = referencePosition
        referenceTime = time
        referencePosition = position
        // `_centroidMovedTo:atTime:affectingTranslation:` takes a sample only for a positive step.
        guard dt > 0 else { return }
        if sampleCount > 0 {
            previous = latest
            blendsPrevious = latestInterval > Self.minimumPreviousSampleInterval
            sampleCount = 2
        } else {
            sampleCount = 1
        }
        latestInterval = dt
        // Under 1 ms the sample counts as zero. Compared as whole nanoseconds (dt × 1e9 rounded
        // >= 1,000,000), so a step of exactly 1 ms counts whatever the binary rounding of the times.
        if dt * 1e9 >= Self.minimumSampleIntervalRoundingBound {
            let v = (position - from) / dt
            latest = Vector(dx: Self.finite(v.dx), dy: Self.finite(v.dy))
        } else {
            latest = .zero
        }
    }

    /// The time step of `latest`, seconds.
    private var latestInterval = 0.0

    /// No sample is taken at the lift; the velocity stays as it was.
    public mutating func addLift(time: Double, position: Point) {}

    public func velocity() -> Vector? {
        let v = blendsPrevious ? Self.sampleWeight * latest + Self.previousSampleWeight * previous : latest
        return Vector(dx: Self.finite(v.dx), dy: Self.finite(v.dy))
    }

    /// The samples kept: 0 before the first move, then 1 or 2.
    public var retainedSampleCount: Int { sampleCount }

    /// `x`, or the largest finite value of its sign when it overflowed (0 for NaN).
    @inline(__always) static func finite(_ x: Double) -> Double {
        if x.isFinite { return x }
        if x.isNaN { return 0 }
        return x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
}
