import Foundation
import Testing

/// Issue 15, item 9: output filters that do not change the replay (`--states`, `--show`,
/// `--summary`), and `--recognizers` that warns when it breaks a link and rejects an empty list.
@Suite("Output filters and --summary")
struct OutputFilterTests {
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test("--states keeps exactly the unfiltered output's lines to those states")
    func states() throws {
        let all = try BinaryRunner.run(["Traces/default-scene.csv"])
        let filtered = try BinaryRunner.run(["--states", "began,ended", "Traces/default-scene.csv"])
        #expect(filtered.status == 0, "\(filtered)")
        let expected = Self.lines(all.stdout).filter { $0.contains("-> began ") || $0.contains("-> ended ") }
        #expect(!expected.isEmpty)
        #expect(Self.lines(filtered.stdout) == expected)
        // Repeated: the lists combine; `recognized` is `ended`.
        let repeated = try BinaryRunner.run(["--states", "began", "--states", "recognized", "Traces/default-scene.csv"])
        #expect(repeated.stdout == filtered.stdout)
        let bad = try BinaryRunner.run(["--states", "begun", "Traces/default-scene.csv"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown state 'begun'"))
    }

    @Test("--show prints only these recognizers' lines, and every recognizer still runs")
    func show() throws {
        let all = try BinaryRunner.run(["Traces/double-tap.json"])
        let shown = try BinaryRunner.run(["--show", "single", "Traces/double-tap.json"])
        #expect(shown.status == 0, "\(shown)")
        // `single` still fails because doubleTap (not shown) recognized: the replay is unchanged.
        #expect(Self.lines(shown.stdout) == Self.lines(all.stdout).filter { $0.contains("  single  ") })
        #expect(shown.stdout.contains("reason: required recognizer 'doubleTap' recognized"))
        let unknown = try BinaryRunner.run(["--show", "triple", "Traces/double-tap.json"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no recognizer named 'triple' in the scene; it has: single, doubleTap"))
    }

    @Test("--summary: per recognizer, recognized / failed / cancelled counts and the most common reasons")
    func summary() throws {
        let r = try BinaryRunner.run(["--summary", "Traces/double-tap.json"])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout.hasSuffix(
                """

                summary:
                  single     tap  recognized 0  failed 1  cancelled 0  reasons: required recognizer 'doubleTap' recognized (1)
                  doubleTap  tap  recognized 1  failed 0  cancelled 0

                """), "\(r)")
        // With --show and --states: the summary lists the shown recognizers, counted over the whole replay.
        let shown = try BinaryRunner.run(["--summary", "--show", "pan", "--states", "ended", "Traces/default-scene.csv"])
        #expect(shown.stdout.hasSuffix("\nsummary:\n  pan  pan  recognized 1  failed 0  cancelled 0\n"), "\(shown)")
        // JSON Lines: one summary event per recognizer.
        let json = try BinaryRunner.run(["--summary", "-f", "jsonl", "Traces/double-tap.json"])
        let objects = try OutputFormatTests.parseLines(json.stdout).filter { $0["event"] as? String == "summary" }
        #expect(objects.count == 2)
        #expect(objects.first?["failed"] as? Int == 1)
        let reasons = try #require(objects.first?["reasons"] as? [[String: Any]])
        #expect(reasons.first?["reason"] as? String == "required recognizer 'doubleTap' recognized")
    }

    /// What `--summary --states ended` prints for `rows` (a CSV trace's rows, after its header) on
    /// a scene of one tap whose allowable movement is 10 pt.
    static func tapSummary(_ rows: String) throws -> String {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("moves.csv", "t,id,phase,x,y\n" + rows)
        try dir.write("scene.json", #"{"recognizers": [{"name": "tap", "kind": "tap", "allowableMovement": 10}]}"#)
        let r = try BinaryRunner.run(["--summary", "--states", "ended", "--scene", "scene.json", "moves.csv"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        return r.stdout
    }

    /// The rows of touch `id`'s tap: down at (10, 10) at `t` seconds, moved to (`x`, 10), lifted.
    static func movingTap(_ id: Int, at t: Int, to x: Int) -> String {
        "\(t),\(id),began,10,10\n\(t).05,\(id),moved,\(x),10\n\(t).1,\(id),ended,\(x),10\n"
    }

    @Test("--summary groups reasons that differ only in their numbers, showing the range")
    func summaryGroupsReasons() throws {
        // Three taps that each move too far (12, 20 and 30 pt).
        let summary = try Self.tapSummary(
            Self.movingTap(1, at: 0, to: 22) + Self.movingTap(2, at: 1, to: 30) + Self.movingTap(3, at: 2, to: 40))
        #expect(
            summary
                == "\nsummary:\n  tap  tap  recognized 0  failed 3  cancelled 0  reasons: moved 12...30 pt > allowableMovement 10 pt (3)\n")
    }

    @Test("--summary counts a reason repeated word for word in its group, after another reason and after a wider one too")
    func summaryRepeatedReasons() throws {
        // Taps moving 12, 12 pt, a two-finger tap, then 12, 30 and 12 pt again.
        let twoFingers = "2,3,began,10,10\n2,4,began,50,10\n2.1,3,ended,10,10\n2.1,4,ended,50,10\n"
        let summary = try Self.tapSummary(
            Self.movingTap(1, at: 0, to: 22) + Self.movingTap(2, at: 1, to: 22) + twoFingers + Self.movingTap(5, at: 3, to: 22)
                + Self.movingTap(6, at: 4, to: 40) + Self.movingTap(7, at: 5, to: 22))
        #expect(
            summary
                == "\nsummary:\n  tap  tap  recognized 0  failed 6  cancelled 0  reasons: moved 12...30 pt > allowableMovement 10 pt (5); "
                + "2 touches in tap 1 > numberOfTouchesRequired 1 (1)\n")
    }

    @Test("--recognizers that drops a recognizer another requires (or is simultaneous with) warns")
    func recognizersWarns() throws {
        let r = try BinaryRunner.run(["--recognizers", "single", "Traces/double-tap.json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning: --recognizers: 'single' requires 'doubleTap' to fail, but 'doubleTap' is not kept"), "\(r)")
        let both = try BinaryRunner.run(["--recognizers", "single,doubleTap", "Traces/double-tap.json"])
        #expect(both.stderr == "")
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(
            "scene.json",
            #"{"recognizers": [{"name": "pinch", "kind": "pinch", "simultaneousWith": ["rotation"]}, {"name": "rotation", "kind": "rotation"}]}"#
        )
        try dir.copy("Traces/pinch.json", as: "pinch.json")
        let simultaneous = try BinaryRunner.run(["--scene", "scene.json", "--recognizers", "rotation", "pinch.json"], in: dir.url)
        #expect(
            simultaneous.stderr.contains("warning: --recognizers: 'rotation' recognizes simultaneously with 'pinch', which is not kept"),
            "\(simultaneous)")
    }

    @Test("an empty --recognizers list is a usage error; list options combine; a repeated one-value option is an error")
    func repeatsAndEmpty() throws {
        for list in ["", ",", "single,,doubleTap"] {
            let r = try BinaryRunner.run(["--recognizers", list, "Traces/double-tap.json"])
            #expect(r.status == 2, "'\(list)': \(r)")
            #expect(r.stdout == "")
        }
        let combined = try BinaryRunner.run(["--recognizers", "single", "--recognizers", "doubleTap", "Traces/double-tap.json"])
        let once = try BinaryRunner.run(["--recognizers", "single,doubleTap", "Traces/double-tap.json"])
        #expect(combined.status == 0)
        #expect(combined.stdout == once.stdout)
        for args in [["-f", "jsonl", "--format", "text"], ["--time-unit", "s", "--time-unit", "ms"], ["--scene", "a", "--scene", "b"]] {
            let r = try BinaryRunner.run(args + ["Traces/double-tap.json"])
            #expect(r.status == 2, "\(args): \(r)")
            #expect(r.stderr.contains("given twice"), "\(r)")
        }
    }

    @Test("check: an option on the command line still overrides the same option in NAME.args")
    func checkOverridesArgsFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.write("t.args", "--format jsonl\n")
        let update = try BinaryRunner.run(["check", "--update", "--format", "text", "t.json"], in: dir.url)
        #expect(update.status == 0, "\(update)")
        #expect(try dir.read("t.expected").hasPrefix("   0.289  doubleTap"))
        try dir.write("t.args", "--format jsonl --format text\n")
        let twice = try BinaryRunner.run(["test", "t.json"], in: dir.url)
        #expect(twice.stdout.contains("given twice in the .args file"), "\(twice)")
    }
}
