import Foundation
import TestSupport
import Testing
import TraceRecorder

/// Traces/recorded/ holds files the truth recorder wrote (through TruthRecordingRig's scripts, with
/// the app's tap class unregistered, so they replay with the `gesturereplay` binary and show its
/// note). Regenerating them gives the same bytes; `RECORDED_SAMPLES_RECORD=1` rewrites them.
@MainActor
@Suite("Recorded samples")
struct RecordedSampleTests {
    @Test(arguments: TruthRecordingRig.scriptNames)
    func theSampleIsWhatTheRecorderWrites(_ name: String) throws {
        let text = TruthRecordingRig.record(name).text
        let path = PackageFiles.path("Traces/recorded/\(name).json")
        if ProcessInfo.processInfo.environment["RECORDED_SAMPLES_RECORD"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let bytes = try PackageFiles.bytes(atPath: path)
        #expect(
            String(decoding: bytes, as: UTF8.self) == text,
            "\(path) differs from what the recorder writes now (RECORDED_SAMPLES_RECORD=1 rewrites it)")
        // Twice in one process: the same bytes (no counters, addresses or clocks leak in).
        #expect(TruthRecordingRig.record(name).text == text)
    }
}
