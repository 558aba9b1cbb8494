import GestureEngine

extension OutputBuffer {
    /// A `replayPrint(_:)` text on one text line: a backslash is written `\\`, a tab, line feed and
    /// carriage return `\t`, `\n`, `\r`, and any other control character (U+0000...U+001F, U+007F)
    /// `\u{XX}` (hex, as in a Swift string literal), so a message never breaks the line format and the
    /// line reads back unambiguously. Everything else is written as given (UTF-8).
    mutating func appendEscapedMessage(_ text: String) {
        var start = text.utf8.startIndex
        var i = start
        let utf8 = text.utf8
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\") {
                i = utf8.index(after: i)
                continue
            }
            if start != i { append(String(utf8[start..<i])!) }
            switch byte {
            case UInt8(ascii: "\\"): append("\\\\" as StaticString)
            case UInt8(ascii: "\n"): append("\\n" as StaticString)
            case UInt8(ascii: "\r"): append("\\r" as StaticString)
            case UInt8(ascii: "\t"): append("\\t" as StaticString)
            default:
                append("\\u{" as StaticString)
                for digit in [byte >> 4, byte & 0xF] { append(digit < 10 ? 0x30 + digit : 0x37 + digit) }
                append(UInt8(ascii: "}"))
            }
            i = utf8.index(after: i)
            start = i
        }
        if start != i { append(String(utf8[start..<i])!) }
    }
}
