#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceKit

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

/// `gesturereplay shrink`'s options, checked.
struct ShrinkCommand {
    var tracePath: String
    var outputPath: String?
    var property: ShrinkProperty
    var corpus: CorpusOptions
    var limits: ShrinkLimits
    /// The replay options of the command line (after the trace's NAME.args).
    var replayArguments: [OptionUse]
}

/// The option rows of `shrink` alone.
let shrinkOptionRows: [OptionSpec] = [
    OptionSpec(
        long: "until", valueName: "'NAME STATE'",
        help: "the oracle: the replay still makes recognizer NAME reach STATE\n(began, changed, ended, cancelled, failed)",
        commands: .shrink
    ) { p, v in p.shrink.until = v },
    OptionSpec(
        long: "reason", valueName: "TEXT", help: "with --until: the transition's reason contains TEXT (a failure's,\na cancellation's)",
        commands: .shrink
    ) { p, v in p.shrink.reason = v },
    OptionSpec(
        long: "max-replays", valueName: "N",
        help: "check at most N candidates (default \(ShrinkLimits().maxReplays)), then write the best\ntrace found so far",
        commands: .shrink
    ) { p, raw throws(UsageError) in
        guard let n = wholeNumberArgument(raw), n >= 1 else {
            throw UsageError(message: "invalid value '\(raw)' for --max-replays (expected a positive whole number)")
        }
        p.shrink.maxReplays = n
    },
]

func shrinkCommand(_ parsed: ParsedOptions, paths: [String], uses: [OptionUse]) throws(UsageError) -> ShrinkCommand {
    guard paths.count == 1 else {
        throw UsageError(message: paths.isEmpty ? "missing trace file" : "shrink takes one trace file, got \(paths.count)")
    }
    let s = parsed.shrink
    let c = parsed.corpus
    let sides = c.aScene != nil || c.bScene != nil || !c.aSet.isEmpty || !c.bSet.isEmpty
    var property = ShrinkProperty.expectationFails
    if let until = s.until {
        if sides { throw UsageError(message: "shrink takes one oracle: --until, or --a-.../--b-... (two configurations), not both") }
        let words = until.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2 else {
            throw UsageError(message: "invalid value '\(until)' for --until (expected 'NAME STATE', such as 'doubleTap ended')")
        }
        let state: GestureRecognizerState
        switch StateNames.parse(String(words[1])) {
        case .success(let states) where states.count == 1: state = states.first!
        case .success: throw UsageError(message: "invalid value '\(until)' for --until: give one state")
        case .failure(let e): throw UsageError(message: "invalid value '\(until)' for --until: \(e.message)")
        }
        property = .reaches(recognizer: String(words[0]), state: state, reason: s.reason)
    } else if s.reason != nil {
        throw UsageError(message: "--reason goes with --until 'NAME STATE'")
    } else if sides {
        property = .disagree
    }
    if let output = parsed.outputPath, output != "-", sameFile(output, paths[0]) {
        throw UsageError(message: "-o \(output) is the trace being shrunk: the original is never replaced; give another file")
    }
    return ShrinkCommand(
        tracePath: paths[0], outputPath: parsed.outputPath, property: property, corpus: c,
        limits: ShrinkLimits(maxReplays: s.maxReplays, jobs: parsed.suite.jobs ?? onlineCoreCount()),
        replayArguments: corpusReplayUses(uses))
}

/// Whether `a` and `b` name the same file (the same path, or the same device and inode).
func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
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
        a.sceneOverrides += try sideOverrides(c.aSet, option: "--a-set").map {
            var o = $0; o.skipsUnknownName = false; return o
        }
        bOptions.sceneOverrides += try sideOverrides(c.bSet, option: "--b-set").map {
            var o = $0; o.skipsUnknownName = false; return o
        }
        b = bOptions
    } else {
        a = try traceSetup(forTrace: path, commandLine: command.replayArguments, catalog: catalog).options
    }
    let document = try ShrinkDocument.read(a, warn: warn)
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
    let format = document.outputFormat(outputPath: command.outputPath)
    let text = document.text(result.rows, as: format)
    let toFile = command.outputPath.map { $0 != "-" } ?? false
    if toFile {
        try FileIO.writeAtomically(text, to: command.outputPath!)
    } else {
        out.append(text)
        out.flush()
    }
    // The report: on standard output beside a written file, else on standard error.
    var report = ""
    report += "shrink: \(document.path): \(oracle.description)\n"
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
            "wrote \(command.outputPath!)" + (format.rawValue == document.format.name ? "" : " (\(format.rawValue), in points)") + "\n"
    }
    if toFile {
        out.append(report)
    } else {
        printError(String(report.dropLast()))
    }
    return ExitCode.success
}
