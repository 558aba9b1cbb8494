import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("Decimal parsing, SWAR helpers, touch names")
struct NumberAndTableTests {
    static func parse(_ text: String, json: Bool) -> DecimalParsing.Scan {
        var bytes = Array(text.utf8)
        let n = bytes.count
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        return bytes.withUnsafeBufferPointer { DecimalParsing.scan($0.baseAddress!, 0, n, json: json) }
    }

    @Test func matchesTheStandardLibraryOnTypicalAndHardInputs() {
        var inputs = [
            "0", "-0", "0.0", "1", "-1", "0.1", "0.3", "123.456", "1e22", "1e23", "9007199254740993", "9007199254740992.5",
            "0.000001", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308", "1e-400", "123456789012345678901234567890",
            "0.30000000000000004", "1234.5678e-3", "7.038531e-26", "1448.123456789", "1700000000.123456", "3.14159265358979323846",
            "100000000000000000000000", "1e-22", "1e-23", "4503599627370497.5", "2.675", "844.4999999999999",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        for _ in 0..<20_000 {
            let intDigits = Int(random() % 8)
            let fracDigits = Int(random() % 12)
            var s = random() % 4 == 0 ? "-" : ""
            s += intDigits == 0 ? "0" : String(random() % 100_000_000).prefix(intDigits)
            if fracDigits > 0 { s += "." + String(repeating: "0", count: Int(random() % 3)) + String(random()).prefix(fracDigits) }
            if random() % 5 == 0 { s += "e" + String(Int(random() % 60) - 30) }
            inputs.append(s)
        }
        for text in inputs {
            let scan = Self.parse(text, json: false)
            #expect(scan.failure == nil && scan.end == text.utf8.count, "\(text)")
            let expected = Double(text)!
            #expect(scan.value.bitPattern == expected.bitPattern, "\(text): \(scan.value) != \(expected)")
        }
    }

    /// The CSV reader's short scan over its zero-padded buffer (`zeroPadded`, no test of the end per
    /// digit) against the bounded one: the same value and end for numbers ending at a delimiter or
    /// at the buffer's end (then at the zeros), and the same refusal of the shapes it leaves to the
    /// general scan.
    @Test func zeroPaddedShortScanMatchesTheBoundedOne() {
        var state: UInt64 = 0x5EED_0045
        func random(_ n: UInt64) -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state % n
        }
        let alphabet = Array("0123456789.-e,\n".utf8)
        var compared = 0
        var taken = 0
        for _ in 0..<20_000 {
            // Mostly numbers of the traces' shape, now and then anything from the alphabet.
            var text: [UInt8]
            if random(4) == 0 {
                text = (0..<Int(random(12))).map { _ in alphabet[Int(random(UInt64(alphabet.count)))] }
            } else {
                var s = random(5) == 0 ? "-" : ""
                s += String(random(100_000))
                if random(3) != 0 { s += "." + String(random(10_000)) }
                text = Array(s.utf8)
            }
            let atEnd = random(2) == 0
            if !atEnd { text += Array(",1\n".utf8) }
            let n = text.count
            let bytes = text + [UInt8](repeating: 0, count: 8)
            let (bounded, padded) = bytes.withUnsafeBufferPointer { b in
                (
                    DecimalParsing.scanShort(b.baseAddress!, 0, n, json: false),
                    DecimalParsing.scanShort(b.baseAddress!, 0, n, json: false, zeroPadded: true)
                )
            }
            compared += 1
            #expect(padded?.value.bitPattern == bounded?.value.bitPattern, "\(String(decoding: text, as: UTF8.self).debugDescription)")
            #expect(padded?.end == bounded?.end, "\(String(decoding: text, as: UTF8.self).debugDescription)")
            if let padded, padded.end <= n { taken += 1 }
        }
        // The comparison means something only if the scan took numbers.
        #expect(taken > compared / 2)
    }

    struct GrammarCase: Sendable, CustomTestStringConvertible {
        let text: String
        let json: Bool
        let valid: Bool
        var testDescription: String { "\(json ? "json" : "csv") '\(text)'" }
    }

    static let grammar: [GrammarCase] = [
        GrammarCase(text: "+1", json: false, valid: true), GrammarCase(text: "+1", json: true, valid: false),
        GrammarCase(text: ".5", json: false, valid: true), GrammarCase(text: ".5", json: true, valid: false),
        GrammarCase(text: "5.", json: false, valid: true), GrammarCase(text: "5.", json: true, valid: false),
        GrammarCase(text: "01", json: false, valid: true), GrammarCase(text: "01", json: true, valid: false),
        GrammarCase(text: "1e", json: false, valid: false), GrammarCase(text: "1e+", json: true, valid: false),
        GrammarCase(text: "-", json: false, valid: false), GrammarCase(text: ".", json: false, valid: false),
        GrammarCase(text: "1E-2", json: true, valid: true), GrammarCase(text: "-0.0e+0", json: true, valid: true),
    ]

    @Test(arguments: grammar)
    func numberGrammar(_ c: GrammarCase) {
        let scan = Self.parse(c.text, json: c.json)
        #expect((scan.failure == nil && scan.end == c.text.utf8.count) == c.valid)
    }

    @Test func fieldParsingClassifiesNonFinite() {
        for word in ["nan", "NaN", "-inf", "+Infinity", "1e999", "-1e400"] {
            var bytes = Array(word.utf8) + [0, 0, 0, 0, 0, 0, 0, 0]
            let result = bytes.withUnsafeMutableBufferPointer { DecimalParsing.parseField($0.baseAddress!, word.utf8.count) }
            guard case .nonFinite = result else { Issue.record("\(word) should be non-finite"); continue }
        }
    }

    @Test func swarHelpers() {
        func word(_ s: String) -> UInt64 {
            let b = Array(s.utf8) + Array(repeating: 0, count: 8)
            return b.withUnsafeBufferPointer { SWAR.load($0.baseAddress!) }
        }
        #expect(SWAR.digitPrefixLength(word("12345678")) == 8)
        #expect(SWAR.digitPrefixLength(word("123.4567")) == 3)
        #expect(SWAR.digitPrefixLength(word("x1234567")) == 0)
        #expect(SWAR.digitPrefixLength(word("9/:09\u{7F}")) == 1)
        #expect(SWAR.parseDigits(word("12345678"), count: 8) == 12_345_678)
        #expect(SWAR.parseDigits(word("907"), count: 3) == 907)
        #expect(SWAR.parseDigits(word("00000001"), count: 8) == 1)
        #expect(SWAR.firstIndex(SWAR.bytes(word("ab,cd,ef"), equalTo: UInt8(ascii: ","))) == 2)
        #expect(SWAR.firstIndex(SWAR.bytes(word("abcdefgh"), equalTo: UInt8(ascii: ","))) == 8)
        #expect(SWAR.count(SWAR.exactBytes(word("\"a\"b\"\"cd"), equalTo: UInt8(ascii: "\""))) == 4)
        #expect(SWAR.prefixXOR(SWAR.exactBytes(word("a\"bc\"def"), equalTo: UInt8(ascii: "\""))) & SWAR.highs == 0x8080_8000)
    }

    @Test func touchNameTableInternsWithoutDuplicates() {
        let table = TouchNameTable()
        var ids: [TouchID] = []
        for k in 0..<1000 { ids.append(table.id(for: "finger-\(k % 250)")) }
        #expect(table.count == 250)
        #expect(ids[0] == ids[250])
        #expect(table.text(of: ids[7]) == "finger-7")
        #expect(table.id(for: "42") == .integer(42))
        #expect(table.id(for: "-7") == .integer(-7))
        #expect(table.id(for: "-0") != .integer(0))
        #expect(table.id(for: "9223372036854775808") != .integer(.max))
        #expect(table.existingID(for: "finger-3") == ids[3])
        #expect(table.existingID(for: "nope") == nil)
        #expect(table.text(of: .integer(-5)) == "-5")
    }
}
