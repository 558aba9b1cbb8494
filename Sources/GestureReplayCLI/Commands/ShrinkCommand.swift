#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReplay
import GestureReplayTools

/// `gesturereplay shrink`'s own options (the replay options, `-o`, `-j` and compare's
/// `--a-scene`/`--b-scene`/`--a-set`/`--b-set` are stored where the other commands keep them).
struct ShrinkOptions {
    /// `--until 'NAME STATE'`.
    var until: String?
    /// `--reason TEXT`.
    var reason: String?
    /// `--max-replays N`.
    var maxReplays = ShrinkLimits().maxReplays
}

/// `gesturereplay shrink TRACE`: the smallest trace that still shows a property (docs/shrink.md).
struct ShrinkCommand {
    var tracePath = ""
    /// The reading and scene groups as the command line gives them (the trace applies
    /// ``replayArguments`` over its `NAME.args`).
    var replay = ReplayOptions()
    /// `-j N`.
    var suite = SuiteOptions()
    /// `-o FILE`.
    var writing = WritingValues()
    /// `--a-scene`, `--b-scene`, `--a-set`, `--b-set`.
    var corpus = CorpusOptions()
    /// `--until`, `--reason`, `--max-replays`.
    var shrink = ShrinkOptions()
    /// What the smaller trace must still show (from `--until` or the sides).
    var property = ShrinkProperty.expectationFails
    var limits = ShrinkLimits()
    /// The replay options of the command line (after the trace's NAME.args).
    var replayArguments: [OptionUse] = []
}

extension ShrinkCommand: Command {
    static let name = "shrink"
    static let abstract =
        "the smallest trace that still reaches a transition\n(--until), still makes A and B disagree, or still fails\nan expectation (-o FILE; docs/shrink.md)"
    static let usage = ["shrink [options] [--until 'NAME STATE'|--a-... --b-...] TRACE [-o FILE]"]
    static let discussion = """
        shrink replays TRACE with the replay options (after its NAME.args) and writes the smallest trace
        it finds that still shows the same thing: --until 'NAME STATE' (--reason TEXT: the reason
        contains TEXT); --a-scene/--b-scene, --a-set/--b-set (as compare): A and B still disagree about
        the same recognizer; or else the trace's expectations (its "expect" or its scene's): the same
        expectation still fails. It removes whole gestures, then touches, then moved rows (in runs, then
        one by one; a touch's began and end stay), then simplifies times and coordinates, each step
        checked by a replay, until removing any one touch or moved row loses the property (1-minimal).
        The result is in TRACE's format (its scene and expectations kept; a device recording becomes a
        trace in points, JSON unless -o names .csv or .jsonl), on standard output or -o FILE (never
        TRACE itself); what was removed is reported. A trace that does not show the property is an
        error (exit 1, nothing written). --max-replays bounds the work; Ctrl-C writes the best trace so
        far. See docs/shrink.md.
        """
    static let helpSection: HelpSection.Kind? = .shrinking
    static let replayOptionsHeading: String? = "REPLAY OPTIONS (after the trace's NAME.args)"
    static let listsHelpOption = false
    static let options: [Option<ShrinkCommand>] =
        (ReadingOptions.all + SceneOptions.all).embedded(at: \.replay) + [SuiteRunOptions.jobs.embedded(at: \.suite)]
        + [WritingOptions.output.embedded(at: \.writing)] + SideOptions.all.embedded(at: \.corpus)
        + [until, reason, maxReplays].embedded(at: \.shrink) + [.inert(StandardOptions.help)]

    static let until = Option<ShrinkOptions>(
        OptionSpec(
            long: "until", valueName: "'NAME STATE'",
            help: "the oracle: the replay still makes recognizer NAME reach STATE\n(began, changed, ended, cancelled, failed)"
        )
    ) { p, v in p.until = v }

    static let reason = Option<ShrinkOptions>(
        OptionSpec(
            long: "reason", valueName: "TEXT", help: "with --until: the transition's reason contains TEXT (a failure's,\na cancellation's)"
        )
    ) { p, v in p.reason = v }

    static let maxReplays = Option<ShrinkOptions>(
        OptionSpec(
            long: "max-replays", valueName: "N",
            help: "check at most N candidates (default \(ShrinkLimits().maxReplays)), then write the best\ntrace found so far"
        )
    ) { p, raw throws(UsageError) in
        guard let n = wholeNumberArgument(raw), n >= 1 else {
            throw UsageError(message: "invalid value \(QuotedValue.text(raw)) for --max-replays (expected a positive whole number)")
        }
        p.maxReplays = n
    }

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        guard paths.count == 1 else {
            throw UsageError(message: paths.isEmpty ? "missing trace file" : "shrink takes one trace file, got \(paths.count)")
        }
        tracePath = paths[0]
        property = try shrinkProperty(shrink, corpus)
        limits = ShrinkLimits(maxReplays: shrink.maxReplays, jobs: suite.jobs ?? onlineCoreCount())
        replayArguments = TraceArguments.uses(in: uses)
    }

    /// The trace, its device description, NAME.args, NAME.expect and golden file, the scene (each
    /// side's: `--a-scene`, `--b-scene`), and `-o FILE`.
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files: RunFiles
        if case .disagree = property {
            files = suiteTraceFiles(
                tracePath, commandLine: sideUses(replayArguments, scene: corpus.aScene), catalog: catalog, update: false,
                sceneRole: corpus.aScene == nil ? .scene : .aScene)
            files.add(
                suiteTraceFiles(
                    tracePath, commandLine: sideUses(replayArguments, scene: corpus.bScene), catalog: catalog, update: false,
                    sceneRole: corpus.bScene == nil ? .scene : .bScene))
        } else {
            files = suiteTraceFiles(tracePath, commandLine: replayArguments, catalog: catalog, update: false)
        }
        files.write(writing.outputPath, as: .output)
        return files
    }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        try runShrink(self, catalog: catalog, output: &out)
    }
}

/// What `shrink`'s options ask the smaller trace to show: `--until` (and `--reason`), A and B
/// disagreeing (the sides), or else a failing expectation.
func shrinkProperty(_ s: ShrinkOptions, _ c: CorpusOptions) throws(UsageError) -> ShrinkProperty {
    let sides = c.aScene != nil || c.bScene != nil || !c.aSet.isEmpty || !c.bSet.isEmpty
    var property = ShrinkProperty.expectationFails
    if let until = s.until {
        if sides { throw UsageError(message: "shrink takes one oracle: --until, or --a-.../--b-... (two configurations), not both") }
        let words = until.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(until)) for --until (expected 'NAME STATE', such as 'doubleTap ended')")
        }
        let state: GestureRecognizerState
        switch StateNames.parse(String(words[1])) {
        case .success(let states) where states.count == 1: state = states.first!
        case .success: throw UsageError(message: "invalid value \(QuotedValue.text(until)) for --until: give one state")
        case .failure(let e): throw UsageError(message: "invalid value \(QuotedValue.text(until)) for --until: \(e.message)")
        }
        property = .reaches(recognizer: String(words[0]), state: state, reason: s.reason)
    } else if s.reason != nil {
        throw UsageError(message: "--reason goes with --until 'NAME STATE'")
    } else if sides {
        property = .disagree
    }
    return property
}

/// `gesturereplay shrink`: reads the trace, checks it shows the property (exit 1 without writing
/// anything when it does not), shrinks it and writes the result in the trace's own format (a
/// device recording as a trace in points) to `-o FILE` (atomically) or standard output; the report
/// goes to standard output with `-o`, else to standard error. Ctrl-C writes the best trace so far.
func runShrink(_ command: ShrinkCommand, catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
    // Ctrl-C from here on writes the best trace so far (the original, before the shrinking starts).
    LiveSignals.installForInterruption()
    let path = command.tracePath
    let warn: (Diagnostic) -> Void = { printError(formatter.format($0)) }
    let c = command.corpus
    var a: ReplayOptions
    var b: ReplayOptions?
    if case .disagree = command.property {
        a = try traceSetup(forTrace: path, commandLine: sideUses(command.replayArguments, scene: c.aScene), catalog: catalog).options
        var bOptions = try traceSetup(forTrace: path, commandLine: sideUses(command.replayArguments, scene: c.bScene), catalog: catalog)
            .options
        // One trace: a NAME its scene lacks is an error, not skipped as in a corpus.
        a.scene.overrides += try sideOverrides(c.aSet, option: "--a-set").map {
            var o = $0; o.skipsUnknownName = false; return o
        }
        bOptions.scene.overrides += try sideOverrides(c.bSet, option: "--b-set").map {
            var o = $0; o.skipsUnknownName = false; return o
        }
        b = bOptions
    } else {
        a = try traceSetup(forTrace: path, commandLine: command.replayArguments, catalog: catalog).options
    }
    let document = try ShrinkDocument.read(path, options: a, warn: warn)
    var why = ""
    guard let oracle = try ShrinkOracle.make(command.property, document: document, options: a, b: b, why: &why) else {
        printError(formatter.format(.error("the trace does not show the property: \(why); nothing written", at: .file(document.path))))
        return ExitCode.expectationsNotMet
    }
    let shrinker = TraceShrinker(rows: document.rows, limits: command.limits) { oracle.holds($0) }
    let onTerminal = isatty(2) != 0
    if onTerminal {
        shrinker.progress = { rows, replays in
            var line = OutputBuffer(fileDescriptor: 2)
            line.append("\r\u{1B}[Kshrink: \(rows) rows left, \(replays) replays")
            line.flush()
        }
    }
    shrinker.shouldStop = { LiveSignals.exitStatus != nil }
    let result = shrinker.run()
    if onTerminal {
        var line = OutputBuffer(fileDescriptor: 2)
        line.append("\r\u{1B}[K")
        line.flush()
    }
    let format = document.outputFormat(outputPath: command.writing.outputPath)
    let text = document.text(result.rows, as: format)
    let toFile = command.writing.outputPath.map { $0 != "-" } ?? false
    if toFile {
        try FileIO.writeAtomically(text, to: command.writing.outputPath!)
    } else {
        out.append(text)
        out.flush()
    }
    // The report: on standard output beside a written file, else on standard error.
    var report = ""
    report += "shrink: \(TerminalSafe.escaped(document.path)): \(TerminalSafe.escaped(oracle.description))\n"
    let touches = result.touchCount
    report +=
        "kept \(result.rows.count) of \(result.originalRowCount) rows (\(touches) touch\(touches == 1 ? "" : "es")) after \(result.replays) replays"
    switch result.stop {
    case nil: report += result.isOneMinimal ? "; 1-minimal\n" : "\n"
    case .maxReplays: report += "; stopped at --max-replays \(command.limits.maxReplays): the best trace so far, not 1-minimal\n"
    case .interrupted: report += "; interrupted: the best trace so far, not 1-minimal\n"
    }
    let r = result.removed
    report += "removed: \(r.gestures) gesture\(r.gestures == 1 ? "" : "s"), \(r.touches) more touch\(r.touches == 1 ? "" : "es"), "
    report += "\(r.middleRows) moved row\(r.middleRows == 1 ? "" : "s")\n"
    if !result.simplifications.isEmpty { report += "simplified: " + result.simplifications.joined(separator: "; ") + "\n" }
    if toFile {
        report +=
            "wrote \(TerminalSafe.escaped(command.writing.outputPath!))"
            + (format.rawValue == document.format.name ? "" : " (\(format.rawValue), in points)") + "\n"
    }
    if toFile {
        out.append(report)
    } else {
        printError(String(report.dropLast()))
    }
    return ExitCode.success
}
