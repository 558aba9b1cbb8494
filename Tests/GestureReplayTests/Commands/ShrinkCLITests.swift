import Foundation
import TestSupport
import Testing
import TraceReplay

@Suite("gesturereplay shrink: oracles, formats, the original kept, bad input, limits, Ctrl-C")
struct ShrinkCLITests {
    /// A scratch folder with the buried double tap as CSV (with `scene.json` beside it), JSON (its
    /// scene inside) and JSON Lines.
    static func scratch(taps: Int = 120) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let rows = ShrinkFixtures.buriedDoubleTap(taps: taps)
        for format in TraceFormat.Writable.allCases {
            try ShrinkFixtures.text(rows, as: format).write(
                to: dir.appendingPathComponent("buried.\(format.rawValue)"), atomically: true, encoding: .utf8)
        }
        try ShrinkFixtures.sceneJSON.write(to: dir.appendingPathComponent("scene.json"), atomically: true, encoding: .utf8)
        return dir
    }

    static func read(_ dir: URL, _ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("each format: written in the trace's own format, at most a dozen rows, still a double tap; the original unchanged")
    func formats() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (input, extra) in [
            ("buried.csv", ["--scene", "scene.json"]), ("buried.jsonl", ["--scene", "scene.json"]), ("buried.json", []),
        ] {
            let before = try Self.read(dir, input)
            let output = "small-" + input
            let run = try BinaryRunner.run(["shrink", "--until", "doubleTap ended", input, "-o", output, "-j", "2"] + extra, in: dir)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("shrink: \(input): doubleTap reaches ended\nkept "), "\(run)")
            #expect(run.stdout.contains("; 1-minimal\n") && run.stdout.hasSuffix("wrote \(output)\n"), "\(run)")
            #expect(try Self.read(dir, input) == before)
            let text = try Self.read(dir, output)
            let lines = text.split(separator: "\n")
            switch input {
            case "buried.csv":
                #expect(lines.first == "t,id,phase,x,y")
                #expect(lines.count - 1 <= 12, "\(text)")
            case "buried.jsonl":
                #expect(lines.allSatisfy { $0.hasPrefix("{\"t\": ") } && lines.count <= 12, "\(text)")
            default:
                // The scene it carried is kept: the result replays alone.
                #expect(text.hasPrefix("{\"screen\": {\"width\": 390.0, \"height\": 844.0},\n \"scene\": {\n"), "\(text)")
                #expect(lines.filter { $0.contains("\"phase\"") }.count <= 12, "\(text)")
            }
            let replay = try BinaryRunner.run([output] + extra, in: dir)
            #expect(replay.status == 0 && replay.stdout.contains("doubleTap  tap  possible -> ended"), "\(replay)")
        }
    }

    @Test("without -o: the trace on standard output, the report on standard error")
    func standardOutput() throws {
        let dir = try Self.scratch(taps: 30)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRunner.run(["shrink", "--until", "doubleTap ended", "buried.csv", "--scene", "scene.json"], in: dir)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("t,id,phase,x,y\n0.0,"), "\(run)")
        #expect(run.stderr.hasPrefix("shrink: buried.csv: doubleTap reaches ended\n"), "\(run)")
    }

    @Test("the expectations oracle (the trace's expect block) and the disagreement oracle (--a-set/--b-set, --b-scene)")
    func otherOracles() throws {
        let dir = try Self.scratch(taps: 40)
        defer { try? FileManager.default.removeItem(at: dir) }
        // An expectation that fails only because of the buried double tap.
        var json = try Self.read(dir, "buried.json")
        json = json.replacingOccurrences(
            of: "\"events\": [", with: "\"expect\": [{\"recognizer\": \"doubleTap\", \"never\": \"ended\"}],\n \"events\": [")
        try json.write(to: dir.appendingPathComponent("expect.json"), atomically: true, encoding: .utf8)
        let expect = try BinaryRunner.run(["shrink", "expect.json", "-o", "small.json"], in: dir)
        #expect(expect.status == 0, "\(expect)")
        #expect(expect.stdout.hasPrefix("shrink: expect.json: expectation not met: doubleTap never"), "\(expect)")
        let check = try BinaryRunner.run(["check", "small.json"], in: dir)
        #expect(check.status == 1 && check.stdout.contains("doubleTap never"), "\(check)")

        let disagree = try BinaryRunner.run(
            ["shrink", "--b-set", "doubleTap.maximumTapInterval=0.1", "buried.json", "-o", "d.json"], in: dir)
        #expect(disagree.status == 0, "\(disagree)")
        #expect(disagree.stdout.hasPrefix("shrink: buried.json: A and B disagree about doubleTap (A: "), "\(disagree)")
        let small = try Self.read(dir, "d.json")
        #expect(small.split(separator: "\n").filter { $0.contains("\"phase\"") }.count <= 12, "\(small)")
        let a = try BinaryRunner.run(["d.json"], in: dir)
        let b = try BinaryRunner.run(["d.json", "--set", "doubleTap.maximumTapInterval=0.1"], in: dir)
        #expect(
            a.stdout.contains("doubleTap  tap  possible -> ended") && !b.stdout.contains("doubleTap  tap  possible -> ended"), "\(a)\(b)")

        // --b-scene: B's scene is a file.
        try #"{"recognizers": [{"name": "single", "kind": "tap"}, {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 3}]}"#
            .write(to: dir.appendingPathComponent("b.scene.json"), atomically: true, encoding: .utf8)
        let scenes = try BinaryRunner.run(
            ["shrink", "--a-scene", "scene.json", "--b-scene", "b.scene.json", "buried.csv", "-o", "s.csv"], in: dir)
        #expect(scenes.status == 0 && scenes.stdout.contains("disagree about "), "\(scenes)")
    }

    @Test("bad input: no property (exit 1, nothing written), an unknown recognizer (the scene's listed), -o the input (refused)")
    func badInput() throws {
        let dir = try Self.scratch(taps: 20)
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Self.read(dir, "buried.json")
        let none = try BinaryRunner.run(["shrink", "--until", "doubleTap cancelled", "buried.json", "-o", "out.json"], in: dir)
        #expect(none.status == 1, "\(none)")
        #expect(
            none.stderr
                == "buried.json: error: the trace does not show the property: the replay of buried.json never has doubleTap reaches cancelled; nothing written\n",
            "\(none)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))

        let unknown = try BinaryRunner.run(["shrink", "--until", "tripleTap ended", "buried.json", "-o", "out.json"], in: dir)
        #expect(unknown.status == 2, "\(unknown)")
        #expect(
            unknown.stderr.hasPrefix("gesturereplay: error: --until names no recognizer 'tripleTap'; the scene has: single, doubleTap\n"),
            "\(unknown)")

        let same = try BinaryRunner.run(["shrink", "--until", "doubleTap ended", "buried.json", "-o", "./buried.json"], in: dir)
        #expect(
            same.status == 2
                && same.stderr.contains(
                    "the output './buried.json' (the output file (-o)) is one of this run's inputs, the trace 'buried.json'"),
            "\(same)")
        #expect(try Self.read(dir, "buried.json") == before)

        let noExpect = try BinaryRunner.run(["shrink", "buried.json"], in: dir)
        #expect(noExpect.status == 2 && noExpect.stderr.contains("has no expectations"), "\(noExpect)")
        let both = try BinaryRunner.run(
            ["shrink", "--until", "doubleTap ended", "--b-set", "doubleTap.numberOfTapsRequired=3", "buried.json"], in: dir)
        #expect(both.status == 2 && both.stderr.contains("shrink takes one oracle"), "\(both)")
        let badState = try BinaryRunner.run(["shrink", "--until", "doubleTap done", "buried.json"], in: dir)
        #expect(badState.status == 2 && badState.stderr.contains("unknown state 'done'"), "\(badState)")
    }

    @Test("rows out of time order: an error without --sort (nothing written); with --sort the result is in time order")
    func rowOrder() throws {
        let dir = try Self.scratch(taps: 20)
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines = try Self.read(dir, "buried.csv").split(separator: "\n").map(String.init)
        // The second touch's rows after the third's: the trace is ordered finger by finger.
        let moved = Array(lines[13...24])
        lines.removeSubrange(13...24)
        lines.insert(contentsOf: moved, at: 25)
        try (lines.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("unsorted.csv"), atomically: true, encoding: .utf8)
        let strict = try BinaryRunner.run(
            ["shrink", "--until", "doubleTap ended", "unsorted.csv", "--scene", "scene.json", "-o", "o.csv"], in: dir)
        #expect(strict.status == 65 && strict.stderr.hasPrefix("unsorted.csv:14:9: error: touch 3 moved but is not down\n"), "\(strict)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.csv").path))
        let sorted = try BinaryRunner.run(
            ["shrink", "--sort", "--until", "doubleTap ended", "unsorted.csv", "--scene", "scene.json", "-o", "o.csv"], in: dir)
        #expect(sorted.status == 0, "\(sorted)")
        let times = try Self.read(dir, "o.csv").split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[0])! }
        #expect(times == times.sorted() && !times.isEmpty)
    }

    @Test("a device recording: written as a trace in points (JSON with its screen, or CSV by -o's extension)")
    func recording() throws {
        let dir = try Self.scratch(taps: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: BinaryRunner.packageRoot.appendingPathComponent("docs/examples/tap.getevent.txt"),
            to: dir.appendingPathComponent("tap.getevent.txt"))
        let json = try BinaryRunner.run(
            ["shrink", "--until", "tap ended", "tap.getevent.txt", "--screen", "390x844", "-o", "tap.json"], in: dir)
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.hasSuffix("wrote tap.json (json, in points)\n"), "\(json)")
        let text = try Self.read(dir, "tap.json")
        #expect(text.hasPrefix("{\"screen\": {\"width\": 390.0, \"height\": 844.0},\n \"events\": [\n"), "\(text)")
        let replay = try BinaryRunner.run(["tap.json"], in: dir)
        #expect(replay.stdout.split(separator: "\n").contains { $0.contains(" tap ") && $0.contains("possible -> ended") }, "\(replay)")
        let csv = try BinaryRunner.run(
            ["shrink", "--until", "tap ended", "tap.getevent.txt", "--screen", "390x844", "-o", "tap.csv"], in: dir)
        let csvText = try Self.read(dir, "tap.csv")
        #expect(csv.status == 0 && csvText.hasPrefix("t,id,phase,x,y\n"), "\(csv)")
    }

    /// 5,000 taps of 12 rows: a trace of 60,012 rows (2 MB of CSV). (A trace of 10^6 rows takes
    /// the same path ten times longer: docs/shrink.md has the measurement; a debug build on a busy
    /// test machine replays it in about a minute.)
    static func large(_ dir: URL) throws {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 5_000)
        try ShrinkFixtures.text(rows, as: .csv).write(to: dir.appendingPathComponent("million.csv"), atomically: true, encoding: .utf8)
    }

    @Test("6 x 10^4 rows: --max-replays bounds the work and the best trace so far is written; Ctrl-C writes it too (exit 130)")
    func largeTrace() throws {
        let dir = try Self.scratch(taps: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.large(dir)
        let start = Date()
        let capped = try BinaryRunner.run(
            [
                "shrink", "--until", "doubleTap ended", "million.csv", "--scene", "scene.json", "--max-replays", "3", "-j", "1", "-o",
                "m.csv",
            ], in: dir)
        #expect(capped.status == 0, "\(capped)")
        #expect(capped.stdout.contains(" after 3 replays; stopped at --max-replays 3: the best trace so far, not 1-minimal\n"), "\(capped)")
        #expect(Date().timeIntervalSince(start) < 100)
        let check = try BinaryRunner.run(["m.csv", "--scene", "scene.json", "--show", "doubleTap", "--states", "ended"], in: dir)
        #expect(check.stdout.contains("doubleTap  tap  possible -> ended"), "\(check)")

        // Ctrl-C: the best trace so far, written atomically, and said so.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryRunner.binaryPath))
        process.arguments = ["shrink", "--until", "doubleTap ended", "million.csv", "--scene", "scene.json", "-j", "1", "-o", "i.csv"]
        process.currentDirectoryURL = dir
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        process.interrupt()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(report)")
        #expect(report.contains("; interrupted: the best trace so far, not 1-minimal\n") && report.hasSuffix("wrote i.csv\n"), "\(report)")
        let partial = try BinaryRunner.run(["i.csv", "--scene", "scene.json", "--show", "doubleTap", "--states", "ended"], in: dir)
        #expect(partial.stdout.contains("doubleTap  tap  possible -> ended"), "\(partial)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("--help, help shrink, the man page and the completion scripts list the command and its options")
    func listed() throws {
        let help = try BinaryRunner.run(["--help"])
        #expect(help.stdout.contains("  gesturereplay shrink [options] TRACE"), "\(help)")
        #expect(help.stdout.contains("SHRINK (gesturereplay help shrink)\n      --until 'NAME STATE'"), "\(help)")
        let own = try BinaryRunner.run(["help", "shrink"])
        #expect(own.status == 0 && own.stdout.contains("--max-replays N") && own.stdout.contains("--a-scene FILE"), "\(own)")
        #expect(own.stdout.contains("REPLAY OPTIONS (after the trace's NAME.args)\n      --input-format FORMAT"), "\(own)")
        let man = try BinaryRunner.run(["man"])
        #expect(man.stdout.contains(".SH SHRINK\n") && man.stdout.contains("gesturereplay shrink [options] TRACE"), "\(man)")
        for shell in ["bash", "zsh", "fish"] {
            let script = try BinaryRunner.run(["completion", shell]).stdout
            #expect(script.contains("shrink") && script.contains("max-replays"), "\(shell)")
        }
        let usage = try BinaryRunner.run(["shrink"])
        #expect(usage.status == 2 && usage.stderr.contains("usage: gesturereplay shrink"), "\(usage)")
    }
}
