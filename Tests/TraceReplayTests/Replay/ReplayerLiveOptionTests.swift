import TestSupport
import Testing
import TraceReplay

/// The library's replay does not read live (issue 37 step 4): live input, with its signal handling,
/// is a tool feature (`LiveReplay.replay` in GestureReplayTools). `liveInput.live` given to
/// `Replayer.run` is a usage error that says where to go, never ignored and never a crash.
@Suite struct ReplayerLiveOptionTests {
    @Test func replayerRunRefusesLive() throws {
        var options = ReplayOptions()
        options.liveInput.live = true
        var out = OutputBuffer(fileDescriptor: nil)
        do {
            try Replayer.run(.path(PackageFiles.root + "/Traces/swipe-right.csv"), options: options, output: &out)
            Issue.record("Replayer.run replayed with liveInput.live set")
        } catch {
            #expect(error.category == .usage)
            #expect(
                error.diagnostic.message
                    == "ReplayOptions.liveInput.live is set: a live replay is run by LiveReplay.replay (import GestureReplayTools), not by Replayer.run"
            )
            #expect(error.diagnostic.hints == [.live])
        }
        #expect(out.text.isEmpty)
    }
}
