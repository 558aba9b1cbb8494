import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a process produced.
public struct RunResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdoutData: Data
    public var stderrData: Data

    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    public var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Errors of the test harness itself (not of the program under test).
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Runs a program as a user would: a separate process, arguments, standard input, exit status,
/// standard output and error, and always a time limit (a hung process is stopped and reported,
/// never left to hang the test run). The one process runner of the test targets.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` in `directory`. Standard input is `/dev/null`, or `stdin`
    /// written in `chunks` (sizes, with a short pause after each, so the reads see it in pieces).
    /// `shell` runs the program through `/bin/sh -c SHELL` as "$0" (for `ulimit` and the like).
    /// After `seconds` the process is terminated and `timedOut` is true. A process killed by a
    /// signal reports status 128 + the signal, as a shell does.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL, stdin: [UInt8]? = nil,
        chunks: [Int] = [], seconds: Double = 60, environment: [String: String]? = nil,
        shell: String? = nil
    ) throws -> (result: RunResult, timedOut: Bool) {
        ignoreSIGPIPE
        let scratch = try TemporaryFolder()
        let outURL = URL(fileURLWithPath: try scratch.write("stdout", ""))
        let errURL = URL(fileURLWithPath: try scratch.write("stderr", ""))
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = out
        process.standardError = err
        let pipe = stdin == nil ? nil : Pipe()
        process.standardInput = pipe ?? FileHandle.nullDevice
        try process.run()
        if let pipe, let stdin {
            // The program may stop reading early (an error); SIGPIPE is ignored, so a failed
            // write just ends here.
            var offset = 0
            for size in chunks + [Int.max] where offset < stdin.count {
                let end = size >= stdin.count - offset ? stdin.count : offset + size
                do { try pipe.fileHandleForWriting.write(contentsOf: Data(stdin[offset..<end])) } catch { break }
                offset = end
                if offset < stdin.count { usleep(300) }
            }
            try? pipe.fileHandleForWriting.close()
        }
        let deadline = monotonicNow() + seconds
        while process.isRunning && monotonicNow() < deadline { usleep(2_000) }
        let timedOut = process.isRunning
        // SIGKILL, not `terminate()`: under the test runner, terminate() did not stop a hung
        // `/bin/sleep 30` (ProcessRunnerTests.timeLimit waited the full 30 s, exit status 0).
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        let result = RunResult(status: status, stdoutData: try Data(contentsOf: outURL), stderrData: try Data(contentsOf: errURL))
        return (result, timedOut)
    }

    /// Writes to a pipe whose reader has exited must not kill the test process.
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}
