/// Estimates the velocity of one touch (or of a centroid) from the positions it reports.
///
/// Units: times in seconds (s) of the trace's clock, positions in points (pt), velocities in
/// points per second (pt/s).
///
/// Protocol of the event stream, per touch (or per pan gesture, feeding its centroid):
/// 1. `reset()` (or a fresh value) when the touch goes down or the gesture starts over;
/// 2. `addSample(time:position:)` for the down and for every move, in time order;
/// 3. `addLift(time:position:)` when the touch lifts: the lift is *not* a sample for any
///    estimator, but some use its time (see each conforming type);
/// 4. `velocity()` at any time; at the lift it gives the release velocity.
///
/// Conforming types: `UIKitVelocityEstimator`, `LeastSquaresVelocityEstimator` (lsq2),
/// `FlutterVelocityEstimator`, `ImpulseVelocityEstimator`, and `VelocityTracker`, which selects
/// one of them at run time by `VelocityEstimatorKind` without existential overhead.
/// All of them are fixed-size values: adding samples never allocates.
public protocol VelocityEstimator: Sendable {
    /// Forgets every sample and lift, as for a new touch.
    mutating func reset()

    /// Records the position of the touch at a down or move event.
    /// - Parameters:
    ///   - time: event time, seconds.
    ///   - position: location, points.
    mutating func addSample(time: Double, position: Point)

    /// Records that the touch lifted at `time` (seconds) at `position` (points).
    /// Never adds a sample; estimators that model a pointer which stopped before lifting use
    /// the time to drop their estimate.
    mutating func addLift(time: Double, position: Point)

    /// The current velocity estimate in points per second, or `nil` when the estimator
    /// cannot report one (for example AOSP lsq2 with a single sample).
    func velocity() -> Vector?

    /// Number of samples the estimator currently keeps (never more than 20).
    var retainedSampleCount: Int { get }
}
