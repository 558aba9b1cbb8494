import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built binary fed through a pipe that stays open (docs/live.md): every line is read as it
/// arrives, with its arrival time, so a test can see a transition BEFORE it writes the next row.
/// Every run has a time limit: a process still running at the end is killed.
final class LiveProcess: @unchecked Sendable {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    let started: Double
    private let lock = NSLock()
    private var lines: [(time: Double, text: String)] = []
    private var closedOutput = false
    private var errorText = Data()
    /// When standard error's text first contained each length of it (arrival times of its chunks).
    private var errorChunks: [(time: Double, end: Int)] = []
    private let readers = DispatchGroup()

    /// Starts `gesturereplay ARGUMENTS` with standard input, output and error on pipes (and
    /// `environment` added to this process's). With `defaultSignals`, it starts as from a shell:
    /// every signal at its default action (GNU `env --default-signal`: this process ignores
    /// SIGPIPE) and none blocked (test threads block some, and the mask is inherited).
    init(
        _ arguments: [String], readsOutput: Bool = true, standardOutput: FileHandle? = nil, environment: [String: String] = [:],
        defaultSignals: Bool = false
    ) throws {
        guard let binary = BinaryRunner.binaryPath else { throw HarnessError(description: "gesturereplay binary not found") }
        _ = LiveProcess.ignoreSIGPIPE
        if defaultSignals {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--default-signal", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = BinaryRunner.packageRoot
        process.standardInput = input
        process.standardOutput = standardOutput ?? output
        process.standardError = errors
        var all = sigset_t()
        var old = sigset_t()
        sigfillset(&all)
        if defaultSignals { pthread_sigmask(SIG_UNBLOCK, &all, &old) }
        defer { if defaultSignals { pthread_sigmask(SIG_SETMASK, &old, nil) } }
        try process.run()
        started = monotonicNow()
        let err = errors.fileHandleForReading
        if readsOutput && standardOutput == nil { startReadingOutput() }
        readers.enter()
        Thread.detachNewThread { [self] in
            while true {
                let chunk = err.availableData
                if chunk.isEmpty { break }
                let now = monotonicNow()
                lock.withLock {
                    errorText.append(chunk)
                    errorChunks.append((now, errorText.count))
                }
            }
            readers.leave()
        }
    }

    /// Reads standard output from now on, line by line with each line's arrival time (`init`
    /// does unless told not to: a test can leave the pipe full, then drain it).
    func startReadingOutput() {
        let out = output.fileHandleForReading
        readers.enter()
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = out.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                let now = monotonicNow()
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    lock.withLock { lines.append((now, line)) }
                }
            }
            lock.withLock { closedOutput = true }
            readers.leave()
        }
    }

    // The limits of the waits for something that must come are generous (10 s): they only bound a
    // failing wait, and on a loaded machine a note or line can come seconds late.

    /// Waits (at most `seconds`) for standard error to contain `needle`; when the chunk that
    /// completed it arrived (seconds since the start), or nil when it did not come.
    func waitForError(containing needle: String, seconds: Double = 10) -> Double? {
        let deadline = monotonicNow() + seconds
        while monotonicNow() < deadline {
            let hit: Double? = lock.withLock {
                guard let range = errorText.range(of: Data(needle.utf8)) else { return nil }
                return errorChunks.first { $0.end >= range.upperBound }?.time
            }
            if let hit { return hit - started }
            usleep(1_000)
        }
        return nil
    }

    /// Seconds since the start.
    var elapsed: Double { monotonicNow() - started }

    /// Writes `text` to the program's standard input (nothing is buffered on this side).
    func write(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Closes the program's standard input: the source ends.
    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits (at most `seconds`) for an output line containing `needle`; its arrival time (seconds
    /// since the start), or nil when none came.
    func waitForLine(containing needle: String, seconds: Double = 10) -> Double? {
        let deadline = monotonicNow() + seconds
        while monotonicNow() < deadline {
            if let hit = lock.withLock({ lines.first { $0.text.contains(needle) } }) { return hit.time - started }
            if lock.withLock({ closedOutput }) { return nil }
            usleep(1_000)
        }
        return nil
    }

    /// Every output line so far.
    var outputLines: [String] { lock.withLock { lines.map(\.text) } }

    /// Waits (at most `seconds`) for the program to exit; its status (128 + the signal if one
    /// killed it), or nil if it is still running (it is then killed).
    func waitForExit(seconds: Double = 10) -> Int32? {
        let deadline = monotonicNow() + seconds
        while process.isRunning && monotonicNow() < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        _ = readers.wait(timeout: .now() + 2)
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Standard error, once the program exited.
    var standardError: String { lock.withLock { String(decoding: errorText, as: UTF8.self) } }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}

// The C library's pseudo-terminal calls (Glibc's module map leaves them out: they need _XOPEN_SOURCE).
@_silgen_name("grantpt") private func pseudoTerminalGrant(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func pseudoTerminalUnlock(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func pseudoTerminalName(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

/// Live input (docs/live.md): idle frames, output flushing, wall-clock timers, signals.
@Suite("Live input", .serialized)
struct LiveCLITests {
    static let header = "t,id,x,y,phase\n"

    /// A tap's lift is reported within the idle time, with no further row (before: only at end of input).
    @Test func tapEndedArrivesAfterTheIdleTimeWithoutAnotherRow() throws {
        let live = try LiveProcess(["--format", "jsonl", "--idle-flush", "0.05", "--unbuffered", "-"])
        live.write(Self.header + "0,1,100,100,began\n")
        usleep(100_000)
        let lifted = live.elapsed
        live.write("0.08,1,100,100,ended\n")
        let ended = try #require(live.waitForLine(containing: "\"recognizer\":\"tap\",\"kind\":\"tap\",\"state\":\"ended\""))
        // The idle time is 50 ms; generous for a loaded machine, far below the 2.5 s wait.
        #expect(ended - lifted < 1.5)
        #expect(ended >= lifted + 0.04)
        live.closeInput()
        #expect(live.waitForExit() == 0)
    }

    /// A row written in pieces, with a pause longer than the idle time inside it: the idle
    /// completion never delivers the half row (the tap ends only once its lift row is whole), and a
    /// malformed row written in pieces is reported at the same line and column as from a file.
    /// CSV and JSON Lines.
    @Test(arguments: [
        [
            header + "0,1,100,100,began\n0.08,1,100,100,en", "ded\n0.5,2,200,200,began\n0.6,2,200,2", "0x,moved\n",
        ],
        [
            #"{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 100}"# + "\n" + #"{"t": 0.08, "id": 1, "phase": "en"#,
            #"ded", "x": 100, "y": 100}"# + "\n" + #"{"t": 0.5, "id": 2, "phase": "began", "x": 200, "y": 200}"# + "\n"
                + #"{"t": 0.6, "id": 2, "phase": "moved", "x": 200, "y": 2"#,
            "0x}\n",
        ],
    ])
    func rowWrittenInPieces(_ pieces: [String]) throws {
        let folder = try TemporaryFolder()
        let name = pieces[0].hasPrefix("{") ? "pieces.jsonl" : "pieces.csv"
        let file = try folder.write(name, pieces.joined())
        let fromFile = try ProcessRunner.run(try #require(BinaryRunner.binaryPath), [file], in: folder.url, seconds: 20).result
        #expect(fromFile.status == 65)
        #expect(fromFile.stderr.hasPrefix(file + ":"), "\(fromFile.stderr)")

        let live = try LiveProcess(["--unbuffered", "-"])
        live.write(pieces[0])
        // Six idle times with the lift row half written: the tap has not ended.
        usleep(300_000)
        #expect(!live.outputLines.contains { $0.contains("possible -> ended") }, "\(live.outputLines)")
        let whole = live.elapsed
        live.write(pieces[1])
        let ended = try #require(live.waitForLine(containing: "tap             tap             possible -> ended"))
        #expect(ended - whole < 1.5)
        usleep(300_000)
        live.write(pieces[2])
        #expect(live.waitForExit() == 65)
        #expect(live.standardError == fromFile.stderr.replacingOccurrences(of: file, with: "<stdin>"))
        // The file's output, then what the frame at 0.5 s (completed on idle while the bad row was
        // half written; a file stops at the error before delivering it) printed; nothing after it.
        let lines = live.outputLines
        let fileLines = fromFile.stdout.split(separator: "\n").map(String.init)
        #expect(lines.starts(with: fileLines), "\(lines)")
        #expect(fileLines.contains { $0.hasPrefix("   0.080  tap ") })
        for line in lines.dropFirst(fileLines.count) {
            let time = Double(line.prefix(8).trimmingCharacters(in: .whitespaces)) ?? -1
            #expect(time > 0.08 && time <= 0.5, "\(line)")
        }
    }

    /// A bare JSON array streamed through a pipe: an event is delivered once it is complete, within
    /// the idle time (before: one event late, as the reader waited for 64 bytes after it), whether
    /// its comma comes after it or with the next event; an event written in pieces is not parsed
    /// before its last piece. The output is the file's.
    @Test func jsonArrayEventArrivesWhenComplete() throws {
        let began = #"{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 100}"#
        let ended = #"{"t": 0.08, "id": 1, "phase": "ended", "x": 100, "y": 100}"#
        let second = (#"{"t": 1, "id": 2, "ph"#, #"ase": "began", "x": 200, "y": 200}"#)
        let secondEnded = #"{"t": 1.05, "id": 2, "phase": "ended", "x": 200, "y": 200}"#
        let live = try LiveProcess(["--unbuffered", "-"])
        live.write("[\n" + began + ",\n")
        usleep(100_000)
        let lifted = live.elapsed
        live.write(ended)
        let tapLine = "   0.080  tap             tap             possible -> ended"
        let tapEnded = try #require(live.waitForLine(containing: tapLine, seconds: 8))
        #expect(tapEnded - lifted < 8, "before the input is closed")
        // Half an event, then six idle times: nothing of it yet.
        live.write(",\n" + second.0)
        usleep(300_000)
        #expect(!live.outputLines.contains { $0.hasPrefix("   1.0") }, "\(live.outputLines)")
        live.write(second.1 + ",\n" + secondEnded)
        let secondLine = "   1.050  tap             tap             possible -> ended"
        let secondTap = try #require(live.waitForLine(containing: secondLine, seconds: 8))
        #expect(secondTap > tapEnded + 0.3)
        live.write("\n]\n")
        live.closeInput()
        #expect(live.waitForExit() == 0)
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "stream.json", "[\n" + began + ",\n" + ended + ",\n" + second.0 + second.1 + ",\n" + secondEnded + "\n]\n")
        let fromFile = try ProcessRunner.run(try #require(BinaryRunner.binaryPath), [file], in: folder.url, seconds: 20).result
        #expect(fromFile.status == 0)
        #expect(live.outputLines.joined(separator: "\n") + "\n" == fromFile.stdout)
        #expect(live.standardError == fromFile.stderr)
    }

    /// A malformed event of a streamed JSON array, parsed as soon as it is complete (the stream then
    /// pauses): the same message at the same line and column as from a file.
    @Test(arguments: [
        #"{"t": 0.08, "id": 1, "phase": "nope", "x": 100, "y": 100}"#,
        #"{"t": 0.08, "id": 1, "phase": "ended", "x": 100, "y": 1x}"#,
        #"{"t": 0.08, "id": 1, "phase": "ended", "x": 100, "y": 100,}"#,
        #"{"t": 0.08, "id": 1, "phase": "ended", "x": 100, "y": "a\q"}"#,
        #"{"t": 0.08, "id": 1, "phase": "ended", "x": 100, "y": 100}}"#,
    ])
    func jsonArrayErrorPositionsWhenStreamed(_ bad: String) throws {
        let text = "[\n" + #"{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 100}"# + ",\n" + bad
        let folder = try TemporaryFolder()
        let file = try folder.write("bad.json", text + "\n]\n")
        let fromFile = try ProcessRunner.run(try #require(BinaryRunner.binaryPath), [file], in: folder.url, seconds: 20).result
        #expect(fromFile.status == 65)
        let live = try LiveProcess(["--input-format", "json", "-"])
        live.write(text)
        #expect(live.waitForExit(seconds: 8) == 65, "the error comes before the stream goes on")
        #expect(live.standardError == fromFile.stderr.replacingOccurrences(of: file, with: "<stdin>"))
    }

    /// A frame completed on idle gives exactly the lines the same frame gives at the end of the
    /// input: what a two-finger stream printed while it stayed open is a prefix of the output of the
    /// same rows read from a file, and the whole output is the file's once the input closes.
    @Test func idleFrameGivesTheEndOfInputOutput() throws {
        var rows = Self.header
        for k in 0...12 {
            let t = Double(k) * 0.016
            let phase = k == 0 ? "began" : k == 12 ? "ended" : "moved"
            rows += "\(t),1,\(150 - 4 * k),400,\(phase)\n\(t),2,\(240 + 4 * k),400,\(phase)\n"
        }
        let folder = try TemporaryFolder()
        let file = try folder.write("pinch.csv", rows)
        let arguments = ["--format", "jsonl", "--touches"]
        let fromFile = try ProcessRunner.run(try #require(BinaryRunner.binaryPath), arguments + [file], in: folder.url, seconds: 20).result
        try #require(fromFile.status == 0)
        let expected = fromFile.stdout.split(separator: "\n").map(String.init)

        let live = try LiveProcess(arguments + ["--unbuffered", "-"])
        live.write(rows)
        let lastOfFrame = try #require(expected.last { $0.contains("\"t\":0.192") })
        #expect(live.waitForLine(containing: lastOfFrame) != nil)
        usleep(100_000)
        let whileOpen = live.outputLines
        #expect(Array(expected.prefix(whileOpen.count)) == whileOpen)
        #expect(whileOpen.contains { $0.contains("\"state\":\"ended\"") })
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(live.outputLines == expected)
    }

    /// With --idle-flush 0 the frame waits for the next row; --unbuffered writes the output of that
    /// frame at once into the pipe (before: it stayed in the 64 KiB buffer until the end).
    @Test func unbufferedWritesEachFrameIntoAPipe() throws {
        let live = try LiveProcess(["--format", "jsonl", "--idle-flush", "0", "--unbuffered", "-"])
        live.write(Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n")
        usleep(300_000)
        #expect(live.outputLines.allSatisfy { !$0.contains("\"state\":\"ended\"") }, "the lift's frame waits for a later row")
        live.write("2,2,10,10,began\n")
        #expect(live.waitForLine(containing: "\"state\":\"ended\"") != nil)
        live.closeInput()
        #expect(live.waitForExit() == 0)
    }

    /// Standard output a terminal: line-buffered without any flag, so the tap's lines arrive while the
    /// input stays open (before: they stayed in the 64 KiB buffer until the input ended).
    @Test func terminalOutputIsLineBuffered() throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        try #require(pseudoTerminalGrant(master) == 0 && pseudoTerminalUnlock(master) == 0)
        let name = try #require(pseudoTerminalName(master).map { String(cString: $0) })
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let live = try LiveProcess(["-"], standardOutput: terminal)
        try terminal.close()
        live.write(Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n")
        // Read the terminal until the tap's line shows (at most 2.5 s).
        var seen = ""
        let deadline = monotonicNow() + 2.5
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !seen.contains("possible -> ended") && monotonicNow() < deadline {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            seen += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        #expect(seen.contains("tap             tap             possible -> ended"), "the terminal showed: \(seen)")
        live.closeInput()
        #expect(live.waitForExit() == 0)
    }

    /// Without --unbuffered (and --live) a pipe's output stays in its 64 KiB buffer until the end,
    /// although the frame was completed on idle (the fast buffered path).
    @Test func bufferedPipeOutputWaitsForTheEnd() throws {
        let live = try LiveProcess(["--format", "jsonl", "-"])
        live.write(Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n2,2,10,10,began\n")
        #expect(live.waitForLine(containing: "\"state\":\"ended\"", seconds: 0.4) == nil)
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(live.outputLines.contains { $0.contains("\"state\":\"ended\"") })
    }

    /// --live: a held finger's long press begins at 0.5 s on the wall clock with no further input.
    @Test func longPressBeginsAtItsDeadlineUnderLive() throws {
        let live = try LiveProcess(["--live", "-"])
        live.write(Self.header)
        usleep(50_000)
        let down = live.elapsed
        live.write("10,1,100,100,began\n")
        let began = try #require(live.waitForLine(containing: "possible -> began"))
        #expect(began >= down + 0.45)
        #expect(began < down + 1.8)
        let line = try #require(live.outputLines.first { $0.contains("possible -> began") })
        #expect(line.hasPrefix("  10.500  longPress"), "text output keeps trace time")
        live.closeInput()
        #expect(live.waitForExit() == 0)
    }

    /// Without --live the timers wait for the next row: nothing after 0.9 s, then the long press
    /// begins (at 0.5 s trace time) when a row at 1 s arrives.
    @Test func withoutLiveTimersWaitForInput() throws {
        let live = try LiveProcess(["--unbuffered", "-"])
        live.write(Self.header + "0,1,100,100,began\n")
        #expect(live.waitForLine(containing: "possible -> began", seconds: 0.9) == nil)
        live.write("1,1,100,100,moved\n")
        #expect(live.waitForLine(containing: "possible -> began") != nil)
        live.closeInput()
        #expect(live.waitForExit() == 0)
    }

    /// Ctrl-C: the touch still down is reported as the end-of-trace cancellation, exit 130.
    @Test func sigintReportsTheCancellationAndExits130() throws {
        let live = try LiveProcess(["--format", "jsonl", "--live", "-"])
        live.write(Self.header + "0,1,100,100,began\n")
        #expect(live.waitForLine(containing: "\"state\":\"began\"") != nil)
        kill(live.process.processIdentifier, SIGINT)
        #expect(live.waitForExit() == 130)
        let lines = live.outputLines
        #expect(lines.contains { $0.contains("\"kind\":\"touchStillDown\"") })
        #expect(lines.contains { $0.contains("\"recognizer\":\"longPress\"") && $0.contains("\"state\":\"cancelled\"") })
    }

    /// SIGTERM: the same, exit 143; before any row: nothing reported, no error.
    @Test func sigtermBeforeAnyRowExits143Quietly() throws {
        let live = try LiveProcess(["--live", "-"])
        live.write(Self.header)
        usleep(200_000)
        kill(live.process.processIdentifier, SIGTERM)
        #expect(live.waitForExit() == 143)
        #expect(live.outputLines.isEmpty)
        #expect(!live.standardError.contains("error"))
    }

    /// A second SIGINT while the first is being handled (the output pipe full and never read) ends
    /// the process at once: killed by SIGINT (130 as a shell shows it), not stuck. (The rows, 44 KB,
    /// fit in the input pipe; their output, 1.8 MB, does not fit in the output pipe.)
    @Test func secondSigintEndsABlockedReplay() throws {
        let live = try LiveProcess(["--live", "-"], readsOutput: false)
        var rows = Self.header
        for k in 0..<1000 { rows += "\(Double(k) * 0.2),\(k + 1),100,100,began\n\(Double(k) * 0.2 + 0.08),\(k + 1),100,100,ended\n" }
        live.write(rows)
        // The first output shows the replay runs (its handlers are installed before it reads);
        // then it fills the output pipe again and blocks.
        #expect(!live.output.fileHandleForReading.availableData.isEmpty)
        usleep(300_000)
        kill(live.process.processIdentifier, SIGINT)
        usleep(200_000)
        #expect(live.process.isRunning, "the first SIGINT waits for the blocked output")
        kill(live.process.processIdentifier, SIGINT)
        #expect(live.waitForExit() == 130)
        #expect(live.process.terminationReason == .uncaughtSignal)
    }

    /// The source closing: the touch still down is cancelled, exit 0.
    @Test func sourceClosingEndsTheTraceWithExit0() throws {
        let live = try LiveProcess(["--format", "jsonl", "--live", "-"])
        live.write(Self.header + "0,1,100,100,began\n")
        usleep(100_000)
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(live.outputLines.contains { $0.contains("\"kind\":\"touchStillDown\"") })
    }

    /// --live with an output pipe nobody reads: once the output has not been writable for the stall
    /// time (GESTUREREPLAY_STALL_SECONDS, here 0.5 s; 5 by default) a warning says so on standard
    /// error, once; when the reader drains the pipe the replay finishes normally. (The rows, 4 KB,
    /// fit in the input pipe; their output, about 180 KB, does not fit in the output pipe.)
    @Test func blockedOutputIsSaidThenTheReplayFinishes() throws {
        let live = try LiveProcess(["--live", "-"], readsOutput: false, environment: ["GESTUREREPLAY_STALL_SECONDS": "0.5"])
        var rows = Self.header
        for k in 0..<100 { rows += "\(Double(k) * 0.2),\(k + 1),100,100,began\n\(Double(k) * 0.2 + 0.08),\(k + 1),100,100,ended\n" }
        live.write(rows)
        let warning = "gesturereplay: warning: the output has not been read for 0.5 s (a full pipe?); the replay waits for it\n"
        let warned = try #require(live.waitForError(containing: warning, seconds: 10))
        #expect(warned >= 0.5)
        #expect(warned < 0.5 + 8)
        #expect(live.process.isRunning, "the replay waits for the reader")
        live.startReadingOutput()
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(live.standardError == warning, "said once")
        // The same output as the rows replayed from a file.
        let dir = try TemporaryFolder()
        let file = try BinaryRunner.run([try dir.write("rows.csv", rows)])
        #expect(file.status == 0)
        let lines = live.outputLines
        #expect(lines.count == file.stdout.split(separator: "\n").count)
        #expect(lines.joined(separator: "\n") + "\n" == file.stdout)
        #expect(lines.filter { $0.dropFirst(10).hasPrefix("tap ") && $0.contains("possible -> ended") }.count == 100)
    }

    /// A source that stalls while touches are down: after the stall time (here 0.4 s) a note on
    /// standard error names the touches still down and how long nothing came, once per stall; the
    /// replay waits on. Nothing is said while no touch is down.
    @Test func stalledSourceWithTouchesDownIsNoted() throws {
        let live = try LiveProcess(["--unbuffered", "-"], environment: ["GESTUREREPLAY_STALL_SECONDS": "0.4"])
        let note = "gesturereplay: note: no input for 0.4 s with touches 1, 2 still down; waiting for the source\n"
        let written = live.elapsed
        live.write(Self.header + "0,1,100,100,began\n0,2,150,100,began\n")
        let noted = try #require(live.waitForError(containing: note))
        #expect(noted >= written + 0.4)
        #expect(noted < written + 0.4 + 8)
        usleep(600_000)
        #expect(live.standardError == note, "once per stall")
        // Another stall: said again; touch 2 lifted meanwhile.
        live.write("0.1,2,150,100,ended\n")
        let again = "gesturereplay: note: no input for 0.4 s with touch 1 still down; waiting for the source\n"
        #expect(live.waitForError(containing: note + again) != nil)
        live.write("0.2,1,100,100,ended\n")
        #expect(live.waitForLine(containing: "pinch           pinch           possible -> failed") != nil)
        usleep(600_000)
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(live.standardError.components(separatedBy: "note:").count == 3, "nothing said with no touch down: \(live.standardError)")
    }

    /// A GESTUREREPLAY_STALL_SECONDS that is not a number of seconds > 0 is said to be ignored.
    @Test func badStallSecondsIsSaid() throws {
        let live = try LiveProcess(["--live", "-"], environment: ["GESTUREREPLAY_STALL_SECONDS": "-1"])
        live.write(Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n")
        live.closeInput()
        #expect(live.waitForExit() == 0)
        #expect(
            live.standardError.hasPrefix(
                "gesturereplay: warning: GESTUREREPLAY_STALL_SECONDS='-1' is not a number of seconds greater than 0; using 5\n"),
            "\(live.standardError)")
    }

    /// The output pipe closed while the source stays open: the replay stops at its next write, exit
    /// 141 (before: it kept reading the open source).
    @Test func closedOutputPipeStopsALiveReplayWith141() throws {
        let live = try LiveProcess(["--live", "-"], readsOutput: false)
        try live.output.fileHandleForReading.close()
        live.write(Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n")
        #expect(live.waitForExit() == 141)
    }

    /// `--live --lenient`: garbage interleaved in a JSON Lines or CSV stream is skipped with
    /// positioned warnings and the gestures around it still replay; strict: the positioned error.
    @Test func garbageSkippedUnderLiveLenient() throws {
        let jsonl = try LiveProcess(["--live", "--lenient", "--states", "ended", "-"])
        jsonl.write(
            "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":100,\"y\":100}\nI/touch: connected\n"
                + "{\"t\":0.08,\"id\":1,\"phase\":\"ended\",\"x\":100,\"y\":100}\n{\"t\":0.09,\"id\":1,\"phase\":\"lift\",\"x\":1,\"y\":1}\n"
        )
        #expect(jsonl.waitForLine(containing: "tap             tap             possible -> ended") != nil)
        jsonl.closeInput()
        #expect(jsonl.waitForExit() == 0)
        #expect(jsonl.standardError.contains("<stdin>:2:1: warning: "))
        #expect(jsonl.standardError.contains("<stdin>:4:"))
        #expect(jsonl.standardError.contains("skipped (--lenient)"))

        let csv = try LiveProcess(["--live", "--lenient", "--states", "ended", "-"])
        csv.write(Self.header + "0,1,100,100,began\n0.04,1,100,oops,moved\n0.08,1,100,100,ended\n")
        #expect(csv.waitForLine(containing: "tap             tap             possible -> ended") != nil)
        csv.closeInput()
        #expect(csv.waitForExit() == 0)
        #expect(csv.standardError.contains("<stdin>:3:"))
        #expect(csv.standardError.contains("skipped (--lenient)"))

        let strict = try LiveProcess(["--live", "-"])
        strict.write("{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":100,\"y\":100}\nI/touch: connected\n")
        strict.closeInput()
        #expect(strict.waitForExit() == 65)
        #expect(strict.standardError.contains("<stdin>:2:1: error: "))
    }

    /// Usage errors: --live with an option that reads ahead; a bad --idle-flush value.
    @Test func liveUsageErrors() throws {
        let sorted = try BinaryRunner.run(["--live", "--sort", "-"])
        #expect(sorted.status == 2)
        #expect(sorted.stderr.contains("--live replays rows as they arrive: it cannot be combined with --sort or --time-unit auto"))
        let idle = try BinaryRunner.run(["--idle-flush", "-1", "-"])
        #expect(idle.status == 2)
        #expect(idle.stderr.contains("invalid value '-1' for --idle-flush"))
    }

    /// A FIFO given by path is live too; `--live` on a regular file is a warning (replayed at full
    /// speed), never ignored silently.
    @Test func fifoPathIsLiveAndRegularFileWarns() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("touches.csv").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let live = try LiveProcess(["--live", fifo])
        // Non-blocking until the replay opened its end (ENXIO before), so a broken binary cannot hang the test.
        var writer: Int32 = -1
        let deadline = monotonicNow() + 2.5
        while writer < 0 && monotonicNow() < deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(2_000) }
        }
        try #require(writer >= 0)
        _ = fcntl(writer, F_SETFL, 0)
        let rows = Self.header + "0,1,100,100,began\n"
        _ = rows.withCString { write(writer, $0, strlen($0)) }
        #expect(live.waitForLine(containing: "longPress       longPress       possible -> began") != nil)
        close(writer)
        #expect(live.waitForExit() == 0)

        let file = try folder.write("tap.csv", Self.header + "0,1,100,100,began\n0.08,1,100,100,ended\n")
        let result = try ProcessRunner.run(try #require(BinaryRunner.binaryPath), ["--live", file], in: folder.url, seconds: 20).result
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: --live applies to pipes, terminals, sockets and FIFOs; '\(file)' is not one"))
    }

    /// `--live --lenient`: time going backwards (a device reboot) restarts from a new origin with
    /// a positioned warning; strict: the positioned error.
    @Test func timeResetUnderLive() throws {
        let lenient = try LiveProcess(["--live", "--lenient", "-"])
        lenient.write(Self.header + "100,1,100,100,began\n100.08,1,100,100,ended\n")
        #expect(lenient.waitForLine(containing: "tap             tap             possible -> ended") != nil)
        lenient.write("3,2,100,100,began\n3.08,2,100,100,ended\n")
        lenient.closeInput()
        #expect(lenient.waitForExit() == 0)
        #expect(lenient.standardError.contains("<stdin>:4:1: warning: time 3.0 s goes backwards"))
        #expect(lenient.standardError.contains("continuing from a new time origin"))
        #expect(lenient.outputLines.filter { $0.contains("tap             tap             possible -> ended") }.count == 2)

        let strict = try LiveProcess(["--live", "-"])
        strict.write(Self.header + "100,1,100,100,began\n100.08,1,100,100,ended\n3,2,100,100,began\n")
        strict.closeInput()
        #expect(strict.waitForExit() == 65)
        #expect(strict.standardError.contains("<stdin>:4:1: error: time 3.0 s goes backwards"))
    }
}
