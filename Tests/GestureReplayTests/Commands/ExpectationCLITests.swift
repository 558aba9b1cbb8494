import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `check` and `test` with declarative expectations, end to end through the built binary; golden
/// files that break on a recognizer change and `--update` restoring them.
@Suite("expectations in check and test")
struct ExpectationCLITests {
    /// A sample JSON trace object with `"expect": EXPECT` as its first member, on line 2.
    static func withExpect(_ packagePath: String, _ expect: String) throws -> String {
        let text = try BinaryRunner.packageFile(packagePath)
        precondition(text.hasPrefix("{\n"), "\(packagePath) is not an object on several lines")
        return "{\n  \"expect\": \(expect),\n" + text.dropFirst(2)
    }

    static let holds = #"[{"recognizer": "doubleTap", "state": "ended", "at": [0.25, 0.35]}, {"recognizer": "single", "never": "ended"}]"#
    static let failsOne =
        #"[{"recognizer": "doubleTap", "state": "ended", "at": [0.30, 0.40]}, {"recognizer": "single", "never": "ended"}]"#

    // MARK: check

    @Test(
        "the sample traces with expectations pass, with their goldens and without them",
        arguments: [
            "double-tap.json", "marquee.json", "pan-fling.json", "pinch.json", "swipe-up.json", "tickle.csv",
        ])
    func samples(_ name: String) throws {
        let path = "Traces/expectations/" + name
        let r = try BinaryRunner.run(["check", path])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS \(path)\n")
        // Expectations only: the same trace (and its .args and scene) without the golden file.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy(path, as: name)
        let base = String(name[..<name.lastIndex(of: ".")!])
        if FileManager.default.fileExists(atPath: BinaryRunner.packageRoot.appendingPathComponent("Traces/expectations/\(base).args").path)
        {
            try dir.copy("Traces/expectations/\(base).args", as: "\(base).args")
            try dir.copy("Traces/expectations/tickle-expect.scene.json", as: "tickle-expect.scene.json")
        }
        let alone = try BinaryRunner.run(["check", name], in: dir.url)
        #expect(alone.status == 0, "\(alone)")
        #expect(alone.stdout == "PASS \(name)\n")
        #expect(!dir.exists("\(base).expected"))
    }

    @Test("check: an unmet expectation prints where it is, what it expected and the closest transitions; exit 1")
    func checkFails() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("t.json", try Self.withExpect("Traces/double-tap.json", Self.failsOne))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty)
        #expect(
            r.stdout == """
                FAIL t.json: 1 of 2 expectations not met
                t.json:2:14: error: expectation not met: doubleTap reaches ended at 0.3...0.4 s
                  got: doubleTap made 1 transition, none matching; the closest:
                     0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2
                            time is 0.289 s, expected at 0.3...0.4 s

                """)
    }

    @Test("check: a malformed expectation is `path:line:column: error:` on stderr, exit 65, whatever the golden says")
    func checkMalformed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(
            "t.json",
            try Self.withExpect("Traces/double-tap.json", #"[{"recognizer": "doubleTap", "velocity.x": {"min": 900, "max": 100}}]"#))
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "t.json:2:56: error: \"velocity.x\": min 900 is greater than max 100\n")
        let update = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(update.status == 65)
        #expect(
            try dir.read("t.expected") == (try BinaryRunner.packageFile("Traces/double-tap.expected")), "--update must not record the error"
        )
    }

    @Test("check --update on an expectations-only trace writes no golden file and says why")
    func checkUpdateExpectationsOnly() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("t.json", try Self.withExpect("Traces/double-tap.json", Self.holds))
        let r = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "no expected output written for t.json: it is checked by its expectations (--expect FILE writes one)\n")
        #expect(try dir.contents() == ["t.json"])
        // --expect FILE writes one.
        let named = try BinaryRunner.run(["check", "--update", "--expect", "t.golden", "t.json"], in: dir.url)
        #expect(named.stdout == "wrote t.golden\n")
        #expect(try dir.read("t.golden") == (try BinaryRunner.packageFile("Traces/double-tap.expected")))
    }

    // MARK: test

    /// A suite of the five cases: golden only, expectations only, both, an unmet expectation, neither.
    static func makeSuite(in dir: TemporaryDirectory) throws {
        try dir.copy("Traces/double-tap.json", as: "s/a-golden.json")
        try dir.copy("Traces/double-tap.expected", as: "s/a-golden.expected")
        try dir.write("s/b-expect.json", try withExpect("Traces/double-tap.json", holds))
        try dir.write("s/c-both.json", try withExpect("Traces/double-tap.json", holds))
        try dir.copy("Traces/double-tap.expected", as: "s/c-both.expected")
        try dir.write("s/d-unmet.json", try withExpect("Traces/double-tap.json", failsOne))
        try dir.copy("Traces/double-tap.json", as: "s/e-neither.json")
    }

    @Test("test: golden only, expectations only and both pass; an unmet expectation and a trace with neither fail")
    func suite() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.makeSuite(in: dir)
        let r = try BinaryRunner.run(["test", "s"], in: dir.url)
        #expect(r.status == 1)
        #expect(
            r.stdout == """
                PASS s/a-golden.json
                PASS s/b-expect.json
                PASS s/c-both.json
                FAIL s/d-unmet.json: 1 of 2 expectations not met
                s/d-unmet.json:2:14: error: expectation not met: doubleTap reaches ended at 0.3...0.4 s
                  got: doubleTap made 1 transition, none matching; the closest:
                     0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2
                            time is 0.289 s, expected at 0.3...0.4 s
                FAIL s/e-neither.json: missing expected output s/e-neither.expected and no expectations (run with --update to create it)
                3 passed, 2 failed

                """)
    }

    @Test("test --update: writes the missing golden, leaves expectations-only traces without one, still fails an unmet expectation")
    func suiteUpdate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.makeSuite(in: dir)
        let r = try BinaryRunner.run(["test", "--update", "s"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("FAIL s/d-unmet.json: 1 of 2 expectations not met"))
        #expect(lines.contains("UPDATED s/e-neither.json"))
        #expect(lines.last == "4 passed, 1 failed")
        #expect(dir.exists("s/e-neither.expected"))
        #expect(!dir.exists("s/b-expect.expected") && !dir.exists("s/d-unmet.expected"))
    }

    @Test("test: a malformed expectation fails its trace with the positioned error")
    func suiteMalformed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("s/t.json", try Self.withExpect("Traces/double-tap.json", #"[{"recognizer": "tripleTap"}]"#))
        let r = try BinaryRunner.run(["test", "s"], in: dir.url)
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "FAIL s/t.json: s/t.json:2:29: error: unknown recognizer 'tripleTap' in an expectation; the scene has: single, doubleTap\n0 passed, 1 failed\n"
        )
    }

    // MARK: golden files against recognizer changes

    @Test("a changed recognizer parameter (as a changed default would) fails the golden with a readable diff; --update accepts it")
    func changedDefault() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The double tap, its scene in a file the "change" edits.
        try dir.copy("Traces/double-tap.json", as: "s/double.json")
        let scene =
            #"{"recognizers": [{"name": "single", "kind": "tap", "requireToFail": ["doubleTap"]}, {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2%@}]}"#
        try dir.write("s/taps.scene.json", scene.replacingOccurrences(of: "%@", with: ""))
        try dir.write("s/double.args", "--scene taps.scene.json\n")
        #expect(try BinaryRunner.run(["test", "--update", "s"], in: dir.url).stdout == "UPDATED s/double.json\n1 passed, 0 failed\n")
        #expect(try BinaryRunner.run(["test", "s"], in: dir.url).stdout == "PASS s/double.json\n1 passed, 0 failed\n")

        // The change: the double tap's maximum interval drops from 0.35 s (the default) to 0.1 s, so
        // each tap is a single tap now.
        try dir.write("s/taps.scene.json", scene.replacingOccurrences(of: "%@", with: ", \"maximumTapInterval\": 0.1"))
        let r = try BinaryRunner.run(["test", "s"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 13, "\(r)")
        #expect(
            Array(lines[0...7]) == [
                "FAIL s/double.json: output differs from s/double.expected",
                "differs: 4 lines added, 2 lines removed",
                "--- s/double.expected",
                "+++ s/double.json (actual)",
                "@@ -1,2 +1,4 @@",
                "-   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2",
                "-   0.289  single     tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized",
                "+   0.183  doubleTap  tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: " + lines[7].components(
                    separatedBy: "reason: "
                ).last!,
            ])
        #expect(lines[7].contains("maximumTapInterval 0.1 s"), "the reason names the changed parameter")
        #expect(lines[8] == "+   0.183  single     tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 1")
        #expect(lines[9].hasPrefix("+   0.389  doubleTap  tap  possible -> failed "))
        #expect(lines[10] == "+   0.389  single     tap  possible -> ended      at (197.9, 419.0)  touches 1  taps 1")
        #expect(Array(lines[11...]) == ["0 passed, 1 failed", ""])
        let update = try BinaryRunner.run(["test", "--update", "s"], in: dir.url)
        #expect(update.stdout == "UPDATED s/double.json\n1 passed, 0 failed\n")
        #expect(try BinaryRunner.run(["test", "s"], in: dir.url).status == 0)
    }

    @Test("an expectation that does not depend on a changed value keeps passing where the golden breaks")
    func expectationsSurviveUnrelatedChanges() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let expect =
            #"[{"recognizer": "drag", "state": "began", "at": [0.15, 0.25]}, {"recognizer": "drag", "state": "ended", "translation.y": {"max": -350}}, {"recognizer": "drag", "never": "cancelled"}]"#
        try dir.write("golden/pan.json", try BinaryRunner.packageFile("Traces/pan-velocity.json"))
        try dir.write("expect/pan.json", try Self.withExpect("Traces/pan-velocity.json", expect))
        #expect(try BinaryRunner.run(["test", "--update", "golden"], in: dir.url).status == 0)
        #expect(try BinaryRunner.run(["test", "golden", "expect"], in: dir.url).stdout.hasSuffix("2 passed, 0 failed\n"))
        // Another velocity estimator moves every velocity: the golden breaks, the expectations hold.
        for folder in ["golden", "expect"] { try dir.write("\(folder)/pan.args", "--velocity lsq2\n") }
        let r = try BinaryRunner.run(["test", "golden", "expect"], in: dir.url)
        #expect(r.stdout.hasPrefix("PASS expect/pan.json\nFAIL golden/pan.json: output differs from golden/pan.expected\n"))
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    // MARK: JUnit

    @Test("test --junit: an unmet expectation is a failure of type expectation holding the message, escaped")
    func junit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.makeSuite(in: dir)
        try dir.write(
            "s/f-escape.json",
            try Self.withExpect("Traces/double-tap.json", #"[{"recognizer": "single", "state": "failed", "reason": "<a & b>"}]"#))
        let r = try BinaryRunner.run(["test", "s", "--junit", "out/report.xml"], in: dir.url)
        // A report that cannot be written: exit 74 (an output failure, issue #30) naming it, after the results.
        #expect(r.status == 74, "\(r)")
        #expect(r.stdout.hasSuffix("3 passed, 3 failed\n"))
        #expect(r.stderr == "out/report.xml: error: cannot create: No such file or directory\n")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let ok = try BinaryRunner.run(["test", "s", "--junit", "out/report.xml"], in: dir.url)
        #expect(ok.status == 1)
        #expect(ok.stdout.hasSuffix("3 passed, 3 failed\n"))
        let xml = try dir.read("out/report.xml")
        #expect(xml.contains("reason containing &apos;&lt;a &amp; b&gt;&apos;"))
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "6")
        #expect(suite.attribute(forName: "failures")?.stringValue == "3")
        let cases = suite.elements(forName: "testcase")
        #expect(
            cases.compactMap { $0.attribute(forName: "name")?.stringValue } == [
                "s/a-golden.json", "s/b-expect.json", "s/c-both.json", "s/d-unmet.json", "s/e-neither.json", "s/f-escape.json",
            ])
        let failures = cases.map { $0.elements(forName: "failure").first }
        #expect(failures.map { $0 == nil } == [true, true, true, false, false, false])
        #expect(failures[3]?.attribute(forName: "type")?.stringValue == "expectation")
        #expect(failures[3]?.attribute(forName: "message")?.stringValue == "1 of 2 expectations not met")
        #expect(
            failures[3]?.stringValue?.hasPrefix("s/d-unmet.json:2:14: error: expectation not met: doubleTap reaches ended at 0.3...0.4 s\n")
                == true)
        #expect(failures[4]?.attribute(forName: "type")?.stringValue == "golden")
        #expect(
            failures[4]?.attribute(forName: "message")?.stringValue
                == "missing expected output s/e-neither.expected and no expectations (run with --update to create it)")
        #expect(failures[5]?.stringValue?.contains("expectation not met: single reaches failed with reason containing '<a & b>'") == true)
        #expect(
            failures[5]?.stringValue?.contains("reason is 'required recognizer 'doubleTap' recognized', expected containing '<a & b>'")
                == true)
        #endif
    }

    // MARK: the project's own suite

    @Test("the project's suite passes unchanged: every trace under Traces/, one line each")
    func projectSuite() throws {
        let r = try BinaryRunner.run(["test", "Traces/"])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropLast()) == GoldenTrace.all.map { "PASS " + $0.path })
        #expect(lines.last == "\(GoldenTrace.all.count) passed, 0 failed")
        #expect(GoldenTrace.all.contains { $0.path.hasPrefix("Traces/expectations/") })
    }
}
