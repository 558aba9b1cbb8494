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
        case .replay(let options):
            try Replayer.run(options, output: &out) { printError(formatter.format($0)) }
        case .check(let check):
            status = try runCheck(check, output: &out)
        case .test(let suite, let replayArguments):
            status = try runSuite(suite, replayArguments: replayArguments, output: &out)
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

/// The exit status for a failed write to standard output (nil: none failed): a closed pipe ends
/// quietly with 141, as if killed by SIGPIPE; any other error is reported, exit 74.
func outputStatus(_ error: Int32) -> Int32? {
    if error == 0 { return nil }
    if error == EPIPE { return ExitCode.closedPipe }
    printError("gesturereplay: error: cannot write the output: \(String(cString: strerror(error)))")
    return ExitCode.ioError
}

exit(run())
