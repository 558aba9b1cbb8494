@testable import GestureEngine
import Testing
@testable import TraceReplay
import TraceReading

/// The engine's fast paths report exactly what its plain paths report: random traces replayed
/// through the default scene and the failure scene (`EngineInvariantTests`), once as usual and
/// once with `GestureEnvironment.usesPlainPaths` (the exclusion pass after a touch lands runs in
/// full even when no recognizer can exclude; a `changed` request from an active recognizer goes
/// through the coercion table and arbitration; a marked swipe, and a pinch or rotation before its
/// pair formed, get the moves they declared quiet;
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
        // ... and marked swipes and unpaired pinches and rotations whose quiet moves the fast path skips.
        #expect(skippedMoves > 0)
    }
}

/// The observer's fast path (`TransitionReport`, read in place) prints what its plain path
/// (`Transition`, built per report) prints: random traces replayed through the default and failure
/// scenes into the JSON Lines and text renderers, once with the engine's reports
/// (`GestureEnvironment.reportTransitions()`) and once with `usesPlainPaths`, which builds a
/// `Transition` per report and calls the `Transition` methods of the output and the renderer.
/// Also with an output filter, whose report path compares states and identities without a `Transition`.
@Suite("The transition report prints what the Transition prints")
struct TransitionReportEquivalenceTests {
    static func output<R: ReplayRenderer>(
        _ trace: RandomTrace, _ scene: Scene, renderer: R, filter: OutputFilter?, plain: Bool
    ) -> [UInt8] {
        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.usesPlainPaths = plain
        let sink = ReplayOutput(
            renderer: renderer, buffer: OutputBuffer(fileDescriptor: nil), touchIDs: TouchIdentifierMap(names: TouchNameTable()),
            options: ReplayOptions())
        sink.filter = filter
        environment.observer = sink
        sink.renderer.begin(into: &sink.buffer)
        for frame in trace.frames { environment.send(frame.changes, at: frame.time) }
        sink.finish(environment, format: .text)
        environment.observer = nil
        withExtendedLifetime(scene) {}
        return sink.buffer.bytes
    }

    @Test("600 random traces: the same JSON Lines and text, with and without a filter", arguments: 0..<2)
    func randomTraces(slice: Int) throws {
        var differing: [String] = []
        var bytes = 0
        var reasons = 0
        for index in stride(from: slice, to: 600, by: 2) {
            let seed = UInt64(index) &* 0x9E37_79B9 &+ 11
            let trace = RandomTrace.make(seed: seed)
            for (name, makeScene) in [
                ("default", { Scene.makeDefault(screen: index % 2 == 0 ? EngineInvariantTests.screen : nil) }),
                ("failure", { try EngineInvariantTests.failureScene() }),
            ] as [(String, () throws -> Scene)] {
                let filtered = index % 3 == 0
                func filter(_ scene: Scene) throws -> OutputFilter? {
                    guard filtered else { return nil }
                    var options = ReplayOptions()
                    options.output.shownStates = [.ended, .failed, .cancelled]
                    return try OutputFilter.make(options, scene: scene)
                }
                let jsonScene = try makeScene(), jsonPlainScene = try makeScene()
                let fastJSON = Self.output(trace, jsonScene, renderer: JSONLinesRenderer(), filter: try filter(jsonScene), plain: false)
                let plainJSON = Self.output(
                    trace, jsonPlainScene, renderer: JSONLinesRenderer(), filter: try filter(jsonPlainScene), plain: true)
                let textScene = try makeScene(), textPlainScene = try makeScene()
                let fastText = Self.output(
                    trace, textScene, renderer: TextRenderer(scene: textScene), filter: try filter(textScene), plain: false)
                let plainText = Self.output(
                    trace, textPlainScene, renderer: TextRenderer(scene: textPlainScene), filter: try filter(textPlainScene),
                    plain: true)
                bytes += fastJSON.count + fastText.count
                reasons += String(decoding: fastJSON, as: UTF8.self).components(separatedBy: "\"reason\":").count - 1
                if (fastJSON != plainJSON || fastText != plainText) && differing.count < 3 {
                    differing.append(
                        "\(name) scene, RandomTrace.make(seed: \(seed)), filtered \(filtered):\n"
                            + "fast:\n\(String(decoding: fastJSON == plainJSON ? fastText : fastJSON, as: UTF8.self))\n"
                            + "plain:\n\(String(decoding: fastJSON == plainJSON ? plainText : plainJSON, as: UTF8.self))")
                }
            }
        }
        #expect(differing.isEmpty, Comment(rawValue: differing.joined(separator: "\n")))
        // The traces print transitions, failure reasons among them.
        #expect(bytes > 100_000)
        #expect(reasons > 50)
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
