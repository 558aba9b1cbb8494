/// The per-pointer sample history that Android's `VelocityTracker` keeps for its accumulating
/// strategies (`lsq2`, `impulse`), with Android's rules for adding samples and for the lift.
///
/// Rules, from AOSP `frameworks/native/libs/input/VelocityTracker.cpp`
/// (`VelocityTracker::addMovement`, `AccumulatingVelocityTrackerStrategy::addMovement`),
/// as summarised in `Tests/Fixtures/velocity/aosp/aosp_velocity_expected.json` ("event_rules"):
/// - at most `HISTORY_SIZE` = 20 samples (`VelocitySampleRing.capacity`);
/// - a new sample more than `ASSUME_POINTER_STOPPED_TIME` = 40 ms after the previous one clears
///   the history first ("pointer stopped"); AOSP compares `eventTime - mLastEventTime > 40 ms`,
///   strictly, in integer nanoseconds, so a gap of exactly 40 ms keeps the history;
/// - a sample with the same timestamp as the newest one replaces it;
/// - after adding, samples more than `HORIZON` = 100 ms older than the newest are dropped
///   (`maintainHorizonDuringAdd`, strict comparison);
/// - a lift (`ACTION_UP` / `ACTION_POINTER_UP`) adds nothing, but when it comes more than 40 ms
///   after the last sample AOSP erases the planar strategies, so no velocity is reported.
///
/// Times are seconds (`Double`); differences are rounded to whole nanoseconds as in AOSP.
struct AndroidSampleHistory: Sendable {
    /// AOSP `HORIZON`: 100 ms, in nanoseconds.
    static let horizonNanos: Int64 = 100_000_000
    /// AOSP `ASSUME_POINTER_STOPPED_TIME`: 40 ms, in nanoseconds.
    static let assumePointerStoppedNanos: Int64 = 40_000_000

    private(set) var samples = VelocitySampleRing()

    init() {}

    var count: Int { samples.count }

    mutating func removeAll() {
        samples.removeAll()
    }

    /// Adds one sample (seconds, points) under the AOSP rules above.
    mutating func add(time: Double, position: Point) {
        if let newest = samples.newest {
            let gap = TraceClock.nanoseconds(from: newest.time, to: time)
            if gap > Self.assumePointerStoppedNanos {
                samples.removeAll()
            } else if gap == 0 {
                samples.removeNewest()
            }
        }
        samples.append(VelocitySample(time: time, position: position))
        while let oldest = samples.oldest,
            TraceClock.nanoseconds(from: oldest.time, to: time) > Self.horizonNanos
        {
            samples.removeOldest()
        }
    }

    /// Applies the lift rule: a lift more than 40 ms after the last sample drops the history.
    mutating func lift(time: Double) {
        guard let newest = samples.newest else { return }
        if TraceClock.nanoseconds(from: newest.time, to: time) > Self.assumePointerStoppedNanos {
            samples.removeAll()
        }
    }

    /// Age of sample `index` relative to the newest, in seconds, from the nanosecond difference
    /// (AOSP: `age * SECONDS_PER_NANO`).
    func ageSeconds(of index: Int) -> Double {
        guard let newest = samples.newest else { return 0 }
        return Double(TraceClock.nanoseconds(from: samples[index].time, to: newest.time)) * 1e-9
    }
}
