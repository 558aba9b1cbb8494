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
        rounded((later - earlier) * 1e9)
    }

    /// `later - earlier`, rounded to whole microseconds (saturating).
    static func microseconds(from earlier: Double, to later: Double) -> Int64 {
        rounded((later - earlier) * 1e6)
    }

    /// `value` rounded to the nearest whole number, halves away from zero (`rounded()`), as an
    /// `Int64`, saturating; NaN is 0. Without libm's `round` (a call per swipe move and velocity
    /// sample): below 2^52 the conversion truncates exactly and the fraction left is exact, so
    /// comparing it with one half rounds as `rounded()` does; from 2^52 on, every `Double` is whole.
    @inline(__always)
    static func rounded(_ value: Double) -> Int64 {
        guard Swift.abs(value) < 0x1p52 else { return saturating(value) }
        let whole = Int64(value)
        let fraction = value - Double(whole)
        if fraction >= 0.5 { return whole &+ 1 }
        if fraction <= -0.5 { return whole &- 1 }
        return whole
    }

    /// `value` (a whole number) as an `Int64`, clamped to its range; NaN is 0.
    @inline(__always)
    private static func saturating(_ value: Double) -> Int64 {
        if value >= 0x1p63 { return .max }
        if value <= -0x1p63 { return .min }
        return value.isNaN ? 0 : Int64(value)
    }
}
