import GestureEngine
import Testing
import TestSupport
@testable import TraceKit

/// `convert`: a recording becomes the canonical trace, and replaying that trace prints exactly
/// what replaying the recording prints.
@Suite("Converting recordings to traces")
struct TraceConverterTests {
    typealias I = ImportSupport

    static func convert(_ options: ReplayOptions, _ target: TraceConverter.Target) throws(TraceError) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        try TraceConverter.convert(options, to: target, output: &out)
        return out.text
    }

    static let inputs: [(String, Size?)] = [
        (RecordingImportTests.header + RecordingImportTests.protocolB, Size(width: 360, height: 780)),
        (RecordingImportTests.header + RecordingImportTests.protocolB, nil),
        (RecordingImportTests.motionEvents, nil),
        (RecordingImportTests.evtest, Size(width: 390, height: 844)),
    ]

    @Test("replaying the converted trace gives byte-identical output", arguments: TraceConverter.Target.allCases)
    func byteIdentical(_ target: TraceConverter.Target) throws {
        var cases = Self.inputs.map { (Array($0.0.utf8), $0.1) }
        for name in RealRecordingTests.fixtures {
            cases.append((try PackageFiles.bytes(atPath: I.fixture(name)), Size(width: 400, height: 240)))
        }
        for (bytes, screen) in cases {
            var options = ReplayOptions(inputPath: ReadingTestSupport.temporaryFile(bytes, suffix: ".txt"))
            options.screen = screen
            options.reportTouches = true
            let recording = I.replay(options)
            #expect(recording.error == nil, "\(recording.error ?? "")")
            let converted = try Self.convert(options, target)
            var again = ReplayOptions(inputPath: ReadingTestSupport.temporaryFile(Array(converted.utf8), suffix: ".\(target.rawValue)"))
            again.reportTouches = true
            // JSON carries the screen (given, or the panel's raw size); JSON Lines and CSV take it
            // again on the command line.
            if target != .json {
                again.screen = try AnyTraceReader(path: options.inputPath, recording: options.recordingOptions).screen?.size
            }
            let replayed = I.replay(again)
            #expect(replayed.error == nil, "\(replayed.error ?? "")")
            #expect(replayed.output == recording.output)
            #expect(!recording.output.isEmpty)
        }
    }

    @Test func theCanonicalText() throws {
        var options = ReplayOptions(
            inputPath: ReadingTestSupport.temporaryFile(
                Array((RecordingImportTests.header + RecordingImportTests.protocolB).utf8), suffix: ".txt"))
        options.screen = Size(width: 540, height: 1170)
        #expect(
            try Self.convert(options, .json) == """
                {"screen": {"width": 540.0, "height": 1170.0},
                 "events": [
                  {"t": 0.0, "id": 1, "phase": "began", "x": 50.0, "y": 100.0},
                  {"t": 0.01, "id": 2, "phase": "began", "x": 150.0, "y": 200.0},
                  {"t": 0.02, "id": 1, "phase": "moved", "x": 55.0, "y": 100.0},
                  {"t": 0.03, "id": 1, "phase": "ended", "x": 55.0, "y": 100.0},
                  {"t": 0.04, "id": 2, "phase": "ended", "x": 150.0, "y": 200.0}
                ]}

                """)
        #expect(try Self.convert(options, .csv).hasPrefix("t,id,phase,x,y\n0.0,1,began,50.0,100.0\n0.01,2,began,150.0,200.0\n"))
        #expect(try Self.convert(options, .jsonl).hasPrefix("{\"t\": 0.0, \"id\": 1, \"phase\": \"began\", \"x\": 50.0, \"y\": 100.0}\n"))
        // A trace converts too (to itself, canonically).
        let csv = ReplayOptions(
            inputPath: ReadingTestSupport.temporaryFile(Array("t,id,phase,x,y\n0,A,down,1,2\n0.5,A,up,1,2\n".utf8), suffix: ".csv"))
        #expect(
            try Self.convert(csv, .jsonl)
                == "{\"t\": 0.0, \"id\": \"A\", \"phase\": \"began\", \"x\": 1.0, \"y\": 2.0}\n{\"t\": 0.5, \"id\": \"A\", \"phase\": \"ended\", \"x\": 1.0, \"y\": 2.0}\n"
        )
    }
}
