import GestureEngine
import Testing

@Suite("Decimal formatting for reasons")
struct DecimalFormattingTests {
    /// The string-building formatter the byte-buffer one replaced.
    static func referenceDecimal(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let decimals = max(0, min(decimals, 9))
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value) * Double(scale)
        guard magnitude < 9.0e18 else { return value.description }
        let scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
        var out = value < 0 && scaled != 0 ? "-" : ""
        out += String(scaled / scale)
        if decimals > 0 {
            out += "."
            let frac = String(scaled % scale)
            for _ in frac.count..<decimals { out += "0" }
            out += frac
        }
        return out
    }

    /// Trailing zeros of a fraction removed; an exponent form (`1.5e+20`) is left whole.
    static func referenceShort(_ value: Double, decimals: Int) -> String {
        var s = referenceDecimal(value, decimals: decimals)
        if s.contains(".") && !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    @Test func matchesTheReference() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.25, 10, 14.2, 14.25, -14.25, 0.001, 0.0005, 99.95, 1e15, 8.99e18,
            9e18, 1.5e20, -2e300, .nan, .infinity, -.infinity, 0.1 + 0.2, 45, 57.55,
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            values.append(Double(Int64(bitPattern: state) % 10_000_000) / 1000)
            values.append(Double(bitPattern: state))
        }
        for v in values {
            for d in [-1, 0, 1, 2, 3, 4, 6, 9, 12] {
                #expect(formatDecimal(v, decimals: d) == Self.referenceDecimal(v, decimals: d), "\(v) \(d)")
                #expect(formatShort(v, decimals: d) == Self.referenceShort(v, decimals: d), "\(v) \(d)")
                var s = "x"
                appendDecimal(v, decimals: d, to: &s)
                #expect(s == "x" + Self.referenceDecimal(v, decimals: d))
            }
        }
    }
}
