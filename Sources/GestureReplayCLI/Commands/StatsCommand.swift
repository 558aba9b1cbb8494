import TraceReplay
import GestureReplayTools

/// `gesturereplay stats PATH...` / `stats --merge FILE...`: per recognizer over a corpus.
struct StatsCommand {
    /// The paths, `--shard`, `--jobs`, `--exclude`, and the replay options as the command line
    /// gives them (each trace applies ``replayArguments`` over its `NAME.args`).
    var suite = SuiteOptions()
    /// `--format`, `--merge`.
    var corpus = CorpusOptions()
    /// The replay options of the command line (applied to each trace after its NAME.args).
    var replayArguments: [OptionUse] = []
}

extension StatsCommand: Command {
    static let name = "stats"
    static let abstract =
        "per recognizer over every trace under PATH: attempts,\noutcomes, failure reasons, values at recognition\n(docs/scale.md); stats --merge FILE... joins shards"
    static let usage = ["stats [options] [PATH...]", "stats --merge [--format text|json] FILE..."]
    static let discussion = """
        stats replays every trace under PATH (default Traces; as test finds them, with each trace's
        NAME.args, in parallel: -j, --shard, --exclude) and counts per recognizer (name and kind):
        attempts (left possible), recognized, failed, cancelled; failure and cancel reasons by template
        (numbers as N); and the values at recognition, exactly (count, min, p50, p90, p99, max): pan
        velocity at ended (pt/s), tap and swipe duration (s), pinch scale, rotation angle (rad). A
        trace that stops at an error is listed and not counted; the exit status is then the first such
        trace's own (65 invalid, 66 cannot open); 1 when no trace is found. --format json is versioned
        and carries the configuration; stats --merge FILE... prints the stats of the union, exactly as
        one run (docs/scale.md, docs/output-format.md).
        """
    static let helpSection: HelpSection.Kind? = .corpus
    static let replayOptionsHeading: String? = "REPLAY OPTIONS (applied to every trace, after its NAME.args)"
    static let listsHelpOption = false
    static let options: [Option<StatsCommand>] =
        (ReadingOptions.all + SceneOptions.all).embedded(at: \.suite.replay) + SuiteRunOptions.all.embedded(at: \.suite)
        + [CorpusOptions.formatOption.embedded(at: \.corpus), merge, .inert(StandardOptions.help)]

    static let merge = Option<StatsCommand>(
        OptionSpec(
            long: "merge",
            help: "the operands are stats --format json files (shards):\nprint the stats of their union, exactly as one run")
    ) { p, _ in p.corpus.merge = true }

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        suite.paths = paths
        if corpus.merge {
            guard !paths.isEmpty else { throw UsageError(message: "stats --merge needs the stats JSON files to merge") }
            if let other = uses.first(where: { !["merge", "format", "help"].contains($0.spec.long) }) {
                throw UsageError(
                    message: "stats --merge takes only --format: the files carry their configuration (not \(other.spec.longFlag))")
            }
        } else if paths.isEmpty {
            suite.paths = ["Traces"]
        }
        replayArguments = TraceArguments.uses(in: uses)
    }

    /// The stats files of `--merge`, else the scene and `--desc`; it writes no file (the corpus is
    /// not walked for this).
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        if corpus.merge {
            for path in suite.paths { files.read(path, as: .statsFile) }
        } else {
            files.read(suite.replay.scene.path, as: .scene)
            files.read(suite.replay.reading.recording.descPath, as: .deviceDescription)
        }
        return files
    }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        try runStats(self, catalog: catalog, output: &out)
    }
}

/// A trace's replay options for `stats` and `compare` (`traceSetup`: its NAME.args, then `uses`);
/// the command line's `--set`s skip a NAME the trace's scene does not have
/// (`SceneOverride.skipsUnknownName`): `checkCorpusOverrides` checks the corpus as a whole.
@Sendable func corpusTraceOptions(
    forTrace path: String, commandLine uses: [OptionUse], catalog: RecognizerCatalog
) throws(TraceError) -> ReplayOptions {
    var options = try traceSetup(forTrace: path, commandLine: uses, catalog: catalog).options
    for i in options.scene.overrides.indices where options.scene.overrides[i].location == nil {
        options.scene.overrides[i].skipsUnknownName = true
    }
    return options
}

/// The `--set`s of the command line's `uses` (`SceneOverride.skipsUnknownName`, as
/// `corpusTraceOptions` makes them).
func corpusOverrides(_ uses: [OptionUse]) -> [SceneOverride] {
    uses.filter { $0.spec.long == "set" }.compactMap { use in
        var o = try? SceneOverride(parsing: use.value)
        o?.skipsUnknownName = true
        return o
    }
}

/// A usage error when one of `overrides` names no kind and no recognizer of any trace's scene
/// (`names`: those of every trace replayed; none checked when no scene was loaded).
func checkCorpusOverrides(_ overrides: [SceneOverride], names: Set<String>, catalog: RecognizerCatalog) throws(TraceError) {
    guard !names.isEmpty else { return }
    try SceneOverride.checkTargets(overrides, names: names, catalog: catalog)
}

/// `gesturereplay stats`: the corpus's stats (or the merge of stats files); exit 0, or the first
/// broken trace's status (65 invalid, 66 cannot open, ...) after printing everything.
func runStats(_ command: StatsCommand, catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
    let stats: CorpusStats
    if command.corpus.merge {
        stats = try mergeStatsFiles(command.suite.paths, catalog: catalog)
    } else {
        stats = try corpusStats(command.suite, replayArguments: command.replayArguments, catalog: catalog)
    }
    out.append(command.corpus.format == .json ? stats.json() : stats.text())
    if stats.counted.isEmpty && stats.broken.isEmpty {
        // No trace never passes silently (as for test); the JSON stays clean, the note goes to stderr.
        let note = "\(Program.name): no traces found under \(TerminalSafe.escaped(command.suite.paths.joined(separator: " ")))"
        if command.corpus.format == .text {
            out.append(note + "\n")
        } else {
            out.flush()
            printError(note)
        }
        return ExitCode.expectationsNotMet
    }
    return stats.exitCode
}

/// Replays the traces of `suite` (its paths, shard, excludes, jobs) and counts them.
func corpusStats(_ suite: SuiteOptions, replayArguments: [OptionUse], catalog: RecognizerCatalog) throws(TraceError) -> CorpusStats {
    var options = suite.replay
    options.scene.catalog = catalog
    let configuration = try CorpusRun.configuration(options, tool: ProgramHelp.versionLine, excludes: suite.excludes)
    let traces = try TraceSuite.discover(suite.paths, shard: suite.shard, excludes: suite.excludes) { printError(formatter.format($0)) }
    let outcomes = CorpusRun.run(traces, jobs: suite.jobs ?? onlineCoreCount()) { path throws(TraceError) in
        try corpusTraceOptions(forTrace: path, commandLine: replayArguments, catalog: catalog)
    }
    // A usage error (a bad --set or --recognizers name) is the command line's: it stops everything.
    if let usage = outcomes.lazy.compactMap(\.error).first(where: { $0.category == .usage }) { throw usage }
    try checkCorpusOverrides(corpusOverrides(replayArguments), names: Set(outcomes.flatMap(\.recognizerNames)), catalog: catalog)
    return CorpusRun.stats(outcomes, configuration: configuration) { formatter.format($0) }
}

/// `stats --merge`: reads every file, refuses files of different configurations (naming the field)
/// or holding the same trace twice, and returns the union.
func mergeStatsFiles(_ paths: [String], catalog: RecognizerCatalog = .builtIn) throws(TraceError) -> CorpusStats {
    var parts: [CorpusStats] = []
    var owner: [String: String] = [:]
    var largest = 0
    for path in paths {
        let json = try JSONParser().parse(contentsOf: path)
        let part = try CorpusStats.read(json, catalog: catalog)
        // Every count the merge writes must read back (one range: CorpusStats.maximumCount).
        largest += part.largestCount
        if largest > CorpusStats.maximumCount {
            throw .invalidTrace(
                "cannot merge: the counts could add up to more than \(CorpusStats.maximumCount), the largest a stats file holds",
                at: .file(path))
        }
        if let first = parts.first, let d = CorpusStats.configurationDifference(first, part) {
            let at = json["configuration"]?.member(d.name)?.keyLocation ?? json["configuration"]?.location ?? .file(path)
            throw .invalidTrace(
                "cannot merge stats of different configurations: '\(d.name)' is \"\(d.b)\" here but \"\(d.a)\" in \(paths[0])", at: at)
        }
        for trace in part.counted + part.broken.map(\.path) {
            // `./Traces/a.json` and `Traces//a.json` are the same trace as `Traces/a.json`.
            let key = trace.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
            if let other = owner[key] {
                throw .invalidTrace(
                    "cannot merge: trace '\(trace)' is counted in both \(other) and \(path) (the same shard twice?)", at: .file(path))
            }
            owner[key] = path
        }
        parts.append(part)
    }
    return CorpusStats.merged(parts)
}
