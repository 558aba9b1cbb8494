import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line as a new user meets it (issue 15): replay options in `test`, unambiguous and
/// path-independent goldens, writes that never replace what is not a regular file, write errors,
/// `help COMMAND`, attached values, NAME.args quoting, `--exclude`, completion and the man page.
@Suite("Command-line conventions")
struct CLIConventionTests {
    /// A folder holding the double tap as `t.json` with its golden file.
    static func doubleTapFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.copy("Traces/double-tap.expected", as: "t.expected")
        return dir
    }

    // MARK: 1. test applies the replay options

    @Test("test applies the command line's replay options to every trace, after NAME.args (the command line wins)")
    func testAppliesReplayOptions() throws {
        let dir = try Self.doubleTapFolder()
        defer { dir.remove() }
        // The golden is in seconds: read as milliseconds, the same trace differs.
        let r = try BinaryRunner.run(["test", "--time-unit", "ms", "."], in: dir.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.hasPrefix("FAIL ./t.json: output differs from ./t.expected"))
        // --update writes the golden computed with the options given.
        #expect(try BinaryRunner.run(["test", "--update", "--time-unit=ms", "."], in: dir.url).status == 0)
        let inMilliseconds = try BinaryRunner.run(["--time-unit", "ms", "t.json"], in: dir.url)
        // (With the warning that the frames look microseconds apart: golden = warnings + output.)
        #expect(inMilliseconds.stderr.hasPrefix("t.json: warning: the first "))
        #expect(try dir.read("t.expected") == inMilliseconds.stderr + inMilliseconds.stdout)
        #expect(try BinaryRunner.run(["check", "--time-unit", "ms", "t.json"], in: dir.url).status == 0)
        #expect(try BinaryRunner.run(["check", "t.json"], in: dir.url).status == 1)
        // NAME.args says seconds; the command line's milliseconds come after it and win.
        try dir.write("t.args", "--time-unit s\n")
        #expect(try BinaryRunner.run(["test", "."], in: dir.url).status == 1)
        #expect(
            try BinaryRunner.run(["test", "-j1", "--time-unit", "ms", "."], in: dir.url).stdout == "PASS ./t.json\n1 passed, 0 failed\n")
    }

    @Test(
        "check and test accept the same replay options",
        arguments: [
            ["--format", "jsonl"], ["--touches"], ["--views"], ["--lenient"], ["--velocity", "lsq2"], ["--screen", "390x844"],
            ["--recognizers", "single,doubleTap"], ["--input-format", "json"], ["--time-unit", "s"], ["--scene", "s.scene.json"],
        ])
    func sameReplayOptions(_ option: [String]) throws {
        let dir = try Self.doubleTapFolder()
        defer { dir.remove() }
        try dir.copy("Traces/taps.scene.json", as: "s.scene.json")
        let check = try BinaryRunner.run(["check"] + option + ["t.json"], in: dir.url)
        let test = try BinaryRunner.run(["test"] + option + ["t.json"], in: dir.url)
        #expect(check.status != 2 && test.status != 2, "\(check)\n\(test)")
        #expect(check.status == test.status)
    }

    // MARK: 2. ambiguous goldens

    @Test("tap.csv and tap.json in one folder would share tap.expected: both fail naming each other, nothing is written")
    func ambiguousGoldens() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "tap.json")
        try dir.copy("Traces/default-scene.csv", as: "tap.csv")
        try dir.copy("Traces/swipe-left.jsonl", as: "tap.jsonl")
        try dir.copy("Traces/pinch.json", as: "pinch.json")
        let r = try BinaryRunner.run(["test", "--update", "."], in: dir.url)
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains(
                "FAIL ./tap.csv: ./tap.csv: error: ./tap.csv, ./tap.json and ./tap.jsonl would share the golden file ./tap.expected (and ./tap.args); rename all but one\n"
            ))
        #expect(
            r.stdout.contains(
                "FAIL ./tap.json: ./tap.json: error: ./tap.json, ./tap.jsonl and ./tap.csv would share the golden file ./tap.expected"))
        #expect(r.stdout.contains("FAIL ./tap.jsonl: ./tap.jsonl: error: ./tap.jsonl, ./tap.json and ./tap.csv would share"))
        #expect(r.stdout.hasSuffix("1 passed, 3 failed\n"))
        #expect(
            try dir.contents() == ["pinch.expected", "pinch.json", "tap.csv", "tap.json", "tap.jsonl"],
            "a golden or temporary file was written")
    }

    @Test("x.evemu beside x.json and x.expected: check x.evemu is an error naming both, not a comparison with x.json's golden")
    func ambiguousGoldenWithRecording() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "x.json")
        try dir.copy("Traces/double-tap.expected", as: "x.expected")
        try dir.copy("Tests/Fixtures/recordings/atmel-maxtouch.1-finger-fast-taps.evemu", as: "x.evemu")
        for (trace, other) in [("x.evemu", "x.json"), ("x.json", "x.evemu")] {
            let r = try BinaryRunner.run(["check", trace], in: dir.url)
            #expect(r.status == 65, "\(r)")
            #expect(
                r.stderr.contains(
                    "\(trace): error: \(trace) and \(other) would share the golden file x.expected (and x.args); rename one of them\n"),
                "\(r)")
        }
        #expect(try dir.contents() == ["x.evemu", "x.expected", "x.json"], "a golden or temporary file was written")
    }

    // MARK: 3. goldens whatever the path

    @Test("Traces passes however it is reached: ./Traces, an absolute path, cd Traces && test .", arguments: ["./Traces", "absolute", "."])
    func pathIndependentGoldens(_ form: String) throws {
        let root = BinaryRunner.packageRoot.path
        let path = form == "absolute" ? root + "/Traces" : form
        let r = try BinaryRunner.run(["test", path], in: form == "." ? BinaryRunner.tracesDirectory : nil)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasSuffix("\(GoldenTrace.all.count) passed, 0 failed\n"))
        let check = try BinaryRunner.run(
            ["check", path + "/errors/time-backwards.jsonl"], in: form == "." ? BinaryRunner.tracesDirectory : nil)
        #expect(check.status == 0, "\(check)")
    }

    // MARK: 5. writes

    @Test("--update through a symbolic link replaces the link's target and keeps the link")
    func symlinkedGolden() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.write("goldens/t.expected", "stale\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/t.expected", withDestinationPath: "goldens/t.expected")
        let r = try BinaryRunner.run(["check", "--update", "t.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/t.expected") == "goldens/t.expected")
        #expect(try dir.read("goldens/t.expected") == (try BinaryRunner.packageFile("Traces/double-tap.expected")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/goldens") == ["t.expected"])
    }

    @Test("--junit into a FIFO writes through it; the FIFO stays a FIFO")
    func junitIntoFIFO() throws {
        let dir = try Self.doubleTapFolder()
        defer { dir.remove() }
        let fifo = dir.path + "/report.fifo"
        try #require(mkfifo(fifo, 0o644) == 0)
        // A reader, so that opening the FIFO for writing does not block.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, dir.path + "/received.xml"]
        try reader.run()
        let r = try BinaryRunner.run(["test", "--junit", "report.fifo", "t.json"], in: dir.url)
        // A FIFO replaced by a file is never opened for writing: do not wait for that reader forever.
        for _ in 0..<50 where reader.isRunning { usleep(100_000) }
        if reader.isRunning { reader.terminate() }
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r)")
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        #expect(try dir.read("received.xml").contains("<testcase classname=\"traces\" name=\"t.json\""))
    }

    @Test("--junit onto a full device (a /dev/full node): exit 74 with the error, the node is not replaced")
    func junitOntoDevice() throws {
        let dir = try Self.doubleTapFolder()
        defer { dir.remove() }
        // A private copy of /dev/full when we may make one (root), so a regression cannot replace
        // the real one; otherwise /dev/full itself (which a non-root user cannot replace anyway).
        var node = dir.path + "/full"
        if mknod(node, S_IFCHR | 0o666, (1 << 8) | 7) != 0 { node = "/dev/full" }
        let r = try BinaryRunner.run(["test", "--junit", node, "t.json"], in: dir.url)
        #expect(r.status == 74, "\(r)")
        #expect(r.stdout == "PASS t.json\n1 passed, 0 failed\n")
        #expect(r.stderr == "\(node): error: cannot write: No space left on device\n")
        var st = stat()
        #expect(lstat(node, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
    }

    // MARK: 6. write errors

    /// Runs the binary with its standard output on `output` (a file descriptor open for writing).
    static func run(_ arguments: [String], stdout output: FileHandle) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryRunner.binaryPath))
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.packageRoot
        process.standardOutput = output
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test(
        "standard output that cannot be written (> /dev/full): exit 74 and a message, for every command",
        arguments: [["Traces/double-tap.json"], ["check", "Traces/double-tap.json"], ["test", "Traces/double-tap.json"], ["--help"]])
    func stdoutFull(_ arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let r = try Self.run(arguments, stdout: full)
        #expect(r.status == 74)
        #expect(r.stderr == "gesturereplay: error: cannot write the output: No space left on device\n")
    }

    @Test("standard output a closed pipe (SIGPIPE ignored, so writes fail with EPIPE): a quiet exit 141")
    func stdoutClosedPipe() throws {
        _ = signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let r = try Self.run(["Traces/double-tap.json"], stdout: pipe.fileHandleForWriting)
        #expect(r.status == 141)
        #expect(r.stderr == "")
    }

    // MARK: 7. timestamps in the wrong unit

    /// The two-finger tap (CSV, 120 Hz) with its times written in milliseconds.
    static func inMilliseconds(_ csv: String) -> String {
        csv.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let first = line.first, first.isNumber, let comma = line.firstIndex(of: ",") else { return String(line) }
            let ms = (Double(line[..<comma])! * 1_000_000).rounded() / 1000
            return "\(ms)" + line[comma...]
        }.joined(separator: "\n")
    }

    @Test("frames seconds or microseconds apart warn and name --time-unit; --time-unit auto says what it picked")
    func implausibleTimeUnit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let csv = try BinaryRunner.packageFile("Traces/two-finger-tap.csv")
        try dir.write("s.csv", csv)
        try dir.write("ms.csv", Self.inMilliseconds(csv))
        let seconds = try BinaryRunner.run(["s.csv"], in: dir.url)
        #expect(seconds.status == 0 && seconds.stderr == "", "\(seconds)")

        // Milliseconds read as seconds: frames about 8 s apart. A warning, the replay still runs.
        let wrong = try BinaryRunner.run(["ms.csv"], in: dir.url)
        #expect(wrong.status == 0)
        #expect(wrong.stderr.hasPrefix("ms.csv: warning: the first 15 frames are a median 8.263 s apart"), "\(wrong)")
        #expect(
            wrong.stderr.hasSuffix(
                " apart: implausible for touch input (frames come 4 to 50 ms apart) with timestamps in seconds (s); "
                    + "if they are in milliseconds (ms), use --time-unit ms (or --time-unit auto)\n"), "\(wrong)")
        // Seconds read as milliseconds: microseconds apart.
        let wrongWay = try BinaryRunner.run(["--time-unit", "ms", "s.csv"], in: dir.url)
        #expect(
            wrongWay.stderr.contains("with timestamps in milliseconds (ms); if they are in seconds (s), use --time-unit s"), "\(wrongWay)")
        // The right unit: no warning, the same replay as the seconds file.
        let right = try BinaryRunner.run(["--time-unit", "ms", "ms.csv"], in: dir.url)
        #expect(right.stderr == "" && right.stdout == seconds.stdout, "\(right)")

        // auto picks by the intervals and says so, on standard error; the output is the right unit's.
        for (file, unit) in [("ms.csv", "milliseconds (ms)"), ("s.csv", "seconds (s)")] {
            let auto = try BinaryRunner.run(["--time-unit=auto", file], in: dir.url)
            #expect(auto.status == 0)
            #expect(
                auto.stderr.hasPrefix("\(file): note: --time-unit auto: reading the timestamps as \(unit) (the first rows are a median "),
                "\(auto)")
            #expect(auto.stdout == seconds.stdout)
        }
    }

    // MARK: 8. unsorted input

    @Test("rows exported finger by finger: the error suggests --sort and --lenient; --sort replays them in time order (stably)")
    func sortOption() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let csv = try BinaryRunner.packageFile("Traces/two-finger-tap.csv")
        var lines = csv.split(separator: "\n").map(String.init)
        let header = lines.prefix { !($0.first?.isNumber ?? false) }
        lines.removeFirst(header.count)
        // Finger A's rows, then finger B's: time goes back at B's first row.
        let byFinger = header + lines.filter { $0.hasSuffix(",A") } + lines.filter { $0.hasSuffix(",B") }
        try dir.write("t.csv", csv)
        try dir.write("byfinger.csv", byFinger.joined(separator: "\n") + "\n")
        let sorted = try BinaryRunner.run(["t.csv"], in: dir.url)
        #expect(sorted.status == 0)

        let unsorted = try BinaryRunner.run(["byfinger.csv"], in: dir.url)
        #expect(unsorted.status == 65)
        #expect(unsorted.stderr.contains("goes backwards"))
        #expect(
            unsorted.stderr.hasSuffix(
                "note: if the rows are not in time order (exported finger by finger), --sort orders them by time; "
                    + "--lenient clamps the time to the previous row's\n"), "\(unsorted)")
        // Equal times keep their file order (A before B at 0.016349 s, as in t.csv): the same replay.
        for format in ["text", "jsonl"] {
            let r = try BinaryRunner.run(["--sort", "-f", format, "byfinger.csv"], in: dir.url)
            #expect(r.status == 0 && r.stderr == "", "\(r)")
            #expect(r.stdout == (try BinaryRunner.run(["-f", format, "t.csv"], in: dir.url)).stdout)
        }
        // Also from standard input, and together with --time-unit auto.
        let piped = try BinaryRunner.run(
            ["--sort", "--input-format", "csv", "-"], stdin: Data(byFinger.joined(separator: "\n").utf8), in: dir.url)
        #expect(piped.stdout == sorted.stdout, "\(piped)")
        let auto = try BinaryRunner.run(["--sort", "--time-unit", "auto", "byfinger.csv"], in: dir.url)
        #expect(auto.stdout == sorted.stdout, "\(auto)")
    }

    // MARK: 13. conventions

    @Test("help COMMAND and COMMAND --help describe that command's own options; --help's USAGE lists replay")
    func commandHelp() throws {
        let check = try BinaryRunner.run(["help", "check"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("gesturereplay check - "))
        for option in ["--expect FILE", "--update", "--expect-error", "--format", "--scene"] {
            #expect(check.stdout.contains(option), "\(option)")
        }
        for option in ["--junit", "--shard", "--jobs", "--exclude", "--version"] { #expect(!check.stdout.contains(option), "\(option)") }
        #expect(try BinaryRunner.run(["check", "--help"]).stdout == check.stdout)

        let test = try BinaryRunner.run(["test", "--help"])
        #expect(test.stdout.hasPrefix("gesturereplay test - "))
        for option in ["--junit FILE", "--shard I/N", "-j, --jobs N", "--exclude GLOB", "--update", "--time-unit"] {
            #expect(test.stdout.contains(option), "\(option)")
        }
        #expect(!test.stdout.contains("--expect FILE"))
        #expect(try BinaryRunner.run(["help", "test"]).stdout == test.stdout)

        let top = try BinaryRunner.run(["help"])
        #expect(top.stdout == (try BinaryRunner.run(["--help"])).stdout)
        #expect(top.stdout.contains("  gesturereplay [replay] [options] TRACE... "))
        #expect(top.stdout.contains("  gesturereplay help [COMMAND] "))
        #expect(top.stdout.contains("  gesturereplay completion bash|zsh|fish "))
    }

    @Test("every help fits 100 columns, and --help marks -o and --to with the commands that take them")
    func helpWidthAndMarks() throws {
        for args in [
            ["--help"], ["help", "check"], ["help", "test"], ["help", "render"], ["help", "convert"], ["help", "synth"], ["help", "stats"],
            ["help", "compare"], ["help", "shrink"],
        ] {
            let help = try BinaryRunner.run(args)
            #expect(help.status == 0, "\(args)")
            for line in help.stdout.split(separator: "\n") where line.count > 100 {
                Issue.record("\(args.joined(separator: " ")): \(line.count) columns: \(line)")
            }
        }
        let top = try BinaryRunner.run(["--help"]).stdout
        #expect(top.contains("  -o, --output FILE              (synth, render, convert, shrink) write to FILE"), "\(top)")
        #expect(top.contains("      --to csv|jsonl|json        (synth, convert) the trace format"), "\(top)")
        #expect(!top.contains("(test) write to FILE") && !top.contains("(test) the trace format"), "\(top)")
    }

    @Test("several traces in one replay: each introduced by a line naming it; an error does not stop the others")
    func severalTraces() throws {
        let a = try BinaryRunner.run(["double-tap.json"], in: BinaryRunner.tracesDirectory)
        let b = try BinaryRunner.run(["pinch.json"], in: BinaryRunner.tracesDirectory)
        let both = try BinaryRunner.run(["double-tap.json", "pinch.json"], in: BinaryRunner.tracesDirectory)
        #expect(both.status == 0 && both.stderr == "", "\(both)")
        #expect(both.stdout == "==> double-tap.json <==\n" + a.stdout + "\n==> pinch.json <==\n" + b.stdout)

        let aj = try BinaryRunner.run(["-fjsonl", "double-tap.json"], in: BinaryRunner.tracesDirectory)
        let bj = try BinaryRunner.run(["-fjsonl", "pinch.json"], in: BinaryRunner.tracesDirectory)
        let bothj = try BinaryRunner.run(["-fjsonl", "double-tap.json", "pinch.json"], in: BinaryRunner.tracesDirectory)
        #expect(
            bothj.stdout == "{\"event\":\"trace\",\"path\":\"double-tap.json\"}\n" + aj.stdout
                + "{\"event\":\"trace\",\"path\":\"pinch.json\"}\n" + bj.stdout)

        // A broken trace and a missing one: their errors on standard error, the rest still replays,
        // the exit status is the first failing trace's.
        let mixed = try BinaryRunner.run(["errors/unknown-phase.csv", "missing.json", "double-tap.json"], in: BinaryRunner.tracesDirectory)
        #expect(mixed.status == 65, "\(mixed)")
        #expect(mixed.stdout.hasSuffix("==> double-tap.json <==\n" + a.stdout))
        #expect(mixed.stderr.contains("errors/unknown-phase.csv:"))
        #expect(mixed.stderr.contains("missing.json: error: cannot open"))
    }

    @Test("--opt=value and attached short values (-fjsonl, -j1) mean the same as the spaced forms")
    func attachedValues() throws {
        let spaced = try BinaryRunner.run(["--format", "jsonl", "Traces/double-tap.json"])
        #expect(spaced.status == 0)
        #expect(try BinaryRunner.run(["-fjsonl", "Traces/double-tap.json"]).stdout == spaced.stdout)
        #expect(try BinaryRunner.run(["--format=jsonl", "Traces/double-tap.json"]).stdout == spaced.stdout)
        #expect(try BinaryRunner.run(["test", "-j1", "Traces/double-tap.json"]).status == 0)
    }

    @Test("NAME.args: quoted paths with spaces, -fVALUE and --scene=FILE (relative to the trace's folder), # comments")
    func argsFileForms() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let expected = try BinaryRunner.packageFile("Traces/single-tap-waits.expected")
        try dir.copy("Traces/taps.scene.json", as: "sub/my scenes/taps.scene.json")
        for (name, args) in [
            ("a", "--scene \"my scenes/taps.scene.json\"  # double quotes\n"),
            ("b", "--scene='my scenes/taps.scene.json'\n"),
            ("c", "# comment line\n--scene=my\\ scenes/taps.scene.json -ftext\n"),
        ] {
            try dir.copy("Traces/single-tap-waits.json", as: "sub/\(name).json")
            try dir.write("sub/\(name).expected", expected)
            try dir.write("sub/\(name).args", args)
        }
        // Run from the parent folder: relative paths in NAME.args are the trace's folder's.
        let r = try BinaryRunner.run(["test", "sub"], in: dir.url)
        #expect(r.stdout == "PASS sub/a.json\nPASS sub/b.json\nPASS sub/c.json\n3 passed, 0 failed\n", "\(r)")
        #expect(try BinaryRunner.run(["check", "sub/c.json"], in: dir.url).status == 0)

        try dir.write("sub/a.args", "--scene \"unterminated\n")
        let bad = try BinaryRunner.run(["check", "sub/a.json"], in: dir.url)
        #expect(bad.status == 65)
        #expect(bad.stderr == "sub/a.args:1:9: error: unterminated quote\n")
    }

    @Test("test --exclude GLOB skips matching traces (path below PATH, path as listed, or file name)")
    func exclude() throws {
        let all = GoldenTrace.all.map(\.path)
        for (globs, kept) in [
            (["errors/*"], all.filter { !$0.hasPrefix("Traces/errors/") }),
            (["*.csv", "Traces/expectations/*"], all.filter { !$0.hasSuffix(".csv") && !$0.hasPrefix("Traces/expectations/") }),
            (["pinch.json"], all.filter { !$0.hasSuffix("/pinch.json") }),
        ] {
            let r = try BinaryRunner.run(["test", "Traces"] + globs.flatMap { ["--exclude", $0] })
            #expect(r.status == 0, "\(r)")
            let listed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
            #expect(listed == kept, "\(globs)")
        }
    }

    // MARK: 14. completion and man page

    /// The long options `--help` lists.
    static func helpOptions() throws -> [String] {
        let help = try BinaryRunner.run(["--help"]).stdout
        return Set(
            help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" })
                .filter { $0.hasPrefix("--") && $0.count > 2 && $0.dropFirst(2).allSatisfy { $0.isLetter || $0 == "-" } }.map(String.init)
        ).sorted()
    }

    @Test("completion bash|zsh|fish: a script naming every option --help lists; bash parses it", arguments: ["bash", "zsh", "fish"])
    func completion(_ shell: String) throws {
        let r = try BinaryRunner.run(["completion", shell])
        #expect(r.status == 0)
        let options = try Self.helpOptions()
        #expect(options.count >= 19, "\(options)")
        for option in options {
            let named = shell == "fish" ? r.stdout.contains("-l \(option.dropFirst(2)) ") : r.stdout.contains(option)
            #expect(named, "\(shell) completion lacks \(option)")
        }
        if shell == "bash" {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("c.bash", r.stdout)
            let (check, _) = try ProcessRunner.run(
                "/bin/bash", ["-c", "source \"$0\" && complete -p gesturereplay", dir.path + "/c.bash"], in: dir.url)
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("help help, help completion and help man print the general help (USAGE lists them)", arguments: ["help", "completion", "man"])
    func helpForCommandsWithoutOptions(_ command: String) throws {
        let r = try BinaryRunner.run(["help", command])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.run(["--help"])).stdout)
    }

    @Test("bash completion knows every command: after `help`, and each command's own options (synth, convert)")
    func completionKnowsEveryCommand() throws {
        let r = try BinaryRunner.run(["completion", "bash"])
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("c.bash", r.stdout)
        func complete(_ words: [String]) throws -> String {
            let script =
                "source \"$0\"; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _gesturereplay; echo \"${COMPREPLY[*]}\""
            let (result, _) = try ProcessRunner.run("/bin/bash", ["-c", script, dir.path + "/c.bash"], in: dir.url)
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try complete(["gesturereplay", "help", ""]) == "replay check test synth render convert stats compare shrink")
        #expect(try complete(["gesturereplay", "shrink", "--max-"]) == "--max-replays")
        #expect(try complete(["gesturereplay", "synth", "--"]).contains("--to"))
        #expect(!(try complete(["gesturereplay", "synth", "--"]).contains("--scene")))
        #expect(try complete(["gesturereplay", "convert", "--"]).contains("--raw-size"))
    }

    @Test("man: a roff page with every option --help lists and the exit codes")
    func manPage() throws {
        let r = try BinaryRunner.run(["man"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(".TH GESTUREREPLAY 1 "))
        for option in try Self.helpOptions() {
            #expect(r.stdout.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "man page lacks \(option)")
        }
        for code in ["0", "1", "2", "65", "66", "74", "141"] { #expect(r.stdout.contains(".TP\n.B \(code)\n")) }
    }

    @Test("make install installs the binary, the man page and the three completions, each as the binary prints it")
    func makeInstall() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let binary = try #require(BinaryRunner.binaryPath)
        let (make, _) = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "make", "-s", "-C", BinaryRunner.packageRoot.path, "install-files",
                "INSTALL_BIN=\(binary)", "DESTDIR=\(dir.path)", "PREFIX=/usr",
            ], in: dir.url)
        #expect(make.status == 0, "\(make)")
        #expect(access(dir.path + "/usr/bin/gesturereplay", X_OK) == 0)
        for (file, arguments) in [
            ("usr/share/man/man1/gesturereplay.1", ["man"]),
            ("usr/share/bash-completion/completions/gesturereplay", ["completion", "bash"]),
            ("usr/share/zsh/site-functions/_gesturereplay", ["completion", "zsh"]),
            ("usr/share/fish/vendor_completions.d/gesturereplay.fish", ["completion", "fish"]),
        ] {
            #expect(try dir.read(file) == (try BinaryRunner.run(arguments)).stdout, "\(file)")
        }
    }
}
