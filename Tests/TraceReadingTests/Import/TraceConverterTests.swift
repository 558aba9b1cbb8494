import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

/// `convert`: a recording becomes the canonical trace, and replaying that trace prints exactly
/// what replaying the recording prints.
@Suite("Converting recordings to traces")
struct TraceConverterTests {
    typealias I = ImportSupport

    static func convert(_ path: String, _ options: ReplayOptions, _ target: TraceFormat.Writable) throws(TraceError) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        try TraceConverter.convert(path, options: options, to: target, output: &out)
        return out.text
    }

    static let inputs: [(String, Size?)] = [
        (RecordingImportTests.header + RecordingImportTests.protocolB, Size(width: 360, height: 780)),
        (RecordingImportTests.header + RecordingImportTests.protocolB, nil),
        (RecordingImportTests.motionEvents, nil),
        (RecordingImportTests.evtest, Size(width: 390, height: 844)),
    ]

    @Test("replaying the converted trace gives byte-identical output", arguments: TraceFormat.Writable.allCases)
    func byteIdentical(_ target: TraceFormat.Writable) throws {
        var cases = Self.inputs.map { (Array($0.0.utf8), $0.1) }
        for name in RealRecordingTests.fixtures {
            cases.append((try PackageFiles.bytes(atPath: I.fixture(name)), Size(width: 400, height: 240)))
        }
        for (bytes, screen) in cases {
            let path = ReadingTestSupport.temporaryFile(bytes, suffix: ".txt")
            var options = ReplayOptions()
            options.reading.screen = screen
            options.output.reportTouches = true
            let recording = I.replay(path, options)
            #expect(recording.error == nil, "\(recording.error ?? "")")
            let converted = try Self.convert(path, options, target)
            let againPath = ReadingTestSupport.temporaryFile(Array(converted.utf8), suffix: ".\(target.rawValue)")
            var again = ReplayOptions()
            again.output.reportTouches = true
            // JSON carries the screen (given, or the panel's raw size); JSON Lines and CSV take it
            // again on the command line.
            if target != .json {
                again.reading.screen = try AnyTraceReader(path: path, recording: options.recordingOptions).screen?.size
            }
            let replayed = I.replay(againPath, again)
            #expect(replayed.error == nil, "\(replayed.error ?? "")")
            #expect(replayed.output == recording.output)
            #expect(!recording.output.isEmpty)
        }
    }

    @Test func theCanonicalText() throws {
        let path = ReadingTestSupport.temporaryFile(
            Array((RecordingImportTests.header + RecordingImportTests.protocolB).utf8), suffix: ".txt")
        var options = ReplayOptions()
        options.reading.screen = Size(width: 540, height: 1170)
        #expect(
            try Self.convert(path, options, .json) == """
                {"screen": {"width": 540.0, "height": 1170.0},
                 "events": [
                  {"t": 0.0, "id": 1, "phase": "began", "x": 50.0, "y": 100.0},
                  {"t": 0.01, "id": 2, "phase": "began", "x": 150.0, "y": 200.0},
                  {"t": 0.02, "id": 1, "phase": "moved", "x": 55.0, "y": 100.0},
                  {"t": 0.03, "id": 1, "phase": "ended", "x": 55.0, "y": 100.0},
                  {"t": 0.04, "id": 2, "phase": "ended", "x": 150.0, "y": 200.0}
                ]}

                """)
        #expect(try Self.convert(path, options, .csv).hasPrefix("t,id,phase,x,y\n0.0,1,began,50.0,100.0\n0.01,2,began,150.0,200.0\n"))
        #expect(
            try Self.convert(path, options, .jsonl).hasPrefix("{\"t\": 0.0, \"id\": 1, \"phase\": \"began\", \"x\": 50.0, \"y\": 100.0}\n"))
        // A trace converts too (to itself, canonically).
        let csv = ReadingTestSupport.temporaryFile(Array("t,id,phase,x,y\n0,A,down,1,2\n0.5,A,up,1,2\n".utf8), suffix: ".csv")
        #expect(
            try Self.convert(csv, ReplayOptions(), .jsonl)
                == "{\"t\": 0.0, \"id\": \"A\", \"phase\": \"began\", \"x\": 1.0, \"y\": 2.0}\n{\"t\": 0.5, \"id\": \"A\", \"phase\": \"ended\", \"x\": 1.0, \"y\": 2.0}\n"
        )
    }

    static func convert(
        _ path: String, _ options: ReplayOptions, _ target: TraceFormat.Writable, warnings: inout [String]
    ) throws(TraceError) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        var seen: [String] = []
        try TraceConverter.convert(
            path, options: options, to: target, output: &out, warn: { seen.append(DiagnosticFormatter().format($0)) })
        warnings = seen
        return out.text
    }

    @Test("a JSON trace's scene and expect are kept, so the converted trace replays and checks the same (adversarial finding 13)")
    func sceneAndExpectKept() throws {
        for name in ["Traces/double-tap.json", "Traces/expectations/double-tap.json"] {
            let path = PackageFiles.path(name)
            let source = try AnyTraceReader(path: path)
            #expect(source.scene != nil || source.expect != nil, "\(name) holds a scene or expect")
            let options = ReplayOptions()
            var warnings: [String] = []
            let converted = try Self.convert(path, options, .json, warnings: &warnings)
            #expect(warnings.isEmpty, "\(warnings)")
            let out = ReadingTestSupport.temporaryFile(Array(converted.utf8), suffix: ".json")
            let again = try AnyTraceReader(path: out)
            #expect(again.scene?.kind.withoutLocations == source.scene?.kind.withoutLocations)
            #expect(again.expect?.kind.withoutLocations == source.expect?.kind.withoutLocations)
            #expect(I.replay(out).output == I.replay(path, options).output)
            #expect(!I.replay(path, options).output.isEmpty)
            // JSON Lines and CSV cannot carry them: said, positioned at the member.
            _ = try Self.convert(path, options, .jsonl, warnings: &warnings)
            if let scene = source.scene {
                #expect(
                    warnings.contains(
                        "\(path):\(scene.location.line):\(scene.location.column): warning: JSON Lines cannot carry the trace's scene: replay the converted trace with ReplayOptions.scene.path, or convert to JSON"
                    ), "\(warnings)")
            }
            if source.expect != nil {
                #expect(warnings.contains { $0.contains("warning: JSON Lines cannot carry the trace's expect") }, "\(warnings)")
            }
        }
    }

    @Test("the screen the mapping worked out goes into JSON; JSON Lines and CSV say they cannot carry it")
    func screenWrittenOrSaid() throws {
        let path = ReadingTestSupport.temporaryFile(
            Array((MappingDecisionTests.header + MappingDecisionTests.events).utf8), suffix: ".txt")
        var options = ReplayOptions()
        options.reading.recording.density = 2.75
        var warnings: [String] = []
        let json = try Self.convert(path, options, .json, warnings: &warnings)
        #expect(json.hasPrefix("{\"screen\": {\"width\": 392.72727272727275, \"height\": 850.9090909090909},"), "\(json)")
        #expect(warnings.isEmpty)
        _ = try Self.convert(path, options, .csv, warnings: &warnings)
        #expect(
            warnings == [
                "\(path):1:1: warning: CSV cannot carry the screen (392.72727272727275 x 850.9090909090909 pt): replay the converted trace with ReplayOptions.reading.screen = 392.72727272727275x850.9090909090909, or convert to JSON"
            ], "\(warnings)")
        // --density without ranges: no screen to write (it was 2.75 x 0, a trace the tool rejects).
        let barePath = ReadingTestSupport.temporaryFile(Array(MappingDecisionTests.events.utf8), suffix: ".txt")
        var bare = ReplayOptions()
        bare.reading.recording.density = 2.75
        let noScreen = try Self.convert(barePath, bare, .json, warnings: &warnings)
        #expect(noScreen.hasPrefix("{\"events\": ["), "\(noScreen)")
        let replayed = I.replay(ReadingTestSupport.temporaryFile(Array(noScreen.utf8), suffix: ".json"))
        #expect(replayed.error == nil && replayed.output.contains("tap             tap             possible -> ended"), "\(replayed)")
    }

    @Test("a non-finite position is an error, never written as inf (adversarial finding 8)")
    func nonFiniteNotWritten() {
        let text =
            RecordingImportTests.motion("ACTION_DOWN", [(0, 1e308, 1200)], 5000)
            + RecordingImportTests.motion("ACTION_UP", [(0, 1e308, 1200)], 5050)
        let path = ReadingTestSupport.temporaryFile(Array(text.utf8), suffix: ".txt")
        var options = ReplayOptions()
        options.reading.screen = Size(width: 390, height: 844)
        options.reading.recording.rawSize = Size(width: 1080, height: 2340)
        for target in TraceFormat.Writable.allCases {
            var warnings: [String] = []
            do {
                let text = try Self.convert(path, options, target, warnings: &warnings)
                Issue.record("converted with inf: \(text)")
            } catch {
                #expect(error.diagnostic.message.contains("not a finite number"), "\(error)")
                #expect(error.diagnostic.location?.line == 1)
            }
        }
    }
}

extension JSONValue.Kind {
    /// The value with every location dropped, to compare two parses of the same JSON.
    var withoutLocations: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let v): "\(v)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(\.kind.withoutLocations).joined(separator: ",") + "]"
        case .object(let m): "{" + m.map { "\($0.key):\($0.value.kind.withoutLocations)" }.joined(separator: ",") + "}"
        }
    }
}
