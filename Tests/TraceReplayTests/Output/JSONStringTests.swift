import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("JSON string escaping: the word-at-a-time fast path against a byte-by-byte reference")
struct JSONStringTests {
    static func escaped(_ s: String) -> [UInt8] {
        var out = OutputBuffer(fileDescriptor: nil)
        out.appendJSONString(s)
        return out.bytes
    }

    static func expected(_ s: String) -> [UInt8] {
        // RFC 8259 escaping one byte at a time (what `ByteWriter.jsonString` did before its fast
        // path): quote, backslash and control characters escaped, every other byte as it is.
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: out.append(b)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    @Test func everySpecialByteAtEveryPositionAndLength() {
        let specials: [Character] = ["\"", "\\", "\n", "\r", "\t", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}", " ", "~", "é", "→"]
        for length in 0...40 {
            let plain = String(repeating: "a", count: length)
            #expect(Self.escaped(plain) == Self.expected(plain))
            for position in 0...length {
                for special in specials {
                    var chars = Array(plain)
                    chars.insert(special, at: position)
                    let s = String(chars)
                    #expect(Self.escaped(s) == Self.expected(s), "\(Array(s.utf8))")
                }
            }
        }
    }

    @Test func everyByteValueInAWord() {
        // Each byte 0...127 alone and amid seven safe bytes, at every offset of a 16-byte string.
        for b in UInt8(0)...127 {
            for offset in 0..<16 {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: 16)
                bytes[offset] = b
                let s = String(decoding: bytes, as: UTF8.self)
                #expect(Self.escaped(s) == Self.expected(s), "byte \(b) at \(offset)")
            }
        }
    }

    @Test func reasonsAsTheyArePrinted() {
        let s = "prevented by longPress 'press', which began"
        #expect(String(decoding: Self.escaped(s), as: UTF8.self) == "\"prevented by longPress 'press', which began\"")
    }
}
