@_spi(Formatting) import GestureEngine
import Testing

/// `DecimalWriter.small`: the trailing zeros of a fraction counted in the word its digits were built
/// in (3, 4 and 6 decimals) against the plain path, the same number written untrimmed with its zeros dropped one
/// by one, over every fraction of 3 and 4 decimals and a spread of 6-decimal ones, after integer
/// parts of every length, both signs.
@Suite("Decimal formatting: trailing zeros trimmed in one word")
struct DecimalTrimTests {
    /// `value` with `decimals` decimals (the specialized writer the output formats use), trimmed or not.
    static func write(_ value: Double, decimals: Int, trim: Bool) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            buffer.initialize(repeating: UInt8(ascii: "#"))
            let start = buffer.baseAddress! + 16  // room before, as in a line
            var w = DecimalWriter(start)
            w.number(value, decimals: decimals, trim: trim)
            return String(decoding: UnsafeBufferPointer(start: start, count: w.p - start), as: UTF8.self)
        }
    }

    /// The plain path: untrimmed, then zeros and a bare point dropped one at a time.
    static func plainTrim(_ value: Double, decimals: Int) -> String {
        var s = write(value, decimals: decimals, trim: false)
        guard s.contains(".") else { return s }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    @Test(arguments: [3, 4, 6])
    func trimmedAsThePlainPath(decimals: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        // Every fraction for 3 and 4 decimals; for 6, every 7th (all trailing-zero counts occur).
        let step = decimals == 6 ? 7 : 1
        var failures: [String] = []
        var checked = 0
        for whole in [0, 7, 42, 305, 4_096, 65_535] {
            var f = 0
            while f < scale {
                for sign in [1.0, -1.0] {
                    let value = sign * (Double(whole * scale + f) / Double(scale))
                    let fast = Self.write(value, decimals: decimals, trim: true)
                    let plain = Self.plainTrim(value, decimals: decimals)
                    if fast != plain && failures.count < 5 { failures.append("\(value): \(fast) != \(plain)") }
                    checked += 1
                }
                f += step
            }
        }
        #expect(checked > 10_000)
        #expect(failures.isEmpty, "\(failures)")
    }
}
