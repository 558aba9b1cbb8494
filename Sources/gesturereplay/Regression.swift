import TraceKit

/// `gesturereplay check`: one trace against its golden file and/or its expectations.
func runCheck(_ options: ReplayOptions, expectPath: String?, update: Bool) throws(TraceError) -> Int32 {
    let result = try TraceCheck.run(options, expectedPath: expectPath, update: update)
    var out = OutputBuffer(fileDescriptor: 1)
    defer { out.flush() }
    if update {
        if let golden = result.golden {
            out.append(golden.expected == golden.actual ? "unchanged \(golden.expectedPath)\n" : "wrote \(golden.expectedPath)\n")
        } else {
            out.append("no expected output written for \(result.tracePath): it is checked by its expectations (--expect FILE writes one)\n")
        }
        if result.passed { return ExitCode.success }
    }
    if let message = result.failureMessage {
        out.append("FAIL \(result.tracePath): \(message)\n")
        out.append(result.details(color: options.color.resolved(fileDescriptor: 1)))
        return ExitCode.expectationsNotMet
    }
    out.append("PASS \(result.tracePath)\n")
    return ExitCode.success
}

/// The extra arguments kept in `NAME.args` beside a trace (whitespace-separated; empty when there
/// is no such file), with relative `--scene` paths made relative to the trace's folder.
func argsFileArguments(forTrace path: String) throws(TraceError) -> [String] {
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    guard let text = try FileIO.readText(argsPath(forTrace: path)) else { return [] }
    var arguments = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
    for i in arguments.indices.dropLast() where arguments[i] == "--scene" && !arguments[i + 1].hasPrefix("/") {
        arguments[i + 1] = folder + arguments[i + 1]
    }
    return arguments
}

/// `trace.json` -> `trace.args`.
func argsPath(forTrace path: String) -> String {
    String(GoldenFile.expectedPath(forTrace: path).dropLast(".expected".count)) + ".args"
}

/// The replay options for one trace of a suite: its `.args`, then the trace. A bad `.args` file is
/// an error naming it.
@Sendable func suiteOptions(forTrace path: String) throws(TraceError) -> ReplayOptions {
    let arguments = try argsFileArguments(forTrace: path)
    let command: Command
    do {
        command = try parseCommandLine(arguments + ["--", path], fileArgumentCount: arguments.count)
    } catch {
        throw .invalidTrace(error.message, at: .file(argsPath(forTrace: path)))
    }
    guard case .replay(let options) = command else {
        throw .invalidTrace("a .args file may only hold replay options (\(arguments.joined(separator: " ")))", at: .file(argsPath(forTrace: path)))
    }
    return options
}

/// `gesturereplay test`: every trace under the given paths against its golden file and/or its
/// expectations.
func runSuite(_ suite: SuiteOptions) throws(TraceError) -> Int32 {
    let traces = try TraceSuite.discover(suite.paths, shard: suite.shard)
    let start = monotonicSeconds()
    let outcomes = TraceSuite.run(traces, jobs: suite.jobs ?? onlineCoreCount(), update: suite.update, optionsFor: suiteOptions(forTrace:))
    let seconds = monotonicSeconds() - start
    var out = OutputBuffer(fileDescriptor: 1)
    defer { out.flush() }
    var failed = 0
    let color = suite.replay.color.resolved(fileDescriptor: 1)
    for o in outcomes {
        if o.passed {
            out.append(o.result?.goldenChanged == true ? "UPDATED " : "PASS ")
            out.append(o.tracePath + "\n")
            continue
        }
        failed += 1
        out.append("FAIL \(o.tracePath): ")
        if let e = o.error {
            out.append(formatter.format(e) + "\n")
        } else if let r = o.result {
            out.append((r.failureMessage ?? "") + "\n")
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
    if let junit = suite.junitPath {
        try FileIO.writeAtomically(JUnitReport.make(outcomes, suiteName: "gesturereplay", seconds: seconds), to: junit)
    }
    return failed == 0 && !traces.isEmpty ? ExitCode.success : ExitCode.expectationsNotMet
}
