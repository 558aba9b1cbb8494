import Foundation
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
        #expect(try dir.read("t.expected") == inMilliseconds.stdout)
        #expect(try BinaryRunner.run(["check", "--time-unit", "ms", "t.json"], in: dir.url).status == 0)
        #expect(try BinaryRunner.run(["check", "t.json"], in: dir.url).status == 1)
        // NAME.args says seconds; the command line's milliseconds come after it and win.
        try dir.write("t.args", "--time-unit s\n")
        #expect(try BinaryRunner.run(["test", "."], in: dir.url).status == 1)
        #expect(try BinaryRunner.run(["test", "-j1", "--time-unit", "ms", "."], in: dir.url).stdout == "PASS ./t.json\n1 passed, 0 failed\n")
    }

    @Test("check and test accept the same replay options", arguments: [
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
        #expect(r.stdout.contains("FAIL ./tap.csv: ./tap.csv: error: ./tap.csv, ./tap.json and ./tap.jsonl would share the golden file ./tap.expected (and ./tap.args); rename all but one\n"))
        #expect(r.stdout.contains("FAIL ./tap.json: ./tap.json: error: ./tap.json, ./tap.jsonl and ./tap.csv would share the golden file ./tap.expected"))
        #expect(r.stdout.contains("FAIL ./tap.jsonl: ./tap.jsonl: error: ./tap.jsonl, ./tap.json and ./tap.csv would share"))
        #expect(r.stdout.hasSuffix("1 passed, 3 failed\n"))
        #expect(try dir.contents() == ["pinch.expected", "pinch.json", "tap.csv", "tap.json", "tap.jsonl"], "a golden or temporary file was written")
    }

    // MARK: 3. goldens whatever the path

    @Test("Traces passes however it is reached: ./Traces, an absolute path, cd Traces && test .", arguments: ["./Traces", "absolute", "."])
    func pathIndependentGoldens(_ form: String) throws {
        let root = BinaryRunner.packageRoot.path
        let path = form == "absolute" ? root + "/Traces" : form
        let r = try BinaryRunner.run(["test", path], in: form == "." ? BinaryRunner.tracesDirectory : nil)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasSuffix("\(GoldenTrace.all.count) passed, 0 failed\n"))
        let check = try BinaryRunner.run(["check", path + "/errors/time-backwards.jsonl"], in: form == "." ? BinaryRunner.tracesDirectory : nil)
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

    @Test("standard output that cannot be written (> /dev/full): exit 74 and a message, for every command",
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

    // MARK: 13. conventions

    @Test("help COMMAND and COMMAND --help describe that command's own options; --help's USAGE lists replay")
    func commandHelp() throws {
        let check = try BinaryRunner.run(["help", "check"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("gesturereplay check - "))
        for option in ["--expect FILE", "--update", "--expect-error", "--format", "--scene"] { #expect(check.stdout.contains(option), "\(option)") }
        for option in ["--junit", "--shard", "--jobs", "--exclude", "--version"] { #expect(!check.stdout.contains(option), "\(option)") }
        #expect(try BinaryRunner.run(["check", "--help"]).stdout == check.stdout)

        let test = try BinaryRunner.run(["test", "--help"])
        #expect(test.stdout.hasPrefix("gesturereplay test - "))
        for option in ["--junit FILE", "--shard I/N", "-j, --jobs N", "--exclude GLOB", "--update", "--time-unit"] { #expect(test.stdout.contains(option), "\(option)") }
        #expect(!test.stdout.contains("--expect FILE"))
        #expect(try BinaryRunner.run(["help", "test"]).stdout == test.stdout)

        let top = try BinaryRunner.run(["help"])
        #expect(top.stdout == (try BinaryRunner.run(["--help"])).stdout)
        #expect(top.stdout.contains("  gesturereplay [replay] [options] TRACE "))
        #expect(top.stdout.contains("  gesturereplay help [COMMAND] "))
        #expect(top.stdout.contains("  gesturereplay completion bash|zsh|fish "))
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
        return Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" })
            .filter { $0.hasPrefix("--") && $0.count > 2 && $0.dropFirst(2).allSatisfy { $0.isLetter || $0 == "-" } }.map(String.init)).sorted()
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
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/bin/bash")
            check.arguments = ["-c", "source \"$0\" && complete -p gesturereplay", dir.path + "/c.bash"]
            try check.run()
            check.waitUntilExit()
            #expect(check.terminationStatus == 0)
        }
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
}
