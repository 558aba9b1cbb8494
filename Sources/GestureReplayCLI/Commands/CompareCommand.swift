import TraceReplay
import GestureReplayTools

/// `gesturereplay compare`'s options: one corpus, two configurations. Both sides take the common
/// replay options (after each trace's NAME.args); side A adds `--a-scene`/`--a-set`, side B
/// `--b-scene`/`--b-set`, or B is the goldens (`--goldens`).
struct CompareCommand {
    var suite: SuiteOptions
    var corpus: CorpusOptions
    var replayArguments: [OptionUse]
}

extension CompareCommand: Command {
    static let name = "compare"
    static let abstract = "the traces under PATH in two configurations (A and\nB, or goldens): which changed outcome; exit 1 if any"
    static let usage = ["compare [options] [PATH...]"]
    static let discussion = """
        compare replays the traces under PATH under two configurations: both take the replay options
        given; A adds --a-scene/--a-set, B --b-scene/--b-set (or --goldens: B is each trace's golden
        file). It prints the counts per recognizer (A and B), and every trace whose outcome (the
        recognizers that began, ended, failed or were cancelled, in order) differs; exit 1 when one
        does or no trace is found, 0 when none does. A trace that stops at an error is listed, and the
        exit status is then the first such trace's own (65 invalid, 66 cannot open) (docs/scale.md).
        """
    static let helpSection: HelpSection.Kind? = .corpus
    static let replayOptionsHeading: String? = "REPLAY OPTIONS (applied to every trace, after its NAME.args)"
    static let listsHelpOption = false
    static let options =
        SceneOptions.all + ReadingOptions.all + SuiteRunOptions.all + [CorpusOptions.formatOption] + SideOptions.all
        + [goldens, StandardOptions.help]

    static let goldens = OptionSpec(
        long: "goldens",
        help: "side B is each trace's golden file (TRACE.expected):\nwhat changed since the goldens were written"
    ) { p, _ in p.corpus.goldens = true }

    init(parsed: ParsedOptions, operands: [String], uses: [OptionUse]) throws(UsageError) {
        self = try compareCommand(parsed, paths: operands, uses: uses)
    }

    /// The scenes (common, side A's and side B's) and `--desc`; it writes no file (the corpus is
    /// not walked for this).
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        files.read(suite.replay.scene.path, as: .scene)
        files.read(suite.replay.reading.recording.descPath, as: .deviceDescription)
        files.read(corpus.aScene, as: .aScene)
        files.read(corpus.bScene, as: .bScene)
        return files
    }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        try runCompare(self, catalog: catalog, output: &out)
    }
}

func compareCommand(_ parsed: ParsedOptions, paths: [String], uses: [OptionUse]) throws(UsageError) -> CompareCommand {
    var suite = parsed.suite
    suite.paths = paths.isEmpty ? ["Traces"] : paths
    suite.replay = parsed.replay
    let c = parsed.corpus
    if c.goldens && (c.bScene != nil || !c.bSet.isEmpty) {
        throw UsageError(
            message: "compare --goldens makes the goldens side B: give side A's changes (--a-scene, --a-set), not --b-scene/--b-set")
    }
    if !c.goldens && c.aScene == nil && c.bScene == nil && c.aSet.isEmpty && c.bSet.isEmpty {
        throw UsageError(
            message: "compare needs two configurations: --a-scene/--b-scene, --a-set/--b-set, or --goldens (side B: the golden files)")
    }
    return CompareCommand(suite: suite, corpus: c, replayArguments: corpusReplayUses(uses))
}

/// The command-line option uses of one side: the common ones, with the side's scene.
func sideUses(_ common: [OptionUse], scene: String?) -> [OptionUse] {
    var uses = common
    if let scene {
        uses.removeAll { $0.spec.long == "scene" }
        uses.append(OptionUse(spec: SceneOptions.scene, value: scene))
    }
    return uses
}

/// A side's `--a-set`/`--b-set` values (`option`), applied after the common `--set`s; like them, a
/// NAME a trace's scene lacks is skipped there (`SceneOverride.skipsUnknownName`).
func sideOverrides(_ sets: [String], option: String) throws(TraceError) -> [SceneOverride] {
    var overrides: [SceneOverride] = []
    for text in sets {
        var o = try SceneOverride(parsing: text, option: option)
        o.skipsUnknownName = true
        overrides.append(o)
    }
    return overrides
}

/// What one trace did under one configuration: its outcome line, or the error it stopped at.
struct SideOutcome: Equatable {
    /// Per recognizer (sorted by name), its transitions in order: `doubleTap: ended`,
    /// `single: failed`, `pan: began ended` (how the recognizers interleave does not count).
    var outcomes: [String]
    var error: String?
    /// The error's exit status alone (65, 66, ...); 0 without one.
    var exitCode: Int32 = 0

    init(outcomes transitions: [(name: String, state: GestureRecognizerState)], error: String?, exitCode: Int32 = 0) {
        self.error = error
        self.exitCode = exitCode
        var byName: [String: [String]] = [:]
        for t in transitions { byName[t.name, default: []].append(t.state.description) }
        outcomes = byName.sorted { $0.key < $1.key }.map { $0.key + ": " + $0.value.joined(separator: " ") }
    }

    /// The same outcomes, or both broken (whatever the errors' words).
    static func == (a: Self, b: Self) -> Bool {
        (a.error != nil) == (b.error != nil) && (a.error != nil || a.outcomes == b.outcomes)
    }

    var text: String {
        if let error { return "error: " + error }
        return outcomes.isEmpty ? "(nothing recognized or failed)" : outcomes.joined(separator: "; ")
    }
}

/// `gesturereplay compare`: replays the corpus under both configurations; exit 1 when any trace's
/// outcome differs (or one side broke where the other did not), 0 when none does.
func runCompare(_ command: CompareCommand, catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
    let c = command.corpus
    let traces = try TraceSuite.discover(command.suite.paths, shard: command.suite.shard, excludes: command.suite.excludes) {
        printError(formatter.format($0))
    }
    let jobs = command.suite.jobs ?? onlineCoreCount()
    let aSets = try sideOverrides(c.aSet, option: "--a-set")
    let bSets = try sideOverrides(c.bSet, option: "--b-set")
    let a = side(traces, sideUses(command.replayArguments, scene: c.aScene), aSets, jobs: jobs, catalog: catalog, textOutcomes: c.goldens)
    let b: [SideOutcome]
    let aStats: CorpusStats
    let bStats: CorpusStats
    var bErrors: [TraceError] = []
    var bNames: Set<String> = []
    if c.goldens {
        let goldens = traces.map(goldenOutcome)
        b = goldens.map(\.outcome)
        aStats = a.stats
        bStats = CorpusRun.stats(
            zip(traces, goldens).map { CorpusRun.TraceOutcome(path: $0, stats: $1.stats, error: nil) }, configuration: []
        ) { formatter.format($0) }
    } else {
        let bSide = side(
            traces, sideUses(command.replayArguments, scene: c.bScene), bSets, jobs: jobs, catalog: catalog, textOutcomes: false)
        b = bSide.outcomes
        bErrors = bSide.errors
        bNames = bSide.names
        aStats = a.stats
        bStats = bSide.stats
    }
    // A usage error (a --set naming no recognizer, kind or property) is the command line's: it
    // stops everything (exit 2) instead of making every trace broken. So is a --set whose NAME no
    // trace's scene has (and no kind: skipped where a scene lacks it). The messages name the option.
    let common = corpusOverrides(command.replayArguments)
    for (errors, names, sets) in [(a.errors, a.names, aSets), (bErrors, bNames, bSets)] {
        if let usage = errors.first(where: { $0.category == .usage }) { throw usage }
        try checkCorpusOverrides(common + sets, names: names, catalog: catalog)
    }
    var flipped: [(String, SideOutcome, SideOutcome)] = []
    for (i, path) in traces.enumerated() where a.outcomes[i] != b[i] {
        flipped.append((path, a.outcomes[i], b[i]))
    }
    let bLabel = c.goldens ? "goldens" : "B"
    // Broken traces (a replay that stopped at an error; with --goldens, side A's only: a golden may
    // record an error), in path order, each side's.
    var broken: [(path: String, side: String, outcome: SideOutcome)] = []
    for (i, path) in traces.enumerated() {
        if a.outcomes[i].error != nil { broken.append((path, "A", a.outcomes[i])) }
        if !c.goldens && b[i].error != nil { broken.append((path, "B", b[i])) }
    }
    switch c.format {
    case .text:
        out.append("A: \(sideDescription(scene: c.aScene, sets: c.aSet))\n")
        out.append("B: \(c.goldens ? "the golden files (TRACE.expected)" : sideDescription(scene: c.bScene, sets: c.bSet))\n")
        out.append("\(traces.count) trace\(traces.count == 1 ? "" : "s"), \(flipped.count) changed outcome\n")
        do {
            var rows = [["recognizer", "kind", "recognized A", "B", "failed A", "B", "cancelled A", "B"]]
            for (r, s) in pairRecognizers(aStats, bStats) {
                rows.append([
                    TerminalSafe.escaped(r.name), TerminalSafe.escaped(r.kind), "\(r.recognized)", "\(s.recognized)", "\(r.failed)",
                    "\(s.failed)", "\(r.cancelled)", "\(s.cancelled)",
                ])
            }
            out.append("\n" + CorpusStats.table(rows, rightAligned: 2))
        }
        if !flipped.isEmpty {
            out.append("\nchanged:\n")
            for (path, x, y) in flipped {
                out.append("  \(TerminalSafe.escaped(path))\n")
                for (label, outcome) in [("A", x), (bLabel == "B" ? "B" : "golden", y)] {
                    // A multi-line error's continuation lines are indented under its first, as in "broken".
                    let prefix = "    \(label): "
                    let indent = "\n" + String(repeating: " ", count: prefix.count)
                    out.append(
                        prefix
                            + outcome.text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafe.escaped(String($0)) }
                            .joined(separator: indent) + "\n")
                }
            }
        }
        if !broken.isEmpty {
            out.append("\nbroken traces (not compared):\n")
            for entry in broken {
                let lines = (entry.outcome.error ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                out.append("  \(entry.side): " + lines.joined(separator: "\n       ") + "\n")
            }
        }
    case .json:
        out.append(
            "{\"format\":\"gesturereplay-compare\",\"version\":1,\"traces\":\(traces.count),\"changed\":\(flipped.count),\"recognizers\":[")
        do {
            for (n, (r, s)) in pairRecognizers(aStats, bStats).enumerated() {
                if n > 0 { out.append(",") }
                out.append("{\"name\":")
                out.appendJSONString(r.name)
                out.append(",\"kind\":")
                out.appendJSONString(r.kind)
                out.append(
                    ",\"a\":{\"recognized\":\(r.recognized),\"failed\":\(r.failed),\"cancelled\":\(r.cancelled)},\"b\":{\"recognized\":\(s.recognized),\"failed\":\(s.failed),\"cancelled\":\(s.cancelled)}}"
                )
            }
        }
        out.append("],\"flipped\":[")
        for (n, (path, x, y)) in flipped.enumerated() {
            if n > 0 { out.append(",") }
            out.append("{\"path\":")
            out.appendJSONString(path)
            out.append(",\"a\":")
            out.appendJSONString(x.text)
            out.append(",\"b\":")
            out.appendJSONString(y.text)
            out.append("}")
        }
        out.append("],\"broken\":[")
        for (n, entry) in broken.enumerated() {
            if n > 0 { out.append(",") }
            out.append("{\"path\":")
            out.appendJSONString(entry.path)
            out.append(",\"side\":\"\(entry.side)\",\"exit\":\(entry.outcome.exitCode),\"error\":")
            out.appendJSONString(entry.outcome.error ?? "")
            out.append("}")
        }
        out.append("]}\n")
    }
    if traces.isEmpty {
        out.flush()
        printError("\(Program.name): no traces found under \(TerminalSafe.escaped(command.suite.paths.joined(separator: " ")))")
        return ExitCode.expectationsNotMet
    }
    // A broken trace never passes silently: its status (65 invalid, 66 cannot open) wins over 1.
    if let first = broken.first { return first.outcome.exitCode }
    return flipped.isEmpty ? ExitCode.success : ExitCode.expectationsNotMet
}

func sideDescription(scene: String?, sets: [String]) -> String {
    var parts: [String] = []
    if let scene { parts.append("--scene \(scene)") }
    parts += sets.map { "--set \($0)" }
    return parts.isEmpty ? "the common options" : parts.joined(separator: " ")
}

/// Recognizers of either side, paired (a side without one counts zeros), sorted by name and kind.
func pairRecognizers(_ a: CorpusStats, _ b: CorpusStats) -> [(CorpusStats.RecognizerStats, CorpusStats.RecognizerStats)] {
    var keys: [(String, String)] = []
    for r in a.recognizers + b.recognizers where !keys.contains(where: { $0 == (r.name, r.kind) }) { keys.append((r.name, r.kind)) }
    keys.sort { $0 < $1 }
    return keys.map { k in
        let empty = CorpusStats.RecognizerStats(name: k.0, kind: k.1)
        return (
            a.recognizers.first { ($0.name, $0.kind) == k } ?? empty,
            b.recognizers.first { ($0.name, $0.kind) == k } ?? empty
        )
    }
}

/// One side: every trace replayed (as `stats` does) with `uses` after its NAME.args, then `sets`.
func side(
    _ traces: [String], _ uses: [OptionUse], _ sets: [SceneOverride], jobs: Int, catalog: RecognizerCatalog, textOutcomes: Bool
) -> (outcomes: [SideOutcome], stats: CorpusStats, errors: [TraceError], names: Set<String>) {
    // The program's name is the run's (task-local): captured for the worker threads.
    let formatter = formatter
    if textOutcomes {
        // Against the goldens, both sides are read from what a golden file holds (the output the
        // replay prints, with the trace's output filters applied, and the error it may stop at, as
        // `GoldenFile.replay` writes them), outcomes and counts alike.
        let outcomes = TraceSuite.parallelMap(traces.count, jobs: jobs) {
            i -> (SideOutcome, CorpusStats.TraceStats?, TraceError?, [String]) in
            // Watches the replay for the scene's recognizer names only (the counts are the printed ones).
            let collector = StatsCollector()
            do throws(TraceError) {
                var options = try corpusTraceOptions(forTrace: traces[i], commandLine: uses, catalog: catalog)
                options.scene.overrides += sets
                let replay = try GoldenFile.replay(traces[i], options: options, observer: collector, spelling: .commandLine)
                let names = collector.stats.recognizers.map(\.name)
                let (output, recorded) = GoldenFile.recordedError(in: replay.text)
                if let recorded {
                    // The broken list names the trace by the path given (the golden's text, by its folder).
                    let error = replay.error.map { formatter.format($0) } ?? recorded.text
                    return (SideOutcome(outcomes: [], error: error, exitCode: recorded.exitCode), nil, replay.error, names)
                }
                let printed = CorpusStats.TraceStats(printed: String(output))
                return (SideOutcome(outcomes: printed.outcomes, error: nil), printed, nil, names)
            } catch {
                let names = collector.stats.recognizers.map(\.name)
                return (SideOutcome(outcomes: [], error: formatter.format(error), exitCode: error.exitCode), nil, error, names)
            }
        }
        let stats = CorpusRun.stats(
            zip(traces, outcomes).map { CorpusRun.TraceOutcome(path: $0, stats: $1.1, error: $1.2) }, configuration: []
        ) { formatter.format($0) }
        return (outcomes.map(\.0), stats, outcomes.compactMap(\.2), Set(outcomes.flatMap(\.3)))
    }
    let run = CorpusRun.run(traces, jobs: jobs) { path throws(TraceError) in
        var options = try corpusTraceOptions(forTrace: path, commandLine: uses, catalog: catalog)
        options.scene.overrides += sets
        return options
    }
    let stats = CorpusRun.stats(run, configuration: []) { formatter.format($0) }
    return (
        run.map {
            SideOutcome(outcomes: $0.stats?.outcomes ?? [], error: $0.error.map { formatter.format($0) }, exitCode: $0.error?.exitCode ?? 0)
        }, stats,
        run.compactMap(\.error), Set(run.flatMap(\.recognizerNames))
    )
}

/// Side B of `compare --goldens`: the golden file's outcome line and counts (text or JSON Lines,
/// read by `CorpusStats.TraceStats(printed:)`); a golden that records an error
/// (`GoldenFile.recordedError`, whatever output came before it) is that error (and counts nothing);
/// a trace without a golden file has none to compare with. A golden that cannot be read (a folder,
/// a file over the size limit) is that read error, and one holding a NUL byte (binary; text output
/// never has one: `TerminalSafe`) is an error at the byte, not "nothing recognized".
func goldenOutcome(_ trace: String) -> (outcome: SideOutcome, stats: CorpusStats.TraceStats?) {
    let path = GoldenFile.expectedPath(forTrace: trace)
    let read: String?
    do {
        read = try FileIO.readText(path)
    } catch {
        return (SideOutcome(outcomes: [], error: DiagnosticFormatter().format(error), exitCode: error.exitCode), nil)
    }
    guard let text = read else { return (SideOutcome(outcomes: [], error: "no golden file \(path)"), nil) }
    if let nul = text.utf8.firstIndex(of: 0) {
        let before = text.utf8[..<nul]
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) } ?? text.utf8.startIndex
        let error = TraceError.invalidTrace(
            "not a golden file: a NUL byte (binary data; gesturereplay's text output has none)",
            at: SourceLocation(path: path, line: line, column: text.utf8.distance(from: lineStart, to: nul) + 1))
        return (SideOutcome(outcomes: [], error: DiagnosticFormatter().format(error), exitCode: error.exitCode), nil)
    }
    let (output, recorded) = GoldenFile.recordedError(in: text)
    if let recorded { return (SideOutcome(outcomes: [], error: recorded.text, exitCode: recorded.exitCode), nil) }
    let printed = CorpusStats.TraceStats(printed: String(output))
    return (SideOutcome(outcomes: printed.outcomes, error: nil), printed)
}
