import GestureEngine
import GestureReplayCLI
import Testing
import TraceReplay
import Wiggle

/// The new user's path (docs/uikit-compat.md, "Your app's files, unchanged"): two recognizer files of
/// an app, compiled unchanged through the derivative path, replayed by the example's CLI with golden
/// files that record their values, and a threshold changed with `--set` showing in `compare`.
@Suite("App recognizers through the derivative path")
struct AppGestureTests {
    static var options: ReplayOptions {
        var options = ReplayOptions()
        options.scene.catalog = .examples
        options.scene.path = WiggleReplayTests.trace("app/app.scene.json")
        return options
    }

    @Test("tip-taps: the count the targets read is in each transition")
    func tipTaps() throws {
        let result = try Replayer.replay(.path(WiggleReplayTests.trace("app/tip-taps.csv")), options: Self.options)
        let tips = result.transitions(of: "tips")
        #expect(tips.map(\.state) == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(tips.map { $0.values.extra.first?.value } == [1, 1, 2, 2, 3, 3].map { .integer($0) })
        #expect(result.text.contains("tips  tipTap      possible -> began") && result.text.contains("tapCount 1"))
    }

    @Test("one-finger zoom: the translation at began is the move that began it")
    func zoom() throws {
        let result = try Replayer.replay(.path(WiggleReplayTests.trace("app/one-finger-zoom.csv")), options: Self.options)
        let zoom = result.transitions(of: "zoom")
        #expect(zoom.first?.state == .began)
        #expect(zoom.first?.values.extra.first?.value == .point(Point(x: 0, y: 18)))
    }

    @Test("the CLI: goldens pass; a shorter maximumTapDuration changes the outcome in compare")
    func cli() {
        let dir = WiggleReplayTests.trace("app")
        #expect(GestureReplayCLI.run(["test", dir], catalog: .examples, programName: "wiggle-replay") == 0)
        #expect(
            GestureReplayCLI.run(
                ["compare", dir, "--b-set", "tips.maximumTapDuration=0.05"], catalog: .examples, programName: "wiggle-replay")
                == 1)
        #expect(
            GestureReplayCLI.run(
                ["compare", dir, "--b-set", "tips.maximumTapDuration=0.2"], catalog: .examples, programName: "wiggle-replay") == 0)
    }
}
