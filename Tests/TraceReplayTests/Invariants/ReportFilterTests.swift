@testable import GestureEngine
import Testing
import TraceReplay
import TraceReading

/// The engine's report filter (`GestureEnvironment.reportedStates`, `GestureRecognizer.isReported`:
/// what a replay with `--states`/`--show` and no other listener sets) is a fast path: the engine
/// builds no transition, values or failure reason for a line the output would drop. What it still
/// reports must be exactly the unfiltered report's transitions that pass, value for value and
/// reason for reason, and the replay itself must not change (the recognizers decide as before).
@Suite("The engine's report filter reports exactly what the output would keep")
struct ReportFilterTests {
    /// Every transition as a line with its values and reason, and every diagnostic.
    final class Lines: GestureEnvironmentObserver {
        var transitions: [(line: String, state: GestureRecognizerState, name: String)] = []
        var diagnostics: [String] = []
        func environment(_ environment: GestureEnvironment, didTransition t: Transition) {
            transitions.append(
                (
                    "\(t.time) \(t.recognizer.name) \(t.previous) -> \(t.state) \(t.values.location) \(t.values.numberOfTouches) "
                        + "\(String(describing: t.values.translation)) \(String(describing: t.values.velocity)) "
                        + "\(String(describing: t.values.scale)) \(String(describing: t.values.rotation)) reason: \(t.reason ?? "-")",
                    t.state, t.recognizer.name
                ))
        }
        func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
            diagnostics.append("\(diagnostic.time) \(diagnostic.message)")
        }
    }

    static func run(_ trace: RandomTrace, _ scene: Scene, states: Set<GestureRecognizerState>?, shown: Set<String>?) -> Lines {
        let environment = GestureEnvironment(rootView: scene.rootView)
        let lines = Lines()
        environment.observer = lines
        if let states {
            var mask: UInt8 = 0
            for s in states { mask |= 1 << s.rawValue }
            environment.reportedStates = mask
        }
        if let shown { for r in scene.recognizers { r.isReported = shown.contains(r.name) } }
        for frame in trace.frames { environment.send(frame.changes, at: frame.time) }
        environment.finish()
        withExtendedLifetime(scene) {}
        return lines
    }

    @Test("1,000 random traces, state and recognizer filters: the unfiltered report's lines that pass", arguments: 0..<2)
    func randomTraces(slice: Int) throws {
        let filters: [(Set<GestureRecognizerState>?, Set<String>?)] = [
            ([.ended, .failed], nil), ([.began, .ended], nil), ([.failed, .cancelled], ["tap", "pan", "swipe"]),
            (nil, ["doubleTap", "pinch"]), ([.changed], ["pan"]),
        ]
        var differing: [String] = []
        var kept = 0
        var dropped = 0
        for index in stride(from: slice, to: 1_000, by: 2) {
            let trace = RandomTrace.make(seed: UInt64(index) &* 0x9E37_79B9 &+ 11)
            let (states, shown) = filters[index % filters.count]
            for make in [{ Scene.makeDefault(screen: nil) }, { try EngineInvariantTests.failureScene() }] as [() throws -> Scene] {
                let all = Self.run(trace, try make(), states: nil, shown: nil)
                let filtered = Self.run(trace, try make(), states: states, shown: shown)
                let expected = all.transitions.filter { (states?.contains($0.state) ?? true) && (shown?.contains($0.name) ?? true) }
                kept += expected.count
                dropped += all.transitions.count - expected.count
                if filtered.transitions.map(\.line) != expected.map(\.line) || filtered.diagnostics != all.diagnostics {
                    differing.append("trace \(index) (RandomTrace.make(seed: \(UInt64(index) &* 0x9E37_79B9 &+ 11)))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // The filters kept some lines and dropped others: both halves were compared.
        #expect(kept > 100 && dropped > 100)
    }
}
