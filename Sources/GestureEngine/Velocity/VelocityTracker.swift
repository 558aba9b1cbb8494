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
    private enum Engine: Sendable {
        case uikit(UIKitVelocityEstimator)
        case lsq2(LeastSquaresVelocityEstimator)
        case flutter(FlutterVelocityEstimator)
        case impulse(ImpulseVelocityEstimator)
    }

    /// The most samples any estimator keeps (AOSP `HISTORY_SIZE`, Flutter `_historySize`).
    public static let sampleCapacity = VelocitySampleRing.capacity

    /// Which estimator this tracker runs.
    public let kind: VelocityEstimatorKind
    private var engine: Engine

    /// A tracker with no samples running the estimator `kind` (UIKit's blend by default).
    public init(kind: VelocityEstimatorKind = .uikit) {
        self.kind = kind
        self.engine = Self.freshEngine(for: kind)
    }

    public mutating func reset() {
        engine = Self.freshEngine(for: kind)
    }

    public mutating func addSample(time: Double, position: Point) {
        switch engine {
        case .uikit(var e): e.addSample(time: time, position: position); engine = .uikit(e)
        case .lsq2(var e): e.addSample(time: time, position: position); engine = .lsq2(e)
        case .flutter(var e): e.addSample(time: time, position: position); engine = .flutter(e)
        case .impulse(var e): e.addSample(time: time, position: position); engine = .impulse(e)
        }
    }

    public mutating func addLift(time: Double, position: Point) {
        switch engine {
        case .uikit(var e): e.addLift(time: time, position: position); engine = .uikit(e)
        case .lsq2(var e): e.addLift(time: time, position: position); engine = .lsq2(e)
        case .flutter(var e): e.addLift(time: time, position: position); engine = .flutter(e)
        case .impulse(var e): e.addLift(time: time, position: position); engine = .impulse(e)
        }
    }

    public func velocity() -> Vector? {
        switch engine {
        case .uikit(let e): e.velocity()
        case .lsq2(let e): e.velocity()
        case .flutter(let e): e.velocity()
        case .impulse(let e): e.velocity()
        }
    }

    public var retainedSampleCount: Int {
        switch engine {
        case .uikit(let e): e.retainedSampleCount
        case .lsq2(let e): e.retainedSampleCount
        case .flutter(let e): e.retainedSampleCount
        case .impulse(let e): e.retainedSampleCount
        }
    }

    private static func freshEngine(for kind: VelocityEstimatorKind) -> Engine {
        switch kind {
        case .uikit: .uikit(UIKitVelocityEstimator())
        case .lsq2: .lsq2(LeastSquaresVelocityEstimator())
        case .flutter: .flutter(FlutterVelocityEstimator())
        case .impulse: .impulse(ImpulseVelocityEstimator())
        }
    }
}
