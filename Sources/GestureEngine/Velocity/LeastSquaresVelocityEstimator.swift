/// Android's default planar velocity estimator, `lsq2`: an unweighted least-squares quadratic
/// fit of the recent positions, reporting its slope at the newest sample.
///
/// Source: AOSP `VelocityTracker` (frameworks/native `libs/input/VelocityTracker.cpp`,
/// `LeastSquaresVelocityTrackerStrategy` with degree 2 and no weighting, the default for the
/// X and Y axes), checked against the expectations of AOSP's `VelocityTracker_test.cpp` in
/// `Tests/Fixtures/velocity/aosp/`. Written from the published behaviour, not copied.
///
/// - Samples: at most 20, within 100 ms of the newest; a gap of more than 40 ms clears them;
///   a sample with the same timestamp replaces the newest; a lift more than 40 ms after the
///   last sample drops them (all of this is `AndroidSampleHistory`).
/// - Fit: `p(t) = c + b·t + a·t²` per axis with `t` = −age in seconds (0 for the newest);
///   velocity = `b` in pt/s. With exactly 2 samples the fit is a line through both.
/// - `velocity()` is `nil` with fewer than 2 samples, after a late lift, or when the sample
///   times do not determine the fit.
///
/// AOSP computes in 32-bit floats; this computes in `Double`, which agrees with AOSP's
/// published expectations to under 1e-3 relative (1e-5 for exact polynomials).
public struct LeastSquaresVelocityEstimator: VelocityEstimator {
    /// Polynomial degree of the fit (AOSP strategy `LSQ2`).
    public static let degree = 2

    private var history = AndroidSampleHistory()

    public init() {}

    public mutating func reset() {
        history.removeAll()
    }

    public mutating func addSample(time: Double, position: Point) {
        history.add(time: time, position: position)
    }

    /// The lift adds no sample; more than 40 ms after the last sample it drops the estimate.
    public mutating func addLift(time: Double, position: Point) {
        history.lift(time: time)
    }

    public func velocity() -> Vector? {
        let count = history.count
        guard count >= 2 else { return nil }
        let degree = min(Self.degree, count - 1)
        let samples = history.samples
        let slope = PolynomialSlopeFit.slope(count: count, degree: degree) { i in
            let p = samples[i].position
            return .init(t: -history.ageSeconds(of: i), x: p.x, y: p.y)
        }
        return slope.map { Vector(dx: $0.dx, dy: $0.dy) }
    }

    public var retainedSampleCount: Int { history.count }
}
