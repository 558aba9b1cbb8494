@testable import GestureEngine
import Testing
@testable import TraceReplay
@testable import TraceReading

/// A recognizer asks its delegate only the questions the delegate may answer other than the
/// default (`DelegateQuestions`, declared by `DeclaresDelegateQuestions` when the delegate is set):
/// the default scene's `SceneDelegate` is asked `shouldRecognizeSimultaneously` only, while a
/// recognizer whose own delegate the scene forwards to, or any other delegate, is asked everything.
@Suite("Delegates are asked only what they may answer")
struct DelegateQuestionTests {
    /// Counts the questions it is asked; declares `declared` (or nothing when nil).
    final class CountingDelegate: GestureRecognizerDelegate, DeclaresDelegateQuestions {
        var declared: DelegateQuestions
        var asked: [String: Int] = [:]
        init(declaring declared: DelegateQuestions) { self.declared = declared }
        func questions(answeredFor recognizer: GestureRecognizer) -> DelegateQuestions { declared }
        func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
            asked["shouldBegin", default: 0] += 1
            return true
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            asked["shouldReceive", default: 0] += 1
            return true
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
            asked["simultaneous", default: 0] += 1
            return true
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
            asked["requireFailure", default: 0] += 1
            return false
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
            asked["requiredToFail", default: 0] += 1
            return false
        }
    }

    /// A tap and a pan on one root view, both with `delegate`: two taps, then a drag.
    static func replay(_ delegate: any GestureRecognizerDelegate) -> [String] {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = TapGestureRecognizer(name: "tap")
        let pan = PanGestureRecognizer(name: "pan")
        for r in [tap, pan] as [GestureRecognizer] {
            r.delegate = delegate
            root.addGestureRecognizer(r)
        }
        let environment = GestureEnvironment(rootView: root)
        let checker = InvariantChecker(keepsLog: true)
        environment.observer = checker
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 100))], at: 0)
        environment.send([TouchChange(id: 1, phase: .ended, location: Point(x: 100, y: 100))], at: 0.05)
        environment.send([TouchChange(id: 2, phase: .began, location: Point(x: 100, y: 100))], at: 0.2)
        for step in 1...10 {
            let location = Point(x: 100 + 10 * Double(step), y: 100)
            environment.send([TouchChange(id: 2, phase: .moved, location: location)], at: 0.2 + 0.01 * Double(step))
        }
        environment.send([TouchChange(id: 2, phase: .ended, location: Point(x: 200, y: 100))], at: 0.35)
        environment.finish()
        return checker.log
    }

    @Test("a delegate is asked only the questions it declares; the log is the same as when it is asked everything")
    func declaredQuestionsOnly() {
        let everything = CountingDelegate(declaring: .all)
        let log = Self.replay(everything)
        #expect(everything.asked["shouldReceive"] == 4)
        #expect(everything.asked["shouldBegin", default: 0] > 0)
        #expect(everything.asked["requireFailure", default: 0] > 0)
        #expect(everything.asked["requiredToFail", default: 0] > 0)

        let some = CountingDelegate(declaring: [.shouldRequireFailure, .shouldRecognizeSimultaneously])
        #expect(Self.replay(some) == log)
        #expect(some.asked["shouldReceive"] == nil)
        #expect(some.asked["shouldBegin"] == nil)
        #expect(some.asked["requiredToFail"] == nil)
        #expect(some.asked["requireFailure"] == everything.asked["requireFailure"])
        #expect(some.asked["simultaneous"] == everything.asked["simultaneous"])

        // A delegate without the declaration is asked everything.
        let plain = TestDelegateAskedEverything()
        _ = Self.replay(plain)
        #expect(plain.shouldReceiveCalls == 4)
    }

    final class TestDelegateAskedEverything: GestureRecognizerDelegate {
        var shouldReceiveCalls = 0
        func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            shouldReceiveCalls += 1
            return true
        }
    }

    @Test("the default scene's delegate declares shouldRecognizeSimultaneously only; no delegate, no question")
    func defaultScene() {
        let scene = Scene.makeDefault(screen: EngineInvariantTests.screen)
        #expect(!scene.recognizers.isEmpty)
        for r in scene.recognizers { #expect(r.delegateQuestions == .shouldRecognizeSimultaneously, "\(r.name)") }
        let lone = TapGestureRecognizer(name: "lone")
        #expect(lone.delegateQuestions == [])
        lone.delegate = scene.delegate
        #expect(lone.delegateQuestions == .shouldRecognizeSimultaneously)
        lone.delegate = nil
        #expect(lone.delegateQuestions == [])
    }

    @Test("a recognizer whose own delegate the scene forwards to is asked everything, whenever the forwarding began")
    func forwardedDelegate() throws {
        let scene = Scene.makeDefault(screen: EngineInvariantTests.screen)
        let own = CountingDelegate(declaring: [])
        let joined = TapGestureRecognizer(name: "joined")
        joined.delegate = own
        try scene.add(joined)
        #expect(joined.delegateQuestions == .all)
        // Forwarding set up after the scene's delegate was set refreshes the recognizer's set.
        let later = try #require(scene.recognizer(named: "pan"))
        #expect(later.delegateQuestions == .shouldRecognizeSimultaneously)
        scene.delegate.forward(later, to: own)
        #expect(later.delegateQuestions == .all)
    }

    /// The failure scene (`EngineInvariantTests`) with two recognizers that joined it with
    /// delegates of their own, answering other than the default: the scene's delegate forwards to them.
    static func forwardingScene() throws -> Scene {
        let scene = try EngineInvariantTests.failureScene()
        let picky = PickyDelegate()
        for (name, kind) in [("ownTap", "tap"), ("ownPan", "pan")] {
            let r: GestureRecognizer = kind == "tap" ? TapGestureRecognizer(name: name) : PanGestureRecognizer(name: name)
            r.delegate = picky
            try scene.add(r)
        }
        return scene
    }

    /// Deterministic non-default answers: odd touches only, the pan waits for every tap, the tap
    /// must fail for the long presses, and the tap never begins on its third attempt.
    final class PickyDelegate: GestureRecognizerDelegate {
        var begins = 0
        func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
            begins += 1
            return begins % 3 != 0
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { touch.id % 2 == 1 }
        func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
            r.name == "ownPan" && o is TapGestureRecognizer
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
            r.name == "ownTap" && o is LongPressGestureRecognizer
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
            o.name == "drag"
        }
    }

    @Test("500 random traces through a scene that forwards to delegates of its own: same log asked everything", arguments: 0..<2)
    func forwardingSceneMatchesPlainPaths(slice: Int) throws {
        var differing: [String] = []
        for index in stride(from: slice, to: 500, by: 2) {
            let seed = UInt64(index) &* 0x9E37_79B9 &+ 11
            let trace = RandomTrace.make(seed: seed)
            let views = index % 3 == 0
            let fast = FastPathEquivalenceTests.log(trace, try Self.forwardingScene(), views: views, plain: false)
            let plain = FastPathEquivalenceTests.log(trace, try Self.forwardingScene(), views: views, plain: true)
            if fast != plain && differing.count < 3 {
                let first = zip(fast, plain).first { $0 != $1 }.map { "\($0.0) / \($0.1)" } ?? "lengths"
                differing.append("RandomTrace.make(seed: \(seed)): \(first)")
            }
        }
        #expect(differing.isEmpty, Comment(rawValue: differing.joined(separator: "\n")))
    }
}
