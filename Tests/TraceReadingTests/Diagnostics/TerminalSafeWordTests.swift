import Testing
@testable import TraceReading

/// `TerminalSafe.needsEscaping`, eight bytes at a time, against the plain byte-by-byte test and
/// against what it stands for (`escaped(s) != s`), over random text mixing ASCII, C0 controls,
/// DEL, C1 controls (U+0080...U+009F, 0xC2 0x80...0x9F), their neighbours (U+00A0, 0xC2 0xA0;
/// U+00C2, 0xC3 0x82) and longer characters, at every length and offset around the 8-byte words.
@Suite("Terminal-safe text: the word test finds what the byte test finds")
struct TerminalSafeWordTests {
    static let pieces: [String] = [
        "a", "Z", " ", "~", "0", "\u{1B}", "\u{00}", "\u{09}", "\u{0A}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",
        "\u{A0}", "\u{C2}", "é", "→", "👍", "\u{2028}",
    ]

    @Test func sameAnswerAsTheByteTest() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ n: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
        var failures: [String] = []
        var escaping = 0
        for _ in 0..<40_000 {
            var s = ""
            let length = random(40)
            // Mostly plain text, so the word loop runs over long clean stretches before a special byte.
            for _ in 0..<length { s += random(6) == 0 ? Self.pieces[random(Self.pieces.count)] : "abcdefgh"[random(8)] }
            var copy = s
            let (word, plain) = copy.withUTF8 { (TerminalSafe.needsEscaping($0), TerminalSafe.needsEscapingByteByByte($0)) }
            let meaning = TerminalSafe.escaped(s) != s
            if word { escaping += 1 }
            if (word != plain || word != meaning) && failures.count < 8 {
                failures.append("\(Array(s.utf8)): word \(word), byte by byte \(plain), escaped differs \(meaning)")
            }
        }
        #expect(escaping > 1_000)
        #expect(failures.isEmpty, "\(failures)")
    }
}

extension String {
    fileprivate subscript(_ i: Int) -> String { String(self[index(startIndex, offsetBy: i)]) }
}
