import Testing
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// The unified diff printed for a golden file that differs.
@Suite("Unified diff")
struct UnifiedDiffTests {
    static func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b")
    }

    static func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    @Test("equal texts: no diff")
    func equal() {
        #expect(Self.diff("", "") == "")
        #expect(Self.diff("x\ny\n", "x\ny\n") == "")
    }

    @Test("one changed line: deletion before insertion, 3 lines of context")
    func oneChange() {
        let old = Self.numbered(1...10)
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            Self.diff(old, new) == """
                differs: 1 line changed (line)
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test("changes far apart make separate hunks; close ones share one")
    func hunks() {
        let old = Self.numbered(1...30)
        let far = old.replacingOccurrences(of: "line 3\n", with: "x\n").replacingOccurrences(of: "line 25\n", with: "y\n")
        let farDiff = Self.diff(old, far)
        #expect(farDiff.components(separatedBy: "\n@@ ").count - 1 == 2)
        #expect(farDiff.contains("@@ -1,6 +1,6 @@\n"))
        #expect(farDiff.contains("@@ -22,7 +22,7 @@\n"))
        let near = old.replacingOccurrences(of: "line 10\n", with: "x\n").replacingOccurrences(of: "line 14\n", with: "y\n")
        let nearDiff = Self.diff(old, near)
        #expect(nearDiff.components(separatedBy: "\n@@ ").count - 1 == 1)
        #expect(nearDiff.contains("@@ -7,11 +7,11 @@\n"))
    }

    @Test("insertions and deletions at the ends; an empty side")
    func ends() {
        #expect(Self.diff("a\n", "a\nb\n") == "differs: 1 line added\n--- a\n+++ b\n@@ -1,1 +1,2 @@\n a\n+b\n")
        #expect(Self.diff("a\nb\n", "b\n") == "differs: 1 line removed\n--- a\n+++ b\n@@ -1,2 +1,1 @@\n-a\n b\n")
        #expect(Self.diff("", "x\n") == "differs: 1 line added\n--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
        #expect(Self.diff("x\n", "") == "differs: 1 line removed\n--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n")
    }

    @Test("a missing final line break is marked")
    func noNewline() {
        #expect(
            Self.diff("a\nb", "a\nc\n")
                == "differs: 1 line changed (c)\n--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of expected\n")
    }

    @Test("large, wholly different texts fall back to delete-all, insert-all (bounded time and memory)")
    func large() {
        let old = (0..<6000).map { "old \($0)\n" }.joined()
        let new = (0..<6000).map { "new \($0)\n" }.joined()
        let d = Self.diff(old, new)
        #expect(d.hasPrefix("differs: 6000 lines changed (new)\n--- a\n+++ b\n@@ -1,6000 +1,6000 @@\n-old 0\n"))
        #expect(d.hasSuffix("+new 5999\n"))
    }

    static let golden = """
           0.083  pinch     pinch     possible -> began      at (194.1, 420.6)  touches 2  scale 1.024  velocity 0.000
           0.083  rotation  rotation  possible -> failed     at (194.1, 420.6)  touches 2  rotation 0.000  velocity 0.000  reason: prevented by pinch 'pinch', which began
           0.100  pinch     pinch     began -> changed       at (193.7, 420.6)  touches 2  scale 1.068  velocity 0.649

        """

    @Test("a changed line: a ? line marks its changed fields, and the first line sums up what differs")
    func changedFields() {
        let new = Self.golden.replacingOccurrences(of: "velocity 0.649", with: "velocity 2.149")
            .replacingOccurrences(of: "scale 1.024", with: "scale 1.031")
        let d = Self.diff(Self.golden, new)
        #expect(
            d == """
                differs: 2 lines changed (scale in 1, velocity in 1); largest numeric change 1.5 (velocity)
                --- a
                +++ b
                @@ -1,3 +1,3 @@
                -   0.083  pinch     pinch     possible -> began      at (194.1, 420.6)  touches 2  scale 1.024  velocity 0.000
                +   0.083  pinch     pinch     possible -> began      at (194.1, 420.6)  touches 2  scale 1.031  velocity 0.000
                ?                                                                                   ^^^^^^^^^^^
                    0.083  rotation  rotation  possible -> failed     at (194.1, 420.6)  touches 2  rotation 0.000  velocity 0.000  reason: prevented by pinch 'pinch', which began
                -   0.100  pinch     pinch     began -> changed       at (193.7, 420.6)  touches 2  scale 1.068  velocity 0.649
                +   0.100  pinch     pinch     began -> changed       at (193.7, 420.6)  touches 2  scale 1.068  velocity 2.149
                ?                                                                                                ^^^^^^^^^^^^^^

                """)
    }

    @Test("JSON Lines: the fields are the top-level members")
    func jsonFields() {
        let d = Self.diff(
            #"{"event":"gesture","t":0.1,"velocity":{"x":1,"y":2},"reason":"a, b"}"# + "\n",
            #"{"event":"gesture","t":0.1,"velocity":{"x":1,"y":3},"reason":"a, b"}"# + "\n")
        #expect(d.hasPrefix("differs: 1 line changed (velocity); largest numeric change 1 (velocity)\n"), "\(d)")
        // Under `"velocity":{"x":1,"y":3}` (columns 27 to 50 of the line).
        #expect(d.hasSuffix("\n?" + String(repeating: " ", count: 27) + String(repeating: "^", count: 24) + "\n"), "\(d)")
    }

    @Test("colour: removed red, added green, the changed fields in reverse video, ? lines dropped")
    func colour() {
        let new = Self.golden.replacingOccurrences(of: "velocity 0.649", with: "velocity 2.149")
        let coloured = DiffHighlight.colorize(Self.diff(Self.golden, new))
        #expect(!coloured.contains("\n?"))
        #expect(
            coloured.contains(
                "\u{1B}[31m-   0.100  pinch     pinch     began -> changed       at (193.7, 420.6)  touches 2  scale 1.068  \u{1B}[7mvelocity 0.649\u{1B}[27m\u{1B}[0m\n"
            ))
        #expect(
            coloured.contains(
                "\u{1B}[32m+   0.100  pinch     pinch     began -> changed       at (193.7, 420.6)  touches 2  scale 1.068  \u{1B}[7mvelocity 2.149\u{1B}[27m\u{1B}[0m\n"
            ))
        #expect(coloured.contains("\u{1B}[36m@@ -2,2 +2,2 @@\u{1B}[0m\n") || coloured.contains("\u{1B}[36m@@"))
    }

    @Test("CRLF against LF: one line saying the line endings differ, never one giant line")
    func lineEndings() {
        let crlf = Self.golden.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(
            Self.diff(crlf, Self.golden) == "line endings differ: a has CRLF (\\r\\n) line endings, b LF; the lines are otherwise equal\n")
        // A real change in a CRLF file is still shown line by line.
        let d = Self.diff(crlf, Self.golden.replacingOccurrences(of: "scale 1.068", with: "scale 1.070"))
        // Counted in bytes: a raw CRLF is one `Character`, so `components(separatedBy: "\n")` would
        // not split it. The golden's carriage returns are shown escaped (`TerminalSafe`).
        #expect(d.utf8.split(separator: UInt8(ascii: "\n")).count < 16, "\(d)")
        #expect(!d.utf8.contains(13) && d.contains("velocity 0.649\\u{0D}\n"), "\(d)")
        #expect(UnifiedDiff.normalizingLineEndings(crlf) == Self.golden)
    }

    @Test("a golden's own lines are printed with their control characters escaped (issue #30, finding 25)")
    func goldenLinesEscaped() {
        let old = "same\u{1B}[2J\nold\u{1B}]0;pwned\u{07}\nend\u{00}\n"
        let new = "same\u{1B}[2J\nnew\nend\u{00}\n"
        let out = Self.diff(old, new)
        #expect(!out.utf8.contains(0x1B))
        #expect(!out.utf8.contains(0x07))
        #expect(!out.utf8.contains(0x00))
        #expect(out.contains(" same\\u{1B}[2J\n"))
        #expect(out.contains("-old\\u{1B}]0;pwned\\u{07}\n"))
        #expect(out.contains(" end\\u{00}\n"))
    }
}
