/// Text for a terminal: the one place that decides how a name, id, path or message that came from
/// the user's files is written in the text formats (replay lines, `check` and `test` lines,
/// `stats` and `compare` tables, diagnostics), so that no byte of an input can move the cursor,
/// change colours, clear the screen or hide text (issue #30, finding 25).
///
/// A control character — U+0000...U+001F, U+007F (DEL) and U+0080...U+009F (the C1 controls, such
/// as U+009B, a one-character CSI) — is written `\u{XX}`: two upper-case hex digits, as in a Swift
/// string literal (`a\u{1B}[31mb`). Every other character, ASCII or not, is written as given, so
/// text without control characters is byte-for-byte what it was (goldens are unchanged).
/// Messages (`replayPrint`) additionally write a backslash `\\` and a tab, line feed and carriage
/// return `\t`, `\n`, `\r` (`OutputBuffer.appendEscapedMessage`), so they read back exactly.
/// JSON Lines, JUnit and HTML escape in their own grammar and do not use this.
public enum TerminalSafe {
    /// Whether `s` holds a character `escaped(_:)` would change.
    @inline(__always)
    public static func needsEscaping(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { needsEscaping($0) }
    }

    /// Whether the UTF-8 text `bytes` holds a character `escaped(_:)` would change: a byte below
    /// 0x20, 0x7F, or 0xC2 followed by 0x80...0x9F. Eight bytes are tested at a time (the text
    /// output writes every reason and name through this); a word with a candidate byte goes to the
    /// byte-by-byte test (`TerminalSafeTests` compares the two).
    @inline(__always)
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        var i = 0
        while i &+ 8 <= n {
            if _slowPath(mayNeedEscaping(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))) {
                return needsEscapingByteByByte(bytes)
            }
            i &+= 8
        }
        while i < n {
            let byte = base[i]
            if _slowPath(byte < 0x20 || byte == 0x7F || byte == 0xC2) { return needsEscapingByteByByte(bytes) }
            i &+= 1
        }
        return false
    }

    /// Whether a byte of `word` is below 0x20, 0x7F or 0xC2 (each the exact "has a byte below n" or
    /// "has a zero byte" test, so no candidate is missed).
    @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        return control | hasZero(word ^ (0x7F &* ones)) | hasZero(word ^ (0xC2 &* ones)) != 0
    }

    /// The plain test, one byte at a time: a control character (C0 or DEL) or a C1 control (0xC2 0x80...0x9F).
    @inline(never)
    package static func needsEscapingByteByByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
            previous = byte
        }
        return false
    }

    /// `s` with its control characters written `\u{XX}`; `s` itself when it has none.
    public static func escaped(_ s: String) -> String {
        guard needsEscaping(s) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 12)
        write(s, escapingMessage: false) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hands `s` to `emit` in pieces: runs of text as they are, and each control character (and, for a
    /// message, each backslash, tab, line feed and carriage return) as its escape.
    package static func write(_ s: String, escapingMessage: Bool, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            var i = 0
            var escape: (UInt8, UInt8) = (0, 0)  // (bytes the escape replaces, the code point)
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x20 || byte == 0x7F || (escapingMessage && byte == UInt8(ascii: "\\")) {
                    escape = (1, byte)
                } else if byte == 0xC2 && i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F {
                    escape = (2, bytes[i + 1])
                } else {
                    i += 1
                    continue
                }
                if start < i { emit(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
                let code = escape.1
                var text: [UInt8]
                switch code {
                case UInt8(ascii: "\\") where escapingMessage: text = Array("\\\\".utf8)
                case UInt8(ascii: "\n") where escapingMessage && escape.0 == 1: text = Array("\\n".utf8)
                case UInt8(ascii: "\r") where escapingMessage && escape.0 == 1: text = Array("\\r".utf8)
                case UInt8(ascii: "\t") where escapingMessage && escape.0 == 1: text = Array("\\t".utf8)
                default:
                    let hex = Array("0123456789ABCDEF".utf8)
                    text = Array("\\u{".utf8) + [hex[Int(code >> 4)], hex[Int(code & 0xF)], UInt8(ascii: "}")]
                }
                text.withUnsafeBufferPointer { emit($0) }
                i += Int(escape.0)
                start = i
            }
            if start < bytes.count { emit(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])) }
        }
    }
}
