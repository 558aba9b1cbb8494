import EngineSeeds
import Foundation
import Testing
import TraceReplay

/// The engine's marquee, compiled in this package from its source against the public API only,
/// replays the root package's marquee traces exactly as the engine's own copy does (their goldens).
@Suite("Engine seeds outside the engine")
struct EngineSeedsTests {
    static func rootFile(_ name: String) -> String {
        var dir = String(#filePath)
        for _ in 0..<4 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/" + name
    }

    @Test("the out-of-engine marquee matches the golden", arguments: ["Traces/marquee-down-right", "Traces/marquee-up-left"])
    func marquee(_ trace: String) throws {
        let scene = Scene(screen: Size(width: 390, height: 844))
        let canvas = try scene.addView("canvas", frame: Rect(x: 0, y: 100, width: 390, height: 600))
        // EngineSeeds' class, not GestureEngine's (same name, this module's wins).
        _ = try scene.add(EngineSeeds.MarqueeGestureRecognizer(name: "selection"), to: canvas)
        let result = try Replayer.replay(.path(Self.rootFile(trace + ".json")), scene: scene)
        let golden = try String(contentsOfFile: Self.rootFile(trace + ".expected"), encoding: .utf8)
        #expect(result.text == golden)
    }
}
