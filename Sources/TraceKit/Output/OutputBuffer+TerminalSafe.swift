import TraceReading

/// Appending text for a terminal to an output buffer (`TerminalSafe`, in Diagnostics).
extension OutputBuffer {
    /// Appends `s` for a terminal (`TerminalSafe`): control characters as `\u{XX}`, the rest as given.
    @inline(__always)
    public mutating func appendTerminalSafe(_ s: String) {
        if _fastPath(!TerminalSafe.needsEscaping(s)) {
            append(s)
            return
        }
        appendEscaping(s)
    }

    @inline(never)
    private mutating func appendEscaping(_ s: String) {
        TerminalSafe.write(s, escapingMessage: false) { append($0) }
    }
}
