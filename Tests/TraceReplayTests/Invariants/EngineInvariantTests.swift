@testable import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// Property-based checks of the engine: 10,000 seeded random valid traces (1 to 5 fingers per
/// gesture, random timings, see `RandomTrace`) are replayed through the default scene (with and
/// without a screen, with and without view delivery) and through a scene full of failure
/// requirements, exclusion and simultaneity, loaded from JSON by `SceneLoader`. `InvariantChecker`
/// lists what is checked. One trace in eight is also replayed a second time: everything reported
/// must be the same, value for value. A failure names the seed, which `RandomTrace.make(seed:)`
/// turns back into the trace.
@Suite("Engine invariants on random traces")
struct EngineInvariantTests {
    /// The traces run in this many parallel slices.
    static let slices = 8
    /// 10,000, or fewer with `GESTUREREPLAY_TEST_SCALE` (`make test` runs a tenth).
    static let traceCount = TestScale.count(10_000, multipleOf: slices)

    static let screen = Size(width: 390, height: 844)

    /// Failure requirements (chains and fan-in), exclusion across nested views, simultaneity, a
    /// delayed view, two-finger and edge recognizers.
    static let failureSceneText = """
        {
          "views": [
            {"name": "left", "frame": [0, 0, 195, 844]},
            {"name": "card", "parent": "left", "frame": [20, 100, 150, 200]},
            {"name": "right", "frame": [195, 0, 195, 844]}
          ],
          "recognizers": [
            {"name": "single", "kind": "tap", "requireToFail": ["double", "triple"]},
            {"name": "double", "kind": "tap", "numberOfTapsRequired": 2, "requireToFail": "triple"},
            {"name": "triple", "kind": "tap", "numberOfTapsRequired": 3},
            {"name": "twoFingerTap", "kind": "tap", "numberOfTouchesRequired": 2, "view": "right"},
            {"name": "press", "kind": "longPress", "minimumPressDuration": 0.3, "simultaneousWith": ["drag"]},
            {"name": "drag", "kind": "pan", "requireToFail": ["swipeLeft", "edge"], "maximumNumberOfTouches": 2},
            {"name": "swipeLeft", "kind": "swipe", "direction": "left"},
            {"name": "edge", "kind": "screenEdgePan", "edges": ["left", "right"]},
            {"name": "pinch", "kind": "pinch", "view": "left", "simultaneousWith": "rotate"},
            {"name": "rotate", "kind": "rotation", "view": "left"},
            {"name": "cardTap", "kind": "tap", "view": "card", "requireToFail": "cardPress"},
            {"name": "cardPress", "kind": "longPress", "view": "card", "numberOfTapsRequired": 1},
            {"name": "marquee", "kind": "marquee", "view": "right", "requireToFail": "twoFingerSwipe"},
            {"name": "twoFingerSwipe", "kind": "twoFingerSwipe", "view": "right"},
            {"name": "tickle", "kind": "tickle", "view": "card", "delaysTouchesBegan": true}
          ]
        }
        """

    static let failureSceneJSON = Result { () throws(TraceError) in try JSONParser().parse(failureSceneText, path: "failure.scene.json") }

    /// A fresh copy of the failure scene (recognizers keep state, so every run gets its own).
    static func failureScene() throws -> Scene {
        try SceneLoader(screen: screen).load(failureSceneJSON.get())
    }

    /// Replays `trace` through `scene` (fresh for each run) and checks every invariant, including
    /// that after `finish()` an event is refused with one diagnostic and nothing else is reported.
    static func run(_ trace: RandomTrace, _ scene: Scene, views: Bool, keepsLog: Bool = false) -> InvariantChecker {
        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.deliversTouchesToViews = views
        let checker = InvariantChecker(keepsLog: keepsLog)
        environment.observer = checker
        var last = 0.0
        for frame in trace.frames {
            environment.send(frame.changes, at: frame.time)
            last = frame.time
        }
        environment.finish()
        checker.finished = true
        checker.checkAllClosed()
        checker.expectedDiagnostics = 1
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 10, y: 10))], at: last + 1)
        environment.advance(to: .infinity)
        environment.finish()
        withExtendedLifetime(scene) {}
        return checker
    }

    struct Totals {
        var traces = 0
        var rows = 0
        var transitions = 0
    }

    @Test("10,000 random traces (scaled by GESTUREREPLAY_TEST_SCALE) keep every invariant", arguments: 0..<slices)
    func randomTraces(slice: Int) throws {
        var totals = Totals()
        var failures = 0
        for index in stride(from: slice, to: Self.traceCount, by: Self.slices) {
            let seed = UInt64(index) &* 0x9E37_79B9 &+ 1
            let trace = RandomTrace.make(seed: seed)
            let screen = index % 2 == 0 ? Self.screen : nil
            let views = index % 3 == 0
            let first = Self.run(trace, Scene.makeDefault(screen: screen), views: views, keepsLog: index % 8 == 0)
            let failure = Self.run(trace, try Self.failureScene(), views: views)
            var problems = first.violations.map { "default scene: \($0)" } + failure.violations.map { "failure scene: \($0)" }
            for checker in [first, failure] where checker.endedTouches.values.reduce(0, +) != trace.touchCount {
                problems.append("\(trace.touchCount) touches began, \(checker.endedTouches.values.reduce(0, +)) ended")
            }
            // Deterministic: a second run reports exactly the same, value for value.
            if index % 8 == 0 {
                let again = Self.run(trace, Scene.makeDefault(screen: screen), views: views, keepsLog: true)
                if again.log != first.log || first.log.isEmpty { problems.append("a second run differs from the first") }
            }
            if !problems.isEmpty {
                failures += 1
                if failures <= 3 {
                    let text =
                        "trace \(index) (RandomTrace.make(seed: \(seed)), \(trace.rows.count) rows):\n" + problems.joined(separator: "\n")
                    Issue.record(Comment(rawValue: text))
                }
            }
            totals.traces += 1
            totals.rows += trace.rows.count
            totals.transitions += first.transitionCount + failure.transitionCount
        }
        #expect(failures == 0, "\(failures) of \(totals.traces) traces broke an invariant")
        #expect(totals.traces == Self.traceCount / Self.slices)
        // The traces exercise the recognizers: many transitions, not just silence.
        #expect(totals.transitions > totals.traces * 10, "\(totals.transitions) transitions for \(totals.traces) traces")
    }

    /// The checker itself notices each kind of violation.
    @Test func checkerCatchesViolations() {
        let environment = GestureEnvironment(rootView: View(unboundedNamed: "root"))
        let pan = PanGestureRecognizer(name: "pan")
        func transition(_ from: GestureRecognizerState, _ to: GestureRecognizerState, at time: Double, scale: Double? = nil) -> Transition {
            var values = GestureValues()
            values.scale = scale
            return Transition(time: time, recognizer: pan, previous: from, state: to, values: values, reason: nil)
        }
        func violations(_ transitions: [Transition], finish: Bool = false) -> [String] {
            let checker = InvariantChecker(keepsLog: false)
            for t in transitions { checker.environment(environment, didTransition: t) }
            if finish {
                checker.finished = true
                checker.checkAllClosed()
            }
            return checker.violations
        }
        #expect(
            violations(
                [transition(.possible, .began, at: 0), transition(.began, .changed, at: 1), transition(.changed, .ended, at: 2)],
                finish: true
            ).isEmpty)
        #expect(
            violations([transition(.possible, .began, at: 0), transition(.began, .failed, at: 1)]).first?.contains(
                "illegal transition began -> failed") == true)
        #expect(
            violations([transition(.possible, .began, at: 0), transition(.possible, .began, at: 1)]).first?.contains(
                "from possible but it was began") == true)
        #expect(
            violations([transition(.possible, .began, at: 1), transition(.began, .ended, at: 0.5)]).first?.contains("time went back")
                == true)
        #expect(violations([transition(.possible, .began, at: 0, scale: .nan)]).first?.contains("scale is nan") == true)
        #expect(violations([transition(.possible, .began, at: 0)], finish: true).first?.contains("left in began") == true)
        let late = InvariantChecker(keepsLog: false)
        late.finished = true
        late.environment(environment, didTransition: transition(.possible, .failed, at: 0))
        #expect(late.violations.first?.contains("after finish()") == true)
    }

    /// The generator itself: valid, varied and reproducible.
    @Test func generatedTracesAreValidAndVaried() throws {
        var fingers: Set<Int> = []
        var sameFrameLift = 0
        for seed in UInt64(0)..<500 {
            let trace = RandomTrace.make(seed: seed)
            #expect(trace.rows.map(\.micros) == RandomTrace.make(seed: seed).rows.map(\.micros))
            var down: Set<Int> = []
            var lastTime = Int.min
            var lastRow: [Int: Int] = [:]
            for row in trace.rows {
                #expect(row.micros >= lastTime)
                lastTime = row.micros
                switch row.phase {
                case .began:
                    #expect(!down.contains(row.id), "seed \(seed): touch \(row.id) began twice")
                    down.insert(row.id)
                    fingers.insert(down.count)
                case .moved, .stationary:
                    #expect(down.contains(row.id))
                case .ended, .cancelled:
                    #expect(down.remove(row.id) != nil)
                    if lastRow[row.id] == row.micros { sameFrameLift += 1 }
                }
                lastRow[row.id] = row.micros
            }
            #expect(down.isEmpty, "seed \(seed): touches left down")
        }
        #expect(fingers == [1, 2, 3, 4, 5])
        #expect(sameFrameLift > 10)
    }
}
