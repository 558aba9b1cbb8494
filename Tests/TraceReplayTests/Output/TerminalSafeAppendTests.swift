import Testing
@testable import TraceReplay
import TraceReading

/// `OutputBuffer.appendTerminalSafe` (the text renderer's names and reasons: one view of the bytes,
/// tested a word at a time, copied at once) appends exactly `TerminalSafe.escaped(s)`, the plain
/// path, for text with and without control characters at every position.
@Suite("Terminal-safe text appended as the plain path escapes it")
struct TerminalSafeAppendTests {
    @Test func sameBytesAsEscaped() {
        let pieces = [
            "moved 14.2 pt > allowableMovement 10 pt", "a\u{1B}[31mb", "tab\there", "\u{9B}2J", "é→👍", "\u{7F}", "x\u{C2}\u{A0}y", "",
        ]
        var failures: [String] = []
        for first in pieces {
            for second in pieces {
                for cut in 0...9 {
                    let s = String(first.prefix(cut)) + second + String(first.dropFirst(cut))
                    var out = OutputBuffer(fileDescriptor: nil)
                    out.append("> " as StaticString)
                    out.appendTerminalSafe(s)
                    if out.text != "> " + TerminalSafe.escaped(s) && failures.count < 8 { failures.append("\(Array(s.utf8)): \(out.text)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
