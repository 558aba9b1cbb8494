import Foundation
import Testing

/// Issue 15, item 11: golden diffs that show what changed (fields, summary, colour), and CRLF goldens.
@Suite("Golden diffs")
struct GoldenDiffTests {
    /// A folder with the pinch trace and a golden whose one velocity differs by 1.5.
    static func pinchWithChangedGolden() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.copy("Traces/pinch.json", as: "t.json")
        let golden = try BinaryRunner.packageFile("Traces/pinch.expected")
        try dir.write("t.expected", golden.replacingOccurrences(of: "velocity 0.916", with: "velocity 2.416"))
        return dir
    }

    @Test("check: a one-line summary of what differs, and the changed field marked under the line")
    func summaryAndMarks() throws {
        let dir = try Self.pinchWithChangedGolden()
        defer { dir.remove() }
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "differs: 1 line changed (velocity); largest numeric change 1.5 (velocity)", "\(r)")
        let plus = try #require(lines.firstIndex { $0.hasPrefix("+ ") })
        let marker = lines[plus + 1]
        #expect(marker.hasPrefix("?") && marker.allSatisfy { $0 == "?" || $0 == " " || $0 == "^" })
        // The ^ marks sit exactly under `velocity 0.916` of the added line.
        let start = try #require(lines[plus].range(of: "velocity 0.916"))
        let offset = lines[plus].distance(from: lines[plus].startIndex, to: start.lowerBound)
        #expect(marker.dropFirst(offset).hasPrefix("^^^^^^^^^^^^^^"), "\(marker)")
        #expect(marker.filter { $0 == "^" }.count == "velocity 0.916".count)
        #expect(!r.stdout.contains("\u{1B}["), "no colour when the output is not a terminal")
    }

    @Test("--color always colours (and drops the ? lines); never and NO_COLOR do not; a bad value is a usage error")
    func colour() throws {
        let dir = try Self.pinchWithChangedGolden()
        defer { dir.remove() }
        let always = try BinaryRunner.run(["check", "--color", "always", "t.json"], in: dir.url)
        #expect(always.stdout.contains("\u{1B}[32m+"), "\(always)")
        #expect(always.stdout.contains("\u{1B}[7mvelocity 0.916\u{1B}[27m"))
        #expect(!always.stdout.contains("\n?"))
        let never = try BinaryRunner.run(["check", "--color", "never", "t.json"], in: dir.url)
        #expect(!never.stdout.contains("\u{1B}["))
        let suite = try BinaryRunner.run(["test", "--color", "always", "t.json"], in: dir.url)
        #expect(suite.stdout.contains("\u{1B}[31m-"), "\(suite)")
        let bad = try BinaryRunner.run(["check", "--color", "sometimes", "t.json"], in: dir.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("auto, always, never"))
    }

    @Test("a golden with CRLF line endings compares equal to the LF output")
    func crlfGolden() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        let golden = try BinaryRunner.packageFile("Traces/double-tap.expected")
        try dir.write("t.expected", golden.replacingOccurrences(of: "\n", with: "\r\n"))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS t.json\n")
        // A real change in a CRLF golden is shown line by line, not as one giant line.
        try dir.write("t.expected", golden.replacingOccurrences(of: "taps 2", with: "taps 3").replacingOccurrences(of: "\n", with: "\r\n"))
        let changed = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(changed.status == 1)
        #expect(
            changed.stdout.contains("\n-   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 3\n"),
            "\(changed)")
        #expect(changed.stdout.contains("differs: 1 line changed (taps)"))
    }
}
