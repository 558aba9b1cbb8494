import Foundation
import Testing

/// Issue 15, item 15: messages that say what the tool saw and what to do.
@Suite("Messages")
struct MessageTests {
    @Test(
        "a CSV separated by ';' or tabs: the header it read and the delimiter it seems to use",
        arguments: [
            (";", "';'"), ("\t", "tabs"),
        ])
    func csvDelimiter(_ delimiter: String, _ named: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let rows = [["t", "id", "phase", "x", "y"], ["0", "1", "began", "10", "10"], ["0.1", "1", "ended", "10", "10"]]
        try dir.write("t.csv", rows.map { $0.joined(separator: delimiter) }.joined(separator: "\n") + "\n")
        let r = try BinaryRunner.run(["t.csv"], in: dir.url)
        #expect(r.status == 65)
        let shown = delimiter == "\t" ? "t\\tid\\tphase\\tx\\ty" : "t;id;phase;x;y"
        #expect(r.stderr.contains("the header read (one column): '\(shown)'"), "\(r)")
        #expect(r.stderr.contains("'\(shown)' is separated by \(named); CSV traces are comma-separated"), "\(r)")
        #expect(!r.stderr.contains("the first line must be a header"))
    }

    @Test("a CSV header missing a column shows the header it read")
    func csvHeaderShown() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("t.csv", "time,finger,kind,x,y\n0,1,began,1,1\n")
        let r = try BinaryRunner.run(["t.csv"], in: dir.url)
        #expect(
            r.stderr
                == "t.csv:1:1: error: missing column 'phase' (also accepted: type, action); the header read (5 columns): 'time,finger,kind,x,y'\n",
            "\(r)")
    }

    @Test("JSON keys are case-sensitive: a hint names the keys in the wrong case")
    func jsonKeyCase() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("t.json", #"[{"T": 0, "id": 1, "phase": "began", "X": 1, "y": 2}]"#)
        let r = try BinaryRunner.run(["t.json"], in: dir.url)
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "event is missing fields 't' (also accepted: timestamp, time), 'x' (keys are case-sensitive: 'T' is not 't', 'X' is not 'x')"
            ), "\(r)")
        try dir.write("t.jsonl", #"{"Time": 0, "id": 1, "phase": "began", "x": 1, "y": 2}"# + "\n")
        let l = try BinaryRunner.run(["t.jsonl"], in: dir.url)
        #expect(l.stderr.contains("(keys are case-sensitive: 'Time' is not 'time')"), "\(l)")
    }

    @Test("--scene: an unknown key lists every allowed key, expect included")
    func sceneKeys() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("scene.json", #"{"recognizers": [], "expectations": []}"#)
        let r = try BinaryRunner.run(
            ["--scene", "scene.json", "Traces/double-tap.json"].map {
                $0.hasPrefix("Traces") ? BinaryRunner.packageRoot.appendingPathComponent($0).path : $0
            }, in: dir.url)
        #expect(r.status == 65)
        #expect(r.stderr.contains("unknown scene key 'expectations'; expected views, recognizers, screen, expect or notes"), "\(r)")
    }

    @Test(
        "[], {\"events\":[]}, a CSV header alone and an empty .jsonl are the same error",
        arguments: [
            ("t.json", "[]"), ("t.json", #"{"events": []}"#), ("t.csv", "t,id,phase,x,y\n"), ("t.jsonl", ""), ("t.jsonl", "\n\n"),
        ])
    func emptyTraces(_ name: String, _ text: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(name, text)
        let r = try BinaryRunner.run([name], in: dir.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr == "\(name):1:1: error: empty trace: no events\n", "\(r)")
        #expect(r.stdout == "")
    }

    @Test("a failure reason's numbers read true: never 'moved 10 pt > allowableMovement 10 pt'")
    func reasonsReadTrue() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("scene.json", #"{"recognizers": [{"name": "tap", "kind": "tap", "allowableMovement": 10}]}"#)
        try dir.write("t.csv", "t,id,phase,x,y\n0,1,began,100,100\n0.02,1,moved,110.04,100\n0.04,1,ended,110.04,100\n")
        let r = try BinaryRunner.run(["--scene", "scene.json", "t.csv"], in: dir.url)
        #expect(r.stdout.contains("reason: moved 10.04 pt > allowableMovement 10 pt\n"), "\(r)")
    }
}
