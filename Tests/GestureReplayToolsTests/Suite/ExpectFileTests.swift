import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// `NAME.expect` beside a trace: per-trace expectations without a scene file per trace (issue #31,
/// item 5), read by `check` and `test` with the `"expect"` syntax and parser.
@Suite("NAME.expect files")
struct ExpectFileTests {
    /// `t.csv` (the tickle sample, replayed in the default scene, whose `tickle` recognizes) and
    /// `t.expect` holding `expect`.
    static func trace(_ dir: TemporaryFolder, expect: String?) throws -> String {
        let path = try dir.copy("Traces/tickle-success.csv", as: "t.csv")
        if let expect { _ = try dir.write("t.expect", expect) }
        return path
    }

    @Test("the name is derived as NAME.args is: the golden file's name with .expect")
    func names() {
        #expect(ExpectFile.path(forTrace: "Traces/tap.csv") == "Traces/tap.expect")
        #expect(ExpectFile.path(forTrace: "a.b/tap") == "a.b/tap.expect")
        #expect(ArgsFile.path(forTrace: "Traces/tap.csv") == "Traces/tap.args")
        #expect(TraceSuite.isTrace("Traces/tap.expect") == false)
    }

    @Test("a trace checked by its .expect file alone passes without a golden file (none written by --update)")
    func expectationsFromTheFile() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(
            dir,
            expect: """
                [
                  {"recognizer": "tickle", "state": "ended", "tickles": 3},
                  {"recognizer": "tickle", "never": "failed"}
                ]

                """)
        let r = try TraceCheck.run(path, options: ReplayOptions(), update: false)
        #expect(r.passed && r.golden == nil && r.expectations?.count == 2)
        let u = try TraceCheck.run(path, options: ReplayOptions(), update: true)
        #expect(u.passed && u.golden == nil)
        #expect(!dir.exists("t.expected"))
    }

    @Test("a single expectation object is accepted, as in \"expect\"")
    func singleObject() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, expect: #"{"recognizer": "tickle", "tickles": 3}"#)
        #expect(try TraceCheck.run(path, options: ReplayOptions(), update: false).expectations?.count == 1)
    }

    @Test("an unmet expectation fails at its line and column in the .expect file")
    func unmet() throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, expect: "[\n  {\"recognizer\": \"tickle\", \"tickles\": 4}\n]\n")
        let r = try TraceCheck.run(path, options: ReplayOptions(), update: false)
        #expect(!r.passed)
        #expect(r.failureMessage == "1 of 1 expectation not met")
        #expect(r.details.hasPrefix("\(dir.path)/t.expect:2:3: error: expectation not met: tickle reaches ended with tickles = 4\n"))
    }

    @Test("the .expect file's expectations come after the scene's, and all are checked")
    func afterTheScenes() throws {
        let dir = try TemporaryFolder()
        let path = try dir.copy("Traces/expectations/tickle.csv", as: "t.csv")
        _ = try dir.copy("Traces/expectations/tickle-expect.scene.json", as: "s.scene.json")
        _ = try dir.write("t.expect", #"[{"recognizer": "tickle", "state": "began"}]"#)
        var options = ReplayOptions()
        options.scene.path = dir.path + "/s.scene.json"
        let r = try TraceCheck.run(path, options: options, update: false)
        #expect(r.expectations?.count == 3)
        #expect(r.expectations?.failures.map(\.expected) == ["tickle reaches began"])
        #expect(r.expectations?.failures.first?.location == SourceLocation(path: dir.path + "/t.expect", line: 1, column: 2))
    }

    @Test(
        "a malformed .expect file is a positioned error (exit 65), never a pass",
        arguments: [
            (#"[{"recognizer": "tickle", "state": "done"}]"#, 1, 36, "unknown state 'done'"),
            (#"[{"recognizer": "tickel"}]"#, 1, 17, "unknown recognizer 'tickel' in an expectation"),
            ("[{\"recognizer\": \"tickle\",}\n", 1, 26, "expected a member name"),
            (#""tickle""#, 1, 1, "\"expect\" must be an array of expectations, not a string"),
        ])
    func malformed(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let dir = try TemporaryFolder()
        let path = try Self.trace(dir, expect: text)
        try dir.copy("Traces/tickle-success.expected", as: "t.expected")
        do {
            _ = try TraceCheck.run(path, options: ReplayOptions(), update: true)
            Issue.record("a malformed .expect file was accepted")
        } catch {
            #expect(error.category == .invalidTrace)
            #expect(error.diagnostic.location == SourceLocation(path: dir.path + "/t.expect", line: line, column: column))
            #expect(error.diagnostic.message.contains(message))
        }
    }

    @Test("test: discovery skips the .expect file and the suite checks the trace by it")
    func suite() throws {
        let dir = try TemporaryFolder()
        _ = try Self.trace(dir, expect: #"[{"recognizer": "tickle", "tickles": 4}]"#)
        let traces = try TraceSuite.discover([dir.path], shard: nil)
        #expect(traces == [dir.path + "/t.csv"])
        let outcomes = TraceSuite.run(traces, jobs: 1, update: false) { _ in ReplayOptions() }
        #expect(outcomes.count == 1 && !outcomes[0].passed)
        #expect(outcomes[0].result?.failureKind == "expectation")
    }
}
