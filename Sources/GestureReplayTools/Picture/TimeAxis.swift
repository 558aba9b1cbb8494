/// The timeline's axis (docs/pictures.md): round times at least `spacing` pixels apart, every tick
/// a later time than the one before and labelled differently, at any magnitude of trace time.
///
/// Trace times past a million seconds (Unix timestamps, `render --from 1e17`) would need labels of
/// more digits than a tick has room for, or than a `Double` holds apart at that magnitude: the
/// ticks then count seconds from the window's start (`origin`), which the axis's title names.
struct TimeAxis {
    /// Trace time the labels count from (nil: labels are trace times).
    var origin: Double?
    var ticks: [(time: Double, label: String)] = []

    /// Ticks at most.
    static let maximumTicks = 40
    /// From this magnitude of trace time on (seconds), labels count from the window's start.
    static let relativeFrom = 1e6

    /// The ticks of the window `t0...t1` (seconds, `t0 < t1`) drawn over `pixels`, at least
    /// `spacing` pixels apart.
    init(from t0: Double, to t1: Double, pixels: Double, spacing: Double = 70) {
        let span = t1 - t0
        // At least a millisecond: the labels' resolution (trace times are written with 3 decimals).
        let step = roundStep(atLeast: max(0.001, span * spacing / max(1, pixels)))
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        if max(abs(t0), abs(t1)) >= Self.relativeFrom {
            origin = t0
        }
        // Relative labels count from 0 at the window's start; absolute ones are multiples of the step.
        var k = origin == nil ? (t0 / step).rounded(.up) : 0
        var previous = -Double.infinity
        while ticks.count < Self.maximumTicks {
            let t = origin.map { $0 + k * step } ?? k * step
            guard t.isFinite, t <= t1 + step * 1e-9 else { break }
            let label = origin == nil ? SVGPicture.fixed(t, decimals) : Self.label(k, step, decimals)
            // At a magnitude where the step is below a Double's resolution the time stops advancing.
            guard t > previous, label != ticks.last?.label else { break }
            ticks.append((t, label))
            previous = t
            k += 1
        }
    }

    /// A relative tick's label: `k` steps, written `2e+293` rather than with the product's rounding
    /// noise (`2.0000000000000006e+293`) where the step has more digits than a label shows.
    static func label(_ k: Double, _ step: Double, _ decimals: Int) -> String {
        guard step >= 1e9, k < 1e6 else { return SVGPicture.fixed(k * step, decimals) }
        var exponent = 0
        var mantissa = step
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        return k == 0 ? "0" : String(Int(k) * Int(mantissa.rounded())) + "e+" + String(exponent)
    }

    /// The window for a picture whose content spans `lo...hi` seconds (`hi >= lo`): at least a
    /// millisecond wide, and wide enough at any magnitude for its ends to be different times.
    static func widened(_ lo: Double, _ hi: Double) -> (Double, Double) {
        let minimum = max(0.001, 64 * lo.ulp)
        guard hi - lo < minimum else { return (lo, hi) }
        if (lo + minimum).isFinite { return (lo, lo + minimum) }
        return (hi - minimum, hi)
    }
}
