import GestureReplayTools
import TestSupport
import Testing

/// `LiveReplay.replay`, the tool's entry point (what `Replayer.run` did before issue 37 step 4): a file
/// with `live` set is replayed at full speed with a warning, exactly as `Replayer.run` replays it.
@Suite struct LiveReplayEntryTests {
    @Test func liveOnAFileWarnsAndReplaysAsTheLibraryDoes() throws {
        let path = PackageFiles.root + "/Traces/swipe-right.csv"
        var plain = OutputBuffer(fileDescriptor: nil)
        try Replayer.run(.path(path), options: ReplayOptions(), output: &plain)
        var options = ReplayOptions()
        options.liveInput.live = true
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings: [String] = []
        try LiveReplay.replay(.path(path), options: options, output: &out) { warnings.append($0.message) }
        #expect(
            warnings == [
                "ReplayOptions.liveInput.live applies to pipes, terminals, sockets and FIFOs; '\(path)' is not one and is replayed at full speed"
            ])
        #expect(!plain.text.isEmpty)
        #expect(out.text == plain.text)
    }
}
