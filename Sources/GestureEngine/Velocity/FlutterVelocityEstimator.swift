/// Flutter's touch velocity estimator: an unweighted least-squares quadratic fit of the recent
/// positions, with time in milliseconds, reporting its slope at the newest sample.
///
/// Source: Flutter `VelocityTracker` (flutter/flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`,
/// the default tracker for touch pointers), checked against the expectations of Flutter's
/// `velocity_tracker_test.dart` in `Tests/Fixtures/velocity/flutter/`. Written from the
/// published behaviour, not copied. Constants (from that file):
/// - `_historySize` = 20 samples kept;
/// - `_horizonMilliseconds` = 100: samples older than 100 ms before the newest are not used;
/// - `_assumePointerMoveStoppedMilliseconds` = 40: walking back from the newest sample, a gap of
///   more than 40 ms between consecutive samples stops the walk (older samples are not used);
/// - `_minSampleSize` = 3: with fewer usable samples the velocity is zero.
///
/// Only down and move positions are samples; the velocity is read at the lift, whose own
/// position is not added (adding it would drag the estimate toward zero).
/// Fit: `p(t) = c + b·t + a·t²` per axis with `t` = −age in milliseconds, velocity = `b · 1000`
/// in pt/s. Flutter keeps times as `Duration`s, so ages and gaps here are rounded to whole
/// microseconds.
///
/// Flutter also answers zero when more than 40 ms (whole milliseconds, by a stopwatch) have
/// passed since the last sample when the velocity is asked for; in a trace the lift time plays
/// the stopwatch, so a lift more than 40 ms after the last sample gives zero.
///
/// `velocity()` is never `nil`: like Flutter's `getVelocity()`, it answers `Vector.zero` when it
/// cannot estimate.
public struct FlutterVelocityEstimator: VelocityEstimator {
    /// Flutter `_horizonMilliseconds`, in microseconds.
    static let horizonMicros: Int64 = 100_000
    /// Flutter `_assumePointerMoveStoppedMilliseconds`, in microseconds.
    static let assumePointerMoveStoppedMicros: Int64 = 40_000
    /// Flutter `_assumePointerMoveStoppedMilliseconds`, in whole milliseconds (stopwatch check).
    static let assumePointerMoveStoppedMillis: Int64 = 40
    /// Flutter `_minSampleSize`.
    static let minimumSampleCount = 3

    private var samples = VelocitySampleRing()
    /// True when the lift came more than 40 ms after the last sample.
    private var stoppedBeforeLift = false

    public init() {}

    public mutating func reset() {
        samples.removeAll()
        stoppedBeforeLift = false
    }

    public mutating func addSample(time: Double, position: Point) {
        samples.append(VelocitySample(time: time, position: position))
        stoppedBeforeLift = false
    }

    /// The lift adds no sample; more than 40 ms (whole milliseconds) after the last sample
    /// the pointer is taken to have stopped and the velocity is zero.
    public mutating func addLift(time: Double, position: Point) {
        guard let newest = samples.newest else { return }
        let elapsedMillis = TraceClock.microseconds(from: newest.time, to: time) / 1000
        stoppedBeforeLift = elapsedMillis > Self.assumePointerMoveStoppedMillis
    }

    public func velocity() -> Vector? {
        guard !stoppedBeforeLift, let newest = samples.newest else { return .zero }
        let usable = usableSampleCount(newest: newest)
        guard usable >= Self.minimumSampleCount else { return .zero }
        let first = samples.count - usable
        let slope = PolynomialSlopeFit.slope(count: usable, degree: 2) { i in
            let sample = samples[first + i]
            let ageMillis = Double(TraceClock.microseconds(from: sample.time, to: newest.time)) / 1000
            return .init(t: -ageMillis, x: sample.position.x, y: sample.position.y)
        }
        guard let slope else { return .zero }
        return Vector(dx: slope.dx * 1000, dy: slope.dy * 1000)
    }

    public var retainedSampleCount: Int { samples.count }

    /// How many of the newest samples the fit uses: walking back from the newest, stop at a
    /// sample older than the horizon or separated from the next newer one by more than 40 ms.
    private func usableSampleCount(newest: VelocitySample) -> Int {
        var used = 0
        var previous = newest
        var index = samples.count - 1
        while index >= 0 {
            let sample = samples[index]
            let age = TraceClock.microseconds(from: sample.time, to: newest.time)
            let gap = abs(TraceClock.microseconds(from: sample.time, to: previous.time))
            if age > Self.horizonMicros || gap > Self.assumePointerMoveStoppedMicros { break }
            used += 1
            previous = sample
            index -= 1
        }
        return used
    }
}
