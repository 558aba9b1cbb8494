import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `check` (one trace against its golden file) and `test` (a folder of traces as a suite):
/// exit codes, unified diffs, `--update`, `--shard`, `--jobs`, `--junit`.
@Suite("check and test")
struct CheckAndSuiteTests {
    static let doubleTapGolden = """
           0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2
           0.289  single     tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized

        """

    @Test("the double-tap golden is what this suite assumes")
    func goldenAssumption() throws {
        #expect(try BinaryRunner.packageFile("Traces/double-tap.expected") == Self.doubleTapGolden)
    }

    // MARK: check

    @Test("check: PASS and exit 0 when the output equals the golden file")
    func checkPasses() throws {
        let r = try BinaryRunner.run(["check", "Traces/double-tap.json"])
        #expect(r.status == 0)
        #expect(r.stdout == "PASS Traces/double-tap.json\n")
        #expect(r.stderr.isEmpty)
    }

    @Test("check: FAIL, a unified diff (expected -> actual) and exit 1 when it differs")
    func checkFailsWithDiff() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.write("t.expected", Self.doubleTapGolden.replacingOccurrences(of: "taps 2", with: "taps 3"))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 10, "\(r)")
        #expect(
            Array(lines[0...4]) == [
                "FAIL t.json: output differs from t.expected",
                "differs: 1 line changed (taps); largest numeric change 1 (taps)",
                "--- t.expected",
                "+++ t.json (actual)",
                "@@ -1,2 +1,2 @@",
            ])
        // The changed line, removed and added, and the changed field marked.
        #expect(
            Array(lines[5...7]) == [
                "-   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 3",
                "+   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2",
                "?" + String(repeating: " ", count: 79) + "^^^^^^",
            ])
        #expect(
            lines[8]
                == "    0.289  single     tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized"
        )
        #expect(lines[9] == "")
    }

    @Test("check: a missing golden file (and no expectations) fails with a hint, without a diff")
    func checkMissingGolden() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout == "FAIL t.json: missing expected output t.expected and no expectations (run with --update to create it)\n")
        #expect(!dir.exists("t.expected"))
    }

    @Test("check --expect compares with another file")
    func checkExpect() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.write("golden.txt", Self.doubleTapGolden)
        let r = try BinaryRunner.run(["check", "--expect", "golden.txt", "t.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS t.json\n")
    }

    @Test("check --update writes the golden atomically (a new file renamed over the old), then reports it unchanged")
    func checkUpdate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        let first = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "wrote t.expected\n")
        #expect(try dir.read("t.expected") == Self.doubleTapGolden)
        #expect(try dir.contents() == ["t.expected", "t.json"], "temporary files left behind")

        let again = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(again.stdout == "unchanged t.expected\n")

        // A stale golden with a second (hard) link: the update replaces the directory entry with a
        // new file, so the other link keeps the old bytes. An in-place rewrite would change both.
        try dir.write("t.expected", "stale\n")
        try FileManager.default.linkItem(
            at: dir.url.appendingPathComponent("t.expected"), to: dir.url.appendingPathComponent("old.expected"))
        #expect(try BinaryRunner.run(["check", "t.json"], in: dir.url).status == 1)
        let rewrite = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(rewrite.stdout == "wrote t.expected\n")
        #expect(try dir.read("t.expected") == Self.doubleTapGolden)
        #expect(try dir.read("old.expected") == "stale\n")
        #expect(try dir.contents() == ["old.expected", "t.expected", "t.json"], "temporary files left behind")
        #expect(try BinaryRunner.run(["check", "t.json"], in: dir.url).stdout == "PASS t.json\n")
    }

    @Test("check --update refuses an invalid trace unless NAME.args declares --expect-error; then the golden records the error")
    func checkUpdateInvalidTrace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/errors/unknown-phase.csv", as: "bad.csv")
        let refused = try BinaryRunner.run(["check", "--update", "bad.csv"], in: dir.url)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("bad.csv:5:12: error: unknown phase 'lift'"))
        #expect(refused.stderr.contains("add --expect-error to bad.args"))
        #expect(!dir.exists("bad.expected"))
        #expect(try BinaryRunner.run(["test", "--update", "."], in: dir.url).status == 1)
        #expect(!dir.exists("bad.expected"))

        try dir.write("bad.args", "--expect-error  # a broken recording, kept on purpose\n")
        let r = try BinaryRunner.run(["check", "--update", "bad.csv"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(
            try dir.read("bad.expected")
                == "error (exit 65): bad.csv:5:12: error: unknown phase 'lift'; expected one of: began, moved, stationary, ended, cancelled (aliases: down, move, up, cancel; any letter case)\n"
        )
        #expect(try BinaryRunner.run(["check", "bad.csv"], in: dir.url).stdout == "PASS bad.csv\n")
        #expect(try BinaryRunner.run(["test", "."], in: dir.url).stdout == "PASS ./bad.csv\n1 passed, 0 failed\n")
    }

    @Test("check reads the trace's NAME.args first; options on its command line come after them")
    func checkUsesArgsFile() throws {
        // Traces/pan-velocity.args holds --touches: its golden has the touch line.
        let r = try BinaryRunner.run(["check", "Traces/pan-velocity.json"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS Traces/pan-velocity.json\n")
        // Without the .args file beside it, the touch line is missing from the replay.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/pan-velocity.json", as: "p.json")
        try dir.copy("Traces/pan-velocity.expected", as: "p.expected")
        let without = try BinaryRunner.run(["check", "p.json"], in: dir.url)
        #expect(without.status == 1)
        #expect(without.stdout.contains("\n-   0.617  touch 1 ended at (241.6, 291.1)  velocity (669.4, -1662.2)  taps 0\n"))
        #expect(try BinaryRunner.run(["check", "--touches", "p.json"], in: dir.url).stdout == "PASS p.json\n")
    }

    // MARK: test

    /// A small suite in `dir/suite`: one passing trace (with a scene through `.args`), one failing,
    /// one without a golden; a scene file and a README that are not traces.
    static func makeSuite(in dir: TemporaryDirectory) throws {
        try dir.copy("Traces/double-tap.json", as: "suite/a-pass.json")
        try dir.copy("Traces/double-tap.expected", as: "suite/a-pass.expected")
        try dir.copy("Traces/swipe-left.jsonl", as: "suite/nested/b-pass.jsonl")
        try dir.copy("Traces/swipe-left.expected", as: "suite/nested/b-pass.expected")
        try dir.copy("Traces/swipes.scene.json", as: "suite/nested/swipes.scene.json")
        try dir.write("suite/nested/b-pass.args", "--scene swipes.scene.json\n")
        try dir.copy("Traces/double-tap.json", as: "suite/c-fail.json")
        try dir.write("suite/c-fail.expected", doubleTapGolden.replacingOccurrences(of: "taps 2", with: "taps 3"))
        try dir.copy("Traces/default-scene.csv", as: "suite/d-missing.csv")
        try dir.write("suite/README.md", "not a trace\n")
    }

    @Test("test DIR: a line per trace (sorted, recursive; scenes skipped), then `N passed, M failed`, exit 1 on failures")
    func suiteSummary() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.makeSuite(in: dir)
        let r = try BinaryRunner.run(["test", "suite"], in: dir.url)
        #expect(r.status == 1, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "PASS suite/a-pass.json")
        #expect(lines.contains("FAIL suite/c-fail.json: output differs from suite/c-fail.expected"))
        #expect(lines.contains("-   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 3"))
        #expect(
            lines.contains(
                "FAIL suite/d-missing.csv: missing expected output suite/d-missing.expected and no expectations (run with --update to create it)"
            ))
        #expect(lines.contains("PASS suite/nested/b-pass.jsonl"))
        #expect(!r.stdout.contains("swipes.scene.json"))
        #expect(lines.last == "2 passed, 2 failed")
    }

    @Test("test --update writes the missing and differing goldens, then the suite passes")
    func suiteUpdate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.makeSuite(in: dir)
        let update = try BinaryRunner.run(["test", "--update", "suite"], in: dir.url)
        #expect(update.status == 0, "\(update)")
        #expect(
            update.stdout == """
                PASS suite/a-pass.json
                UPDATED suite/c-fail.json
                UPDATED suite/d-missing.csv
                PASS suite/nested/b-pass.jsonl
                4 passed, 0 failed

                """)
        #expect(try dir.read("suite/c-fail.expected") == Self.doubleTapGolden)
        let again = try BinaryRunner.run(["test", "suite"], in: dir.url)
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("4 passed, 0 failed\n"))
    }

    @Test("test on a folder without traces fails and says so")
    func suiteEmpty() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("empty/notes.txt", "nothing here\n")
        let r = try BinaryRunner.run(["test", "empty"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout == "0 passed, 0 failed\ngesturereplay: no traces found under empty\n")
    }

    @Test("test: a bad .args file fails that trace with a positioned message")
    func suiteBadArgs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "s/t.json")
        try dir.copy("Traces/double-tap.expected", as: "s/t.expected")
        try dir.write("s/t.args", "--bogus\n")
        let r = try BinaryRunner.run(["test", "s"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout == "FAIL s/t.json: s/t.args:1:1: error: unknown option '--bogus'\n0 passed, 1 failed\n")
    }

    @Test("--shard I/N partitions the suite: every trace in exactly one shard, trace k in shard k % N + 1", arguments: [2, 3, 5])
    func shards(_ count: Int) throws {
        let all = GoldenTrace.all.map(\.path)
        try #require(!all.isEmpty)
        var seen: [String] = []
        for index in 1...count {
            let r = try BinaryRunner.run(["test", "--shard", "\(index)/\(count)", "Traces"])
            #expect(r.status == 0, "\(r)")
            let listed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
            let expected = all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            #expect(listed == expected, "shard \(index)/\(count)")
            #expect(r.stdout.hasSuffix("\(expected.count) passed, 0 failed\n"))
            seen += listed
        }
        #expect(seen.sorted() == all)
        #expect(Set(seen).count == seen.count, "a trace ran in two shards")
    }

    @Test("test -j 1 and -j 8 print the same report, in trace order")
    func jobsDoNotChangeTheReport() throws {
        let one = try BinaryRunner.run(["test", "-j", "1", "Traces"])
        let eight = try BinaryRunner.run(["test", "--jobs", "8", "Traces"])
        #expect(one.status == 0 && eight.status == 0)
        #expect(one.stdout == eight.stdout)
    }

    @Test("test --junit writes JUnit XML that parses, with counts, escaped names and the diff")
    func junit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let oddName = "r&d <\"quoted\"> 'x'"
        try dir.copy("Traces/double-tap.json", as: "s/ok.json")
        try dir.copy("Traces/double-tap.expected", as: "s/ok.expected")
        try dir.copy("Traces/double-tap.json", as: "s/\(oddName).json")
        try dir.write("s/\(oddName).expected", Self.doubleTapGolden.replacingOccurrences(of: "taps 2", with: "taps <3> & more"))
        try dir.copy("Traces/double-tap.json", as: "s/z-bad-args.json")
        try dir.write("s/z-bad-args.args", "--bogus\n")
        let r = try BinaryRunner.run(["test", "s", "--junit", "report.xml"], in: dir.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.hasSuffix("1 passed, 2 failed\n"))
        #expect(try dir.contents() == ["report.xml", "s"], "temporary files left behind")
        let xml = try dir.read("report.xml")
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(xml.contains("r&amp;d &lt;&quot;quoted&quot;&gt; &apos;x&apos;"))
        #expect(xml.contains("taps &lt;3&gt; &amp; more"))

        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "2")
        let cases = suite.elements(forName: "testcase")
        let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(names == ["s/ok.json", "s/\(oddName).json", "s/z-bad-args.json"])
        for c in cases {
            let time = c.attribute(forName: "time")?.stringValue ?? ""
            #expect(Double(time) != nil, "time '\(time)'")
        }
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let diffFailure = try #require(cases[1].elements(forName: "failure").first)
        #expect(diffFailure.attribute(forName: "message")?.stringValue == "output differs from s/\(oddName).expected")
        let body = diffFailure.stringValue ?? ""
        #expect(body.contains("--- s/\(oddName).expected\n+++ s/\(oddName).json (actual)\n"))
        #expect(body.contains("-   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps <3> & more\n"))
        let argsFailure = try #require(cases[2].elements(forName: "failure").first)
        #expect(argsFailure.attribute(forName: "message")?.stringValue == "s/z-bad-args.args:1:1: error: unknown option '--bogus'")
        #else
        // Structural check without an XML parser.
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.contains("<testsuites name=\"gesturereplay\" tests=\"3\" failures=\"2\" errors=\"0\""))
        #endif
    }
}
