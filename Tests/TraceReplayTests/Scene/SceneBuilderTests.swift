import GestureEngine
import Testing
import TraceReplay
import TraceReading

/// Issue 14 item 2: a public `Scene` built in code, equivalent to one loaded from a file.
@Suite("Scenes in code")
struct SceneBuilderTests {
    /// Traces/taps.scene.json, built in code.
    static func tapsScene() throws -> Scene {
        let scene = Scene(screen: Size(width: 390, height: 844))
        let single = try scene.add(TapGestureRecognizer(name: "single"))
        let doubleTap = try scene.add(TapGestureRecognizer(name: "doubleTap", taps: 2))
        try scene.require(single, toFail: doubleTap)
        return scene
    }

    @Test("a scene built in code replays a trace exactly as the same scene from a file")
    func codeEqualsFile() throws {
        var options = ReplayOptions()
        options.scene.path = Self.root + "/Traces/taps.scene.json"
        let fromFile = try Replayer.replay(.path(Self.root + "/Traces/single-tap-waits.json"), options: options)
        let fromCode = try Replayer.replay(.path(Self.root + "/Traces/single-tap-waits.json"), scene: try Self.tapsScene())
        #expect(fromCode.text == fromFile.text)
        #expect(fromCode.transitions(of: "single").map(\.state) == [.ended])
    }

    @Test("one scene replays several traces, each as if fresh")
    func sceneReused() throws {
        let scene = try Self.tapsScene()
        let trace = Self.root + "/Traces/single-tap-waits.json"
        let first = try Replayer.replay(.path(trace), scene: scene)
        _ = try Replayer.replay(.path(Self.root + "/Traces/double-tap.json"), scene: scene)
        let again = try Replayer.replay(.path(trace), scene: scene)
        #expect(again.text == first.text)
        #expect(!first.text.isEmpty)
    }

    static var root: String {
        var dir = String(#filePath)
        for _ in 0..<4 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir
    }

    @Test("views nest; recognizers attach to them; lookups by name")
    func viewsAndLookups() throws {
        let scene = Scene()
        let card = try scene.addView("card", frame: Rect(x: 10, y: 10, width: 100, height: 100))
        let badge = try scene.addView("badge", frame: Rect(x: 5, y: 5, width: 20, height: 20), in: card)
        let tap = try scene.add(TapGestureRecognizer(name: "tap"), to: badge)
        #expect(tap.view === badge)
        #expect(badge.superview === card)
        #expect(scene.view(named: "badge") === badge)
        #expect(scene.view(named: "root") === scene.rootView)
        #expect(scene.recognizer(named: "tap") === tap)
        #expect(scene.recognizers.count == 1)
        #expect(tap.delegate === scene.delegate)
    }

    @Test(
        "building a scene wrongly is an error, never a silent half-scene",
        arguments: [
            "duplicate recognizer", "duplicate view", "root view name", "recognizer twice", "foreign view", "foreign recognizer",
            "self requirement", "self simultaneity",
        ])
    func misuse(_ what: String) throws {
        let scene = Scene()
        let tap = try scene.add(TapGestureRecognizer(name: "tap"))
        _ = try scene.addView("card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let expected: String
        do {
            switch what {
            case "duplicate recognizer":
                expected = "a recognizer named 'tap' is already defined; give each recognizer a unique name"
                try scene.add(PanGestureRecognizer(name: "tap"))
            case "duplicate view":
                expected = "a view named 'card' is already defined"
                try scene.addView("card", frame: .zero)
            case "root view name":
                expected = "the view name 'root' is reserved for the root view"
                try scene.addView("root", frame: .zero)
            case "recognizer twice":
                expected = "recognizer 'tap' is already in the scene"
                try scene.add(tap)
            case "foreign view":
                expected = "view 'elsewhere' is not in the scene"
                try scene.add(PanGestureRecognizer(name: "pan"), to: View(name: "elsewhere", frame: .zero))
            case "foreign recognizer":
                expected = "recognizer 'stray' is not in the scene; add it first"
                try scene.require(tap, toFail: TapGestureRecognizer(name: "stray"))
            case "self requirement":
                expected = "recognizer 'tap' cannot require itself to fail"
                try scene.require(tap, toFail: tap)
            default:
                expected = "recognizer 'tap' cannot be simultaneous with itself"
                try scene.allowSimultaneous(tap, tap)
            }
            Issue.record("no error for \(what)")
        } catch {
            #expect(error.diagnostic.message == expected)
            #expect(error.exitCode == 65)
        }
        #expect(scene.recognizers.map(\.name) == ["tap"])
    }

    /// Builds a scene where `pan` and `pinch` may recognize together and returns only its root view.
    static func onlyRootView() throws -> (View, weakDelegate: () -> SceneDelegate?) {
        let scene = Scene()
        let pan = try scene.add(PanGestureRecognizer(name: "pan"))
        let pinch = try scene.add(PinchGestureRecognizer(name: "pinch"))
        try scene.allowSimultaneous(pan, pinch)
        weak let delegate = scene.delegate
        return (scene.rootView, { delegate })
    }

    @Test("keeping only the root view keeps the scene's delegate: simultaneousWith is never lost")
    func rootViewKeepsDelegate() throws {
        let (root, delegate) = try Self.onlyRootView()
        #expect(delegate() != nil)
        let pan = try #require(root.gestureRecognizers.first)
        let pinch = try #require(root.gestureRecognizers.last)
        #expect(pan.delegate?.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: pinch) == true)
        // A scene around that root view adopts the recognizers and keeps their permissions.
        let again = try Scene(rootView: root)
        #expect(again.recognizers.map(\.name) == ["pan", "pinch"])
        #expect(again.delegate.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: pinch))
    }

    final class DenyBegin: GestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
    }

    @Test("a recognizer's own delegate is kept alive and still asked, beside the scene's permissions")
    func ownDelegateForwarded() throws {
        let scene = Scene()
        let tap = TapGestureRecognizer(name: "tap")
        weak var own: DenyBegin?
        do {
            let d = DenyBegin()
            own = d
            tap.delegate = d
            try scene.add(tap)
        }
        #expect(own != nil)
        #expect(tap.delegate === scene.delegate)
        #expect(scene.delegate.gestureRecognizerShouldBegin(tap) == false)
        let pan = try scene.add(PanGestureRecognizer(name: "pan"))
        #expect(scene.delegate.gestureRecognizer(tap, shouldRecognizeSimultaneouslyWith: pan) == false)
        try scene.allowSimultaneous(tap, pan)
        #expect(scene.delegate.gestureRecognizer(tap, shouldRecognizeSimultaneouslyWith: pan))
    }
}
