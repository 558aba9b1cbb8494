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
}

func printError(_ text: String) {
    var stderr = OutputBuffer(fileDescriptor: 2)
    stderr.append(text)
    stderr.append("\n")
    stderr.flush()
}

let formatter = DiagnosticFormatter(programName: "gesturereplay")

func run() -> Int32 {
    var command: Command
    do {
        let arguments = Array(CommandLine.arguments.dropFirst())
        command = try parseCommandLine(arguments)
        // `check` replays with the trace's own `.args` first; options given here come after and win.
        if case .check(let options, _, _) = command, options.inputPath != "-" {
            let fromFile = (try? argsFileArguments(forTrace: options.inputPath)) ?? []
            if !fromFile.isEmpty { command = try parseCommandLine(["check"] + fromFile + arguments.dropFirst(), fileArgumentCount: fromFile.count) }
        }
    } catch {
        printError("gesturereplay: error: \(error.message)\n\(usageLine)")
        return ExitCode.usage
    }
    do throws(TraceError) {
        switch command {
        case .help:
            var out = OutputBuffer(fileDescriptor: 1)
            out.append(helpText)
            out.append("\n")
            out.flush()
            return ExitCode.success
        case .version:
            var out = OutputBuffer(fileDescriptor: 1)
            out.append(versionText + "\n")
            out.flush()
            return ExitCode.success
        case .replay(let options):
            var out = OutputBuffer(fileDescriptor: 1)
            defer { out.flush() }
            try Replayer.run(options, output: &out) { printError(formatter.format($0)) }
            return ExitCode.success
        case .check(let options, let expectPath, let update):
            return try runCheck(options, expectPath: expectPath, update: update)
        case .test(let suite):
            return try runSuite(suite)
        }
    } catch {
        if error.category == .usage {
            printError("gesturereplay: error: \(error.diagnostic.message)\n\(usageLine)")
        } else {
            printError(formatter.format(error))
        }
        return error.exitCode
    }
}

exit(run())
