/// Conversions from trace time (seconds, `Double`) to the integer clocks the reference
/// implementations compare against.
///
/// AOSP `VelocityTracker` keeps event times in integer nanoseconds (`nsecs_t`) and compares them
/// exactly (same-timestamp replacement, the 40 ms and 100 ms limits); Flutter's `VelocityTracker`
/// keeps `Duration`s, i.e. integer microseconds. Rounding a difference of two trace times to
/// those units makes boundary cases (a gap of exactly 40 ms, a duplicated timestamp) behave
/// as on those platforms instead of depending on binary floating-point rounding.
enum TraceClock {
    /// `later - earlier`, rounded to whole nanoseconds.
    static func nanoseconds(from earlier: Double, to later: Double) -> Int64 {
        Int64(((later - earlier) * 1e9).rounded())
    }

    /// `later - earlier`, rounded to whole microseconds.
    static func microseconds(from earlier: Double, to later: Double) -> Int64 {
        Int64(((later - earlier) * 1e6).rounded())
    }
}
