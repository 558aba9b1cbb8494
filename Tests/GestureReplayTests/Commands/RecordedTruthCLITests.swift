import Foundation
import TestSupport
import Testing

/// The truth recorder's files in Traces/recorded/ through the built binary (issue 46): `check`
/// passes on each with no golden file beside it, a recorded setting changed with `--set` fails with
/// the device's result beside the replay's, and a broken recording is a positioned error.
@Suite("Recorded truth (CLI)")
struct RecordedTruthCLITests {
    static let samples = ["drag-and-scroll", "pinch-rotate", "swipe-hold-edge", "taps"]

    @Test func theFolderHoldsTheSamplesAndNoGoldens() {
        let files = PackageFiles.listDirectory(PackageFiles.path("Traces/recorded"))
        #expect(Set(Self.samples.map { $0 + ".json" }).isSubset(of: Set(files)), "\(files)")
        #expect(!files.contains { $0.hasSuffix(".expected") }, "\(files)")
    }

    @Test(arguments: samples)
    func checkPassesWithNoGolden(_ name: String) throws {
        let r = try BinaryRunner.run(["check", "Traces/recorded/\(name).json"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS Traces/recorded/\(name).json\n", "\(r)")
    }

    @Test(
        arguments: [
            ("swipe-hold-edge", "hold.minimumPressDuration=0.8", "device: hold began at 1.400 (100.0, 500.0); replay: hold never began"),
            // A later transition: the replay's beside the device's, in the same words.
            (
                "swipe-hold-edge", "hold.minimumPressDuration=0.5",
                "device: hold began at 1.400 (100.0, 500.0); replay: hold began at 1.500 (100.0, 500.0)"
            ),
            ("taps", "doubleTap.numberOfTapsRequired=3", "device: doubleTap ended at 1.170 (200.0, 200.0); replay: doubleTap never ended"),
            ("drag-and-scroll", "drag.minimumNumberOfTouches=2", "device: drag began at 0.017 (120.0, 285.0); replay: drag never began"),
            ("pinch-rotate", "swipe.numberOfTouchesRequired=2", nil),
        ] as [(String, String, String?)])
    func aChangedThresholdFailsWithTheDevicesResult(_ name: String, _ set: String, _ message: String?) throws {
        let r = try BinaryRunner.run(["check", "--set", set, "Traces/recorded/\(name).json"])
        guard let message else {
            // A setting that changes nothing the recording shows still passes: no false alarm.
            #expect(r.status == 0, "\(r)")
            return
        }
        #expect(r.status == 1, "\(r)")
        let text = r.stdout + r.stderr
        #expect(text.contains("FAIL Traces/recorded/\(name).json"), "\(r)")
        #expect(text.contains("Traces/recorded/\(name).json:"), "\(r)")
        #expect(text.contains(message), "\(r)")
    }

    @Test func theSuiteOfRecordingsPasses() throws {
        let r = try BinaryRunner.run(["test", "Traces/recorded"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("4 passed"), "\(r)")
    }

    @Test func aReplayNamesWhatItCannotModel() throws {
        let r = try BinaryRunner.run(["Traces/recorded/taps.json"])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stderr.contains(
                "Traces/recorded/taps.json:22:7: note: recognizer QuickTapRecognizer on view 'badge' has no registered kind"), "\(r)")
    }

    @Test func aRecordingCutOffMidWriteIsAPositionedError() throws {
        let folder = try TemporaryFolder()
        let text = try BinaryRunner.packageFile("Traces/recorded/taps.json")
        let cut = folder.url.appendingPathComponent("cut.json")
        try Data(text.utf8.prefix(text.utf8.count / 2)).write(to: cut)
        let r = try BinaryRunner.run(["check", "cut.json"], in: folder.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.hasPrefix("cut.json:"), "\(r)")
        #expect(r.stderr.contains(": error: "), "\(r)")
        #expect(!r.stdout.contains("PASS"), "\(r)")
    }
}
