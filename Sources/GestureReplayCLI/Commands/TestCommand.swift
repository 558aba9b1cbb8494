import TraceReplay
import GestureReplayTools

/// `gesturereplay test [PATH...]`: every trace under the given folders/files as a regression suite.
struct TestCommand: Command {
    static let name = "test"
    static let abstract = "check every trace under PATH (default: Traces) as a\nsuite"
    static let usage = ["test [options] [PATH...]"]
    static let discussion =
        checkAndTestParagraph + """


            PATH is a folder (searched recursively for .json, .jsonl, .ndjson and .csv files, and the
            recordings .evemu, .getevent and .evtest, except *.scene.json and hidden files) or a
            trace file. Traces run in parallel; the report lists them in path order, then
            "N passed, M failed".
            """
    static let helpSection: HelpSection.Kind? = .checking
    static let replayOptionsHeading: String? = "REPLAY OPTIONS (applied to every trace, after its NAME.args)"
    static let listsHelpOption = true
    static let options: [Option<TestCommand>] =
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).embedded(at: \.suite.replay)
        + SuiteRunOptions.all.embedded(at: \.suite) + CheckingOptions.all.embedded(at: \.checking)
        + [junit, .inert(StandardOptions.help)]

    static let junit = Option<TestCommand>(
        OptionSpec(long: "junit", valueName: "FILE", isPath: true, help: "also write a JUnit XML report")
    ) { p, v in
        p.suite.junitPath = v
    }

    /// The paths, `--shard`, `--jobs`, `--exclude`, `--junit`, and the replay options as the
    /// command line gives them (each trace applies ``replayArguments`` over its `NAME.args`).
    var suite = SuiteOptions()
    /// `--update`, `--html`, `--html-all`, `--color`.
    var checking = CheckingValues()
    /// The replay options given on the command line, applied after each trace's `NAME.args`.
    var replayArguments: [OptionUse] = []

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        suite.paths = paths.isEmpty ? ["Traces"] : paths
        suite.update = checking.update
        suite.htmlPath = checking.htmlPath
        suite.htmlAll = checking.htmlAll
        replayArguments = TraceArguments.uses(in: uses)
    }

    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        files.write(suite.junitPath, as: .junitReport)
        files.write(suite.htmlPath, as: .htmlReport)
        guard suite.update || !files.writes.isEmpty,
            let traces = try? TraceSuite.discover(suite.paths, shard: suite.shard, excludes: suite.excludes)
        else { return files }
        for trace in traces {
            files.add(suiteTraceFiles(trace, commandLine: replayArguments, catalog: catalog, update: suite.update))
        }
        return files
    }

    /// `gesturereplay test`: every trace under the given paths against its golden file and/or its
    /// expectations.
    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        let suite = self.suite
        let traces = try TraceSuite.discover(suite.paths, shard: suite.shard, excludes: suite.excludes) { printError(formatter.format($0)) }
        let start = monotonicSeconds()
        let outcomes = TraceSuite.run(traces, jobs: suite.jobs ?? onlineCoreCount(), update: suite.update, spelling: .commandLine) {
            path throws(TraceError) in
            try traceSetup(forTrace: path, commandLine: replayArguments, catalog: catalog)
        }
        let seconds = monotonicSeconds() - start
        var failed = 0
        let color = checking.color.resolved(fileDescriptor: 1)
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
            out.append("\(Program.name): no traces found under \(TerminalSafe.escaped(suite.paths.joined(separator: " ")))\n")
        }
        // The results are out before the report is written, so a report that cannot be written
        // (exit 66/74) does not hide them.
        out.flush()
        if suite.junitPath != nil || suite.htmlPath != nil {
            if let junit = suite.junitPath {
                try FileIO.writeAtomically(
                    JUnitReport.make(outcomes, suiteName: "gesturereplay", seconds: seconds, spelling: .commandLine), to: junit)
            }
            if let html = suite.htmlPath {
                let entries = outcomes.map {
                    HTMLReport.entry($0, formatter: formatter, all: suite.htmlAll) {
                        tracePicture($0, replayArguments, catalog: catalog, highlight: $1)
                    }
                }
                try FileIO.writeAtomically(HTMLReport.make(entries, title: "gesturereplay test", spelling: .commandLine), to: html)
            }
        }
        // A golden or trace that could not be written or read (an I/O error) is exit 74, as for `check`.
        if outcomes.contains(where: { $0.error?.category == .ioError }) { return ExitCode.ioError }
        return failed == 0 && !traces.isEmpty ? ExitCode.success : ExitCode.expectationsNotMet
    }
}
