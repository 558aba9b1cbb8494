import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// `TraceCheck`: which of golden file and expectations a trace is checked by, and how `--update`
/// treats each.
@Suite("Trace check (golden files and expectations)")
struct TraceCheckTests {
    static let scene =
        #""scene": {"recognizers": [{"name": "single", "kind": "tap", "requireToFail": ["doubleTap"]}, {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2}]}"#
    static let holds = #""expect": [{"recognizer": "doubleTap", "taps": 2}, {"recognizer": "single", "never": "ended"}]"#
    static let fails = #""expect": [{"recognizer": "doubleTap", "taps": 2}, {"recognizer": "single", "state": "ended"}]"#

    /// `t.json` in a new folder: the double tap in its scene, with `members` added.
    static func trace(_ dir: TemporaryFolder, _ members: String) throws -> String {
        try dir.write(
            "t.json", try SuiteTestSupport.trace(members.isEmpty ? scene : members + ", " + scene, eventsOf: "Traces/double-tap.json"))
    }

    static func run(_ path: String, expect: String? = nil, update: Bool = false) throws(TraceError) -> TraceCheck.Result {
        try TraceCheck.run(path, options: ReplayOptions(), expectedPath: expect, update: update)
    }

    @Test("golden only: compared; equal passes")
    func goldenOnly() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, "")
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        let r = try Self.run(path)
        #expect(r.passed && r.golden?.passed == true && r.expectations == nil)
        #expect(r.failureMessage == nil && r.details.isEmpty && r.failureKind == nil)
    }

    @Test("expectations only: no golden file needed or written, also with --update")
    func expectationsOnly() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, Self.holds)
        let r = try Self.run(path)
        #expect(r.passed && r.golden == nil && r.expectations?.count == 2)
        let u = try Self.run(path, update: true)
        #expect(u.passed && u.golden == nil && !u.goldenChanged)
        #expect(!dir.exists("t.expected"))
    }

    @Test("neither a golden file nor expectations: fails, saying so (not a silent pass)")
    func neither() throws {
        let dir = try TemporaryFolder()
        let r = try Self.run(try Self.trace(dir, ""))
        #expect(!r.passed)
        #expect(
            r.failureMessage
                == "missing expected output \(dir.path)/t.expected and no expectations (run with TraceCheck.run(update:) to create it)")
        // The check's spelling names the option (the command line passes its flags).
        let spelled = try TraceCheck.run(
            dir.path + "/t.json", options: ReplayOptions(), update: false, spelling: OptionSpelling { hint, _ in "<\(hint)>" })
        #expect(
            spelled.failureMessage
                == "missing expected output \(dir.path)/t.expected and no expectations (run with <updateGolden> to create it)")
        #expect(r.details.isEmpty)
        #expect(r.failureKind == "golden")
    }

    @Test("both: passes only when the golden matches and every expectation holds; the message names each failure")
    func both() throws {
        let dir = try TemporaryFolder()
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        #expect(try Self.run(try Self.trace(dir, Self.holds)).passed)

        let expectationFails = try Self.run(try Self.trace(dir, Self.fails))
        #expect(expectationFails.failureMessage == "1 of 2 expectations not met")
        #expect(expectationFails.failureKind == "expectation")
        #expect(expectationFails.details.hasPrefix("\(dir.path)/t.json:1:53: error: expectation not met: single reaches ended\n"))

        try dir.write(
            "t.expected", try SuiteTestSupport.packageFile("Traces/double-tap.expected").replacingOccurrences(of: "taps 2", with: "taps 3"))
        let bothFail = try Self.run(try Self.trace(dir, Self.fails))
        #expect(bothFail.failureMessage == "output differs from \(dir.path)/t.expected; 1 of 2 expectations not met")
        #expect(bothFail.failureKind == "golden,expectation")
        // The diff first, then the unmet expectation.
        let diffStart = try #require(bothFail.details.range(of: "--- \(dir.path)/t.expected\n"))
        let expectationStart = try #require(bothFail.details.range(of: "error: expectation not met"))
        #expect(diffStart.lowerBound < expectationStart.lowerBound)
    }

    @Test("--update rewrites the golden but still checks the expectations")
    func updateStillChecksExpectations() throws {
        let dir = try TemporaryFolder()
        try dir.write("t.expected", "stale\n")
        let r = try Self.run(try Self.trace(dir, Self.fails), update: true)
        #expect(r.goldenChanged)
        #expect(try dir.read("t.expected") == (try SuiteTestSupport.packageFile("Traces/double-tap.expected")))
        #expect(!r.passed)
        #expect(r.failureMessage == "1 of 2 expectations not met")
    }

    @Test("--expect FILE compares an expectations trace with FILE too (and --update writes it)")
    func namedGolden() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, Self.holds)
        let missing = try Self.run(path, expect: dir.path + "/g.txt")
        #expect(missing.failureMessage == "missing expected output \(dir.path)/g.txt (run with TraceCheck.run(update:) to create it)")
        _ = try Self.run(path, expect: dir.path + "/g.txt", update: true)
        #expect(try dir.read("g.txt") == (try SuiteTestSupport.packageFile("Traces/double-tap.expected")))
        #expect(try Self.run(path, expect: dir.path + "/g.txt").passed)
    }

    @Test("a malformed expectation is an error even when a golden file would match")
    func malformedExpectation() throws {
        let dir = try TemporaryFolder()
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        let path = try Self.trace(dir, #""expect": [{"recognizer": "doubleTap", "state": "done"}]"#)
        #expect(
            throws: TraceError.invalidTrace(
                "unknown state 'done'; expected one of: began, changed, ended, recognized, cancelled, failed",
                at: SourceLocation(path: path, line: 1, column: 50))
        ) {
            try Self.run(path)
        }
        // And --update does not record it as the golden output.
        #expect(throws: TraceError.self) { try Self.run(path, update: true) }
        #expect(try dir.read("t.expected") == (try SuiteTestSupport.packageFile("Traces/double-tap.expected")))
    }

    @Test("an invalid trace: only one declared to fail (expectsError) gets its error recorded as a golden, named relative to its folder")
    func invalidTrace() throws {
        let dir = try TemporaryFolder()
        let path = try dir.copy("Traces/errors/unknown-phase.csv", as: "bad.csv")
        #expect(throws: TraceError.self) { try Self.run(path) }
        // --update refuses to turn a broken trace into a passing golden...
        #expect(throws: TraceError.self) { try Self.run(path, update: true) }
        #expect(!FileIO.exists(dir.path + "/bad.expected"))
        // ... unless it is declared an expected-error case.
        let written = try TraceCheck.run(path, options: ReplayOptions(), update: true, expectsError: true)
        #expect(written.passed && written.goldenChanged)
        #expect(try dir.read("bad.expected").hasPrefix("error (exit 65): bad.csv:5:12: error: unknown phase 'lift'"))
        #expect(try TraceCheck.run(path, options: ReplayOptions(), update: false, expectsError: true).passed)
        // Not declared, the recorded golden does not make it pass either.
        #expect(throws: TraceError.self) { try Self.run(path) }
        // Declared, a trace that replays cleanly fails.
        let good = try dir.copy("Traces/double-tap.json", as: "good.json")
        #expect(throws: TraceError.self) { try TraceCheck.run(good, options: ReplayOptions(), update: true, expectsError: true) }
    }

    @Test("two traces that would share a golden file (t.csv and t.json) are an error naming both")
    func ambiguousGolden() throws {
        let dir = try TemporaryFolder()
        let json = try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        #expect(try Self.run(json).passed)
        let csv = try dir.copy("Traces/two-finger-tap.csv", as: "t.csv")
        for (trace, other) in [(json, csv), (csv, json)] {
            #expect(
                throws: TraceError.invalidTrace(
                    "\(trace) and \(other) would share the golden file \(dir.path)/t.expected (and \(dir.path)/t.args); rename one of them",
                    at: .file(trace))
            ) { try Self.run(trace, update: true) }
        }
        #expect(try dir.read("t.expected") == (try SuiteTestSupport.packageFile("Traces/double-tap.expected")))
        // A golden file named explicitly is not ambiguous.
        #expect(try Self.run(json, expect: dir.path + "/t.expected").passed)
    }

    @Test("a device recording beside a trace of the same name (t.evemu and t.json) would share its golden file: an error naming both")
    func ambiguousGoldenWithRecording() throws {
        let dir = try TemporaryFolder()
        let json = try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        // A text file beside it that is not a recording is no trace, so no namesake.
        try dir.write("t.txt", "notes\n")
        #expect(try Self.run(json).passed)
        let evemu = try dir.copy("Tests/Fixtures/recordings/atmel-maxtouch.1-finger-fast-taps.evemu", as: "t.evemu")
        for (trace, other) in [(json, evemu), (evemu, json)] {
            #expect(
                throws: TraceError.invalidTrace(
                    "\(trace) and \(other) would share the golden file \(dir.path)/t.expected (and \(dir.path)/t.args); rename one of them",
                    at: .file(trace))
            ) { try Self.run(trace, update: true) }
        }
        // A recording saved under a sniffed extension (`.log`) is a namesake by its content.
        let log = try dir.copy("Tests/Fixtures/recordings/atmel-maxtouch.1-finger-fast-taps.evemu", as: "t.log")
        #expect(
            throws: TraceError.invalidTrace(
                "\(json), \(evemu) and \(log) would share the golden file \(dir.path)/t.expected (and \(dir.path)/t.args); rename all but one",
                at: .file(json))
        ) { try Self.run(json) }
        #expect(try dir.read("t.expected") == (try SuiteTestSupport.packageFile("Traces/double-tap.expected")))
    }
}
