#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceKit

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

func run() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let command: Command
    do {
        command = try parseCommandLine(arguments)
    } catch {
        printError("gesturereplay: error: \(error.message)\n\(usageLine(subcommand(of: arguments)))")
        return ExitCode.usage
    }
    var out = OutputBuffer(fileDescriptor: 1)
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
        case .replay(let options, let paths) where paths.count == 1:
            try Replayer.run(options, output: &out) { printError(formatter.format($0)) }
        case .replay(let options, let paths):
            status = try replaySeveral(paths, options, output: &out)
        case .check(let check):
            status = try runCheck(check, output: &out)
        case .test(let suite, let replayArguments):
            status = try runSuite(suite, replayArguments: replayArguments, output: &out)
        case .render(let options, let outputPath):
            let svg = try Picture.svg(options) { printError(formatter.format($0)) }
            if let outputPath, outputPath != "-" {
                try FileIO.writeAtomically(svg, to: outputPath)
            } else {
                out.append(svg)
            }
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
    return outputStatus(out.writeError) ?? status
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
        if out.writeError != 0 { break }
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

exit(run())
