@testable import GestureEngine
import TestSupport
import Testing

/// `ReasonText` holds a reason's bytes in place up to `inlineCapacity` and in an array beyond: the
/// text must be the same either way, and the same as `String` interpolation's.
@Suite("Reason text: built in place, the same as String interpolation")
struct ReasonTextTests {
    @Test("a reason's text is String interpolation's, short or past the inline capacity")
    func sameAsStringInterpolation() {
        var generator = SplitMix64(seed: 45)
        var longest = 0
        for _ in 0..<400 {
            let name = String(repeating: "n", count: Int.random(in: 0...120, using: &generator))
            let count = Int.random(in: -100_000...100_000, using: &generator)
            let x = Double.random(in: -1e4...1e4, using: &generator)
            let reason = reasonString(
                "recognizer '\(name)' saw \(count) touches at \(short: x) pt; again '\(name)' \(short: x, decimals: 3) s")
            let expected =
                "recognizer '\(name)' saw \(count) touches at \(formatShort(x)) pt; again '\(name)' \(formatShort(x, decimals: 3)) s"
            #expect(reason == expected)
            longest = max(longest, reason.utf8.count)
        }
        // The loop reached past the inline capacity, so both places were compared.
        #expect(longest > ReasonText.inlineCapacity)
    }

    @Test("bytes appended one by one across the inline capacity stay in order")
    func appendsAcrossTheInlineCapacity() {
        var text = ReasonText()
        var expected: [UInt8] = []
        for i in 0..<(ReasonText.inlineCapacity * 2) {
            let byte = UInt8(ascii: "a") + UInt8(i % 26)
            [byte].withUnsafeBufferPointer { text.append($0) }
            expected.append(byte)
            if i % 37 == 0 {
                text.appendInteger(-i)
                expected.append(contentsOf: Array(String(-i).utf8))
            }
        }
        #expect(text.count == expected.count)
        #expect(text.bytes == expected)
        #expect(text.string == String(decoding: expected, as: UTF8.self))
    }

    @Test("numbers that are not finite print as formatShort prints them")
    func nonFiniteNumbers() {
        let nan = Double.nan, inf = Double.infinity
        #expect(reasonString("\(short: nan) and \(short: inf) and \(short: -inf, decimals: 3)") == "nan and inf and -inf")
    }

    @Test("a number made wider to keep a comparison true, past the inline capacity")
    func widenedNumberInALongReason() {
        let name = String(repeating: "x", count: ReasonText.inlineCapacity)
        let m = 40.83, limit = 40.8
        #expect(
            reasonString("'\(name)' moved \(short: m) pt > \(short: limit) pt") == "'\(name)' moved 40.83 pt > 40.8 pt")
    }
}
