/// A velocity estimator chosen at run time by `VelocityEstimatorKind`.
///
/// The pan recognizer and the per-touch release velocity keep one `VelocityTracker` each. It is a
/// plain value that switches on its kind (no existential, no allocation): every estimator keeps
/// at most 20 samples in fixed inline storage, so `addSample` never allocates, and copying a
/// tracker copies its samples.
///
/// Units: times in seconds (s), positions in points (pt), velocities in points per second (pt/s).
/// See `VelocityEstimator` for the calling protocol and `VelocityEstimatorKind` for what each
/// estimator does and where it comes from.
public struct VelocityTracker: VelocityEstimator {
    /// The most samples any estimator keeps (AOSP `HISTORY_SIZE`, Flutter `_historySize`).
    public static let sampleCapacity = VelocitySampleRing.capacity

    /// Which estimator this tracker runs.
    public let kind: VelocityEstimatorKind
    // One field per estimator, only `kind`'s in use: each call switches on `kind` and updates its
    // estimator in place (an enum with the estimators as payloads would copy its largest payload,
    // a 20-sample ring, in and out at every sample).
    private var uikit = UIKitVelocityEstimator()
    private var lsq2 = LeastSquaresVelocityEstimator()
    private var flutter = FlutterVelocityEstimator()
    private var impulse = ImpulseVelocityEstimator()

    /// A tracker with no samples running the estimator `kind` (UIKit's blend by default).
    public init(kind: VelocityEstimatorKind = .uikit) {
        self.kind = kind
    }

    public mutating func reset() {
        switch kind {
        case .uikit: uikit.reset()
        case .lsq2: lsq2.reset()
        case .flutter: flutter.reset()
        case .impulse: impulse.reset()
        }
    }

    public mutating func addSample(time: Double, position: Point) {
        switch kind {
        case .uikit: uikit.addSample(time: time, position: position)
        case .lsq2: lsq2.addSample(time: time, position: position)
        case .flutter: flutter.addSample(time: time, position: position)
        case .impulse: impulse.addSample(time: time, position: position)
        }
    }

    public mutating func addLift(time: Double, position: Point) {
        switch kind {
        case .uikit: uikit.addLift(time: time, position: position)
        case .lsq2: lsq2.addLift(time: time, position: position)
        case .flutter: flutter.addLift(time: time, position: position)
        case .impulse: impulse.addLift(time: time, position: position)
        }
    }

    public func velocity() -> Vector? {
        switch kind {
        case .uikit: uikit.velocity()
        case .lsq2: lsq2.velocity()
        case .flutter: flutter.velocity()
        case .impulse: impulse.velocity()
        }
    }

    /// `velocity()` for a tracker stored in a class: a mutating call works on the stored value in
    /// place, where calling `velocity()` first copies the whole tracker (its sample rings, ~1.5 KB).
    @inline(__always) mutating func velocityInPlace() -> Vector? {
        // UIKit's blend (the default) is read straight from its field.
        if kind == .uikit { return uikit.velocity() }
        return velocity()
    }

    public var retainedSampleCount: Int {
        switch kind {
        case .uikit: uikit.retainedSampleCount
        case .lsq2: lsq2.retainedSampleCount
        case .flutter: flutter.retainedSampleCount
        case .impulse: impulse.retainedSampleCount
        }
    }
}
