/// Conversions from trace time (seconds, `Double`) to the integer clocks the reference
/// implementations compare against.
///
/// AOSP `VelocityTracker` keeps event times in integer nanoseconds (`nsecs_t`) and compares them
/// exactly (same-timestamp replacement, the 40 ms and 100 ms limits); Flutter's `VelocityTracker`
/// keeps `Duration`s, i.e. integer microseconds. Rounding a difference of two trace times to
/// those units makes boundary cases (a gap of exactly 40 ms, a duplicated timestamp) behave
/// as on those platforms instead of depending on binary floating-point rounding.
enum TraceClock {
    /// The finest time step a velocity divides by, seconds: 1 ns. UIKit's event timestamps come from
    /// the kernel's clock (`mach_absolute_time`, at best nanoseconds); two events closer than that
    /// are one instant, as for equal times. Dividing by a closer step (frames 1e-310 s apart) made an
    /// infinite velocity from finite inputs (issue #30, finding 23).
    static let resolution = 1e-9

    /// `later - earlier`, rounded to whole nanoseconds (saturating: a gap of more than 292 years
    /// is `Int64.max`, not a crash).
    static func nanoseconds(from earlier: Double, to later: Double) -> Int64 {
        saturating(((later - earlier) * 1e9).rounded())
    }

    /// `later - earlier`, rounded to whole microseconds (saturating).
    static func microseconds(from earlier: Double, to later: Double) -> Int64 {
        saturating(((later - earlier) * 1e6).rounded())
    }

    /// `value` (a whole number) as an `Int64`, clamped to its range; NaN is 0.
    @inline(__always)
    private static func saturating(_ value: Double) -> Int64 {
        if value >= 0x1p63 { return .max }
        if value <= -0x1p63 { return .min }
        return value.isNaN ? 0 : Int64(value)
    }
}
