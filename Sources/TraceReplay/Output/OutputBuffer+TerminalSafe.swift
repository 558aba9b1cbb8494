import TraceReading

/// Appending text for a terminal to an output buffer (`TerminalSafe`, in Diagnostics).
extension OutputBuffer {
    /// Appends `s` for a terminal (`TerminalSafe`): control characters as `\u{XX}`, the rest as given.
    /// Text without them (nearly all: reasons, names) is tested a word at a time and copied at once,
    /// from one view of its bytes.
    @inline(__always)
    public mutating func appendTerminalSafe(_ s: String) {
        var s = s
        s.withUTF8 { appendTerminalSafe($0) }
    }

    /// `appendTerminalSafe(_:)` for text given as its UTF-8 bytes (a failure reason's, in place).
    @inline(__always)
    mutating func appendTerminalSafe(_ utf8: UnsafeBufferPointer<UInt8>) {
        if _fastPath(!TerminalSafe.needsEscaping(utf8)) {
            append(utf8)
        } else {
            appendEscaping(utf8)
        }
    }

    @inline(never)
    private mutating func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        TerminalSafe.write(String(decoding: utf8, as: UTF8.self), escapingMessage: false) { append($0) }
    }
}
