#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the slow, count-driven suites to run: `GESTUREREPLAY_TEST_SCALE`, a fraction in
/// (0, 1]. Unset (as in `make ci`) is 1, the full run; `make test` sets 0.1 for a fast loop. Only
/// the number of generated cases changes, never what is checked about each one.
public enum TestScale {
    public static let variable = "GESTUREREPLAY_TEST_SCALE"

    /// The fraction in effect (1 when unset; an unparsable or out-of-range value stops the run).
    public static let fraction: Double = {
        guard let raw = getenv(variable) else { return 1 }
        let text = String(cString: raw)
        guard let value = Double(text), value > 0, value <= 1 else {
            preconditionFailure("\(variable)=\(text): expected a number in (0, 1]")
        }
        return value
    }()

    /// `full` scaled by the fraction, rounded up to a multiple of `multiple` (at least `multiple`).
    public static func count(_ full: Int, multipleOf multiple: Int = 1) -> Int {
        let scaled = (Double(full) * fraction).rounded(.up)
        let rounded = (Int(scaled) + multiple - 1) / multiple * multiple
        return max(multiple, min(full, rounded))
    }
}
