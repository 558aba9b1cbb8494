@testable import GestureEngine
import Testing
import TraceReplay
import TraceReading

/// The engine's fast paths report exactly what its plain paths report: random traces replayed
/// through the default scene and the failure scene (`EngineInvariantTests`), once as usual and
/// once with `GestureEnvironment.usesPlainPaths` (the exclusion pass after a touch lands runs in
/// full even when no recognizer can exclude; a `changed` request from an active recognizer goes
/// through the coercion table and arbitration; a marked swipe gets the moves it declared quiet;
/// whether a recognizer must wait asks every participant, and a failure looks at every participant
/// for one it releases, not only at the answerers and the waiting ones, FailureQuestions.swift),
/// must give the same log, value for value. A third scene adds recognizers whose classes answer
/// failure questions, so both halves of that rule are compared.
@Suite("Fast paths report what the plain paths report")
struct FastPathEquivalenceTests {
    static func log(_ trace: RandomTrace, _ scene: Scene, views: Bool, plain: Bool) -> [String] {
        run(trace, scene, views: views, plain: plain).log
    }

    /// The log, and how many moves the quiet-move fast path skipped.
    static func run(_ trace: RandomTrace, _ scene: Scene, views: Bool, plain: Bool) -> (log: [String], skipped: Int) {
        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.deliversTouchesToViews = views
        environment.usesPlainPaths = plain
        let checker = InvariantChecker(keepsLog: true)
        environment.observer = checker
        for frame in trace.frames { environment.send(frame.changes, at: frame.time) }
        environment.finish()
        withExtendedLifetime(scene) {}
        return (checker.log, environment.skippedQuietMoves)
    }

    /// The failure scene plus two recognizers whose classes answer failure questions by overriding
    /// them, so the engine asks them (FailureQuestions.swift) beside the ones it need not ask.
    static func answererScene() throws -> Scene {
        let scene = try EngineInvariantTests.failureScene()
        scene.rootView.addGestureRecognizer(TapMadeToWaitByPans(name: "tap made to wait"))
        scene.rootView.addGestureRecognizer(LongPressWaitingForSwipes(name: "long press waiting"))
        return scene
    }

    @Test("2,000 random traces: same log with and without the fast paths", arguments: 0..<4)
    func randomTraces(slice: Int) throws {
        var differing: [String] = []
        var exclusions = 0
        var skippedMoves = 0
        for index in stride(from: slice, to: 2_000, by: 4) {
            let seed = UInt64(index) &* 0x2545_F491 &+ 7
            let trace = RandomTrace.make(seed: seed)
            let views = index % 3 == 0
            let screen = index % 2 == 0 ? EngineInvariantTests.screen : nil
            for (name, scene) in [
                ("default", { Scene.makeDefault(screen: screen) }), ("failure", { try EngineInvariantTests.failureScene() }),
                ("answerers", { try Self.answererScene() }),
            ] as [(String, () throws -> Scene)] {
                let (fast, skipped) = Self.run(trace, try scene(), views: views, plain: false)
                let plain = Self.log(trace, try scene(), views: views, plain: true)
                skippedMoves += skipped
                exclusions += plain.filter { $0.contains("excluded: ") }.count
                if fast != plain && differing.count < 3 {
                    let first =
                        zip(fast, plain).first { $0 != $1 }.map { "fast: \($0.0)\nplain: \($0.1)" }
                        ?? "\(fast.count) vs \(plain.count) lines"
                    differing.append("\(name) scene, RandomTrace.make(seed: \(seed)):\n\(first)")
                }
            }
        }
        #expect(differing.isEmpty, Comment(rawValue: differing.joined(separator: "\n")))
        // The traces reach the pass's work: recognizers are excluded by active ones.
        #expect(exclusions > 0)
        // ... and marked swipes whose quiet moves the fast path skips.
        #expect(skippedMoves > 0)
    }
}

/// A tap that makes every pan wait for it to fail (`shouldBeRequiredToFail(by:)`).
final class TapMadeToWaitByPans: TapGestureRecognizer {
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other is PanGestureRecognizer }
}

/// A long press that waits for every swipe to fail (`shouldRequireFailure(of:)`).
final class LongPressWaitingForSwipes: LongPressGestureRecognizer {
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is SwipeGestureRecognizer }
}
