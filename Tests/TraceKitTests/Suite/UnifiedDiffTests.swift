import Testing
@testable import TraceKit

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
        #expect(Self.diff(old, new) == """
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
        #expect(Self.diff("a\n", "a\nb\n") == "--- a\n+++ b\n@@ -1,1 +1,2 @@\n a\n+b\n")
        #expect(Self.diff("a\nb\n", "b\n") == "--- a\n+++ b\n@@ -1,2 +1,1 @@\n-a\n b\n")
        #expect(Self.diff("", "x\n") == "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
        #expect(Self.diff("x\n", "") == "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n")
    }

    @Test("a missing final line break is marked")
    func noNewline() {
        #expect(Self.diff("a\nb", "a\nc\n") == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of expected\n")
    }

    @Test("large, wholly different texts fall back to delete-all, insert-all (bounded time and memory)")
    func large() {
        let old = (0..<6000).map { "old \($0)\n" }.joined()
        let new = (0..<6000).map { "new \($0)\n" }.joined()
        let d = Self.diff(old, new)
        #expect(d.hasPrefix("--- a\n+++ b\n@@ -1,6000 +1,6000 @@\n-old 0\n"))
        #expect(d.hasSuffix("+new 5999\n"))
    }
}
