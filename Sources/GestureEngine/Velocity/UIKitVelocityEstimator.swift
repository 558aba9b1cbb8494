/// UIKit's pan velocity: an exponential blend of per-event velocity samples.
///
/// Source: `shared/reference/uikit-semantics.md`, "Recognizers and defaults" / Pan (decompiled
/// iOS 18 UIKitCore `UIPanGestureRecognizer`):
/// - a sample is the movement since the previous accepted event divided by the time between
///   them, in pt/s;
/// - velocity = 0.2 × latest sample + 0.8 × previous velocity (previous velocity is zero before
///   the first sample);
/// - a sample whose time step is under 1 ms (0.001 s) is ignored; the event does not become the
///   new reference, so its movement is counted by the next accepted sample;
/// - no sample is taken at the lift, so after a pause the release velocity is still the speed
///   before the pause.
///
/// `velocity()` is never `nil`: before any movement it is `Vector.zero`.
public struct UIKitVelocityEstimator: VelocityEstimator {
    /// Weight of the newest sample in the blend (UIKit reference doc, Pan).
    public static let sampleWeight = 0.2
    /// Weight of the previous velocity in the blend (UIKit reference doc, Pan): `1 - sampleWeight`.
    public static let previousVelocityWeight = 0.8
    /// Samples closer together than this (seconds) are ignored (UIKit reference doc, Pan: 1 ms).
    public static let minimumSampleInterval = 0.001
    /// `minimumSampleInterval` in nanoseconds; time steps are compared after rounding to whole
    /// nanoseconds so that a step of exactly 1 ms counts whatever the binary rounding.
    static let minimumSampleIntervalNanos: Int64 = 1_000_000

    /// The last accepted event, the reference for the next sample.
    private var reference: VelocitySample?
    private var current = Vector.zero

    public init() {}

    public mutating func reset() {
        reference = nil
        current = .zero
    }

    public mutating func addSample(time: Double, position: Point) {
        guard let last = reference else {
            reference = VelocitySample(time: time, position: position)
            return
        }
        guard TraceClock.nanoseconds(from: last.time, to: time) >= Self.minimumSampleIntervalNanos else { return }
        let dt = time - last.time
        let sample = (position - last.position) / dt
        current = Self.sampleWeight * sample + Self.previousVelocityWeight * current
        reference = VelocitySample(time: time, position: position)
    }

    /// No sample is taken at the lift; the velocity stays as it was.
    public mutating func addLift(time: Double, position: Point) {}

    public func velocity() -> Vector? { current }

    public var retainedSampleCount: Int { reference == nil ? 0 : 1 }
}
