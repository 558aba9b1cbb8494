/// A value from the user's input or command line as a message quotes it: in single quotes, at most
/// ``maximumBytes`` bytes of it (cut at a character boundary, then `...`), so that no message echoes
/// megabytes of a file (docs/robustness.md: "Messages quote at most 40 bytes of a value"). Control
/// characters are escaped where the message is written (``TerminalSafe``).
package enum QuotedValue {
    /// The most bytes of a value a message quotes.
    package static let maximumBytes = 40

    /// `'value'`, or `'first 40 bytes...'`.
    package static func text(_ value: some StringProtocol) -> String {
        guard value.utf8.count > maximumBytes else { return "'\(value)'" }
        var shown = Substring(value)
        while shown.utf8.count > maximumBytes { shown = shown.dropLast() }
        return "'\(shown)...'"
    }
}
