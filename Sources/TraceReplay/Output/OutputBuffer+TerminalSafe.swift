import TraceReading

/// Appending text for a terminal to an output buffer (`TerminalSafe`, in Diagnostics).
extension OutputBuffer {
    /// Appends `s` for a terminal (`TerminalSafe`): control characters as `\u{XX}`, the rest as given.
    /// Text without them (nearly all: reasons, names) is tested a word at a time and copied at once,
    /// from one view of its bytes.
    @inline(__always)
    public mutating func appendTerminalSafe(_ s: String) {
        var s = s
        let copied = s.withUTF8 { utf8 -> Bool in
            guard _fastPath(!TerminalSafe.needsEscaping(utf8)) else { return false }
            append(utf8)
            return true
        }
        if !copied { appendEscaping(s) }
    }

    @inline(never)
    private mutating func appendEscaping(_ s: String) {
        TerminalSafe.write(s, escapingMessage: false) { append($0) }
    }
}
