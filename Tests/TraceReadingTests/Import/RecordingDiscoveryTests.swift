import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// `test` finds device recordings among other text files by their content (`TraceSuite.discover`,
/// which asks the importers' sniffers); here beside the recording fixtures it uses.
@Suite struct RecordingDiscoveryTests {
    @Test("discover: recordings saved as the capture docs say (.txt, .yml, .log, .events) by their content, not other text files")
    func discoverRecordingsByContent() throws {
        let dir = try TemporaryFolder()
        defer { dir.remove() }
        let phone = try dir.write("s/phone.txt", MappingDecisionTests.header + MappingDecisionTests.events)
        let motion = try dir.write(
            "s/motion.txt", "--------- beginning of main\n" + RecordingImportTests.motion("ACTION_DOWN", [(0, 1, 2)], 5))
        let drag = try dir.write("s/drag.yml", MappingDecisionTests.libinputRecord)
        let events = try dir.write("s/panel.tap.events", "E: 0.000001 0003 0039 1\nE: 0.000001 0000 0000 0\n")
        let log = try dir.write(
            "s/logcat.log", "11-24 I Choreographer: skipped\n" + RecordingImportTests.motion("ACTION_UP", [(0, 1, 2)], 5))
        try dir.write("s/panel.desc", "N: panel\nA: 35 0 1079 0 0 0\n")
        try dir.write("s/README.txt", "How to record: adb shell getevent -lt > phone.txt\n")
        try dir.write("s/notes.txt", "")
        try dir.write("s/config.yml", "version: 2\njobs:\n  build: {}\n")
        try dir.write("s/build.log", "[ 12%] Building Swift object\n")
        #expect(try TraceSuite.discover([dir.path + "/s"], shard: nil) == [drag, log, motion, events, phone].sorted())
        #expect(!TraceSuite.isRecordingByContent(dir.path + "/s"), "a folder is not")
        #expect(TraceSuite.isRecordingByContent(phone))
    }
}
