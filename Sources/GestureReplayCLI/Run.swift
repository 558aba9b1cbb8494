#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReplay
import GestureReplayTools

/// `GESTUREREPLAY_READER_THREAD=never` or `=always` (`0`, `1`) overrides when a replay reads its
/// trace on a thread of its own, `GESTUREREPLAY_FORMAT_THREAD` when it formats its lines on one,
/// `GESTUREREPLAY_SHARED_HELPER` when the two share one thread (docs/performance.md; for measuring
/// the paths, the output is the same). Another value is said to be ignored.
func threadingFromEnvironment(_ variable: String) -> ReaderThreading {
    guard let raw = getenv(variable) else { return .automatic }
    let text = String(cString: raw)
    switch text {
    case "never", "0": return .never
    case "always", "1": return .always
    default:
        printError(formatter.format(.warning("\(variable)='\(text)' is not never, always, 0 or 1; ignored", at: nil)))
        return .automatic
    }
}

/// `GESTUREREPLAY_STALL_SECONDS=S` (S > 0) sets after how many seconds a live replay says on
/// standard error that its source stalled with touches down, or that its output is not read
/// (docs/live.md); 5 without it. Another value is said to be ignored.
func stallTimeFromEnvironment() -> Double {
    let standard = ReplayOptions.LiveInput().stallTime
    guard let raw = getenv("GESTUREREPLAY_STALL_SECONDS") else { return standard }
    let text = String(cString: raw)
    if let seconds = unsignedNumberArgument(text), seconds > 0 { return seconds }
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
    /// and standard error, exactly as the `gesturereplay` binary writes it, with `programName` in
    /// usage lines and error messages (`wiggle-replay: error: ...`; default `gesturereplay`).
    public static func run(_ arguments: [String], catalog: RecognizerCatalog = .builtIn, programName: String = "gesturereplay") -> Int32 {
        Program.$name.withValue(programName) { runCommandLine(arguments, catalog: catalog) }
    }

    /// Runs the process's command line with the kinds of `catalog` and exits with its status.
    /// Usage lines and error messages name the program `programName`; nil (the default) takes the
    /// executable's name as invoked, the last path component of `CommandLine.arguments[0]`
    /// (`gesturereplay`, or a custom CLI's own, such as `wiggle-replay`), as Unix tools do.
    public static func main(catalog: RecognizerCatalog = .builtIn, programName: String? = nil) -> Never {
        // SIGQUIT (Ctrl-\) quits, as its default action does: the Swift runtime's backtracer
        // catches it otherwise, prints "Program crashed" with a backtrace, and lets the run go on.
        signal(SIGQUIT, SIG_DFL)
        let name = programName ?? Program.executableName(CommandLine.arguments.first) ?? "gesturereplay"
        exit(run(Array(CommandLine.arguments.dropFirst()), catalog: catalog, programName: name))
    }

    /// The replay options `check` and `test` use for the trace at `path`: its `NAME.args`, then
    /// `arguments` (replay options, as on the command line), with `catalog`'s kinds.
    public static func options(
        forTrace path: String, arguments: [String] = [], catalog: RecognizerCatalog = .builtIn
    ) throws(TraceError) -> ReplayOptions {
        let uses: [OptionUse]
        do {
            uses = try scanArguments(arguments, accepting: TraceArguments.options.specs()).0
        } catch {
            throw .usage(error.message)
        }
        return try traceSetup(forTrace: path, commandLine: uses, catalog: catalog).options
    }
}

/// Parses and runs `arguments`; the exit status.
func runCommandLine(_ arguments: [String], catalog: RecognizerCatalog) -> Int32 {
    let invocation: Invocation
    do {
        invocation = try parseCommandLine(arguments)
    } catch {
        printError("\(Program.name): error: \(error.message)\n\(commandType(of: arguments).usageLine)")
        return ExitCode.usage
    }
    // Line-buffered (a write per input frame that printed something) to a terminal, with
    // --unbuffered and with --live; otherwise the output is written in 64 KiB blocks.
    var flushesEachFrame = isatty(1) != 0
    if case .run(let command) = invocation, command.flushesEachFrame { flushesEachFrame = true }
    var out = OutputBuffer(fileDescriptor: 1, flushThreshold: flushesEachFrame ? 1 : 1 << 16)
    var status = ExitCode.success
    do throws(TraceError) {
        switch invocation {
        case .help(let command):
            out.append(HelpGenerator.text(for: command))
        case .version:
            out.append(ProgramHelp.versionLine + "\n")
        case .completion(let shell):
            out.append(shell.completionScript)
        case .manPage:
            out.append(ManPage.text())
        case .run(let command):
            try command.files(catalog: catalog).check()
            status = try command.run(catalog: catalog, output: &out)
        }
    } catch {
        // What was written before the error stays, before the error.
        out.flush()
        if error.category == .usage {
            printError("\(Program.name): error: \(formatter.message(error.diagnostic))\n\(commandType(of: arguments).usageLine)")
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
        switch options.output.format {
        case .text:
            if index > 0 { out.append("\n") }
            out.append("==> ")
            out.append(TerminalSafe.escaped(path))
            out.append(" <==\n")
        case .jsonl:
            out.append("{\"event\":\"trace\",\"path\":")
            out.appendJSONString(path)
            out.append("}\n")
        }
        do throws(TraceError) {
            try LiveReplay.replay(.path(path), options: options, output: &out) { printError(formatter.format($0)) }
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
    printError("\(Program.name): error: cannot write the output: \(String(cString: strerror(error)))")
    return ExitCode.ioError
}
