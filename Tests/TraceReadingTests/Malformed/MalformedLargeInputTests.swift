import TestSupport
import Testing
import TraceReplay
import TraceReading

/// Large broken (or merely extreme) inputs, generated at run time rather than committed: a 10 MB
/// line in each format, 100,000 nested brackets, 10,000 touches down at once. Each is replayed from
/// a file, as the command line does; none may crash, hang or echo megabytes into a message.
@Suite("Malformed traces: large generated inputs")
struct MalformedLargeInputTests {
    typealias M = MalformedSupport

    static let tenMB = 10 * 1024 * 1024

    struct Large: Sendable, CustomTestStringConvertible {
        let name: String
        /// File name (its extension picks the format).
        let file: String
        let make: @Sendable () -> [UInt8]
        /// nil: the replay succeeds. Otherwise the error's line, column and a message fragment;
        /// column -1 means "just after the generated run" (computed from the input).
        let error: (line: Int, column: Int, message: String)?
        var testDescription: String { name }
    }

    static func bytes(_ parts: String...) -> [UInt8] { Array(parts.joined().utf8) }
    static let header = "t,id,phase,x,y"
    static let brackets = String(repeating: "[", count: 100_000)
    static let closers = String(repeating: "]", count: 100_000)
    static let event0 = #"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2"#
    static let event1 = #"{"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2}"#

    static let cases: [Large] = [
        Large(
            name: "CSV: a 10 MB value in an ignored column", file: "long.csv",
            make: { bytes(header, ",note\n0,1,began,1,2,", String(repeating: "a", count: tenMB), "\n0.1,1,ended,1,2,x\n") },
            error: nil),
        Large(
            name: "CSV: a 10 MB quoted value with line breaks", file: "long-quoted.csv",
            make: { bytes(header, ",note\n0,1,began,1,2,\"", String(repeating: "ab,\"\"\n", count: tenMB / 6), "\"\n0.1,1,ended,1,2,x\n") },
            error: nil),
        Large(
            name: "CSV: a 10 MB unknown phase", file: "long-phase.csv",
            make: { bytes(header, "\n0,1,", String(repeating: "z", count: tenMB), ",1,2\n") },
            error: (2, 5, "unknown phase 'zzzzzzzzzz")),
        Large(
            name: "CSV: a 10 MB column name, no line break", file: "long-header.csv",
            make: { bytes("t,id,phase,x,", String(repeating: "y", count: tenMB)) },
            error: (1, 1, "missing column 'y'")),
        Large(
            name: "JSON Lines: a 10 MB ignored string", file: "long.jsonl",
            make: { bytes(event0, #", "note": ""#, String(repeating: "a", count: tenMB), "\"}\n", event1, "\n") },
            error: nil),
        Large(
            name: "JSON Lines: a 10 MB line of digits, no line break", file: "digits.jsonl",
            make: { bytes(String(repeating: "1", count: tenMB)) },
            error: (1, 1, "expected an event object, found a number")),
        Large(
            name: "JSON: a 10 MB ignored string", file: "long.json",
            make: { bytes("{\"note\": \"", String(repeating: "a", count: tenMB), "\",\n\"events\": [", event0, "}, ", event1, "]}\n") },
            error: nil),
        Large(
            name: "JSON: 100,000 opening brackets", file: "deep.json",
            make: { bytes(brackets) },
            error: (1, 2, "expected an event object, found an array")),
        Large(
            name: "JSON: 100,000 opening brackets in an ignored member", file: "deep-member.json",
            make: { bytes(#"{"events": [], "x": "#, brackets) },
            error: (1, 21 + 100_000, "unexpected end of input")),
        Large(
            name: "JSON: 100,000 balanced brackets in an ignored member", file: "deep-balanced.json",
            make: { bytes(#"{"events": [], "x": "#, brackets, closers, "}") },
            error: (1, 1, "empty trace: no events")),
        Large(
            name: "JSON: 100,000 brackets in an event's ignored member", file: "deep-event.json",
            make: { bytes("[", event0, #", "x2": "#, brackets, closers, "}, ", event1, "]") },
            error: nil),
        Large(
            name: "JSON: 100,000 brackets in the scene", file: "deep-scene.json",
            make: { bytes(#"{"scene": "#, brackets) },
            error: (1, 11 + JSONParser.defaultMaxDepth, "nesting too deep")),
        Large(
            name: "JSON Lines: 100,000 brackets in an ignored member", file: "deep.jsonl",
            make: { bytes(event0, #", "x2": "#, brackets, "\n") },
            error: (1, 59 + 100_000, "unexpected end of line")),
    ]

    @Test("large inputs", arguments: cases)
    func large(_ c: Large) throws {
        let path = M.temporaryFile(c.make(), name: c.file)
        defer { M.removeTemporaryFile(path) }
        let start = M.now()
        let replay = M.replay(path)
        let seconds = M.now() - start
        #expect(seconds < 30, "\(c.name): \(seconds) s")
        if let expected = c.error {
            let error = try #require(replay.error, "\(c.name): expected an error")
            #expect(error.exitCode == 65)
            #expect(
                error.diagnostic.location == SourceLocation(path: path, line: expected.line, column: expected.column),
                "\(c.name): \(String(DiagnosticFormatter().format(error).prefix(300)))")
            #expect(error.diagnostic.message.contains(expected.message), "\(String(error.diagnostic.message.prefix(300)))")
            #expect(error.diagnostic.message.utf8.count < 400, "\(c.name): the message echoes the input")
        } else {
            #expect(replay.error == nil, "\(c.name): \(replay.error.map { String(DiagnosticFormatter().format($0).prefix(300)) } ?? "")")
            #expect(replay.warnings.isEmpty)
        }
    }

    @Test("a scene file of 100,000 opening brackets") func deepSceneFile() throws {
        let trace = M.temporaryFile(Array("t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,2\n".utf8), name: "t.csv")
        let scene = M.temporaryFile(Array(Self.brackets.utf8), name: "deep.scene.json")
        defer { M.removeTemporaryFile(trace); M.removeTemporaryFile(scene) }
        let error = try #require(M.replay(trace, scene: scene).error)
        #expect(error.diagnostic.location == SourceLocation(path: scene, line: 1, column: JSONParser.defaultMaxDepth + 1))
        #expect(error.diagnostic.message.contains("nesting too deep"))
    }

    /// Standard input is sniffed from its first 64 KiB: a JSON Lines event whose line is longer than
    /// that is still JSON Lines (it was taken for a JSON document: "missing \"events\" array").
    @Test func sniffingAFirstLineLongerThanTheWindow() throws {
        let long = String(repeating: "a", count: 100_000)
        let jsonl = #"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2, "note": "\#(long)"}"# + "\n" + Self.event1 + "\n"
        #expect(TraceFormat.sniff(Array(jsonl.utf8.prefix(64 * 1024))) == .jsonl)
        let rows = M.read(ByteSource(text: jsonl, name: "<stdin>"), format: nil)
        #expect(rows.error == nil && rows.rows.count == 2, "\(rows.error.map { DiagnosticFormatter().format($0) } ?? "")")
        // A one-line JSON document cut off by the window stays JSON, whatever comes first.
        let document = #"{"comment": "\#(long)", "events": [\#(Self.event0)}]}"#
        #expect(TraceFormat.sniff(Array(document.utf8.prefix(64 * 1024))) == .json)
        #expect(M.read(ByteSource(text: document, name: "<stdin>"), format: nil).rows.count == 1)
        // An event field nested deeper than the top level does not count.
        let nested = #"{"comment": {"t": 1, "note": "\#(long)"}, "events": []}"#
        #expect(TraceFormat.sniff(Array(nested.utf8.prefix(64 * 1024))) == .json)
    }

    /// 10,000 touches in one frame: each begins, moves and lifts together.
    @Test func tenThousandTouchesDownAtOnce() throws {
        var text = "t,id,phase,x,y\n"
        for (t, phase, dx) in [("0", "began", 0), ("0.01", "moved", 3), ("0.02", "ended", 3)] {
            for i in 0..<10_000 { text += "\(t),\(i),\(phase),\(i % 390 + dx),\(i / 390)\n" }
        }
        let path = M.temporaryFile(Array(text.utf8), name: "palm.csv")
        defer { M.removeTemporaryFile(path) }
        let start = M.now()
        let replay = M.replay(path)
        let seconds = M.now() - start
        #expect(replay.error == nil)
        #expect(replay.warnings.isEmpty)
        #expect(replay.output.contains("touches 10000"))
        #expect(replay.output.contains("pan") && replay.output.contains("possible -> failed"))
        // Linear per frame: well under a second in a release build; a few in a debug build.
        #expect(seconds < 20, "10,000 touches at once took \(seconds) s")
    }

    /// Above 32 touches down the sequence checks switch to a hashed index: they must stay exact
    /// while touches come and go in any order around that threshold.
    @Test(arguments: [31, 33, 40, 200])
    func sequenceChecksWithManyTouchesDown(_ count: Int) throws {
        var rows = ["t,id,phase,x,y"]
        var generator = SplitMix64(seed: UInt64(count))
        var down = Array(0..<count)
        for id in down { rows.append("0,\(id),began,1,1") }
        // Lift and re-press touches in a shuffled order, crossing the threshold both ways.
        var t = 0.0
        for round in 0..<3 {
            down.shuffle(using: &generator)
            let lifted = down.prefix(count / 2 + round)
            for id in lifted { t += 0.001; rows.append("\(t),\(id),ended,1,1") }
            for id in lifted { t += 0.001; rows.append("\(t),\(id),began,2,2") }
            for id in down.shuffled(using: &generator) { t += 0.001; rows.append("\(t),\(id),moved,3,3") }
        }
        let valid = rows.joined(separator: "\n") + "\n"
        #expect(M.read(ByteSource(text: valid, name: "many.csv"), format: .csv).error == nil)

        // A second `began` for a touch that is down, and an `ended` for one that is not.
        let victim = down[count / 3]
        let duplicate = valid + "\(t + 1),\(victim),began,4,4\n"
        let error = try #require(M.read(ByteSource(text: duplicate, name: "many.csv"), format: .csv).error)
        #expect(error.diagnostic.message == "touch \(victim) began while it is already down")
        #expect(
            error.diagnostic.location
                == SourceLocation(path: "many.csv", line: rows.count + 1, column: 3 + String(t + 1).count + String(victim).count))
        let lifted = valid + "\(t + 1),\(victim),ended,4,4\n\(t + 2),\(victim),ended,4,4\n"
        let error2 = try #require(M.read(ByteSource(text: lifted, name: "many.csv"), format: .csv).error)
        #expect(error2.diagnostic.message == "touch \(victim) ended but is not down")
        #expect(error2.diagnostic.location?.line == rows.count + 2)
        // Every touch still down is reported once at the end, in the order the touches began.
        let stuck = M.read(ByteSource(text: valid, name: "many.csv"), format: .csv).warnings
        #expect(stuck.count == count)
        #expect(stuck.map(\.location!.line) == stuck.map(\.location!.line).sorted())
    }

    /// 10,000 touches down at once and never lifted: a warning each, and the engine cancels them.
    @Test func tenThousandTouchesNeverLifted() throws {
        var text = "t,id,phase,x,y\n"
        for i in 0..<10_000 { text += "0,\(i),began,\(i % 390),\(i / 390)\n" }
        let path = M.temporaryFile(Array(text.utf8), name: "stuck.csv")
        defer { M.removeTemporaryFile(path) }
        let start = M.now()
        let replay = M.replay(path)
        let seconds = M.now() - start
        #expect(replay.error == nil)
        #expect(replay.warnings.count == 10_000)
        #expect(replay.warnings.first?.message == "touch 0 never ended (no 'ended' or 'cancelled' before the end of the trace)")
        #expect(replay.warnings.first?.location == SourceLocation(path: path, line: 2, column: 5))
        #expect(replay.output.contains("still down at the end of the trace; cancelled"))
        #expect(seconds < 20, "10,000 touches never lifted took \(seconds) s")
    }
}
