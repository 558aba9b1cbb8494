import Foundation
import Testing
import GestureReplayCLI
import TraceReplay
import GestureReplayTools

/// Issue 14 item 3: the public replay API returns what the command line prints, and evaluates
/// expectations from code with `check`'s messages.
@Suite("Replay API")
struct ReplayAPITests {
    static let root = BinaryRunner.packageRoot.path

    /// The replay options `check` uses for a trace (its `NAME.args`), from the command line library.
    static func options(forTrace path: String) throws -> ReplayOptions {
        try GestureReplayCLI.options(forTrace: path)
    }

    struct UnhandledOption: Error, CustomStringConvertible {
        var description: String
    }

    /// What `gesturereplay check` compares with the golden file, made from the API's result:
    /// the warnings, then the output; or the error the replay stopped with; the options messages
    /// name spelled as the command line spells them.
    static func goldenText(_ path: String, _ options: ReplayOptions) -> String {
        let formatter = DiagnosticFormatter(spelling: .commandLine)
        var text: String
        do {
            let result = try Replayer.replay(.path(path), options: options)
            text = result.warnings.map { formatter.format($0) + "\n" }.joined() + result.text
        } catch {
            text = "error (exit \(error.exitCode)): " + formatter.format(error) + "\n"
        }
        // Paths in messages as the golden files have them (relative to the trace's folder).
        return text.replacingOccurrences(of: String(path[...path.lastIndex(of: "/")!]), with: "")
    }

    static let traces: [String] = (try? TraceSuite.discover([root + "/Traces"], shard: nil)) ?? []

    @Test("Traces/ has the sample traces")
    func tracesFound() {
        #expect(Self.traces.count >= 35)
    }

    @Test(
        "the replay API gives exactly the golden output (what the CLI prints) for every trace in Traces/",
        arguments: traces.map { String($0.dropFirst(root.count + 1)) })
    func apiEqualsGolden(_ trace: String) throws {
        let path = Self.root + "/" + trace
        let options = try Self.options(forTrace: path)
        let report = try? Replayer.replay(.path(path), options: options).expectations
        if let report {
            // Expectations-only traces have no golden: their expectations must hold.
            #expect(report.passed, "\(report.text)")
        }
        let goldenPath = GoldenFile.expectedPath(forTrace: path)
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            // The truth recorder's files carry the device's expectations instead (Traces/recorded/).
            #expect(trace.hasPrefix("Traces/recorded/") && report != nil, "\(trace) has no golden file")
            return
        }
        let golden = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(Self.goldenText(path, options) == golden)
    }

    @Test(
        "output filters, --summary and JSON Lines: the API's text equals the binary's standard output",
        arguments: [
            ["Traces/double-tap.json", "--summary"],
            ["Traces/double-tap.json", "--states", "ended,failed", "--show", "doubleTap"],
            ["Traces/moveme.json", "--format", "jsonl", "--summary", "--touches"],
            ["Traces/views.json", "--views", "--touches", "--format", "jsonl"],
            ["Traces/pan-velocity.json", "--touches", "--velocity", "lsq2"],
        ])
    func apiEqualsBinary(_ arguments: [String]) throws {
        let run = try BinaryRunner.run(arguments)
        #expect(run.status == 0)
        var options = ReplayOptions()
        var args = arguments.dropFirst()
        while let arg = args.popFirst() {
            switch arg {
            case "--summary": options.output.summary = true
            case "--touches": options.output.reportTouches = true
            case "--views": options.output.reportViews = true
            case "--format": options.output.format = OutputFormat(rawValue: args.popFirst()!)!
            case "--velocity": options.scene.velocityEstimator = VelocityEstimatorKind(rawValue: args.popFirst()!)!
            case "--states": options.output.shownStates = try StateNames.parse(args.popFirst()!).get()
            case "--show": options.output.shownRecognizers = try parseNameList(args.popFirst()!, option: "--show").get()
            default: Issue.record("unhandled \(arg)")
            }
        }
        let result = try Replayer.replay(.path(Self.root + "/" + arguments[0]), options: options)
        #expect(result.text == run.stdout)
    }

    @Test("bytes in memory and an opened reader replay as the file does")
    func bytesAndReader() throws {
        let path = Self.root + "/Traces/swipe-left.jsonl"
        var options = try Self.options(forTrace: path)
        let fromPath = try Replayer.replay(.path(path), options: options)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromBytes = try Replayer.replay(.bytes(bytes, name: "swipe-left.jsonl"), options: options)
        #expect(fromBytes.text == fromPath.text)
        let reader = try AnyTraceReader(path: path)
        options.output.format = .jsonl
        let fromReader = try Replayer.replay(.reader(reader), options: options)
        #expect(fromReader.text == fromPath.render(.jsonl))
        #expect(fromReader.render(.text) == fromPath.text)
        #expect(!fromPath.transitions.isEmpty)
    }

    final class Watcher: ReplayObserver {
        var recognizers: [String] = []
        var transitions = 0
        var notes = 0
        func replayWillStart(_ start: ReplayStart) throws(TraceError) { recognizers = start.scene.recognizers.map(\.name) }
        var observesTransitions: Bool { true }
        func replay(didTransition transition: Transition) { transitions += 1 }
        func replay(didReport note: EngineDiagnostic) { notes += 1 }
    }

    @Test("an observer sees the scene, then every transition and note as the result has them")
    func observer() throws {
        let watcher = Watcher()
        let result = try Replayer.replay(
            .path(Self.root + "/Traces/lenient-repair.csv"), options: try Self.options(forTrace: Self.root + "/Traces/lenient-repair.csv"),
            observer: watcher)
        #expect(watcher.recognizers == result.scene.recognizers.map(\.name))
        #expect(watcher.transitions == result.transitions.count)
        #expect(watcher.notes == result.notes.count)
        #expect(!result.warnings.isEmpty)
    }

    /// `Traces/expectations/double-tap.json` with its first expectation made to fail.
    static func failingTrace() throws -> URL {
        let original = try String(contentsOfFile: root + "/Traces/expectations/double-tap.json", encoding: .utf8)
        let changed = original.replacingOccurrences(of: #""at": [0.25, 0.35]"#, with: #""at": [0.5, 0.6]"#)
        #expect(changed != original)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-api-\(UUID().uuidString).json")
        try changed.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("expectations evaluated from code print exactly what `check` prints")
    func expectationsFromCode() throws {
        let url = try Self.failingTrace()
        defer { try? FileManager.default.removeItem(at: url) }
        let check = try BinaryRunner.run(["check", "--color", "never", url.path])
        #expect(check.status == 1)
        let result = try Replayer.replay(.path(url.path))
        let own = try #require(result.expectations)
        let fromCode = try result.evaluate(Expectations(contentsOf: url.path))
        #expect(fromCode == own)
        #expect(check.stdout == "FAIL \(url.path): \(fromCode.failureMessage!)\n" + fromCode.text)
        #expect(fromCode.failureMessage == "1 of 4 expectations not met")
        // Written inline, one expectation that holds and one that does not.
        let inline = try result.evaluate(
            Expectations(text: #"[{"recognizer": "doubleTap", "state": "ended"}, {"recognizer": "single", "state": "ended"}]"#))
        #expect(inline.count == 2)
        #expect(inline.failures.count == 1)
        #expect(inline.text.hasPrefix("<expectations>:1:49: error: expectation not met: single reaches ended"))
    }

    @Test("expectations naming a recognizer the scene lacks: a positioned error, as in check")
    func expectationForUnknownRecognizer() throws {
        let result = try Replayer.replay(.path(Self.root + "/Traces/double-tap.json"))
        #expect(throws: TraceError.self) {
            try result.evaluate(Expectations(text: #"[{"recognizer": "tripleTap", "state": "ended"}]"#))
        }
    }

    @Test("the trace's own expectations: the API's report equals check's, for every trace that has some")
    func ownExpectations() throws {
        var compared = 0
        defer { #expect(compared >= 5) }
        for trace in Self.traces {
            let options = try Self.options(forTrace: trace)
            // (Invalid traces are compared with their golden files above.)
            guard let api = try? Replayer.replay(.path(trace), options: options).expectations else { continue }
            let check = try TraceCheck.run(trace, options: options, update: false)
            #expect(check.expectations == api, "\(trace)")
            compared += 1
        }
    }
}
