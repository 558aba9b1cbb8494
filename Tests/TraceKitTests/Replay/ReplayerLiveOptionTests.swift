import TestSupport
import Testing
import TraceKit

/// The library's replay does not read live (issue 37 step 4): live input, with its signal handling,
/// is a tool feature (`LiveReplay.replay` in GestureReplayTools). `ReplayOptions.live` given to
/// `Replayer.run` is a usage error that says where to go, never ignored and never a crash.
@Suite struct ReplayerLiveOptionTests {
    @Test func replayerRunRefusesLive() throws {
        var options = ReplayOptions(inputPath: PackageFiles.root + "/Traces/swipe-right.csv")
        options.live = true
        var out = OutputBuffer(fileDescriptor: nil)
        #expect(
            throws: TraceError.usage(
                "ReplayOptions.live is set: a live replay is run by LiveReplay.replay (import GestureReplayTools), not by Replayer.run")
        ) {
            try Replayer.run(options, output: &out)
        }
        #expect(out.text.isEmpty)
    }
}
