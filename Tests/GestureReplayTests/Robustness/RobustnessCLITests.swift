import TestSupport
import Foundation
import GestureReplayCLI
import Testing
import TraceReplay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Robustness of the binary itself (docs/robustness.md): every malformed trace of the corpus and
/// every kept fuzz crasher runs to an orderly end with the library's exact diagnostic and exit
/// code (no signal, no hang); standard input delivered slowly in small pieces or as one 10 MB line
/// gives the file's output; output is identical across processes (Swift seeds its hashing per
/// process); and nothing is written beside the inputs, except goldens under `--update`, which an
/// interrupted update never leaves half-written.
@Suite("Robustness of the binary")
struct RobustnessCLITests {
    static let corpus = BinaryRunner.packageRoot.appendingPathComponent("Tests/TraceReadingTests/Malformed/corpus")
    static let corpusFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()

    /// Runs the binary with a time limit; stdin, if given, is written in `chunks` (sizes) with a
    /// pause after each, so the binary's reads see it in pieces.
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: [UInt8]? = nil, chunks: [Int] = [],
        seconds: Double = 30, environment: [String: String]? = nil, shell: String? = nil
    ) throws -> (result: RunResult, timedOut: Bool) {
        guard let binary = BinaryRunner.binaryPath else { throw HarnessError(description: "gesturereplay binary not found") }
        return try ProcessRunner.run(
            binary, arguments, in: directory ?? BinaryRunner.packageRoot, stdin: stdin, chunks: chunks,
            seconds: seconds, environment: environment, shell: shell)
    }

    /// What the library says for the same input: the output, then warnings and the error, formatted
    /// as the command line formats them (its flags for the options messages name).
    static func inProcess(_ path: String, _ options: ReplayOptions = ReplayOptions()) -> (stdout: String, stderr: String, status: Int32) {
        var out = OutputBuffer(fileDescriptor: nil)
        var stderr = ""
        let formatter = DiagnosticFormatter(programName: "gesturereplay", spelling: .commandLine)
        do {
            try Replayer.run(.path(path), options: options, output: &out, warn: { stderr += formatter.format($0) + "\n" })
            return (out.text, stderr, 0)
        } catch {
            return (out.text, stderr + formatter.format(error) + "\n", error.exitCode)
        }
    }

    @Test("every malformed trace: the library's diagnostic and exit code, no signal, no hang", arguments: corpusFiles)
    func corpusFile(_ name: String) throws {
        let path = "Tests/TraceReadingTests/Malformed/corpus/" + name
        let (r, timedOut) = try Self.run([path])
        #expect(!timedOut, "\(name): still running after 30 s")
        #expect(r.status < 128, "\(name): killed by a signal\n\(r)")
        let expected = Self.inProcess(BinaryRunner.packageRoot.appendingPathComponent(path).path)
        let absolute = BinaryRunner.packageRoot.appendingPathComponent(path).path
        #expect(r.status == expected.status, "\(name)\n\(r)")
        #expect(r.stderr == expected.stderr.replacingOccurrences(of: absolute, with: path), "\(name)")
        #expect(r.stdout == expected.stdout, "\(name)")
        if r.status == 65 {
            #expect(r.stderr.hasPrefix(path + ":"), "\(name): the error names the file, line and column\n\(r.stderr)")
        }
    }

    @Test("the kept fuzz crashers run to an orderly end in every mode")
    func fuzzCrashers() throws {
        let root = BinaryRunner.packageRoot.appendingPathComponent("fuzz/crashers")
        var count = 0
        for target in ["csv", "json", "jsonl"] {
            let dir = root.appendingPathComponent(target)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where !name.hasSuffix(".md") {
                let path = "fuzz/crashers/\(target)/\(name)"
                for extra in [[], ["--lenient", "--format", "jsonl", "--touches", "--views", "--velocity", "lsq2"]] {
                    let (r, timedOut) = try Self.run(["--input-format", target] + extra + [path])
                    #expect(!timedOut && [0, 65].contains(r.status), "\(path) \(extra)\n\(r)")
                }
                // On standard input, sniffed: an error still has a line and a column.
                let (r, timedOut) = try Self.run(["-"], stdin: [UInt8](try BinaryRunner.packageData(path)))
                #expect(!timedOut && [0, 65].contains(r.status), "\(path) on stdin\n\(r)")
                if r.status == 65 {
                    #expect(
                        r.stderr.range(of: #"^<stdin>:[1-9][0-9]*:[1-9][0-9]*: error: "#, options: .regularExpression) != nil, "\(r.stderr)"
                    )
                }
                count += 1
            }
        }
        #expect(count > 0)
    }

    @Test(
        "standard input in small, slow pieces gives the file's output",
        arguments: ["Traces/pinch.json", "Traces/swipe-left.jsonl", "Traces/default-scene.csv", "Traces/tickle-failure.csv"])
    func slowStandardInput(_ trace: String) throws {
        let bytes = [UInt8](try BinaryRunner.packageData(trace))
        var g = SplitMix64(seed: trace.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) })
        let chunks = (0..<60).map { _ in Int.random(in: 1...97, using: &g) }
        let format = String(trace.split(separator: ".").last!)
        let fromFile = try Self.run(["--input-format", format, trace]).result
        // --idle-flush 0: a pause longer than the idle time (a loaded machine) would complete a
        // frame early by design (docs/live.md); these runs are about reads split anywhere.
        let piped = try Self.run(["--idle-flush", "0", "-"], stdin: bytes, chunks: chunks)
        let pipedWithFormat = try Self.run(["--idle-flush", "0", "--input-format", format, "-"], stdin: bytes, chunks: chunks)
        #expect(fromFile.status == 0, "\(fromFile)")
        for (r, timedOut) in [piped, pipedWithFormat] {
            #expect(!timedOut)
            #expect(r.status == fromFile.status && r.stdout == fromFile.stdout, "\(trace) via stdin in \(chunks.prefix(8))...\n\(r)")
        }
    }

    @Test("a 10 MB line on standard input (CSV and JSON Lines) streams through")
    func tenMegabyteLineOnStandardInput() throws {
        let long = String(repeating: "a", count: 10 * 1024 * 1024)
        let csv = "t,id,phase,x,y,note\n0,1,began,100,100,\(long)\n0.1,1,ended,100,100,x\n"
        let jsonl =
            #"{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 100, "note": "\#(long)"}"# + "\n"
            + #"{"t": 0.1, "id": 1, "phase": "ended", "x": 100, "y": 100}"# + "\n"
        for text in [csv, jsonl] {
            let (r, timedOut) = try Self.run(["-"], stdin: Array(text.utf8), seconds: 60)
            #expect(!timedOut)
            #expect(r.status == 0, "\(r.status) \(r.stderr.prefix(300))")
            #expect(r.stdout.contains("tap ") && r.stdout.contains("possible -> ended"), "\(r.stdout.prefix(500))")
        }
    }

    @Test("an endless --expect file or golden is an error at its first byte past the 64 MiB limit, not an out-of-memory abort")
    func endlessExpectFile() throws {
        // Before: `check --expect /dev/zero` grew its buffer until the process aborted (issue #30, finding 11).
        for arguments in [
            ["check", "--expect", "/dev/zero", "Traces/double-tap.json"],
            ["check", "--update", "--expect", "/dev/zero", "Traces/double-tap.json"],
        ] {
            let (r, timedOut) = try Self.run(arguments, seconds: 120)
            #expect(!timedOut)
            #expect(r.status == 65, "\(arguments) \(r.status) \(r.stderr.prefix(300))")
            #expect(
                r.stderr.contains(
                    "/dev/zero:1:67108865: error: file longer than 67108864 bytes (the largest golden, expectation or .args file gesturereplay reads)"
                ),
                "\(r.stderr.prefix(300))")
        }
    }

    @Test("compare --goldens: a golden that is a folder is its read error, a binary golden an error at its NUL byte")
    func oddGoldensInCompare() throws {
        // Before: "no golden file" for the folder and "(nothing recognized or failed)" for the binary
        // golden (issue #30, finding 24).
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "s/a.json")
        try dir.copy("Traces/double-tap.json", as: "s/b.json")
        try dir.copy("Traces/double-tap.json", as: "s/c.json")
        try dir.copy("Traces/double-tap.expected", as: "s/c.expected")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("s/a.expected"), withIntermediateDirectories: true)
        try Data([UInt8(ascii: "x"), 10, 0, 1, 0xFF]).write(to: dir.url.appendingPathComponent("s/b.expected"))
        let (r, timedOut) = try Self.run(["compare", "s", "--goldens"], in: dir.url)
        #expect(!timedOut && r.status == 1, "\(r)")
        #expect(r.stdout.contains("golden: error: s/a.expected: error: read failed: Is a directory\n"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "golden: error: s/b.expected:2:1: error: not a golden file: a NUL byte (binary data; gesturereplay's text output has none)\n"
            ),
            "\(r.stdout)")
        #expect(!r.stdout.contains("s/c.json"), "\(r.stdout)")
    }

    /// A few hundred generated traces of taps, drags and pinches, and a scene with failure requirements.
    static func writeGeneratedSuite(in dir: TemporaryDirectory, count: Int) throws {
        try dir.write(
            "suite/requirements.scene.json",
            """
            {"recognizers": [
              {"name": "single", "kind": "tap", "requireToFail": "double"},
              {"name": "double", "kind": "tap", "numberOfTapsRequired": 2},
              {"name": "drag", "kind": "pan", "requireToFail": "swipe", "simultaneousWith": "pinch"},
              {"name": "swipe", "kind": "swipe", "direction": ["left", "right"]},
              {"name": "pinch", "kind": "pinch"},
              {"name": "press", "kind": "longPress"}
            ]}
            """)
        var g = SplitMix64(seed: 20_250_101)
        for k in 0..<count {
            var rows = ["t,id,phase,x,y"]
            var t = 0.0
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                let fingers = Int.random(in: 1...3, using: &g)
                let steps = Int.random(in: 1...12, using: &g)
                let (vx, vy) = (Double.random(in: -2000...2000, using: &g), Double.random(in: -2000...2000, using: &g))
                let dt = [0.008, 0.016, 0.05].randomElement(using: &g)!
                let starts = (0..<fingers).map { _ in (Double.random(in: 0...390, using: &g), Double.random(in: 0...844, using: &g)) }
                for (f, s) in starts.enumerated() { rows.append(String(format: "%.6f,%d,began,%.3f,%.3f", t, f + 1, s.0, s.1)) }
                for i in 1...steps {
                    for (f, s) in starts.enumerated() {
                        rows.append(
                            String(
                                format: "%.6f,%d,moved,%.3f,%.3f", t + Double(i) * dt, f + 1,
                                s.0 + vx * Double(i) * dt * (1 + Double(f) * 0.3), s.1 + vy * Double(i) * dt))
                    }
                }
                t += Double(steps + 1) * dt
                for (f, s) in starts.enumerated() {
                    rows.append(
                        String(
                            format: "%.6f,%d,ended,%.3f,%.3f", t, f + 1, s.0 + vx * Double(steps) * dt * (1 + Double(f) * 0.3),
                            s.1 + vy * Double(steps) * dt))
                }
                t += Double.random(in: 0.05...0.8, using: &g)
            }
            let name = String(format: "suite/t%03d", k)
            try dir.write(name + ".csv", rows.joined(separator: "\n") + "\n")
            if k % 2 == 1 { try dir.write(name + ".args", "--scene requirements.scene.json --touches") }
            if k % 3 == 2 { try dir.write(name + ".args", "--format jsonl --views --velocity lsq2") }
        }
    }

    @Test("output is identical across processes: goldens written by one run pass in others, -j 1 or parallel")
    func identicalAcrossProcesses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writeGeneratedSuite(in: dir, count: 150)
        let update = try Self.run(["test", "--update", "suite"], in: dir.url, seconds: 120).result
        #expect(update.status == 0, "\(update.stdout.suffix(500))")
        #expect(update.stdout.hasSuffix("150 passed, 0 failed\n"))
        for jobs in ["1", "4"] {
            let again = try Self.run(["test", "-j", jobs, "suite"], in: dir.url, seconds: 120).result
            #expect(again.status == 0 && again.stdout.hasSuffix("150 passed, 0 failed\n"), "-j \(jobs): \(again.stdout.suffix(2000))")
        }
    }

    /// Names, sizes and contents of every file under `url`.
    static func snapshot(_ url: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = url.appendingPathComponent(name).path
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            files[name] = isDirectory.boolValue ? Data("<dir>".utf8) : try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }

    @Test("nothing is written beside the inputs without --update, whatever the outcome")
    func nothingWrittenWithoutUpdate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let reports = try TemporaryDirectory()
        defer { reports.remove() }
        try dir.copy("Traces/double-tap.json", as: "in/pass.json")
        try dir.copy("Traces/double-tap.expected", as: "in/pass.expected")
        try dir.copy("Traces/pinch.json", as: "in/differs.json")
        try dir.write("in/differs.expected", "stale\n")
        try dir.copy("Traces/default-scene.csv", as: "in/missing.csv")
        try dir.copy("Traces/errors/unknown-phase.csv", as: "in/bad.csv")
        try dir.copy("Traces/swipes.scene.json", as: "in/swipes.scene.json")
        try dir.write("in/scene.args", "--scene swipes.scene.json")
        try dir.copy("Traces/swipe-left.jsonl", as: "in/scene.jsonl")
        let before = try Self.snapshot(dir.url)
        let commands: [[String]] = [
            ["in/pass.json"], ["--format", "jsonl", "--touches", "--views", "in/differs.json"], ["in/bad.csv"],
            ["check", "in/pass.json"], ["check", "in/differs.json"], ["check", "in/missing.csv"], ["check", "in/bad.csv"],
            ["check", "in/scene.jsonl"], ["check", "--expect", "in/pass.expected", "in/differs.json"],
            ["test", "in"], ["test", "-j", "1", "in"], ["test", "in", "--junit", reports.path + "/report.xml"],
            ["test", "--shard", "2/3", "in"], ["no-such-file.json"], ["--scene", "in/missing.csv", "in/pass.json"],
        ]
        for arguments in commands {
            let (r, timedOut) = try Self.run(arguments, in: dir.url)
            #expect(!timedOut && r.status < 128, "\(arguments)\n\(r)")
            #expect(try Self.snapshot(dir.url) == before, "`gesturereplay \(arguments.joined(separator: " "))` changed the input folder")
        }
        #expect(try reports.contents() == ["report.xml"])
    }

    @Test("test --update rewrites goldens by renaming a new file over each, leaving nothing else behind")
    func suiteUpdateIsAtomic() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for name in ["a", "b", "c"] {
            try dir.copy("Traces/double-tap.json", as: "s/\(name).json")
            try dir.write("s/\(name).expected", "stale \(name)\n")
            try FileManager.default.linkItem(
                at: dir.url.appendingPathComponent("s/\(name).expected"),
                to: dir.url.appendingPathComponent("old-\(name).expected"))
        }
        let golden = try BinaryRunner.packageFile("Traces/double-tap.expected")
        let r = try Self.run(["test", "--update", "s"], in: dir.url).result
        #expect(r.status == 0, "\(r)")
        for name in ["a", "b", "c"] {
            #expect(try dir.read("s/\(name).expected") == golden)
            #expect(try dir.read("old-\(name).expected") == "stale \(name)\n", "rewritten in place, not replaced")
        }
        #expect(try dir.contents() == ["old-a.expected", "old-b.expected", "old-c.expected", "s"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path + "/s").sorted()
                == ["a.expected", "a.json", "b.expected", "b.json", "c.expected", "c.json"])
    }

    @Test("an update killed while writing leaves the old golden whole")
    func interruptedUpdate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/pinch.json", as: "t.json")
        try dir.write("t.expected", "the old golden\n")
        let goldenSize = try BinaryRunner.packageData("Traces/pinch.expected").count
        try #require(goldenSize > 2048, "the new golden must be larger than the file size limit")
        // A file size limit of 2 blocks (1 or 2 KiB): the write of the new golden is cut off by SIGXFSZ.
        let (r, _) = try Self.run(["check", "--update", "t.json"], in: dir.url, shell: #"ulimit -f 2 && exec "$0" "$@""#)
        #expect(r.status != 0, "the update was not interrupted\n\(r)")
        #expect(try dir.read("t.expected") == "the old golden\n")
        // What is left is a temporary file (never taken for a trace or a golden), cut short.
        let leftovers = try dir.contents().filter { $0 != "t.json" && $0 != "t.expected" }
        #expect(leftovers.allSatisfy { $0.hasPrefix("t.expected.tmp-") }, "\(leftovers)")
        // A later update completes and replaces it.
        let again = try Self.run(["check", "--update", "t.json"], in: dir.url).result
        #expect(again.status == 0)
        #expect(try dir.read("t.expected") == BinaryRunner.packageFile("Traces/pinch.expected"))
    }

    @Test("a golden that cannot be replaced is an error naming it; the old one stays and no temporary file is left")
    func updateThatCannotRename() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("t.expected"), withIntermediateDirectories: false)
        try dir.write("t.expected/keep", "x")
        let r = try Self.run(["check", "--update", "t.json"], in: dir.url).result
        #expect([66, 74].contains(r.status), "\(r)")
        #expect(r.stderr.contains("t.expected"), "\(r.stderr)")
        #expect(try dir.contents() == ["t.expected", "t.json"])
        #expect(try dir.read("t.expected/keep") == "x")
    }
}
