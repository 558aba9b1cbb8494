import TraceReading

/// JSON string escaping (RFC 8259), for the JSON Lines output and anything else that writes JSON.
extension ByteWriter {
    /// The most bytes `jsonString` writes for `n` UTF-8 bytes (every byte escaped as `\u00XX`, quotes).
    static func maximumJSONStringLength(_ n: Int) -> Int { 6 * n + 2 }

    /// `utf8` as a JSON string literal, quoted and escaped (RFC 8259: quote, backslash and control
    /// characters as escapes; everything else as it is). Runs of 8 bytes that need no escape (the
    /// usual case: ASCII reasons and names) are copied as one word.
    mutating func jsonString(_ utf8: UnsafeBufferPointer<UInt8>) {
        room(Self.maximumJSONStringLength(utf8.count))
        byte(UInt8(ascii: "\""))
        if let src = utf8.baseAddress {
            let n = utf8.count
            var i = 0
            // Whether the last 8 bytes were copied as they are (so output and input agree there).
            var lastWordCopied = false
            while i &+ 8 <= n {
                let word = UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self)
                lastWordCopied = !Self.needsEscape(word)
                if _fastPath(lastWordCopied) {
                    UnsafeMutableRawPointer(p).storeBytes(of: word, as: UInt64.self)
                    p += 8
                } else {
                    for k in i..<i &+ 8 { escaped(src[k]) }
                }
                i &+= 8
            }
            if i < n && lastWordCopied {
                // The tail as the string's last 8 bytes, overlapping the word before it, which was
                // copied as it is: the overlap is rewritten with the same bytes.
                let rest = n &- i
                let word = UnsafeRawPointer(src + (n &- 8)).loadUnaligned(as: UInt64.self)
                if !Self.needsEscape(word) {
                    UnsafeMutableRawPointer(p - (8 &- rest)).storeBytes(of: word, as: UInt64.self)
                    p += rest
                    i = n
                }
            }
            while i < n {
                escaped(src[i])
                i &+= 1
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// Whether any byte of `word` needs an escape: below 0x20, `"`, `\\` or 0x7F. Each test is the
    /// exact "has a zero byte" (or "has a byte below n") bit trick, so a clean word is never missed.
    @inline(__always) static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = hasZero(word ^ (0x22 &* ones))
        let backslash = hasZero(word ^ (0x5C &* ones))
        let delete = hasZero(word ^ (0x7F &* ones))
        return control | quote | backslash | delete != 0
    }

    /// One byte of a JSON string, escaped if it needs to be.
    @inline(__always) private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes("\\\"")
        case UInt8(ascii: "\\"): bytes("\\\\")
        case 0x0A: bytes("\\n")
        case 0x0D: bytes("\\r")
        case 0x09: bytes("\\t")
        case 0..<0x20, 0x7F:
            bytes("\\u00")
            let hex: StaticString = "0123456789abcdef"
            self.byte(hex.utf8Start[Int(byte >> 4)])
            self.byte(hex.utf8Start[Int(byte & 0xF)])
        default: self.byte(byte)
        }
    }
}

extension OutputBuffer {
    /// Appends `s` as a JSON string literal, quoted and escaped (RFC 8259: quote, backslash and
    /// control characters; everything else as UTF-8).
    public mutating func appendJSONString(_ s: String) {
        var s = s
        s.withUTF8 { appendJSONString($0) }
    }

    /// `appendJSONString(_:)` for text given as its UTF-8 bytes (a failure reason's, in place).
    @inline(__always)
    mutating func appendJSONString(_ utf8: UnsafeBufferPointer<UInt8>) {
        var w = writer(reserving: ByteWriter.maximumJSONStringLength(utf8.count))
        w.jsonString(utf8)
        commit(w)
    }
}
