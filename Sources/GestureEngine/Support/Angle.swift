/// Angles without libm: `atan`, `atan2` and helpers written with the Swift standard library only
/// (the engine imports neither Glibc nor Foundation). Units: radians unless a name says degrees.
///
/// `atan` reduces its argument to [0, 1] with atan(x) = π/2 − atan(1/x), then halves the angle with
/// atan(x) = 2·atan(x / (1 + √(1 + x²))) until |x| ≤ 1/8, and sums the Taylor series
/// x − x³/3 + x⁵/5 − … until the terms no longer change the sum. The error is a few units in the
/// last place (under 1e-15 absolute; `AngleTests` checks 1e-14 against known values and libm).
package enum Angle {
    /// Half a turn, radians.
    package static let pi = Double.pi
    /// The reduced argument below which the Taylor series is summed.
    static let seriesLimit = 0.125

    /// Radians from degrees.
    @inlinable package static func radians(fromDegrees degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// Degrees from radians.
    @inlinable package static func degrees(fromRadians radians: Double) -> Double { radians * 180 / Double.pi }

    /// The arc tangent of `x`, radians in [−π/2, π/2]. NaN gives NaN; ±∞ gives ±π/2.
    package static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = Swift.abs(x)
        let r: Double
        if a <= 1 {
            r = atanOfUnitInterval(a)
        } else if a.isInfinite {
            r = Double.pi / 2
        } else {
            r = Double.pi / 2 - atanOfUnitInterval(1 / a)
        }
        return x < 0 ? -r : (x == 0 ? x : r)
    }

    /// The angle of the point (`x`, `y`) from the positive x axis, radians in [−π, π], as C's `atan2`
    /// (signed zeros and infinities included).
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ax = Swift.abs(x), ay = Swift.abs(y)
        let negativeX = x.sign == .minus
        var r: Double
        if ay == 0 {
            r = negativeX ? Double.pi : 0
        } else if ax == 0 {
            r = Double.pi / 2
        } else if ax.isInfinite && ay.isInfinite {
            r = negativeX ? 3 * Double.pi / 4 : Double.pi / 4
        } else if ax.isInfinite {
            r = negativeX ? Double.pi : 0
        } else if ay.isInfinite {
            r = Double.pi / 2
        } else {
            // Keep the ratio at most 1 so the reduction starts from the accurate branch.
            r = ay <= ax ? atanOfUnitInterval(ay / ax) : Double.pi / 2 - atanOfUnitInterval(ax / ay)
            if negativeX { r = Double.pi - r }
        }
        return y.sign == .minus ? -r : r
    }

    /// `angle` brought into (−π, π] by whole turns, radians.
    package static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        let turn = 2 * Double.pi
        var a = angle - turn * (angle / turn).rounded()
        if a <= -Double.pi { a += turn }
        if a > Double.pi { a -= turn }
        return a
    }

    /// atan for 0 ≤ x ≤ 1.
    static func atanOfUnitInterval(_ x: Double) -> Double {
        var v = x
        var factor = 1.0
        while v > seriesLimit {
            v = v / (1 + (1 + v * v).squareRoot())
            factor *= 2
        }
        // Taylor series; |v| ≤ 1/8, so each term is at most 1/64 of the one before.
        let v2 = v * v
        var power = v
        var sum = v
        var n = 3.0
        var sign = -1.0
        while true {
            power *= v2
            let next = sum + sign * power / n
            if next == sum { break }
            sum = next
            sign = -sign
            n += 2
        }
        return factor * sum
    }
}
