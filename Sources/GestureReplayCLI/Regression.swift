import TraceKit

/// `gesturereplay check`: one trace against its golden file and/or its expectations.
func runCheck(_ check: CheckOptions, catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
    var setup = try traceSetup(forTrace: check.tracePath, commandLine: check.replayArguments, catalog: catalog)
    setup.expectsError = setup.expectsError || check.expectsError
    let result = try TraceCheck.run(setup.options, expectedPath: check.expectPath, update: check.update, expectsError: setup.expectsError)
    if check.update {
        if let golden = result.golden {
            out.append(
                golden.expected == golden.actual
                    ? "unchanged \(TerminalSafe.escaped(golden.expectedPath))\n" : "wrote \(TerminalSafe.escaped(golden.expectedPath))\n")
        } else {
            out.append(
                "no expected output written for \(TerminalSafe.escaped(result.tracePath)): it is checked by its expectations (--expect FILE writes one)\n"
            )
        }
        if result.passed { return ExitCode.success }
    }
    if let html = check.htmlPath {
        let picture =
            result.passed && !check.htmlAll
            ? nil
            : tracePicture(
                check.tracePath, check.replayArguments, catalog: catalog,
                highlight: result.passed ? nil : HTMLReport.changedTransition(in: result.details))
        let entry = HTMLReport.Entry(
            tracePath: result.tracePath, passed: result.passed, message: result.failureMessage,
            details: result.passed ? "" : result.details, picture: picture)
        var inputs = [check.tracePath, GoldenFile.expectedPath(forTrace: check.tracePath), ArgsFile.path(forTrace: check.tracePath)]
        if let expect = check.expectPath { inputs.append(expect) }
        if let scene = setup.options.scenePath { inputs.append(scene) }
        try FileIO.writeAtomically(HTMLReport.make([entry], title: "gesturereplay check"), to: html, inputs: inputs)
    }
    if let message = result.failureMessage {
        out.append("FAIL \(TerminalSafe.escaped(result.tracePath)): \(TerminalSafe.escaped(message))\n")
        out.append(result.details(color: check.color.resolved(fileDescriptor: 1)))
        return ExitCode.expectationsNotMet
    }
    out.append("PASS \(TerminalSafe.escaped(result.tracePath))\n")
    return ExitCode.success
}

/// How `check` and `test` replay one trace: the options in its `NAME.args` first (relative paths
/// there are relative to the trace's folder), then the replay options of the command line, which
/// win where both set a value (flags only add: the command line cannot turn off a `--touches` in
/// `NAME.args`). Scene files may name the kinds of `catalog`. A bad `.args` file is an error naming it.
@Sendable func traceSetup(
    forTrace path: String, commandLine: [OptionUse], catalog: RecognizerCatalog
) throws(TraceError) -> TraceSuite.TraceSetup {
    let argsPath = ArgsFile.path(forTrace: path)
    let positioned = path == "-" ? [] : try ArgsFile.positionedWords(forTrace: path)
    let words = positioned.map(\.word)
    var parsed = ParsedOptions()
    do throws(UsageError) {
        let (uses, operands) = try scanArguments(
            words, for: .argsFile, context: " in a .args file", relativeTo: ArgsFile.folder(ofTrace: path))
        if let operand = operands.first {
            throw UsageError(message: "a .args file holds options only, not '\(operand)' (\(words.joined(separator: " ")))")
        }
        parsed.setLocations = setValueLocations(positioned, argsPath: argsPath)
        try apply(uses, to: &parsed, place: " in the .args file")
        parsed.setLocations = []
        try apply(commandLine, to: &parsed)
    } catch {
        throw .invalidTrace(error.message, at: error.location ?? .file(argsPath))
    }
    parsed.replay.inputPath = path
    parsed.replay.catalog = catalog
    return TraceSuite.TraceSetup(options: parsed.replay, expectsError: parsed.expectsError)
}

/// `gesturereplay test`: every trace under the given paths against its golden file and/or its
/// expectations.
func runSuite(
    _ suite: SuiteOptions, replayArguments: [OptionUse], catalog: RecognizerCatalog, output out: inout OutputBuffer
) throws(TraceError) -> Int32 {
    let traces = try TraceSuite.discover(suite.paths, shard: suite.shard, excludes: suite.excludes) { printError(formatter.format($0)) }
    let start = monotonicSeconds()
    let outcomes = TraceSuite.run(traces, jobs: suite.jobs ?? onlineCoreCount(), update: suite.update) { path throws(TraceError) in
        try traceSetup(forTrace: path, commandLine: replayArguments, catalog: catalog)
    }
    let seconds = monotonicSeconds() - start
    var failed = 0
    let color = suite.replay.color.resolved(fileDescriptor: 1)
    for o in outcomes {
        if o.passed {
            out.append(o.result?.goldenChanged == true ? "UPDATED " : "PASS ")
            out.append(TerminalSafe.escaped(o.tracePath) + "\n")
            continue
        }
        failed += 1
        out.append("FAIL \(TerminalSafe.escaped(o.tracePath)): ")
        if let e = o.error {
            out.append(formatter.format(e) + "\n")
        } else if let r = o.result {
            out.append(TerminalSafe.escaped(r.failureMessage ?? "") + "\n")
            out.append(r.details(color: color))
        }
    }
    out.append("\(outcomes.count - failed) passed, \(failed) failed\n")
    if traces.isEmpty {
        out.append("gesturereplay: no traces found under \(suite.paths.joined(separator: " "))\n")
    }
    // The results are out before the report is written, so a report that cannot be written
    // (exit 66/74) does not hide them.
    out.flush()
    if suite.junitPath != nil || suite.htmlPath != nil {
        // A report never replaces a file the suite reads: a trace, its golden, .args and scene.
        var inputs: [String] = []
        for trace in traces {
            inputs += [trace, GoldenFile.expectedPath(forTrace: trace), ArgsFile.path(forTrace: trace)]
            if let scene = (try? traceSetup(forTrace: trace, commandLine: replayArguments, catalog: catalog))?.options.scenePath {
                inputs.append(scene)
            }
        }
        if let junit = suite.junitPath {
            try FileIO.writeAtomically(JUnitReport.make(outcomes, suiteName: "gesturereplay", seconds: seconds), to: junit, inputs: inputs)
        }
        if let html = suite.htmlPath {
            let entries = outcomes.map {
                HTMLReport.entry($0, formatter: formatter, all: suite.htmlAll) {
                    tracePicture($0, replayArguments, catalog: catalog, highlight: $1)
                }
            }
            try FileIO.writeAtomically(HTMLReport.make(entries, title: "gesturereplay test"), to: html, inputs: inputs)
        }
    }
    // A golden or trace that could not be written or read (an I/O error) is exit 74, as for `check`.
    if outcomes.contains(where: { $0.error?.category == .ioError }) { return ExitCode.ioError }
    return failed == 0 && !traces.isEmpty ? ExitCode.success : ExitCode.expectationsNotMet
}

/// The picture of a trace as `check`/`test` replay it (its NAME.args, then the command line's
/// replay options), or why there is none; `highlight` ringed.
func tracePicture(
    _ path: String, _ replayArguments: [OptionUse], catalog: RecognizerCatalog, highlight: PictureHighlight? = nil
) -> Result<String, TraceError> {
    do throws(TraceError) {
        let setup = try traceSetup(forTrace: path, commandLine: replayArguments, catalog: catalog)
        return .success(try Picture.svg(setup.options, title: path, highlight: highlight))
    } catch {
        return .failure(error)
    }
}

/// Where each `--set` value of a NAME.args file starts, in order (`--set V` and `--set=V`).
func setValueLocations(_ words: [(word: String, position: TextPosition)], argsPath: String) -> [SourceLocation] {
    var locations: [SourceLocation] = []
    for (i, w) in words.enumerated() {
        if w.word == "--set", i + 1 < words.count {
            locations.append(SourceLocation(path: argsPath, position: words[i + 1].position))
        } else if w.word.hasPrefix("--set=") {
            locations.append(SourceLocation(path: argsPath, line: w.position.line, column: w.position.column + 6))
        }
    }
    return locations
}
