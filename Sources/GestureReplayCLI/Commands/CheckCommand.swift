import TraceReplay
import GestureReplayTools

/// `gesturereplay check TRACE`: a replay against its golden file (`--update` rewrites it) and/or
/// its expectations.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "check the replay against TRACE's expected output and/or\nthe expectations in the trace or its scene"
    static let usage = ["check [options] TRACE"]
    static let discussion = checkAndTestParagraph
    static let helpSection: HelpSection.Kind? = .checking
    static let replayOptionsHeading: String? = "REPLAY OPTIONS (applied to every trace, after its NAME.args)"
    static let listsHelpOption = true
    static let options: [Option<CheckCommand>] =
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).embedded(at: \.replay)
        + CheckingOptions.all.embedded(at: \.checking) + [expect, expectError.embedded(at: \.expectsError), .inert(StandardOptions.help)]

    static let expect = Option<CheckCommand>(
        OptionSpec(long: "expect", valueName: "FILE", isPath: true, help: "the golden file (default: TRACE with extension .expected)")
    ) { p, v in
        p.expectPath = v
    }

    /// Also a `NAME.args` option (``TraceArguments``).
    static let expectError = Option<Bool>(
        OptionSpec(
            long: "expect-error",
            help:
                "the trace is meant to be invalid: its golden file records\nthe error; without it a trace that stops at an error\nfails, also under --update (usually in NAME.args)"
        )
    ) { p, _ in
        p = true
    }

    var tracePath = ""
    /// The replay options as the command line gives them (checked there; each trace applies
    /// ``replayArguments`` over its `NAME.args`).
    var replay = ReplayOptions()
    /// `--update`, `--html`, `--html-all`, `--color`.
    var checking = CheckingValues()
    /// `--expect FILE`.
    var expectPath: String?
    var expectsError = false
    /// The replay options given on the command line, applied after the trace's `NAME.args`.
    var replayArguments: [OptionUse] = []

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        if paths.isEmpty { throw UsageError(message: "missing trace file (use - for standard input)") }
        guard paths.count == 1 else {
            throw UsageError(message: "check takes one trace file, got \(paths.count) (check several with 'gesturereplay test FILE...')")
        }
        if checking.update && paths[0] == "-" && expectPath == nil {
            throw UsageError(
                message: "check --update needs the trace's path to name its golden file (standard input has none; give --expect FILE)")
        }
        tracePath = paths[0]
        replayArguments = TraceArguments.uses(in: uses)
    }

    /// The trace, its device description, scene, NAME.args, NAME.expect and golden file (written
    /// with `--update`), and the HTML report.
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = suiteTraceFiles(
            tracePath, commandLine: replayArguments, catalog: catalog, expectedPath: expectPath, update: checking.update)
        files.write(checking.htmlPath, as: .htmlReport)
        return files
    }

    /// `gesturereplay check`: one trace against its golden file and/or its expectations.
    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        let check = self
        var setup = try traceSetup(forTrace: check.tracePath, commandLine: check.replayArguments, catalog: catalog)
        setup.expectsError = setup.expectsError || check.expectsError
        let result = try TraceCheck.run(
            check.tracePath, options: setup.options, expectedPath: check.expectPath, update: check.checking.update,
            expectsError: setup.expectsError, spelling: .commandLine)
        if check.checking.update {
            if let golden = result.golden {
                out.append(
                    golden.expected == golden.actual
                        ? "unchanged \(TerminalSafe.escaped(golden.expectedPath))\n"
                        : "wrote \(TerminalSafe.escaped(golden.expectedPath))\n")
            } else {
                out.append(
                    "no expected output written for \(TerminalSafe.escaped(result.tracePath)): it is checked by its expectations (--expect FILE writes one)\n"
                )
            }
            if result.passed { return ExitCode.success }
        }
        if let html = check.checking.htmlPath {
            let picture =
                result.passed && !check.checking.htmlAll
                ? nil
                : tracePicture(
                    check.tracePath, check.replayArguments, catalog: catalog,
                    highlight: result.passed ? nil : HTMLReport.changedTransition(in: result.details))
            let entry = HTMLReport.Entry(
                tracePath: result.tracePath, passed: result.passed, message: result.failureMessage,
                details: result.passed ? "" : result.details, picture: picture)
            try FileIO.writeAtomically(HTMLReport.make([entry], title: "gesturereplay check"), to: html)
        }
        if let message = result.failureMessage {
            out.append("FAIL \(TerminalSafe.escaped(result.tracePath)): \(TerminalSafe.escaped(message))\n")
            out.append(result.details(color: check.checking.color.resolved(fileDescriptor: 1)))
            return ExitCode.expectationsNotMet
        }
        out.append("PASS \(TerminalSafe.escaped(result.tracePath))\n")
        return ExitCode.success
    }
}

/// What check and test do with a trace: their help's first paragraph, also under their section of
/// the overview.
let checkAndTestParagraph = """
    A trace passes when its golden file (TRACE with extension .expected) matches, if it has one,
    and every expectation in its "expect" (in the trace or its scene) holds; a trace with neither
    fails. Both read NAME.args beside the trace (options only, quoted like a shell: 'a b', "a b",
    a\\ b; # comments), then apply the replay options of the command line, which win where both give
    a value. Relative paths in NAME.args are relative to the trace's folder. A trace that stops at an
    error fails unless it is declared with --expect-error. See docs/ci.md.
    """
