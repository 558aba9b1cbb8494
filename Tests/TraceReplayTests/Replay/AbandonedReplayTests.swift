import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// A replay that stops mid-trace (an invalid row, with touches down and recognizers tracking them)
/// must free its scene: `gesturereplay test` replays thousands of traces in one process, and the
/// fuzz targets found the scene of every such replay leaked (touches and recognizers referring to
/// each other).
@Suite("Abandoned replays free their scene")
struct AbandonedReplayTests {
    final class Weak: @unchecked Sendable {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// Feeds `changes` to a fresh environment over `scene`, then drops both without `finish()`.
    static func abandon(_ scene: () throws -> Scene, frames: [(Double, [TouchChange])]) rethrows -> [Weak] {
        var refs: [Weak] = []
        do {
            let s = try scene()
            let environment = GestureEnvironment(rootView: s.rootView)
            environment.observer = TransitionRecorder()
            for (time, changes) in frames { environment.send(changes, at: time) }
            refs = s.recognizers.map(Weak.init) + [Weak(s.rootView), Weak(environment)] + environment.touchesDown.map(Weak.init)
        }
        return refs
    }

    static let frames: [(Double, [TouchChange])] = [
        (
            0,
            [
                TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 100)),
                TouchChange(id: 2, phase: .began, location: Point(x: 200, y: 150)),
            ]
        ),
        (
            0.016,
            [
                TouchChange(id: 1, phase: .moved, location: Point(x: 120, y: 100)),
                TouchChange(id: 2, phase: .moved, location: Point(x: 230, y: 160)),
            ]
        ),
        (
            0.032,
            [
                TouchChange(id: 1, phase: .moved, location: Point(x: 150, y: 100)),
                TouchChange(id: 2, phase: .moved, location: Point(x: 260, y: 170)),
            ]
        ),
    ]

    @Test func defaultSceneStoppedWithTouchesDown() {
        let refs = Self.abandon({ Scene.makeDefault(screen: Size(width: 390, height: 844)) }, frames: Self.frames)
        #expect(refs.count > 12)
        let alive = refs.compactMap(\.object).map { String(describing: type(of: $0)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test func failureSceneStoppedWithTouchesDown() throws {
        let refs = try Self.abandon({ try EngineInvariantTests.failureScene() }, frames: Self.frames)
        let alive = refs.compactMap(\.object).map { String(describing: type(of: $0)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    /// A tap that lifted keeps its touches (`_touches`) while it waits for a second tap; a replay
    /// stopped there (no touch down, a timer pending) must still free the scene (found by the
    /// recording fuzz target: the whole default scene leaked).
    @Test func defaultSceneStoppedWhileATapWaits() {
        let frames: [(Double, [TouchChange])] = [
            (0, [TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 100))]),
            (0.05, [TouchChange(id: 1, phase: .ended, location: Point(x: 100, y: 100))]),
        ]
        let refs = Self.abandon({ Scene.makeDefault(screen: Size(width: 390, height: 844)) }, frames: frames)
        #expect(refs.count > 12)
        let alive = refs.compactMap(\.object).map { String(describing: type(of: $0)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test func replayStoppedByAnInvalidRow() throws {
        // Through the Replayer: the last row is invalid, two touches are down.
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "t.csv", "t,id,phase,x,y\n0,1,began,100,100\n0,2,began,200,100\n0.05,1,moved,110,100\n0.1,1,moved,120,100\n0.2,1,lift,120,100\n"
        )
        final class Spy: ReplayObserver {
            var refs: [Weak] = []
            func replayWillStart(_ start: ReplayStart) throws(TraceError) {
                refs = start.scene.recognizers.map(Weak.init) + [Weak(start.scene.rootView)]
            }
            var observesTransitions: Bool { false }
            func replay(didTransition transition: Transition) {}
        }
        let spy = Spy()
        var out = OutputBuffer(fileDescriptor: nil)
        #expect(throws: TraceError.self) { try Replayer.run(.path(path), options: ReplayOptions(), output: &out, observer: spy) }
        #expect(!spy.refs.isEmpty)
        let alive = spy.refs.compactMap(\.object).map { String(describing: type(of: $0)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
