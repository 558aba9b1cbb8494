import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// What a replay did, one entry per transition.
struct SeenTransition {
    var name: String
    var previous: GestureRecognizerState
    var state: GestureRecognizerState
    var time: Double
    var values: GestureValues
    var edge: ScreenEdges?
}

/// Synthesizes a script, writes it as a trace file, and replays that file through TraceReplay's
/// `Replayer` (the default scene unless `scene` is given), recording every transition.
enum SynthReplay {
    final class Recorder: ReplayObserver {
        var seen: [SeenTransition] = []
        func replayWillStart(_ start: ReplayStart) throws(TraceError) {}
        var observesTransitions: Bool { true }
        func replay(didTransition t: Transition) {
            seen.append(
                SeenTransition(
                    name: t.recognizer.name, previous: t.previous, state: t.state, time: t.time,
                    values: t.values, edge: (t.recognizer as? ScreenEdgePanGestureRecognizer)?.recognizedEdge))
        }
    }

    static func trace(_ script: String) throws -> SynthTrace {
        let document = try SynthParser.parse(script, path: "test.synth")
        #expect(document.variants.count == 1)
        return Synthesizer.generate(document.variants[0].script)
    }

    static func replay(_ script: String, as format: TraceFormat.Writable = .json, scene: String? = nil) throws -> [SeenTransition] {
        try replay(trace(script), as: format, scene: scene)
    }

    static func replay(_ trace: SynthTrace, as format: TraceFormat.Writable = .json, scene: String? = nil) throws -> [SeenTransition] {
        let folder = try TemporaryFolder()
        let path = try folder.write("trace.\(format.rawValue)", SynthTraceWriter.text(trace, as: format))
        var options = ReplayOptions()
        if let scene { options.scene.path = try folder.write("scene.json", scene) }
        if format != .json { options.reading.screen = trace.screen }
        var output = OutputBuffer(fileDescriptor: nil)
        let recorder = Recorder()
        try Replayer.run(.path(path), options: options, output: &output, observer: recorder)
        return recorder.seen
    }
}

extension [SeenTransition] {
    /// The transitions of `name` to `state`.
    func of(_ name: String, to state: GestureRecognizerState) -> [SeenTransition] {
        filter { $0.name == name && $0.state == state }
    }
}

/// Every verb, synthesized and replayed through the default scene, is recognized as the scripted
/// gesture with the scripted values, at 60, 120 and 240 Hz, without and with jitter (issue 19).
@Suite("Synthesized gestures replay as scripted")
struct SynthRoundTripTests {
    static let rates: [Double] = [60, 120, 240]
    static let jitters: [Double] = [0, 0.5]

    /// The script's options line, then its gestures.
    static func script(_ rate: Double, _ jitter: Double, _ lines: String) -> String {
        "rate \(Int(rate)) jitter \(jitter) seed 7\n" + lines + "\n"
    }

    /// A tolerance, points, for a value measured between two jittered samples.
    static func slack(_ jitter: Double) -> Double { 2 * jitter + 0.01 }

    @Test(arguments: rates, jitters)
    func tap(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "tap 100,200"))
        let ended = seen.of("tap", to: .ended)
        try #require(ended.count == 1)
        #expect(abs(ended[0].values.location.x - 100) <= Self.slack(jitter))
        #expect(abs(ended[0].values.location.y - 200) <= Self.slack(jitter))
        #expect(abs(ended[0].time - Synthesizer.tapHold) < 1e-9)
        #expect(seen.of("doubleTap", to: .ended).isEmpty)
    }

    @Test(arguments: rates, jitters)
    func doubleTap(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "doubletap 150,300"))
        let ended = seen.of("doubleTap", to: .ended)
        try #require(ended.count == 1)
        #expect(ended[0].values.taps == 2)
        #expect(abs(ended[0].time - (2 * Synthesizer.tapHold + Synthesizer.doubleTapGap)) < 1e-9)
    }

    @Test(arguments: rates, jitters)
    func longPress(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "longpress 200,300 for 0.8s"))
        let began = seen.of("longPress", to: .began), ended = seen.of("longPress", to: .ended)
        try #require(began.count == 1 && ended.count == 1)
        // It begins at its own deadline, minimumPressDuration after the touch-down at 0.
        #expect(began[0].time == LongPressGestureRecognizer.defaultMinimumPressDuration)
        #expect(abs(ended[0].time - 0.8) < 1e-9)
    }

    @Test(arguments: rates, jitters)
    func drag(rate: Double, jitter: Double) throws {
        // Along each axis: the delta less the 10 pt hysteresis on that axis.
        let h = PanGestureRecognizer.hysteresis
        for (line, expected) in [
            ("drag 100,200 -> 300,200 in 0.3s", Vector(dx: 200 - h, dy: 0)),
            ("drag 300,500 -> 300,380 in 0.3s", Vector(dx: 0, dy: -120 + h)),
        ] {
            let seen = try SynthReplay.replay(Self.script(rate, jitter, line))
            let ended = seen.of("pan", to: .ended)
            try #require(ended.count == 1, "\(line)")
            let t = try #require(ended[0].values.translation)
            #expect(abs(t.dx - expected.dx) <= Self.slack(jitter), "\(line): \(t)")
            #expect(abs(t.dy - expected.dy) <= Self.slack(jitter), "\(line): \(t)")
            #expect(abs(ended[0].time - 0.3) < 1e-9)
        }
    }

    @Test(arguments: rates, jitters)
    func flick(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "flick 100,600 -> 100,200 in 0.12s"))
        let ended = seen.of("pan", to: .ended)
        try #require(ended.count == 1)
        let t = try #require(ended[0].values.translation), v = try #require(ended[0].values.velocity)
        #expect(abs(t.dy - (-400 + PanGestureRecognizer.hysteresis)) <= Self.slack(jitter), "\(t)")
        // Released at full speed: 400 pt in 0.12 s.
        #expect(abs(v.dy - (-400 / 0.12)) < 400 / 0.12 * 0.1, "\(v)")
        #expect(seen.of("verticalSwipe", to: .ended).first?.values.direction == .up)
    }

    @Test(arguments: SynthDirection.allCases, rates)
    func swipe(direction: SynthDirection, rate: Double) throws {
        for jitter in Self.jitters {
            let seen = try SynthReplay.replay(Self.script(rate, jitter, "swipe \(direction) from 200,400"))
            let name = direction == .left || direction == .right ? "swipe" : "verticalSwipe"
            let ended = seen.of(name, to: .ended)
            try #require(ended.count == 1, "\(direction) \(rate) Hz jitter \(jitter)")
            let expected: SwipeDirection = [.left: .left, .right: .right, .up: .up, .down: .down][direction]!
            #expect(ended[0].values.direction == expected)
        }
    }

    @Test(arguments: rates, jitters)
    func pinch(rate: Double, jitter: Double) throws {
        for (from, to) in [(100.0, 200.0), (200.0, 100.0)] {
            let seen = try SynthReplay.replay(Self.script(rate, jitter, "pinch 200,400 from \(from) to \(to) in 0.5s"))
            let ended = seen.of("pinch", to: .ended)
            try #require(ended.count == 1, "\(from) -> \(to)")
            let scale = try #require(ended[0].values.scale)
            // The ratio, its start distance shifted by the 8 pt hysteresis the pinch waits for.
            let expected = to / (from + (to > from ? 8 : -8))
            #expect(abs(scale / expected - 1) < 0.02, "\(from) -> \(to): scale \(scale), expected \(expected)")
        }
    }

    @Test(arguments: rates, jitters)
    func rotate(rate: Double, jitter: Double) throws {
        for degrees in [90.0, -60] {
            let seen = try SynthReplay.replay(Self.script(rate, jitter, "rotate 200,400 by \(degrees) in 0.4s"))
            let ended = seen.of("rotation", to: .ended)
            try #require(ended.count == 1, "\(degrees)")
            let rotation = try #require(ended[0].values.rotation) * 180 / Double.pi
            // The angle less the 5 degree threshold (the distance does not change).
            let expected = degrees - 5 * (degrees > 0 ? 1 : -1)
            #expect(abs(rotation - expected) < 1.5, "\(degrees): rotation \(rotation)")
        }
    }

    @Test(arguments: rates, jitters)
    func edge(rate: Double, jitter: Double) throws {
        for (side, edge) in [("left", ScreenEdges.left), ("right", .right), ("top", .top), ("bottom", .bottom)] {
            let seen = try SynthReplay.replay(Self.script(rate, jitter, "edge \(side) at 300"))
            let ended = seen.of("screenEdgePan", to: .ended)
            try #require(ended.count == 1, "\(side)")
            #expect(ended[0].edge == edge)
            let t = try #require(ended[0].values.translation)
            let along = abs(side == "left" || side == "right" ? t.dx : t.dy)
            // 120 pt inwards less the 15 pt hysteresis, minus at most one sample's step (taken off as
            // of the event before the one that begins it).
            let h = ScreenEdgePanGestureRecognizer.defaultHysteresis
            #expect(
                along >= Synthesizer.edgeDistance - h - Self.slack(jitter) && along <= Synthesizer.edgeDistance + Self.slack(jitter),
                "\(side): \(t)")
        }
    }

    @Test(arguments: rates, jitters)
    func wait(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "wait 0.5s\nlongpress 200,300 for 0.8s"))
        let began = seen.of("longPress", to: .began)
        try #require(began.count == 1)
        #expect(began[0].time == 0.5 + LongPressGestureRecognizer.defaultMinimumPressDuration)
    }

    static let twoFingerTapScene = #"{"recognizers": [{"name": "tap2", "kind": "tap", "numberOfTouchesRequired": 2}]}"#

    @Test(arguments: rates, jitters)
    func twoFingerTap(rate: Double, jitter: Double) throws {
        // The default scene has no two-finger tap: a scene with one.
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "tap2 200,300"), scene: Self.twoFingerTapScene)
        let ended = seen.of("tap2", to: .ended)
        try #require(ended.count == 1)
        #expect(ended[0].values.numberOfTouches == 2)
        #expect(abs(ended[0].values.location.x - 200) <= Self.slack(jitter))
        // In the default scene the one-finger tap fails: more fingers than it needs.
        let defaultScene = try SynthReplay.replay(Self.script(rate, jitter, "tap2 200,300"))
        #expect(defaultScene.of("tap", to: .ended).isEmpty)
        #expect(defaultScene.of("tap", to: .failed).count == 1)
    }

    @Test(arguments: rates, jitters)
    func twoFingerDrag(rate: Double, jitter: Double) throws {
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "drag2 100,300 -> 300,300 in 0.3s"))
        let ended = seen.of("pan", to: .ended)
        try #require(ended.count == 1)
        #expect(ended[0].values.numberOfTouches == 2)
        let t = try #require(ended[0].values.translation)
        #expect(abs(t.dx - (200 - PanGestureRecognizer.hysteresis)) <= Self.slack(jitter), "\(t)")
    }

    @Test(arguments: rates, jitters)
    func overlappingGestures(rate: Double, jitter: Double) throws {
        // A long press with a second finger tapping during it (at 0.2 s), and a drag started with it.
        let trace = try SynthReplay.trace(
            Self.script(rate, jitter, "longpress 100,300 for 0.8s\nat 0.2s tap 300,300\nwith drag 100,600 -> 300,600 in 0.3s"))
        let began = Dictionary(grouping: trace.rows.filter { $0.phase == .began }, by: \.touch).mapValues { $0[0].time }
        #expect(began == [1: 0, 2: 0.2, 3: 0.2])
        let lifts = Dictionary(grouping: trace.rows.filter { $0.phase == .ended }, by: \.touch).mapValues { $0[0].time }
        #expect(lifts == [1: 0.8, 2: 0.25, 3: 0.5])
        #expect(trace.rows.map(\.time) == trace.rows.map(\.time).sorted())
        // Two one-finger drags started together are a pinch: 200 pt apart to 300 pt.
        let seen = try SynthReplay.replay(Self.script(rate, jitter, "drag 100,400 -> 50,400 in 0.5s\nwith drag 300,400 -> 350,400 in 0.5s"))
        let scale = try #require(seen.of("pinch", to: .ended).first?.values.scale)
        #expect(abs(scale / (300.0 / 208) - 1) < 0.02, "scale \(scale)")
    }
}
