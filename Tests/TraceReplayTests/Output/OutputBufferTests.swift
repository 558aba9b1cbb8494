import GestureEngine
import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("Output buffer: number formatting, strings, value semantics")
struct OutputBufferTests {
    /// The straightforward formatter the fast one replaced: `rounded(.toNearestOrAwayFromZero)` on the
    /// scaled magnitude, then the integer and fraction digits.
    static func reference(_ value: Double, decimals: Int, trim: Bool) -> String {
        guard value.isFinite else { return "null" }
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = value.magnitude * Double(scale)
        guard magnitude < 9.0e18 else {
            // Swift's shortest form; trimmed like fixed point unless it has an exponent.
            var s = value.description
            if trim && s.contains(".") && !s.contains("e") {
                while s.hasSuffix("0") { s.removeLast() }
                if s.hasSuffix(".") { s.removeLast() }
            }
            return s
        }
        let scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
        var out = value < 0 && scaled != 0 ? "-" : ""
        out += String(scaled / scale)
        guard decimals > 0 else { return out }
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        if trim {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return out }
        }
        return out + "." + fraction
    }

    static func format(_ value: Double, decimals: Int, trim: Bool) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        out.appendNumber(value, decimals: decimals, trim: trim)
        return out.text
    }

    @Test func numbersMatchTheReferenceOnEdgeCases() {
        let values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 0.00005, 0.000049999,
            0.49999999999999994, 123.45, 301.84, -75.6333, 7410.266667, 1e-7, -1e-7,
            4503599627370495.5, 4503599627370496, 4503599627370497, 1e15 + 0.5, 8.99e14, 9.2e14,
            1e17, 8.9e18, 9e18, 1e19, -1e300, .nan, .infinity, -.infinity, .ulpOfOne,
            Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 844.4999999999999, 2.675,
        ]
        for v in values {
            for decimals in [0, 1, 2, 3, 4, 6, 9] {
                for trim in [false, true] {
                    #expect(
                        Self.format(v, decimals: decimals, trim: trim) == Self.reference(v, decimals: decimals, trim: trim),
                        "\(v) decimals \(decimals) trim \(trim)")
                }
            }
        }
    }

    @Test func numbersMatchTheReferenceOnRandomValues() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        for i in 0..<200_000 {
            let bits = random()
            // Ordinary magnitudes, exact ties at every precision, and arbitrary bit patterns.
            var v = Double(Int64(bitPattern: bits) % 100_000_000) / 10_000
            if i % 3 == 1 { v = (Double(Int64(bitPattern: bits) % 2_000_000) + 0.5) / [1, 10, 1000, 10_000, 1_000_000][i % 5] }
            if i % 3 == 2 { v = Double(bitPattern: bits) }
            for decimals in [1, 3, 4, 6] {
                let trim = i % 2 == 0
                let got = Self.format(v, decimals: decimals, trim: trim)
                let want = Self.reference(v, decimals: decimals, trim: trim)
                if got != want {
                    Issue.record("\(v) (bits \(v.bitPattern)) decimals \(decimals) trim \(trim): \(got) != \(want)")
                    return
                }
            }
        }
    }

    @Test func integersAndStrings() {
        var out = OutputBuffer(fileDescriptor: nil)
        for v in [0, 9, 10, 99, 100, 9999, 10_000, 123_456_789, -1, -10_000, Int.max, Int.min] {
            out.append(v)
            out.append(UInt8(ascii: " "))
        }
        out.appendJSONString("a\"b\\c\n\r\t\u{01}\u{7F}é")
        out.pad(2)
        out.append("x" as StaticString)
        #expect(out.text == "0 9 10 99 100 9999 10000 123456789 -1 -10000 \(Int.max) \(Int.min) \"a\\\"b\\\\c\\n\\r\\t\\u0001\\u007fé\"  x")
    }

    @Test func copiesDoNotShareWrites() {
        var a = OutputBuffer(fileDescriptor: nil)
        a.append("hello" as StaticString)
        var b = a
        b.append(" world" as StaticString)
        a.append("!" as StaticString)
        #expect(a.text == "hello!")
        #expect(b.text == "hello world")
        // Growing past the first allocation keeps what was written.
        var c = OutputBuffer(fileDescriptor: nil)
        for i in 0..<10_000 { c.append(i % 10) }
        #expect(c.count == 10_000)
        #expect(Array(c.bytes.prefix(12)) == Array("012345678901".utf8))
    }

    /// Output, reasons and expectations print numbers with one formatter: the buffer's
    /// `appendNumber` and the engine's `formatDecimal`/`formatShort` agree on every finite value,
    /// huge ones included (they disagreed there: `1.5e+20` trimmed to `1.5e+2` in reasons, and
    /// `1000000000000000.0` left untrimmed in JSON Lines).
    @Test func outputAndReasonsShareOneFormatter() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 14.25, 99.95, 844.4999999999999, 2.675, 1e15, 8.99e18, 9e18,
            1.5e20, -2e300, 4503599627370497, Double.greatestFiniteMagnitude,
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            values.append(Double(Int64(bitPattern: state) % 10_000_000) / 1000)
            let bits = Double(bitPattern: state)
            if bits.isFinite { values.append(bits) }
        }
        for v in values {
            for decimals in 0...9 {
                #expect(Self.format(v, decimals: decimals, trim: false) == formatDecimal(v, decimals: decimals), "\(v) \(decimals)")
                #expect(Self.format(v, decimals: decimals, trim: true) == formatShort(v, decimals: decimals), "\(v) \(decimals) trimmed")
            }
        }
    }

    #if DEBUG
    /// Debug builds check every write against the writer's reservation: a hand-computed bound that
    /// is too small stops the process instead of writing past the buffer.
    @Test func writingPastTheReservationStopsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            var out = OutputBuffer(fileDescriptor: nil)
            var w = out.writer(reserving: 4)
            w.bytes("12345")
            out.commit(w)
        }
    }
    #endif

    /// `commit` (in every build) refuses a writer that ended outside the storage.
    @Test func commitRefusesAWriterPastTheStorage() async {
        await #expect(processExitsWith: .failure) {
            var out = OutputBuffer(fileDescriptor: nil)
            var w = out.writer(reserving: 4)
            w.p += out.count + 1_000_000
            out.commit(w)
        }
    }
}
