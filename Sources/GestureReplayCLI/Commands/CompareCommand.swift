import TraceReplay
import GestureReplayTools

/// `gesturereplay compare`'s options: one corpus, two configurations. Both sides take the common
/// replay options (after each trace's NAME.args); side A adds `--a-scene`/`--a-set`, side B
/// `--b-scene`/`--b-set`, or B is the goldens (`--goldens`).
struct CompareCommand {
    /// The paths, `--shard`, `--jobs`, `--exclude`, and the replay options as the command line
    /// gives them (each trace applies ``replayArguments`` over its `NAME.args`).
    var suite = SuiteOptions()
    /// `--format`, the sides, `--goldens`.
    var corpus = CorpusOptions()
    /// The replay options of the command line (applied to each trace after its NAME.args).
    var replayArguments: [OptionUse] = []
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
    static let options: [Option<CompareCommand>] =
        (ReadingOptions.all + SceneOptions.all).embedded(at: \.suite.replay) + SuiteRunOptions.all.embedded(at: \.suite)
        + ([CorpusOptions.formatOption] + SideOptions.all + [goldens]).embedded(at: \.corpus) + [.inert(StandardOptions.help)]

    static let goldens = Option<CorpusOptions>(
        OptionSpec(
            long: "goldens",
            help: "side B is each trace's golden file (TRACE.expected):\nwhat changed since the goldens were written")
    ) { p, _ in p.goldens = true }

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        suite.paths = paths.isEmpty ? ["Traces"] : paths
        let c = corpus
        if c.goldens && (c.bScene != nil || !c.bSet.isEmpty) {
            throw UsageError(
                message: "compare --goldens makes the goldens side B: give side A's changes (--a-scene, --a-set), not --b-scene/--b-set")
        }
        if !c.goldens && c.aScene == nil && c.bScene == nil && c.aSet.isEmpty && c.bSet.isEmpty {
            throw UsageError(
                message: "compare needs two configurations: --a-scene/--b-scene, --a-set/--b-set, or --goldens (side B: the golden files)")
        }
        replayArguments = TraceArguments.uses(in: uses)
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

/// The command-line option uses of one side: the common ones, with the side's scene.
func sideUses(_ common: [OptionUse], scene: String?) -> [OptionUse] {
    var uses = common
    if let scene {
        uses.removeAll { $0.spec.long == "scene" }
        uses.append(OptionUse(spec: SceneOptions.scene.spec, value: scene))
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
    let comparison = CorpusComparison.compare(
        traces, jobs: jobs, optionsForA: sideOptions(sideUses(command.replayArguments, scene: c.aScene), aSets, catalog: catalog),
        b: c.goldens
            ? .goldens : .replay(optionsFor: sideOptions(sideUses(command.replayArguments, scene: c.bScene), bSets, catalog: catalog)),
        spelling: .commandLine, format: { [formatter] in formatter.format($0) })
    // A usage error (a --set naming no recognizer, kind or property) is the command line's: it
    // stops everything (exit 2) instead of making every trace broken. So is a --set whose NAME no
    // trace's scene has (and no kind: skipped where a scene lacks it). The messages name the option.
    let common = corpusOverrides(command.replayArguments)
    for (side, sets) in [(comparison.a, aSets), (comparison.b, bSets)] {
        if let usage = side.errors.first(where: { $0.category == .usage }) { throw usage }
        try checkCorpusOverrides(common + sets, names: side.recognizerNames, catalog: catalog)
    }
    let flipped = comparison.changed
    let broken = comparison.broken
    let bLabel = c.goldens ? "goldens" : "B"
    switch c.format {
    case .text:
        out.append("A: \(sideDescription(scene: c.aScene, sets: c.aSet))\n")
        out.append("B: \(c.goldens ? "the golden files (TRACE.expected)" : sideDescription(scene: c.bScene, sets: c.bSet))\n")
        out.append("\(traces.count) trace\(traces.count == 1 ? "" : "s"), \(flipped.count) changed outcome\n")
        do {
            var rows = [["recognizer", "kind", "recognized A", "B", "failed A", "B", "cancelled A", "B"]]
            for (r, s) in comparison.recognizerPairs {
                rows.append([
                    TerminalSafe.escaped(r.name), TerminalSafe.escaped(r.kind), "\(r.recognized)", "\(s.recognized)", "\(r.failed)",
                    "\(s.failed)", "\(r.cancelled)", "\(s.cancelled)",
                ])
            }
            out.append("\n" + CorpusStats.table(rows, rightAligned: 2))
        }
        if !flipped.isEmpty {
            out.append("\nchanged:\n")
            for change in flipped {
                out.append("  \(TerminalSafe.escaped(change.path))\n")
                for (label, outcome) in [("A", change.a), (bLabel == "B" ? "B" : "golden", change.b)] {
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
            for (n, (r, s)) in comparison.recognizerPairs.enumerated() {
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
        for (n, change) in flipped.enumerated() {
            if n > 0 { out.append(",") }
            out.append("{\"path\":")
            out.appendJSONString(change.path)
            out.append(",\"a\":")
            out.appendJSONString(change.a.text)
            out.append(",\"b\":")
            out.appendJSONString(change.b.text)
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

/// One side's options for a trace: its NAME.args, then the side's command-line options `uses`,
/// then its `sets`.
func sideOptions(
    _ uses: [OptionUse], _ sets: [SceneOverride], catalog: RecognizerCatalog
) -> @Sendable (String) throws(TraceError) -> ReplayOptions {
    { path throws(TraceError) in
        var options = try corpusTraceOptions(forTrace: path, commandLine: uses, catalog: catalog)
        options.scene.overrides += sets
        return options
    }
}
