import TraceReplay

/// One trace checked the way `gesturereplay check` and `test` do: against its golden file and/or
/// the expectations written in the trace, its scene or its `NAME.expect` file (`docs/ci.md`).
///
/// - The golden file is compared when it exists, when one is named (`--expect FILE`), or when the
///   trace has no expectations (a missing one then fails: "missing expected output ... and no
///   expectations"). With `update` it is (re)written instead; an expectations-only trace gets no
///   golden file unless one is named.
/// - Expectations are checked whenever there are any, also with `update` (they are not rewritten).
/// - The trace passes when everything checked holds.
public enum TraceCheck {
    /// The outcome of one trace.
    public struct Result: Sendable {
        public var tracePath: String
        /// The golden comparison; nil when the trace is checked by its expectations only.
        public var golden: GoldenFile.Result?
        /// The expectations' outcome; nil when the trace has none.
        public var expectations: ExpectationReport?

        public var passed: Bool { (golden?.passed ?? true) && (expectations?.passed ?? true) }

        /// True when `update` rewrote the golden file with different text.
        public var goldenChanged: Bool { golden.map { $0.updated && $0.expected != $0.actual } ?? false }

        /// What failed, in one line (nil when it passed): `output differs from t.expected`,
        /// `1 of 3 expectations not met`, or both joined by `; `.
        public var failureMessage: String? {
            var parts: [String] = []
            if let g = golden, !g.passed {
                if g.expected == nil && expectations == nil {
                    let text: DiagnosticText =
                        "missing expected output \(g.expectedPath) and no expectations (run with \(option: .updateGolden) to create it)"
                    parts.append(text.spelled(g.spelling))
                } else if let m = g.failureMessage {
                    parts.append(m)
                }
            }
            if let m = expectations?.failureMessage { parts.append(m) }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }

        /// The details of a failure, each line ending in a newline: the unified diff from the golden
        /// file, then every unmet expectation with the transitions that show it. Empty when passed.
        public var details: String {
            var text = ""
            if let g = golden, !g.passed, g.expected != nil { text += g.diff }
            if let e = expectations, !e.passed { text += e.text }
            return text
        }

        /// What kind of check failed: `golden`, `expectation` or `golden,expectation` (nil when passed).
        public var failureKind: String? {
            var kinds: [String] = []
            if let g = golden, !g.passed { kinds.append("golden") }
            if let e = expectations, !e.passed { kinds.append("expectation") }
            return kinds.isEmpty ? nil : kinds.joined(separator: ",")
        }
    }

    /// Replays the trace at `tracePath` with `options` once, in memory, and checks it. `expectedPath` names the golden file
    /// (default: the trace's path with `.expected`). Throws a malformed expectation's positioned
    /// error, an error that kept the trace from being read (cannot open), two traces that would
    /// share the default golden file, and the error of an invalid trace unless it is declared an
    /// expected-error case (`expectsError`: `--expect-error` in its `NAME.args`) and has a golden
    /// file recording it (or `update` writes one). A trace declared so that replays without an
    /// error fails the same way, so a fixed bug cannot go unnoticed. `spelling` writes the options
    /// the diagnostics name (``GoldenFile/replay(_:options:observer:spelling:)``).
    public static func run(
        _ tracePath: String, options: ReplayOptions, expectedPath: String? = nil, update: Bool, expectsError: Bool = false,
        spelling: OptionSpelling = .library
    ) throws(TraceError) -> Result {
        if expectedPath == nil { try checkGoldenNameIsUnambiguous(tracePath) }
        let collector = ExpectationCollector(fileExpect: try ExpectFile.read(forTrace: tracePath))
        let replay = try GoldenFile.replay(tracePath, options: options, observer: collector, spelling: spelling)
        if let error = collector.error { throw error }
        if let error = replay.error, !expectsError {
            var e = error
            e.diagnostic.notes.append(
                .note(
                    "a golden file records an invalid trace's error only when the trace is declared to fail: add --expect-error to \(ArgsFile.path(forTrace: tracePath)) (docs/ci.md)",
                    at: nil))
            throw e
        }
        if expectsError && replay.error == nil {
            throw .invalidTrace(
                "the trace is declared to fail (\(option: .expectError)) but replays without an error",
                at: .file(ArgsFile.path(forTrace: tracePath)))
        }
        let expectations = collector.evaluate()
        let path = expectedPath ?? GoldenFile.expectedPath(forTrace: tracePath)
        let old = try FileIO.readText(path)
        var golden: GoldenFile.Result?
        if old != nil || expectedPath != nil || expectations == nil {
            golden = try GoldenFile.compare(
                actual: replay.text, tracePath: tracePath, expectedPath: path, old: old, update: update,
                reads: files(tracePath, options: options, expectedPath: expectedPath, update: update), spelling: spelling)
        }
        // An invalid trace with no golden file recording its error (and none being written now)
        // fails with that error rather than with "missing expected output" or partial expectations.
        if let error = replay.error, old == nil, !(update && golden != nil) { throw error }
        return Result(tracePath: tracePath, golden: golden, expectations: expectations)
    }

    /// The files checking the trace at `tracePath` with `options` reads and writes (``RunFiles``):
    /// the trace (and an evemu recording's device description), its scene file as `sceneRole`, its
    /// `NAME.args` and `NAME.expect`, and its golden file (`expectedPath`, default `NAME.expected`),
    /// compared, or written with `update`.
    package static func files(
        _ tracePath: String, options: ReplayOptions, expectedPath: String? = nil, update: Bool, sceneRole: FileRole = .scene
    ) -> RunFiles {
        var files = RunFiles()
        files.readTrace(tracePath, options: options, sceneRole: sceneRole)
        var golden = expectedPath
        if tracePath != "-" {
            files.read(ArgsFile.path(forTrace: tracePath), as: .argsFile)
            files.read(ExpectFile.path(forTrace: tracePath), as: .expectFile)
            golden = golden ?? GoldenFile.expectedPath(forTrace: tracePath)
        }
        if update { files.write(golden, as: .updatedGolden) } else { files.read(golden, as: .golden) }
        return files
    }

    /// Throws when another trace beside `trace` has the same stem with another trace extension
    /// (``TracePath/namesakeCandidates``: `tap.csv` beside `tap.json`, `tap.evemu`; a `tap.txt` whose
    /// content is a recording): both would read and write the same `NAME.expected` (and `NAME.args`).
    public static func checkGoldenNameIsUnambiguous(_ trace: String) throws(TraceError) {
        let path = TracePath(trace)
        let others = path.namesakeCandidates.filter { other in
            FileIO.exists(other) && !FileIO.isSameFile(other, trace)
                && (TracePath(other).namesTrace || TraceSuite.isRecordingByContent(other))
        }
        guard !others.isEmpty else { return }
        let names = [trace] + others
        let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
        throw .invalidTrace(
            "\(list) would share the golden file \(path.golden) (and \(path.argsFile)); rename \(others.count == 1 ? "one of them" : "all but one")",
            at: .file(trace))
    }
}
