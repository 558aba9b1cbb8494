@testable import GestureEngine
import Testing

/// `TraceClock.rounded(_:)` rounds as `Double.rounded()` (halves away from zero) and saturates as
/// the conversion it replaced did, without calling libm's `round`.
@Suite("Trace clock: rounding to whole units")
struct TraceClockTests {
    /// The conversion `rounded(_:)` replaced: `rounded()`, then clamped to `Int64` (NaN: 0).
    static func reference(_ value: Double) -> Int64 {
        let r = value.rounded()
        if r >= 0x1p63 { return .max }
        if r <= -0x1p63 { return .min }
        return r.isNaN ? 0 : Int64(r)
    }

    @Test("halves, the doubles beside them, the 2^52 boundary and the limits")
    func edges() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            0.5.nextUp, 0.5.nextDown, 1e-300, -1e-300, 0x1p52, -0x1p52, 0x1p52 - 0.5, -(0x1p52 - 0.5),
            0x1p52.nextDown, 0x1p53 + 2, 0x1p63, -0x1p63, 0x1p63.nextDown, 1e300, -1e300,
            .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        ]
        for k in 0..<60 { values.append(Double(k) + 0.5) }
        for v in values {
            #expect(TraceClock.rounded(v) == Self.reference(v), "\(v)")
            #expect(TraceClock.rounded(-v) == Self.reference(-v), "\(-v)")
        }
        #expect(TraceClock.rounded(2.5) == 3 && TraceClock.rounded(-2.5) == -3)
        #expect(TraceClock.rounded(.nan) == 0 && TraceClock.rounded(.infinity) == .max)
    }

    @Test("200,000 random differences of trace times, in nanoseconds and microseconds, and random bit patterns")
    func randomDifferences() {
        var rng = SplitMix(seed: 0x5EED)
        var mismatches: [Double] = []
        for _ in 0..<200_000 {
            // Times up to ten hours with any fraction, and raw values across the whole range.
            let earlier = Double(rng.next() % 36_000_000) / 1000 + Double(rng.next() % 1000) * 1e-9
            let later = earlier + Double(Int64(bitPattern: rng.next()) % 10_000_000) * 1e-7
            let raw = Double(bitPattern: rng.next())
            if TraceClock.nanoseconds(from: earlier, to: later) != Self.reference((later - earlier) * 1e9)
                || TraceClock.microseconds(from: earlier, to: later) != Self.reference((later - earlier) * 1e6)
                || TraceClock.rounded(raw) != Self.reference(raw)
            {
                mismatches.append(later - earlier)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
