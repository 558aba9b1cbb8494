import TraceReplay

/// One corpus replayed under two configurations (`gesturereplay compare`): per trace, the outcome
/// on each side, the counts per recognizer of each side, and the traces whose outcome differs or
/// that broke. Side B is either a second configuration or each trace's golden file. The tool
/// renders it (text or JSON) and decides the exit status; this type only computes.
public struct CorpusComparison: Sendable {
    /// What one trace did under one configuration: its outcome line, or the error it stopped at.
    public struct Outcome: Equatable, Sendable {
        /// Per recognizer (sorted by name), its transitions in order: `doubleTap: ended`,
        /// `single: failed`, `pan: began ended` (how the recognizers interleave does not count).
        public var outcomes: [String]
        /// The error it stopped at, as the tool formats it; nil when it replayed to the end.
        public var error: String?
        /// The error's exit status alone (65, 66, ...); 0 without one.
        public var exitCode: Int32 = 0

        public init(outcomes transitions: [(name: String, state: GestureRecognizerState)], error: String?, exitCode: Int32 = 0) {
            self.error = error
            self.exitCode = exitCode
            var byName: [String: [String]] = [:]
            for t in transitions { byName[t.name, default: []].append(t.state.description) }
            outcomes = byName.sorted { $0.key < $1.key }.map { $0.key + ": " + $0.value.joined(separator: " ") }
        }

        /// The same outcomes, or both broken (whatever the errors' words).
        public static func == (a: Self, b: Self) -> Bool {
            (a.error != nil) == (b.error != nil) && (a.error != nil || a.outcomes == b.outcomes)
        }

        /// The outcome line (`error: ...` for a broken trace).
        public var text: String {
            if let error { return "error: " + error }
            return outcomes.isEmpty ? "(nothing recognized or failed)" : outcomes.joined(separator: "; ")
        }
    }

    /// One side's replay of every trace.
    public struct Side: Sendable {
        /// Per trace, in the order of ``traces``.
        public var outcomes: [Outcome]
        /// The counts per recognizer.
        public var stats: CorpusStats
        /// The errors traces stopped at (a usage error among them is the command line's).
        public var errors: [TraceError]
        /// The names of the recognizers of every trace's scene (to check scene overrides against).
        public var recognizerNames: Set<String>
    }

    /// Side B: a second configuration, or each trace's golden file (`TRACE.expected`).
    public enum SideB: Sendable {
        /// Every trace replayed with the options `optionsFor` gives it.
        case replay(optionsFor: @Sendable (String) throws(TraceError) -> ReplayOptions)
        /// Each trace's golden file: what changed since the goldens were written.
        case goldens
    }

    /// A trace whose outcome differs between the sides.
    public struct Change: Sendable {
        public var path: String
        public var a: Outcome
        public var b: Outcome
    }

    /// A trace that stopped at an error on one side (not compared).
    public struct BrokenTrace: Sendable {
        public var path: String
        /// `A` or `B`.
        public var side: String
        public var outcome: Outcome
    }

    /// The traces compared, in order.
    public var traces: [String]
    /// Whether side B is the golden files.
    public var againstGoldens: Bool
    public var a: Side
    public var b: Side
    /// The traces whose outcome differs, in path order.
    public var changed: [Change]
    /// Broken traces, in path order, each side's (with goldens, side A's only: a golden may record
    /// an error).
    public var broken: [BrokenTrace]

    /// Replays `traces` on `jobs` threads under side A's options (`optionsForA`) and side B.
    /// Errors are kept as `format` prints them; `spelling` names options in the messages of a
    /// replay against the goldens.
    public static func compare(
        _ traces: [String], jobs: Int, optionsForA: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions, b sideB: SideB,
        spelling: OptionSpelling, format: @escaping @Sendable (TraceError) -> String
    ) -> CorpusComparison {
        let a: Side
        let b: Side
        switch sideB {
        case .goldens:
            a = goldenTextSide(traces, jobs: jobs, optionsFor: optionsForA, spelling: spelling, format: format)
            let goldens = traces.map(goldenOutcome)
            let stats = CorpusRun.stats(
                zip(traces, goldens).map { CorpusRun.TraceOutcome(path: $0, stats: $1.stats, error: nil) }, configuration: [],
                format: format)
            b = Side(outcomes: goldens.map(\.outcome), stats: stats, errors: [], recognizerNames: [])
        case .replay(let optionsForB):
            a = replaySide(traces, jobs: jobs, optionsFor: optionsForA, format: format)
            b = replaySide(traces, jobs: jobs, optionsFor: optionsForB, format: format)
        }
        let againstGoldens: Bool
        if case .goldens = sideB { againstGoldens = true } else { againstGoldens = false }
        var changed: [Change] = []
        for (i, path) in traces.enumerated() where a.outcomes[i] != b.outcomes[i] {
            changed.append(Change(path: path, a: a.outcomes[i], b: b.outcomes[i]))
        }
        var broken: [BrokenTrace] = []
        for (i, path) in traces.enumerated() {
            if a.outcomes[i].error != nil { broken.append(BrokenTrace(path: path, side: "A", outcome: a.outcomes[i])) }
            if !againstGoldens && b.outcomes[i].error != nil {
                broken.append(BrokenTrace(path: path, side: "B", outcome: b.outcomes[i]))
            }
        }
        return CorpusComparison(traces: traces, againstGoldens: againstGoldens, a: a, b: b, changed: changed, broken: broken)
    }

    /// Recognizers of either side, paired (a side without one counts zeros), sorted by name and kind.
    public var recognizerPairs: [(a: CorpusStats.RecognizerStats, b: CorpusStats.RecognizerStats)] {
        var keys: [(String, String)] = []
        for r in a.stats.recognizers + b.stats.recognizers where !keys.contains(where: { $0 == (r.name, r.kind) }) {
            keys.append((r.name, r.kind))
        }
        keys.sort { $0 < $1 }
        return keys.map { k in
            let empty = CorpusStats.RecognizerStats(name: k.0, kind: k.1)
            return (
                a.stats.recognizers.first { ($0.name, $0.kind) == k } ?? empty,
                b.stats.recognizers.first { ($0.name, $0.kind) == k } ?? empty
            )
        }
    }

    /// One side replayed as `stats` replays a corpus.
    static func replaySide(
        _ traces: [String], jobs: Int, optionsFor: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions,
        format: @escaping @Sendable (TraceError) -> String
    ) -> Side {
        let run = CorpusRun.run(traces, jobs: jobs, optionsFor: optionsFor)
        let stats = CorpusRun.stats(run, configuration: [], format: format)
        return Side(
            outcomes: run.map {
                Outcome(outcomes: $0.stats?.outcomes ?? [], error: $0.error.map(format), exitCode: $0.error?.exitCode ?? 0)
            }, stats: stats, errors: run.compactMap(\.error), recognizerNames: Set(run.flatMap(\.recognizerNames)))
    }

    /// Side A against the goldens: read from what a golden file holds (the output the replay
    /// prints, with the trace's output filters applied, and the error it may stop at, as
    /// `GoldenFile.replay` writes them), outcomes and counts alike.
    static func goldenTextSide(
        _ traces: [String], jobs: Int, optionsFor: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions,
        spelling: OptionSpelling, format: @escaping @Sendable (TraceError) -> String
    ) -> Side {
        let outcomes = TraceSuite.parallelMap(traces.count, jobs: jobs) {
            i -> (Outcome, CorpusStats.TraceStats?, TraceError?, [String]) in
            // Watches the replay for the scene's recognizer names only (the counts are the printed ones).
            let collector = StatsCollector()
            do throws(TraceError) {
                let options = try optionsFor(traces[i])
                let replay = try GoldenFile.replay(traces[i], options: options, observer: collector, spelling: spelling)
                let names = collector.stats.recognizers.map(\.name)
                let (output, recorded) = GoldenFile.recordedError(in: replay.text)
                if let recorded {
                    // The broken list names the trace by the path given (the golden's text, by its folder).
                    let error = replay.error.map(format) ?? recorded.text
                    return (Outcome(outcomes: [], error: error, exitCode: recorded.exitCode), nil, replay.error, names)
                }
                let printed = CorpusStats.TraceStats(printed: String(output))
                return (Outcome(outcomes: printed.outcomes, error: nil), printed, nil, names)
            } catch {
                let names = collector.stats.recognizers.map(\.name)
                return (Outcome(outcomes: [], error: format(error), exitCode: error.exitCode), nil, error, names)
            }
        }
        let stats = CorpusRun.stats(
            zip(traces, outcomes).map { CorpusRun.TraceOutcome(path: $0, stats: $1.1, error: $1.2) }, configuration: [], format: format)
        return Side(
            outcomes: outcomes.map(\.0), stats: stats, errors: outcomes.compactMap(\.2), recognizerNames: Set(outcomes.flatMap(\.3)))
    }

    /// Side B against the goldens, for one trace: the golden file's outcome line and counts (text or
    /// JSON Lines, read by `CorpusStats.TraceStats(printed:)`); a golden that records an error
    /// (`GoldenFile.recordedError`, whatever output came before it) is that error (and counts
    /// nothing); a trace without a golden file has none to compare with. A golden that cannot be
    /// read (a folder, a file over the size limit) is that read error, and one holding a NUL byte
    /// (binary; text output never has one: `TerminalSafe`) is an error at the byte, not "nothing
    /// recognized".
    public static func goldenOutcome(_ trace: String) -> (outcome: Outcome, stats: CorpusStats.TraceStats?) {
        let path = GoldenFile.expectedPath(forTrace: trace)
        let read: String?
        do {
            read = try FileIO.readText(path)
        } catch {
            return (Outcome(outcomes: [], error: DiagnosticFormatter().format(error), exitCode: error.exitCode), nil)
        }
        guard let text = read else { return (Outcome(outcomes: [], error: "no golden file \(path)"), nil) }
        if let nul = text.utf8.firstIndex(of: 0) {
            let before = text.utf8[..<nul]
            let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) } ?? text.utf8.startIndex
            let error = TraceError.invalidTrace(
                "not a golden file: a NUL byte (binary data; gesturereplay's text output has none)",
                at: SourceLocation(path: path, line: line, column: text.utf8.distance(from: lineStart, to: nul) + 1))
            return (Outcome(outcomes: [], error: DiagnosticFormatter().format(error), exitCode: error.exitCode), nil)
        }
        let (output, recorded) = GoldenFile.recordedError(in: text)
        if let recorded { return (Outcome(outcomes: [], error: recorded.text, exitCode: recorded.exitCode), nil) }
        let printed = CorpusStats.TraceStats(printed: String(output))
        return (Outcome(outcomes: printed.outcomes, error: nil), printed)
    }
}
