import GestureEngine
import TraceReading

extension OutputBuffer {
    /// A `replayPrint(_:)` text on one text line (`TerminalSafe`, with the message escapes): a
    /// backslash is written `\\`, a tab, line feed and carriage return `\t`, `\n`, `\r`, and any other
    /// control character (U+0000...U+001F, U+007F, U+0080...U+009F) `\u{XX}` (hex, as in a Swift
    /// string literal), so a message never breaks the line format and the line reads back
    /// unambiguously. Everything else is written as given (UTF-8).
    mutating func appendEscapedMessage(_ text: String) {
        TerminalSafe.write(text, escapingMessage: true) { append($0) }
    }
}
