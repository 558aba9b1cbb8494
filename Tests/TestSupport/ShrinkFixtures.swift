import GestureEngine
import GestureReplayTools

/// Generated traces for the tests of `gesturereplay shrink` (docs/shrink.md): a long session of
/// single taps with one double tap buried in it.
public enum ShrinkFixtures {
    /// The scene of `Traces/double-tap.json`: `single` waits for `doubleTap` to fail.
    public static let sceneJSON = """
        {"recognizers": [
          {"name": "single", "kind": "tap", "requireToFail": ["doubleTap"]},
          {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2}
        ]}
        """

    /// `taps` single taps, 0.6 s apart (more than a tap's 0.35 s maximum interval), each a
    /// `began`, `moves` jittery `moved` rows 8 ms apart and an `ended`, at places spread over a
    /// 390 x 844 screen; touch ids 1 to 5 used in turn. After tap `buriedAt`, one more tap 0.15 s
    /// later at the same place: the only double tap. Deterministic (a fixed linear congruential
    /// generator).
    public static func buriedDoubleTap(taps: Int = 250, moves: Int = 10, buriedAt: Int? = nil) -> [ShrinkRow] {
        var seed: UInt64 = 0x5eed
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func round(_ v: Double, _ places: Double) -> Double { (v * places).rounded() / places }
        var rows: [ShrinkRow] = []
        var t = 0.0
        var id = 0
        func tap(at x: Double, _ y: Double) {
            id = id % 5 + 1
            let touch = String(id)
            rows.append(ShrinkRow(time: round(t, 1e6), touch: touch, phase: .began, x: x, y: y))
            for k in 1...max(1, moves) {
                let phase: TouchPhase = k == max(1, moves) ? .ended : .moved
                rows.append(
                    ShrinkRow(
                        time: round(t + Double(k) * 0.008, 1e6), touch: touch, phase: phase, x: round(x + random() - 0.5, 100),
                        y: round(y + random() - 0.5, 100)))
            }
            t += Double(max(1, moves)) * 0.008
        }
        let buried = buriedAt ?? taps / 2
        for i in 0..<taps {
            let x = round(40 + random() * 310, 100)
            let y = round(80 + random() * 680, 100)
            tap(at: x, y)
            if i == buried {
                t += 0.15
                tap(at: x + 1, y - 1)
            }
            t += 0.6
        }
        return rows
    }

    /// `rows` as a trace of `format`, with the scene for JSON.
    public static func text(_ rows: [ShrinkRow], as format: TraceFormat.Writable, scene: Bool = true) throws -> String {
        let json = scene && format == .json ? try JSONParser().parse(sceneJSON, path: "scene") : nil
        return ShrinkDocument(path: "buried", rows: rows, format: .json, screen: Size(width: 390, height: 844), scene: json)
            .text(rows, as: format)
    }
}
