import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

/// A replay in which every touch misses the scene's views says so, on standard error (a warning,
/// also recorded in a golden file), instead of printing nothing (issue #31, item 5).
@Suite("Replays whose touches all miss the scene")
struct MissedTouchesTests {
    static func csv(_ points: [(Double, Double)]) -> [UInt8] {
        var text = "t,id,phase,x,y\n"
        for (i, p) in points.enumerated() {
            text += "0.\(i)0,\(i + 1),began,\(p.0),\(p.1)\n0.\(i)5,\(i + 1),ended,\(p.0),\(p.1)\n"
        }
        return Array(text.utf8)
    }

    static let squareScene =
        #"{"views": [{"name": "square", "frame": [20, 20, 100, 100]}], "recognizers": [{"name": "tap", "kind": "tap", "view": "square"}]}"#

    static func replay(_ points: [(Double, Double)], scene: String? = nil, screen: Size? = nil) throws -> ReplayResult {
        var options = ReplayOptions()
        options.reading.screen = screen
        let loaded = try scene.map { text throws(TraceError) in try SceneLoader(screen: screen).load(text: text, path: "s.scene.json") }
        return try Replayer.replay(.bytes(csv(points), name: "t.csv"), scene: loaded, options: options)
    }

    static func missed(_ r: ReplayResult) -> [String] {
        r.warnings.map(\.message).filter { $0.hasPrefix("no touch reached the scene's views") }
    }

    @Test func touchesOutsideTheScreenAreReported() throws {
        // A trace in pixels replayed on a 390 x 844 pt screen: both taps land outside the window.
        let r = try Self.replay([(1000, 2000), (1100, 2100)], screen: Size(width: 390, height: 844))
        #expect(r.transitions.isEmpty)
        #expect(
            Self.missed(r) == [
                "no touch reached the scene's views (all 2 touches began outside them; the window is 390 x 844 pt): no recognizer or view received a touch; check the trace's coordinates (window points, not pixels) and the scene's frames"
            ])
        #expect(r.warnings.first { $0.message.hasPrefix("no touch") }?.location == .file("t.csv"))
    }

    @Test func touchesBesideTheOnlyViewWithRecognizersAreReported() throws {
        let r = try Self.replay([(300, 300)], scene: Self.squareScene)
        #expect(
            Self.missed(r) == [
                "no touch reached the scene's views (its 1 touch began outside them; views: square (20, 20, 100 x 100)): no recognizer or view received a touch; check the trace's coordinates (window points, not pixels) and the scene's frames"
            ])
    }

    @Test func oneTouchThatReachesTheSceneIsEnough() throws {
        #expect(Self.missed(try Self.replay([(300, 300), (50, 50)], scene: Self.squareScene)).isEmpty)
        #expect(Self.missed(try Self.replay([(100, 100)], screen: Size(width: 390, height: 844))).isEmpty)
        // Without a screen the default scene's root has no bounds: nothing misses it.
        #expect(Self.missed(try Self.replay([(5000, 5000)])).isEmpty)
        // A scene with nothing to reach says nothing.
        #expect(Self.missed(try Self.replay([(5, 5)], scene: #"{"recognizers": []}"#)).isEmpty)
    }

    @Test func theGoldenTextRecordsTheWarning() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("t.csv", bytes: Self.csv([(1000, 2000)]))
        var options = ReplayOptions()
        options.reading.screen = Size(width: 390, height: 844)
        let replay = try GoldenFile.replay(path, options: options)
        #expect(
            replay.text.hasPrefix(
                "t.csv: warning: no touch reached the scene's views (its 1 touch began outside them; the window is 390 x 844 pt)"))
    }
}
