import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("Diagnostics: formatting, exit codes, positions")
struct DiagnosticFormatterTests {
    @Test func diagnosticFormatting() {
        let formatter = DiagnosticFormatter(programName: "gesturereplay")
        #expect(formatter.format(.error("bad", at: SourceLocation(path: "a.csv", line: 3, column: 7))) == "a.csv:3:7: error: bad")
        #expect(formatter.format(.warning("odd", at: SourceLocation(path: "a.csv", line: 3, column: 0))) == "a.csv:3: warning: odd")
        #expect(formatter.format(.error("gone", at: .file("a.csv"))) == "a.csv: error: gone")
        #expect(formatter.format(.error("no such option", at: nil)) == "gesturereplay: error: no such option")
        #expect(DiagnosticFormatter().format(.error("no such option", at: nil)) == "error: no such option")
        let withNote = Diagnostic.error(
            "again", at: SourceLocation(path: "p", line: 2, column: 1),
            notes: [.note("first here", at: SourceLocation(path: "p", line: 1, column: 4))])
        #expect(formatter.format(withNote) == "p:2:1: error: again\np:1:4: note: first here")
        #expect(TraceError.invalidTrace("x", at: .file("f")).exitCode == 65)
        #expect(TraceError.cannotOpen("f", "x").exitCode == 66)
        #expect(TraceError.usage("x").exitCode == 2)
        #expect(TraceError.ioError("f", "x").exitCode == 74)
        #expect("\(TraceError.invalidTrace("bad", at: SourceLocation(path: "a", line: 1, column: 2)))" == "a:1:2: error: bad")
        #expect(TextPosition(line: 1, column: 9) < TextPosition(line: 2, column: 1))
        #expect(TextPosition(line: -3, column: Int.max).line == 0)
    }
}
