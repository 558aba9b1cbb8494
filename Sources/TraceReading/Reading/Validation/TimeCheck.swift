/// Timestamps in the wrong unit (`--time-unit`) and rows out of time order (`--sort`).
///
/// A touch trace has frames 4 to 50 ms apart (240 to 20 Hz). Read in the wrong unit the same trace
/// has frames seconds apart (milliseconds read as seconds) or microseconds apart (seconds read as
/// milliseconds), and replays to plausible-looking nonsense. `TimeUnitProbe` looks at the median
/// interval between the first frames and warns; `--time-unit auto` uses the same rule to choose.
public enum TimeUnitGuess {
    /// Median frame intervals above this (seconds) are implausible.
    public static let longestPlausible = 1.0
    /// Median frame intervals below this (seconds) are implausible.
    public static let shortestPlausible = 0.0002
    /// How many frame intervals are looked at.
    public static let sampleSize = 32

    /// The median of `intervals` (positive, unsorted), or nil when there are none.
    static func median(_ intervals: [Double]) -> Double? {
        guard !intervals.isEmpty else { return nil }
        let sorted = intervals.sorted()
        return sorted[sorted.count / 2]
    }

    /// The unit that makes a median interval of `raw` (in the trace's own numbers) closest to 10 ms
    /// (on a log scale): 16.7 -> ms, 0.0083 -> s, 16667 -> us.
    public static func bestUnit(forRawInterval raw: Double) -> TimeUnit {
        var best = TimeUnit.seconds
        var bestDistance = Double.infinity
        for unit in TimeUnit.allCases {
            let seconds = raw / unit.perSecond
            let distance = abs(log10ish(seconds / 0.01))
            if distance < bestDistance {
                best = unit
                bestDistance = distance
            }
        }
        return best
    }

    /// log10 without Foundation (enough precision to compare distances between units 1000 apart).
    /// Bounded for every input: the decimal exponent comes from the binary one (`exponent`, at most
    /// ±1074 for a subnormal), so the loops below run at most a few times; 0 and subnormals far below
    /// any unit give -324, infinity and NaN +309 (issue #30: frames 1e-320 s or 1e307 s apart looped
    /// forever here, `x *= 10` never leaving 0 and `x /= 10` never leaving infinity).
    static func log10ish(_ x: Double) -> Double {
        guard x.isFinite else { return 309 }
        guard x > 0 else { return -324 }
        // 0.30103 = log10(2): a first estimate within one decade, then at most a few steps.
        var n = (Double(x.exponent) * 0.30102999566398120).rounded(.down)
        var x = x
        var scale = n
        while scale > 0 {
            let k = min(scale, 300)
            x /= power10(k)
            scale -= k
        }
        while scale < 0 {
            let k = min(-scale, 300)
            x *= power10(k)
            scale += k
        }
        for _ in 0..<4 where x >= 10 {
            x /= 10
            n += 1
        }
        for _ in 0..<4 where x < 1 {
            x *= 10
            n -= 1
        }
        return n + (x - 1) / 9
    }

    /// 10 to the power `k` (0 <= k <= 300, a whole number), by squaring: bounded, no Foundation.
    private static func power10(_ k: Double) -> Double {
        var result = 1.0, base = 10.0, k = Int(k)
        while k > 0 {
            if k & 1 == 1 { result *= base }
            base *= base
            k >>= 1
        }
        return result
    }

    /// The unit's name for people.
    static func describe(_ unit: TimeUnit) -> String {
        switch unit {
        case .seconds: "seconds (s)"
        case .milliseconds: "milliseconds (ms)"
        case .microseconds: "microseconds (us)"
        case .nanoseconds: "nanoseconds (ns)"
        }
    }

    /// A number for a message: up to 6 significant decimals, no exponent for ordinary values.
    static func format(_ x: Double) -> String {
        if x >= 1 { return formatDecimal(x, decimals: 3) }
        if x >= 0.001 { return formatDecimal(x, decimals: 6) }
        return formatDecimal(x, decimals: 9)
    }
}

/// Watches the first frames' times and warns once when their median interval is implausible for
/// the unit in force, naming the option that fixes it. Costs one comparison per frame after the
/// first `sampleSize` intervals.
package struct TimeUnitProbe {
    let unit: TimeUnit
    let path: String
    private var intervals: [Double] = []
    private var lastTime = -Double.infinity
    package private(set) var isOpen = true

    package init(unit: TimeUnit, path: String) {
        self.unit = unit
        self.path = path
        intervals.reserveCapacity(TimeUnitGuess.sampleSize)
    }

    /// Records a frame's time (seconds); warns when the sample is complete.
    package mutating func add(_ time: Double, _ warn: (Diagnostic) -> Void) {
        if time > lastTime && lastTime > -Double.infinity { intervals.append(time - lastTime) }
        lastTime = time
        if intervals.count >= TimeUnitGuess.sampleSize { finish(warn) }
    }

    /// Evaluates what was seen (at the end of a short trace): at least 4 intervals are needed.
    package mutating func finish(_ warn: (Diagnostic) -> Void) {
        guard isOpen else { return }
        isOpen = false
        guard intervals.count >= 4, let median = TimeUnitGuess.median(intervals) else { return }
        guard median > TimeUnitGuess.longestPlausible || median < TimeUnitGuess.shortestPlausible else { return }
        let suggested = TimeUnitGuess.bestUnit(forRawInterval: median * unit.perSecond)
        var message: DiagnosticText =
            "the first \(intervals.count + 1) frames are a median \(TimeUnitGuess.format(median)) s apart: implausible for touch input "
        message.append("(frames come 4 to 50 ms apart) with timestamps in \(TimeUnitGuess.describe(unit))")
        if suggested != unit {
            message.append(
                "; if they are in \(TimeUnitGuess.describe(suggested)), use \(option: .timeUnit, suggested.name) (or \(option: .timeUnitDetection))"
            )
        }
        warn(.warning(message, at: .file(path)))
    }
}
