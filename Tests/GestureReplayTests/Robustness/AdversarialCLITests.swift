import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The defects of the adversarial pass of 2026-11-25 (issue #30), each through the binary with a
/// time limit: output files (one atomic writer for every command), signals, extreme time scales and
/// synth sweeps (docs/robustness.md, "Output files", "Signals" and "Bounded").
@Suite("Adversarial pass (issue #30)")
struct AdversarialCLITests {
    /// A fresh folder holding copies of `Traces/double-tap.{json,expected}`.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("adv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["double-tap.json", "double-tap.expected"] {
            try FileManager.default.copyItem(
                at: BinaryRunner.tracesDirectory.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    static func run(_ arguments: [String], in dir: URL, shell: String? = nil, seconds: Double = 30) throws -> RunResult {
        let (r, timedOut) = try RobustnessCLITests.run(arguments, in: dir, seconds: seconds, shell: shell)
        #expect(!timedOut, "still running after \(seconds) s: \(arguments)")
        return r
    }

    static func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    static func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    /// Every command's output option, writing to `target` (a path in `dir`).
    static func writers(_ target: String) -> [[String]] {
        [
            ["convert", "double-tap.json", "-o", target],
            ["render", "double-tap.json", "-o", target],
            ["test", ".", "--junit", target],
            ["test", ".", "--html", target],
        ]
    }

    // MARK: Finding 1 (and 28): special files and links

    /// A FIFO is written through (its reader gets the bytes, it stays a FIFO); a symbolic link's
    /// target is replaced and the link kept; a loop of links is ELOOP (74), not replaced.
    @Test("no writer replaces a FIFO or a symbolic link, and a loop of links is an error")
    func specialFilesAreNeverReplaced() throws {
        for command in Self.writers("out") {
            let dir = try Self.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let fifo = dir.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o644) == 0)
            let args = command.map { $0 == "out" ? "fifo" : $0 }
            let r = try Self.run(
                args, in: dir, shell: "cat fifo > got & \"$0\" \"$@\"; s=$?; wait; exit $s")
            #expect(r.status == 0 || (command[0] == "test" && r.status == 0), "\(args)\n\(r)")
            #expect(Self.fileType(fifo) == S_IFIFO, "\(args): the FIFO was replaced")
            #expect((Self.text(dir.appendingPathComponent("got")) ?? "").count > 100, "\(args): the FIFO's reader got nothing")

            try "keep\n".write(to: dir.appendingPathComponent("tgt"), atomically: false, encoding: .utf8)
            #expect(symlink("tgt", dir.appendingPathComponent("lnk").path) == 0)
            let l = try Self.run(command.map { $0 == "out" ? "lnk" : $0 }, in: dir)
            #expect(l.status == 0, "\(command)\n\(l)")
            #expect(Self.fileType(dir.appendingPathComponent("lnk").path) == S_IFLNK, "\(command): the link was replaced")
            #expect(Self.text(dir.appendingPathComponent("tgt")) != "keep\n", "\(command): the link's target was not written")

            #expect(symlink("loop2", dir.appendingPathComponent("loop1").path) == 0)
            #expect(symlink("loop1", dir.appendingPathComponent("loop2").path) == 0)
            let loop = try Self.run(command.map { $0 == "out" ? "loop1" : $0 }, in: dir)
            #expect(loop.status == 74, "\(command): a loop of links\n\(loop)")
            #expect(loop.stderr.contains("loop1: error: cannot write: Too many levels of symbolic links"), "\(loop.stderr)")
            #expect(Self.fileType(dir.appendingPathComponent("loop1").path) == S_IFLNK)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
                $0.contains(".tmp-") || $0.contains(".partial")
            }
            #expect(left.isEmpty, "\(command): left \(left)")
        }
    }

    /// A character device is written through, never replaced (as root, the old `convert -o
    /// /dev/null` turned the machine's /dev/null into a regular file). Tested on a private node
    /// (`mknod`, root only) and on `/dev/null` itself when not root (then it cannot be replaced,
    /// and the old binary failed with "cannot create": exit 66).
    @Test("convert -o DEVICE writes through it")
    func devicesAreWrittenThrough() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var device = "/dev/null"
        if geteuid() == 0 {
            device = dir.appendingPathComponent("mynull").path
            #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        }
        for command in Self.writers(device) + [["synth", "s.synth", "-o", device]] {
            try "tap 10,10\n".write(to: dir.appendingPathComponent("s.synth"), atomically: false, encoding: .utf8)
            let r = try Self.run(command, in: dir)
            #expect(r.status == 0, "\(command)\n\(r)")
            #expect(Self.fileType(device) == S_IFCHR, "\(command): the device was replaced")
        }
        let full = try Self.run(["convert", "double-tap.json", "-o", "/dev/full"], in: dir)
        #expect(full.status == 74 && full.stderr.contains("/dev/full: error: cannot write: No space left on device"), "\(full)")
    }

    /// The temporary file is created exclusively under an unpredictable name: a symbolic link
    /// planted under the old name (`OUT.partial-PID`) redirected the write into any file.
    @Test("a planted symbolic link cannot redirect convert's temporary file")
    func plantedTemporaryNameIsNotFollowed() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "precious\n".write(to: dir.appendingPathComponent("victim"), atomically: false, encoding: .utf8)
        let r = try Self.run(
            ["convert", "double-tap.json", "-o", "out.json"], in: dir,
            shell: "ln -s victim out.json.partial-$$; ln -s victim out.json.tmp-$$-0; exec \"$0\" \"$@\"")
        #expect(r.status == 0, "\(r)")
        #expect(Self.text(dir.appendingPathComponent("victim")) == "precious\n")
        #expect(Self.fileType(dir.appendingPathComponent("out.json").path) == S_IFREG)
        #expect(Self.text(dir.appendingPathComponent("out.json"))?.hasPrefix("{") == true)
    }

    // MARK: Finding 18: modes

    /// A 0600 file stays 0600 when replaced (report, picture, converted trace, golden); a 0444
    /// golden or report is not replaced (exit 74), also for root.
    @Test("replacing a file keeps its mode; a read-only file is refused with 74")
    func modesAreKept() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let golden = dir.appendingPathComponent("double-tap.expected").path
        try "stale\n".write(toFile: golden, atomically: false, encoding: .utf8)
        for name in ["r.xml", "x.svg", "c.out"] {
            try "old\n".write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
            chmod(dir.appendingPathComponent(name).path, 0o600)
        }
        chmod(golden, 0o600)
        #expect(try Self.run(["test", "--update", ".", "--junit", "r.xml"], in: dir).status == 0)
        #expect(try Self.run(["render", "double-tap.json", "-o", "x.svg"], in: dir).status == 0)
        #expect(try Self.run(["convert", "double-tap.json", "-o", "c.out"], in: dir).status == 0)
        for path in [golden] + ["r.xml", "x.svg", "c.out"].map({ dir.appendingPathComponent($0).path }) {
            #expect(Self.mode(path) == 0o600, "\(path): mode \(String(Self.mode(path), radix: 8))")
            #expect(Self.text(URL(fileURLWithPath: path)) != "old\n", "\(path) was not written")
        }
        try "stale\n".write(toFile: golden, atomically: false, encoding: .utf8)
        chmod(golden, 0o444)
        let t = try Self.run(["test", "--update", "."], in: dir)
        #expect(t.status == 74, "\(t)")
        let c = try Self.run(["check", "--update", "double-tap.json"], in: dir)
        #expect(c.status == 74 && c.stderr.contains("double-tap.expected: error: cannot write"), "\(c)")
        #expect(Self.text(URL(fileURLWithPath: golden)) == "stale\n")
        #expect(Self.mode(golden) == 0o444)
    }

    // MARK: Finding 20: exit codes

    @Test("output failures are exit 74; an empty output name is a usage error")
    func outputFailuresAre74() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in Self.writers("missing/out") {
            let r = try Self.run(command, in: dir)
            #expect(r.status == 74, "\(command)\n\(r)")
            #expect(r.stderr.contains("missing/out: error: cannot create: No such file or directory"), "\(r.stderr)")
        }
        let folder = try Self.run(["render", "double-tap.json", "-o", "."], in: dir)
        #expect(folder.status == 74 && folder.stderr.contains("it is a folder"), "\(folder)")
        let empty = try Self.run(["test", ".", "--junit", ""], in: dir)
        #expect(empty.status == 2, "\(empty)")
    }

    // MARK: Finding 12: an output that is an input

    @Test("an output path that is one of the run's inputs is refused and the input kept")
    func outputIsAnInput() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = Self.text(dir.appendingPathComponent("double-tap.json"))
        try "tap 10,10\n".write(to: dir.appendingPathComponent("a.synth"), atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(
            at: BinaryRunner.tracesDirectory.appendingPathComponent("swipe-right.csv"), to: dir.appendingPathComponent("t.expected"))
        let commands: [[String]] = [
            ["test", ".", "--junit", "double-tap.json"],
            ["test", ".", "--html", "double-tap.expected"],
            ["convert", "double-tap.json", "-o", "double-tap.json"],
            ["render", "double-tap.json", "-o", "./double-tap.json"],
            ["synth", "a.synth", "-o", "a.synth"],
            ["check", "--update", "--input-format", "csv", "t.expected"],
            ["check", "--update", "--expect", "double-tap.json", "double-tap.json"],
        ]
        for command in commands {
            let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map {
                ($0, Self.text(dir.appendingPathComponent($0)))
            }
            let r = try Self.run(command, in: dir)
            let after = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map {
                ($0, Self.text(dir.appendingPathComponent($0)))
            }
            #expect(r.status != 0, "\(command)\n\(r)")
            #expect(r.stderr.contains("is one of this run's inputs"), "\(command)\n\(r.stderr)")
            #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1), "\(command) changed the folder")
        }
        #expect(Self.text(dir.appendingPathComponent("double-tap.json")) == original)
    }

    // MARK: Finding 14: /dev/stdout

    @Test("a report to /dev/stdout follows the results, into a pipe and into a file")
    func standardOutputAsAnOutputPath() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let piped = try Self.run(["test", ".", "--junit", "/dev/stdout"], in: dir, shell: "\"$0\" \"$@\" | cat")
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stdout.hasPrefix("PASS ./double-tap.json\n") && piped.stdout.contains("<testsuites"), "\(piped.stdout)")
        let filed = try Self.run(["test", ".", "--junit", "/dev/stdout"], in: dir, shell: "\"$0\" \"$@\" > out.txt; cat out.txt")
        #expect(filed.status == 0, "\(filed)")
        #expect(filed.stdout.hasPrefix("PASS ./double-tap.json\n") && filed.stdout.contains("<testsuites"), "\(filed.stdout)")
        for command in [["render", "double-tap.json", "-o", "/dev/stdout"], ["convert", "double-tap.json", "-o", "/dev/stdout"]] {
            let r = try Self.run(command, in: dir, shell: "\"$0\" \"$@\" | cat")
            #expect(r.status == 0 && r.stdout.count > 100, "\(command)\n\(r)")
        }
    }

    // MARK: Findings 6, 7 and 22: signals

    static let header = "t,id,phase,x,y\n"

    /// `convert` from a live pipe, stopped by SIGTERM or SIGINT: the rows read so far are the
    /// converted trace (complete, replayable), exit 143/130, no temporary file left.
    @Test("convert from a live pipe keeps what was read on SIGTERM and SIGINT", arguments: [SIGTERM, SIGINT])
    func convertKeepsTheCaptureOnASignal(_ signal: Int32) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("cap.json").path
        let live = try LiveProcess(["convert", "-", "-o", out])
        live.write(Self.header + "0,1,began,100,100\n0.01,1,moved,101,100\n0.02,1")
        usleep(500_000)
        kill(live.process.processIdentifier, signal)
        #expect(live.waitForExit() == 128 + signal)
        let text = Self.text(URL(fileURLWithPath: out)) ?? ""
        #expect(text.contains("\"phase\": \"began\"") && text.contains("\"phase\": \"moved\""), "\(text)")
        #expect(text.hasSuffix("]}\n") || text.hasSuffix("]\n}\n"), "not a complete document: \(text)")
        #expect(live.standardError.contains("stopped by a signal in the middle of a row"), "\(live.standardError)")
        #expect(!live.standardError.contains("error:"), "\(live.standardError)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("cap.json.") }
        #expect(left.isEmpty, "left \(left)")
        let replay = try Self.run(["cap.json"], in: dir)
        #expect(replay.status == 0, "the capture replays\n\(replay)")
    }

    /// A signal while the last row is incomplete (CSV cut mid-row; a streamed JSON array, whose
    /// `]` never comes): the cut row is dropped with a warning and the touch still down is reported
    /// as the end-of-trace cancellation.
    @Test(
        "a live stream stopped mid-row ends with the cancellation, not an error",
        arguments: [
            Self.header + "0,1,began,100,100\n0.01,1,moved,101,100\n0.02,1",
            "[{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":1},\n{\"t\":0.01,\"id\":1,\"phase\":\"moved\",\"x\":2,\"y\":1},\n",
            "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":1}\n{\"t\":0.01,\"id\":1,\"phase\":\"mov",
        ])
    func liveStreamStoppedMidRow(_ input: String) throws {
        for signal in [SIGINT, SIGTERM] {
            let live = try LiveProcess(["--live", "-"])
            live.write(input)
            usleep(400_000)
            kill(live.process.processIdentifier, signal)
            #expect(live.waitForExit() == 128 + signal)
            #expect(
                live.outputLines.contains { $0.contains("touch 1 still down at the end of the trace; cancelled") }, "\(live.outputLines)")
            #expect(!live.standardError.contains("error:"), "\(live.standardError)")
        }
    }

    /// A signal before the first complete row: no "empty trace" error (docs/live.md).
    @Test("a signal before the first row ends quietly, for replay and convert")
    func signalBeforeTheFirstRow() throws {
        for arguments in [["-"], ["--live", "-"], ["convert", "-"]] {
            for partial in ["", "t,id,ph"] {
                let live = try LiveProcess(arguments)
                live.write(partial)
                usleep(300_000)
                kill(live.process.processIdentifier, SIGTERM)
                #expect(live.waitForExit() == 143)
                #expect(!live.standardError.contains("error:"), "\(arguments) '\(partial)': \(live.standardError)")
            }
        }
    }

    // MARK: Finding 3: extreme time scales

    /// Frames 1e-320 s, 5e-324 s or 1e307 s apart: replay, `test`, `stats` and `--live` end (the
    /// time-unit check looped forever), each within the time limit.
    @Test("extreme time scales never hang replay, test, stats or --live", arguments: ["1e-320", "5e-324", "1e307", "1e-310"])
    func extremeTimeScales(_ scale: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Times k * scale, written as numbers the readers take (5e-324 is the smallest subnormal).
        var rows = "t,id,phase,x,y\n0,1,began,10,10\n"
        for k in 1...9 {
            let t = scale == "5e-324" ? "\(Double(k) * Double.leastNonzeroMagnitude)" : "\(k)\(scale.dropFirst())"
            rows += "\(t),1,\(k == 9 ? "ended" : "moved"),\(10 + 10 * k),10\n"
        }
        try rows.write(to: dir.appendingPathComponent("scale.csv"), atomically: false, encoding: .utf8)
        let runs: [([String], String?)] = [
            (["scale.csv"], nil),
            (["--time-unit", "auto", "scale.csv"], nil),
            (["--lenient", "--touches", "--velocity", "lsq2", "scale.csv"], nil),
            (["test", "."], nil),
            (["stats", "."], nil),
            (["--live", "-"], "\"$0\" \"$@\" < scale.csv"),
            (["--live", "-"], "cat scale.csv | \"$0\" \"$@\""),
        ]
        for (arguments, shell) in runs {
            let (r, timedOut) = try RobustnessCLITests.run(arguments, in: dir, seconds: 20, shell: shell)
            #expect(!timedOut, "\(scale) \(arguments): still running after 20 s")
            #expect(r.status < 128, "\(scale) \(arguments): killed\n\(r)")
        }
    }

    // MARK: Findings 5 and 21: synth sweeps

    @Test("a tiny sweep step is an error, not a crash; FROM may have a fraction")
    func synthSweeps() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (script, message) in [
            ("tap {0..1 step 1e-20},100", "finer than 0.000000001"),
            ("tap {0..1 step 5e-324},100", "finer than 0.000000001"),
            ("tap {0..0.000000001 step 0.0000000001},100", "finer than 0.000000001"),
            ("tap {0..1000000 step 0.001},100", "at most 1000 are allowed"),
        ] {
            try (script + "\n").write(to: dir.appendingPathComponent("s.synth"), atomically: false, encoding: .utf8)
            let r = try Self.run(["synth", "s.synth", "-o", "t.csv"], in: dir)
            #expect(r.status == 65, "\(script)\n\(r)")
            #expect(r.stderr.hasPrefix("s.synth:1:5: error: ") && r.stderr.contains(message), "\(script)\n\(r.stderr)")
        }
        for (sweep, files) in [
            ("{0.5..1 step 0.25}", ["sw-0.5.csv", "sw-0.75.csv", "sw-1.csv"]),
            ("{.5..1 step .5}", ["sw-0.5.csv", "sw-1.csv"]),
        ] {
            try "drag 100,100 -> 200,100 in \(sweep)s\n".write(
                to: dir.appendingPathComponent("s.synth"), atomically: false, encoding: .utf8)
            let r = try Self.run(["synth", "s.synth", "-o", "sw.csv"], in: dir)
            #expect(r.status == 0 && r.stdout == files.joined(separator: "\n") + "\n", "\(sweep)\n\(r)")
        }
        try "drag {-0.5..0.5 step 0.5},100 -> 200,100 in 0.3s\n".write(
            to: dir.appendingPathComponent("s.synth"), atomically: false, encoding: .utf8)
        let negative = try Self.run(["synth", "s.synth", "-o", "sw.csv"], in: dir)
        #expect(negative.status == 0 && negative.stdout == "sw--0.5.csv\nsw-0.csv\nsw-0.5.csv\n", "\(negative)")
    }
    // MARK: Finding 15: odd suite entries

    /// A folder name that is not UTF-8 and a symbolic link back to a folder above are skipped
    /// with a warning naming them; the rest of the suite runs (`test` and `stats`).
    @Test("one odd entry in a suite folder is skipped with a warning, the rest runs")
    func oddSuiteEntries() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = Array(dir.path.utf8) + Array("/caf".utf8) + [0xE9, 0]
        #expect(
            bytes.withUnsafeMutableBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) }
                == 0)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("a"), withIntermediateDirectories: true)
        #expect(symlink("..", dir.appendingPathComponent("a/up").path) == 0)
        let t = try Self.run(["test", "."], in: dir)
        #expect(t.status == 0, "\(t)")
        #expect(t.stdout.contains("PASS ./double-tap.json") && t.stdout.contains("1 passed, 0 failed"), "\(t.stdout)")
        #expect(t.stderr.contains("./caf\u{FFFD}: warning: skipped: the name is not valid UTF-8"), "\(t.stderr)")
        #expect(t.stderr.contains("./a/up: warning: skipped: a symbolic link back to a folder above it (a loop)"), "\(t.stderr)")
        let s = try Self.run(["stats", "."], in: dir)
        #expect(s.status == 0 && s.stderr.contains("warning: skipped"), "\(s)")
    }

    // MARK: Finding 19: render on a FIFO

    @Test("render refuses a FIFO instead of waiting for a second writer")
    func renderRefusesAFIFO() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("tf").path, 0o644) == 0)
        // No writer: the old binary's open of the FIFO waited forever.
        let r = try Self.run(["render", "tf", "-o", "x.svg"], in: dir, seconds: 20)
        #expect(r.status == 2 && r.stderr.contains("render needs a regular trace file"), "\(r)")
    }

    // MARK: Finding 27: hex floats

    @Test("--set numbers follow the scene file's grammar: no hex floats")
    func setRefusesHexFloats() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for value in ["0x0", "0x1p-2000", "+1", "007", "inf"] {
            let r = try Self.run(["--set", "tap.allowableMovement=\(value)", "double-tap.json"], in: dir)
            #expect(r.status != 0 && r.stderr.contains("error"), "\(value)\n\(r)")
        }
        let ok = try Self.run(["--set", "tap.allowableMovement=12.5e0", "double-tap.json"], in: dir)
        #expect(ok.status == 0, "\(ok)")
    }

    // MARK: Finding 9: synth memory

    @Test("a synth script whose gestures add up to too many samples is refused before generating")
    func synthTotalIsBounded() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = "rate 2000 jitter 0.5\n" + String(repeating: "drag 10,10 -> 300,300 in 499s\n", count: 12)
        try script.write(to: dir.appendingPathComponent("s12.synth"), atomically: false, encoding: .utf8)
        let r = try Self.run(["synth", "s12.synth", "-o", "/dev/null"], in: dir, shell: "ulimit -v 4000000; exec \"$0\" \"$@\"")
        #expect(
            r.status == 65 && r.stderr.hasPrefix("s12.synth:4:1: error: the script would have more than 2000000 samples in all"), "\(r)")
    }
}
