import Foundation
import Testing

/// The output formats (docs/output-format.md): JSON Lines schema 2, the text layout, determinism.
@Suite("Output formats")
struct OutputFormatTests {
    /// Keys of each JSON Lines event: required, and optional (extra values of custom recognizers,
    /// such as the tickle's `tickles`, come on top of these).
    static let schema: [String: (required: Set<String>, optional: Set<String>)] = [
        "replay": (["event", "schema"], []),
        "gesture": (
            ["event", "t", "recognizer", "kind", "state", "previous", "location", "touches"],
            [
                "taps", "translation", "scale", "rotation", "velocity", "scaleVelocity", "angularVelocity", "direction", "selectionRect",
                "reason",
            ]
        ),
        "diagnostic": (["event", "t", "kind", "message"], ["recognizer"]),
        "touch": (["event", "t", "touch", "phase", "location", "velocity", "tapCount"], []),
        "view": (["event", "t", "view", "message", "touch", "tapCount"], []),
        "summary": (["event", "recognizer", "kind", "recognized", "failed", "cancelled", "reasons"], []),
    ]
    static let extraKeys: Set<String> = ["tickles"]
    static let states: Set<String> = ["possible", "began", "changed", "ended", "cancelled", "failed"]

    static func parseLines(_ text: String) throws -> [[String: Any]] {
        #expect(text.hasSuffix("\n"), "JSON Lines output must end with a newline")
        var objects: [[String: Any]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let object = try #require(value as? [String: Any], "not an object: \(line)")
            objects.append(object)
        }
        return objects
    }

    static func isPoint(_ value: Any?) -> Bool {
        guard let p = value as? [String: Any], Set(p.keys) == ["x", "y"] else { return false }
        return p["x"] is NSNumber && p["y"] is NSNumber
    }

    @Test(
        "--format jsonl: every line is a JSON object with the documented keys",
        arguments: [
            "Traces/pan-velocity.json", "Traces/views.json", "Traces/double-tap.json", "Traces/tickle-success.csv",
            "Traces/marquee-up-left.json", "Traces/rotation.json", "Traces/swipe-down.json", "Traces/two-finger-swipe-up.jsonl",
            "Traces/moveme.json", "Traces/default-scene.csv", "Traces/pinch.json",
        ])
    func jsonLinesSchema(_ path: String) throws {
        let trace = GoldenTrace(path: path)
        let r = try BinaryRunner.run(
            try trace.arguments() + ["--format", "jsonl", "--touches", "--views", trace.fileName], in: trace.folderURL)
        #expect(r.status == 0, "\(r)")
        let objects = try Self.parseLines(r.stdout)
        try #require(!objects.isEmpty)
        #expect(objects[0]["event"] as? String == "replay")
        #expect((objects[0]["schema"] as? NSNumber)?.intValue == 2)
        var lastTime = -Double.infinity
        for (i, o) in objects.enumerated() {
            let event = try #require(o["event"] as? String, "line \(i + 1) has no event")
            let keys = try #require(Self.schema[event], "line \(i + 1): unknown event \(event)")
            let present = Set(o.keys)
            #expect(keys.required.isSubset(of: present), "line \(i + 1): missing \(keys.required.subtracting(present))")
            let unknown = present.subtracting(keys.required).subtracting(keys.optional).subtracting(Self.extraKeys)
            #expect(unknown.isEmpty, "line \(i + 1): undocumented keys \(unknown)")
            guard event != "replay" else { continue }
            let t = try #require((o["t"] as? NSNumber)?.doubleValue)
            #expect(t >= lastTime, "time goes backwards at line \(i + 1)")
            lastTime = t
            switch event {
            case "gesture":
                #expect(Self.states.contains(o["state"] as? String ?? ""))
                #expect(Self.states.contains(o["previous"] as? String ?? ""))
                #expect(Self.isPoint(o["location"]))
                #expect(o["touches"] is NSNumber)
                if let v = o["translation"] { #expect(Self.isPoint(v)) }
                if let v = o["velocity"] { #expect(Self.isPoint(v), "line \(i + 1): velocity must be {x, y} (schema 2)") }
                if let v = o["scaleVelocity"] { #expect(v is NSNumber && o["kind"] as? String == "pinch") }
                if let v = o["angularVelocity"] { #expect(v is NSNumber && o["kind"] as? String == "rotation") }
                if let v = o["selectionRect"] as? [String: Any] {
                    #expect(Set(v.keys) == ["x", "y", "width", "height"])
                    #expect(((v["width"] as? NSNumber)?.doubleValue ?? -1) >= 0)
                    #expect(((v["height"] as? NSNumber)?.doubleValue ?? -1) >= 0)
                }
                if o["state"] as? String == "failed" { #expect(o["reason"] is String, "a failure without a reason") }
            case "touch":
                #expect(["ended", "cancelled"].contains(o["phase"] as? String ?? ""))
                #expect(Self.isPoint(o["location"]))
                #expect(Self.isPoint(o["velocity"]) || o["velocity"] is NSNull)
            case "view":
                #expect(["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"].contains(o["message"] as? String ?? ""))
                #expect(o["view"] is String)
            default:
                break
            }
        }
    }

    @Test(
        "schema 2: one key, one type: `velocity` is {x, y} on every line (jq `.velocity.y` works), pinch and rotation have their own keys")
    func schemaTwoVelocityKeys() throws {
        let pinch = try Self.parseLines(try BinaryRunner.run(["-f", "jsonl", "Traces/pinch.json"]).stdout)
        #expect(pinch.first?["schema"] as? Int == 2)
        let pinchLines = pinch.filter { $0["kind"] as? String == "pinch" }
        try #require(!pinchLines.isEmpty)
        for line in pinchLines {
            #expect(line["velocity"] == nil, "\(line)")
            #expect(line["scaleVelocity"] is NSNumber, "\(line)")
        }
        let rotation = try Self.parseLines(try BinaryRunner.run(["-f", "jsonl", "Traces/rotation.json"]).stdout)
        let rotationLines = rotation.filter { $0["kind"] as? String == "rotation" }
        try #require(!rotationLines.isEmpty)
        for line in rotationLines {
            #expect(line["velocity"] == nil, "\(line)")
            #expect(line["angularVelocity"] is NSNumber, "\(line)")
        }
        // A pan's velocity stays a point.
        let pan = try Self.parseLines(try BinaryRunner.run(["-f", "jsonl", "--recognizers", "pan", "Traces/default-scene.csv"]).stdout)
        #expect(pan.filter { $0["event"] as? String == "gesture" }.allSatisfy { Self.isPoint($0["velocity"]) })
    }

    @Test("expectations accept the schema 2 names scaleVelocity and angularVelocity")
    func schemaTwoNamesInExpectations() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let pinch = try BinaryRunner.packageFile("Traces/pinch.json")
        let expect =
            #""expect": [{"recognizer": "pinch", "state": "changed", "scaleVelocity": {"min": 0.5}}, {"recognizer": "pinch", "never": "changed", "scaleVelocity": {"min": 1000}}],"#
        try dir.write("t.json", "{" + expect + pinch.drop { $0 != "{" }.dropFirst())
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS t.json\n")
    }

    @Test("JSON Lines and text report the same transitions")
    func sameTransitions() throws {
        for path in ["Traces/pinch.json", "Traces/moveme-exclusive.json", "Traces/single-tap-waits.json"] {
            let trace = GoldenTrace(path: path)
            let text = try BinaryRunner.run(try trace.arguments() + [trace.fileName], in: trace.folderURL)
            let json = try BinaryRunner.run(try trace.arguments() + ["-f", "jsonl", trace.fileName], in: trace.folderURL)
            let gestures = try Self.parseLines(json.stdout).filter { $0["event"] as? String == "gesture" }
            let lines = text.stdout.split(separator: "\n")
            #expect(gestures.count == lines.count, "\(path)")
            for (g, line) in zip(gestures, lines) {
                let name = g["recognizer"] as? String ?? ""
                let arrow = "\(g["previous"] as? String ?? "") -> \(g["state"] as? String ?? "")"
                #expect(line.contains("  \(name)  ") && line.contains(arrow), "\(line) vs \(g)")
            }
        }
    }

    @Test("the tickle's extra value, the taps, the swipe direction and the reason appear in JSON Lines")
    func jsonLinesValues() throws {
        let tickle = try Self.parseLines(
            try BinaryRunner.run(["--scene", "Traces/tickle.scene.json", "--format", "jsonl", "Traces/tickle-success.csv"]).stdout)
        #expect((tickle.last?["tickles"] as? NSNumber)?.intValue == 3)
        let taps = try Self.parseLines(try BinaryRunner.run(["--format", "jsonl", "Traces/double-tap.json"]).stdout)
        #expect((taps[1]["taps"] as? NSNumber)?.intValue == 2)
        #expect(taps[2]["reason"] as? String == "required recognizer 'doubleTap' recognized")
        let swipe = try Self.parseLines(try BinaryRunner.run(["--format", "jsonl", "Traces/swipe-down.json"]).stdout)
        #expect(swipe.contains { $0["direction"] as? String == "down" && $0["state"] as? String == "ended" })
    }

    @Test("a touch still down at the end: a diagnostic (text note / JSON Lines event), a warning on stderr, the recognizer cancelled")
    func touchStillDown() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("held.csv", "t,id,phase,x,y\n0,1,began,10,10\n0.1,1,moved,40,12\n0.2,1,moved,80,14\n")
        let text = try BinaryRunner.run(["--recognizers", "pan", "held.csv"], in: dir.url)
        #expect(text.status == 0)
        #expect(text.stdout.contains("   0.200  note: touch 1 still down at the end of the trace; cancelled\n"))
        #expect(text.stdout.contains("changed -> cancelled"))
        // The documented reason, not "cancelled by the recognizer".
        #expect(text.stdout.hasSuffix("  reason: trace ended\n"), "\(text)")
        #expect(text.stderr == "held.csv:2:5: warning: touch 1 never ended (no 'ended' or 'cancelled' before the end of the trace)\n")
        let json = try BinaryRunner.run(["--recognizers", "pan", "--format", "jsonl", "--touches", "held.csv"], in: dir.url)
        let objects = try Self.parseLines(json.stdout)
        let diagnostic = try #require(objects.first { $0["event"] as? String == "diagnostic" })
        #expect(diagnostic["kind"] as? String == "touchStillDown")
        #expect((diagnostic["t"] as? NSNumber)?.doubleValue == 0.2)
        #expect(objects.contains { $0["event"] as? String == "touch" && $0["phase"] as? String == "cancelled" })
    }

    @Test("--touches with an estimator that has no velocity prints `none` / null")
    func touchWithoutVelocity() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // lsq2 gives no velocity for a lift more than 40 ms after the last sample.
        try dir.write("pause.csv", "t,id,phase,x,y\n0,1,began,10,10\n0.01,1,moved,20,10\n0.2,1,ended,20,10\n")
        let text = try BinaryRunner.run(["--recognizers", "tap", "--touches", "--velocity", "lsq2", "pause.csv"], in: dir.url)
        #expect(text.stdout.contains("   0.200  touch 1 ended at (20.0, 10.0)  velocity none  taps 1\n"), "\(text)")
        let json = try BinaryRunner.run(
            ["--recognizers", "tap", "--touches", "--velocity", "lsq2", "-f", "jsonl", "pause.csv"], in: dir.url)
        let touch = try #require(try Self.parseLines(json.stdout).first { $0["event"] as? String == "touch" })
        #expect(touch["velocity"] is NSNull)
        #expect((touch["touch"] as? NSNumber)?.intValue == 1)
    }

    @Test("string touch ids are printed as written: bare in text, JSON strings in JSON Lines")
    func stringTouchIDs() throws {
        let args = ["--scene", "Traces/two-finger-tap.scene.json", "--touches", "Traces/two-finger-tap.csv"]
        let text = try BinaryRunner.run(args)
        #expect(text.stdout.contains("touch A ended at"))
        let json = try BinaryRunner.run(["--format", "jsonl"] + args)
        let ids = try Self.parseLines(json.stdout).compactMap { $0["touch"] as? String }
        #expect(ids == ["A", "B"])
    }

    @Test("the text format: fixed columns, 3-decimal times, 1-decimal points")
    func textLayout() throws {
        let r = try BinaryRunner.run(["Traces/rotation.json"])
        for line in r.stdout.split(separator: "\n") {
            let s = String(line)
            // time right-aligned in 8 characters, then two spaces
            #expect(s.count > 10 && s.prefix(8).trimmingCharacters(in: .whitespaces).split(separator: ".").last?.count == 3, "\(s)")
            #expect(s.dropFirst(8).hasPrefix("  "))
            // name and kind columns padded to the longest (rotation / rotation), then the state column
            #expect(s.dropFirst(10).hasPrefix("pinch     pinch     ") || s.dropFirst(10).hasPrefix("rotation  rotation  "), "\(s)")
            #expect(s.contains("  at (") && (s.contains("  touches 2") || s.contains("  touches 1")), "\(s)")
        }
    }

    @Test(
        "two runs give byte-identical output",
        arguments: [
            ["--touches", "Traces/pan-velocity.json"],
            ["--format", "jsonl", "--touches", "--views", "Traces/moveme.json"],
            ["--touches", "--velocity", "lsq2", "Traces/default-scene.csv"],
        ])
    func deterministic(_ arguments: [String]) throws {
        let a = try BinaryRunner.run(arguments)
        let b = try BinaryRunner.run(arguments)
        #expect(a.status == 0)
        #expect(!a.stdoutData.isEmpty)
        #expect(a.stdoutData == b.stdoutData)
        #expect(a.stderrData == b.stderrData)
    }
}
