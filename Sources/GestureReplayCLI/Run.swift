#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceKit

/// `GESTUREREPLAY_READER_THREAD=never` or `=always` overrides when a replay reads its trace on a
/// thread of its own (docs/performance.md; for measuring both paths, the output is the same).
func readerThreadingFromEnvironment() -> ReaderThreading {
    guard let raw = getenv("GESTUREREPLAY_READER_THREAD") else { return .automatic }
    switch String(cString: raw) {
    case "never", "0": return .never
    case "always", "1": return .always
    default: return .automatic
    }
}

/// `GESTUREREPLAY_STALL_SECONDS=S` (S > 0) sets after how many seconds a live replay says on
/// standard error that its source stalled with touches down, or that its output is not read
/// (docs/live.md); 5 without it. Another value is said to be ignored.
func stallTimeFromEnvironment() -> Double {
    let standard = ReplayOptions(inputPath: "").stallTime
    guard let raw = getenv("GESTUREREPLAY_STALL_SECONDS") else { return standard }
    let text = String(cString: raw)
    if let seconds = Double(text), seconds.isFinite, seconds > 0 { return seconds }
    printError(
        formatter.format(
            .warning("GESTUREREPLAY_STALL_SECONDS='\(text)' is not a number of seconds greater than 0; using \(Int(standard))", at: nil)))
    return standard
}

/// Exit codes (documented in --help and the README).
enum ExitCode {
    static let success: Int32 = 0
    static let expectationsNotMet: Int32 = 1
    static let usage: Int32 = 2
    static let ioError: Int32 = 74
    /// Standard output is a closed pipe (128 + SIGPIPE, what a shell shows for a process killed by it).
    static let closedPipe: Int32 = 141
}

func printError(_ text: String) {
    var stderr = OutputBuffer(fileDescriptor: 2)
    stderr.append(text)
    stderr.append("\n")
    stderr.flush()
}

let formatter = DiagnosticFormatter(programName: "gesturereplay")

/// The command's name in `arguments`, for the usage line of a usage error.
func subcommand(of arguments: [String]) -> Subcommand {
    arguments.first.flatMap(Subcommand.init(rawValue:)) ?? .replay
}

/// `gesturereplay` as a library: a user's executable of a few lines runs the whole command line
/// (replay, check, test, render, convert, synth, every option and format, JUnit and HTML reports,
/// help) with its own recognizer kinds:
///
/// ```swift
/// import GestureReplayCLI
/// import MyRecognizers
///
/// var catalog = RecognizerCatalog.builtIn
/// try catalog.register(kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) }, parameters: [
///     .integer("requiredWiggles", \.requiredWiggles, minimum: 1)
/// ])
/// GestureReplayCLI.main(catalog: catalog)
/// ```
public enum GestureReplayCLI {
    /// Runs the command line `arguments` (without the program name) with the kinds of `catalog`
    /// (scene files may name them) and returns the exit status. Output goes to standard output
    /// and standard error, exactly as the `gesturereplay` binary writes it.
    public static func run(_ arguments: [String], catalog: RecognizerCatalog = .builtIn) -> Int32 {
        runCommandLine(arguments, catalog: catalog)
    }

    /// Runs the process's command line with the kinds of `catalog` and exits with its status.
    public static func main(catalog: RecognizerCatalog = .builtIn) -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst()), catalog: catalog))
    }

    /// The replay options `check` and `test` use for the trace at `path`: its `NAME.args`, then
    /// `arguments` (replay options, as on the command line), with `catalog`'s kinds.
    public static func options(
        forTrace path: String, arguments: [String] = [], catalog: RecognizerCatalog = .builtIn
    ) throws(TraceError) -> ReplayOptions {
        let uses: [OptionUse]
        do {
            uses = try scanArguments(arguments, for: .argsFile).0
        } catch {
            throw .usage(error.message)
        }
        return try traceSetup(forTrace: path, commandLine: uses, catalog: catalog).options
    }
}

/// Parses and runs `arguments`; the exit status.
func runCommandLine(_ arguments: [String], catalog: RecognizerCatalog) -> Int32 {
    let command: Command
    do {
        command = try parseCommandLine(arguments)
    } catch {
        printError("gesturereplay: error: \(error.message)\n\(usageLine(subcommand(of: arguments)))")
        return ExitCode.usage
    }
    // Line-buffered (a write per input frame that printed something) to a terminal, with
    // --unbuffered and with --live; otherwise the output is written in 64 KiB blocks.
    var flushesEachFrame = isatty(1) != 0
    if case .replay(let options, _) = command, options.unbuffered || options.live { flushesEachFrame = true }
    var out = OutputBuffer(fileDescriptor: 1, flushThreshold: flushesEachFrame ? 1 : 1 << 16)
    var status = ExitCode.success
    do throws(TraceError) {
        switch command {
        case .help(let subcommand):
            out.append(helpText(subcommand))
        case .version:
            out.append(versionText + "\n")
        case .completion(let shell):
            out.append(completionScript(shell))
        case .manPage:
            out.append(manPage())
        case .replay(var options, let paths) where paths.count == 1:
            options.catalog = catalog
            options.readerThreading = readerThreadingFromEnvironment()
            if LiveSignals.install(forReplayOf: paths, options) { options.stallTime = stallTimeFromEnvironment() }
            try Replayer.run(options, output: &out) { printError(formatter.format($0)) }
        case .replay(var options, let paths):
            options.catalog = catalog
            options.readerThreading = readerThreadingFromEnvironment()
            if LiveSignals.install(forReplayOf: paths, options) { options.stallTime = stallTimeFromEnvironment() }
            status = try replaySeveral(paths, options, output: &out)
        case .check(let check):
            status = try runCheck(check, catalog: catalog, output: &out)
        case .test(let suite, let replayArguments):
            status = try runSuite(suite, replayArguments: replayArguments, catalog: catalog, output: &out)
        case .synth(let synth):
            try runSynth(synth, output: &out)
        case .render(var options, let outputPath, let window):
            options.catalog = catalog
            // The trace is read twice: a FIFO or a pipe (`render <(cmd)`) would block or read empty.
            var st = stat()
            if options.inputPath != "-", stat(options.inputPath, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                throw .usage(
                    "render needs a regular trace file, not a FIFO, pipe or device: '\(options.inputPath)' (the trace is read twice)")
            }
            let svg = try Picture.svg(options, window: window) { printError(formatter.format($0)) }
            if let outputPath, outputPath != "-" {
                out.flush()
                try FileIO.writeAtomically(svg, to: outputPath, inputs: [options.inputPath] + (options.scenePath.map { [$0] } ?? []))
            } else {
                out.append(svg)
            }
        case .convert(let convert):
            try runConvert(convert, output: &out)
        case .stats(let stats):
            status = try runStats(stats, catalog: catalog, output: &out)
        case .compare(let compare):
            status = try runCompare(compare, catalog: catalog, output: &out)
        case .shrink(let shrink):
            status = try runShrink(shrink, catalog: catalog, output: &out)
        }
    } catch {
        // What was written before the error stays, before the error.
        out.flush()
        if error.category == .usage {
            printError("gesturereplay: error: \(error.diagnostic.message)\n\(usageLine(subcommand(of: arguments)))")
        } else {
            printError(formatter.format(error))
        }
        status = error.exitCode
    }
    out.flush()
    // A live replay stopped by SIGINT or SIGTERM (after its end-of-trace report): 128 + the signal.
    return outputStatus(out.writeError) ?? LiveSignals.exitStatus ?? status
}

/// Several traces in one replay, in the order given, with the same options. Each trace's output is
/// introduced by a line naming it: `==> PATH <==` (text; a blank line between traces), or
/// `{"event":"trace","path":"PATH"}` (JSON Lines, before that trace's own `replay` line). A trace that
/// stops at an error reports it on standard error and the next one still runs; the exit status is the
/// first failing trace's (0 when all replayed); a usage error stops them all.
func replaySeveral(_ paths: [String], _ options: ReplayOptions, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
    var status = ExitCode.success
    for (index, path) in paths.enumerated() {
        switch options.outputFormat {
        case .text:
            if index > 0 { out.append("\n") }
            out.append("==> ")
            out.append(path)
            out.append(" <==\n")
        case .jsonl:
            out.append("{\"event\":\"trace\",\"path\":")
            out.appendJSONString(path)
            out.append("}\n")
        }
        var one = options
        one.inputPath = path
        do throws(TraceError) {
            try Replayer.run(one, output: &out) { printError(formatter.format($0)) }
        } catch {
            // A usage error (an unknown --recognizers name, say) is the command line's: it stops all.
            if error.category == .usage { throw error }
            out.flush()
            printError(formatter.format(error))
            if status == ExitCode.success { status = error.exitCode }
        }
        out.flush()
        // A closed output, or Ctrl-C during a live one: the rest are not replayed.
        if out.writeError != 0 || LiveSignals.exitStatus != nil { break }
    }
    return status
}

/// The exit status for a failed write to standard output (nil: none failed): a closed pipe ends
/// quietly with 141, as if killed by SIGPIPE; any other error is reported, exit 74.
func outputStatus(_ error: Int32) -> Int32? {
    if error == 0 { return nil }
    if error == EPIPE { return ExitCode.closedPipe }
    printError("gesturereplay: error: cannot write the output: \(String(cString: strerror(error)))")
    return ExitCode.ioError
}

/// `gesturereplay synth`: reads the script, writes its trace to standard output or `-o FILE`
/// (replaced atomically), or with a sweep one trace per value to `FILE-VALUE.EXT`, printing each
/// path written.
func runSynth(_ command: SynthCommand, output out: inout OutputBuffer) throws(TraceError) {
    let source = try ByteSource(path: command.scriptPath)
    try source.readToEnd()
    let bytes = source.peek()
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .invalidTrace("the script is not valid UTF-8", at: .file(source.path))
    }
    let document = try SynthParser.parse(text, path: source.path)
    let toStandardOutput = command.outputPath == nil || command.outputPath == "-"
    let format = command.format ?? command.outputPath.flatMap(TraceFormat.Writable.init(pathExtensionOf:)) ?? .json
    if let sweep = document.sweep {
        guard !toStandardOutput, let path = command.outputPath else {
            throw .usage(
                "the script has a sweep of \(sweep.values.count) values (\(sweep.location)): give -o FILE to write one trace per value, FILE-VALUE.EXT"
            )
        }
        for variant in document.variants {
            let file = TracePath(path).sweepVariant(label: variant.label ?? "")
            try FileIO.writeAtomically(
                SynthTraceWriter.text(Synthesizer.generate(variant.script), as: format), to: file, inputs: [command.scriptPath])
            out.append(file)
            out.append("\n")
        }
        return
    }
    let trace = Synthesizer.generate(document.variants[0].script)
    if toStandardOutput {
        SynthTraceWriter.write(trace, as: format, to: &out)
    } else {
        try FileIO.writeAtomically(SynthTraceWriter.text(trace, as: format), to: command.outputPath!, inputs: [command.scriptPath])
    }
}

/// `gesturereplay convert`: the canonical trace to standard output, or streamed to `-o FILE`
/// through ``AtomicFile`` (a temporary file beside it, renamed at the end: an error leaves no
/// half-written trace and the existing FILE is kept; a device or FIFO is written through). From a
/// live source (a pipe, say `adb shell getevent -lt | gesturereplay convert - -o capture.json`),
/// SIGINT and SIGTERM end the input: the rows read so far are written and the file completed, and
/// the exit status is 130 or 143 (docs/live.md).
func runConvert(_ command: ConvertCommand, output out: inout OutputBuffer) throws(TraceError) {
    let warn: (Diagnostic) -> Void = { printError(formatter.format($0)) }
    let target = command.format ?? .json
    LiveSignals.install(forReplayOf: [command.options.inputPath], command.options)
    guard let path = command.outputPath, path != "-" else {
        try TraceConverter.convert(command.options, to: target, output: &out, warn: warn)
        return
    }
    out.flush()
    let file = try AtomicFile(path, inputs: [command.options.inputPath])
    var buffer = OutputBuffer(fileDescriptor: file.fileDescriptor)
    let rows: Int
    do throws(TraceError) {
        rows = try TraceConverter.convert(command.options, to: target, output: &buffer, warn: warn)
        buffer.flush()
    } catch {
        buffer = OutputBuffer(fileDescriptor: nil)
        file.discard()
        throw error
    }
    // Stopped by a signal before the first row: the output is left as it was.
    if rows == 0 {
        file.discard()
        return
    }
    try file.commit(writeError: buffer.writeError)
}
