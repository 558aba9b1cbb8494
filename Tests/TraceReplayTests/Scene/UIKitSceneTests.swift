import GestureEngine
import TestSupport
import Testing

@testable import TraceReplay
@testable import TraceReading

/// Scenes naming UIKit classes: `UIScrollView` with `"scrollView"`, `UIButton`/`UIControl` with
/// `"control"`, `UIView` (docs/trace-format.md, "Scenes"; docs/scroll-and-controls.md).
@Suite("Scenes with UIKit classes: UIScrollView, UIButton, UIControl, UIView")
struct UIKitSceneTests {
    static func load(_ text: String) throws(TraceError) -> Scene {
        try SceneLoader(screen: Size(width: 390, height: 844)).load(try JSONParser().parse(text, path: "s.json"))
    }

    @Test(
        "omitted keys take UIKit's defaults (-[UIScrollView initWithFrame:], UIControl); the scroll view's recognizers join the scene first"
    )
    func defaults() throws {
        let scene = try Self.load(
            #"{"views": [{"name": "list", "class": "UIScrollView", "frame": [0, 0, 390, 844]},"#
                + #"{"name": "b", "parent": "list", "class": "UIButton", "frame": [0, 0, 10, 10]},"#
                + #"{"name": "k", "parent": "list", "class": "UIControl", "frame": [0, 0, 10, 10]},"#
                + #"{"name": "v", "class": "UIView", "frame": [0, 0, 10, 10]}],"#
                + #""recognizers": [{"kind": "tap", "requireToFail": ["list.pan"]}]}"#)
        let list = try #require(scene.view(named: "list") as? ScrollView)
        #expect(list.delaysContentTouches && list.canCancelContentTouches && list.bounces)
        #expect(!list.isPagingEnabled && !list.alwaysBounceVertical && !list.isDirectionalLockEnabled)
        #expect(list.decelerationRate == 0.998 && list.contentOffset == Point(x: 0, y: 0))
        #expect(scene.view(named: "b") is Button)
        #expect(scene.view(named: "k").map { $0 is Control && !($0 is Button) } == true)
        #expect(scene.view(named: "v").map { type(of: $0) == View.self } == true)
        #expect(scene.recognizers.map(\.name) == ["list.delayedTouchesBegan", "list.pan", "tap"])
        #expect((scene.view(named: "b") as? Control)?.trackingSlop == 70)
    }

    @Test("every scrollView and control key is read")
    func everyKey() throws {
        let scene = try Self.load(
            #"{"views": [{"name": "p", "class": "UIScrollView", "frame": [0, 0, 390, 844], "scrollView": {"#
                + #""contentSize": [1560, 844], "contentOffset": [390, -5], "isPagingEnabled": true, "delaysContentTouches": false,"#
                + #""canCancelContentTouches": false, "bounces": false, "alwaysBounceVertical": true, "alwaysBounceHorizontal": true,"#
                + #""isDirectionalLockEnabled": true, "decelerationRate": "fast"}},"#
                + #"{"name": "b", "class": "UIButton", "frame": [0, 0, 10, 10], "control": {"isEnabled": false, "trackingSlop": 30}}]}"#)
        let p = try #require(scene.view(named: "p") as? ScrollView)
        #expect(p.contentSize == Size(width: 1560, height: 844) && p.contentOffset == Point(x: 390, y: -5))
        #expect(p.isPagingEnabled && !p.delaysContentTouches && !p.canCancelContentTouches && !p.bounces)
        #expect(p.alwaysBounceVertical && p.alwaysBounceHorizontal && p.isDirectionalLockEnabled && p.decelerationRate == 0.99)
        #expect(scene.recognizers.map(\.name) == ["p.delayedTouchesBegan", "p.pan", "p.pagingSwipe"])
        let b = try #require(scene.view(named: "b") as? Button)
        #expect(!b.isEnabled && b.trackingSlop == 30)
    }

    static let bad: [ErrorCase] = [
        ErrorCase(
            "unknown scrollView key",
            "{\"views\": [{\"name\": \"s\", \"class\": \"UIScrollView\", \"frame\": [0,0,1,1],\n \"scrollView\": {\"zoom\": 2}}]}",
            line: 2, column: 17, "unknown scrollView key 'zoom'"),
        ErrorCase(
            "scrollView on a button",
            "{\"views\": [{\"name\": \"s\", \"class\": \"UIButton\", \"frame\": [0,0,1,1],\n \"scrollView\": {}}]}", line: 2,
            column: 2, "\"scrollView\" is for \"class\": \"UIScrollView\""),
        ErrorCase(
            "control without a class", "{\"views\": [{\"name\": \"s\", \"frame\": [0,0,1,1], \"control\": {}}]}", line: 1, column: 46,
            "\"control\" needs \"class\""),
        ErrorCase(
            "negative content size",
            "{\"views\": [{\"name\": \"s\", \"class\": \"UIScrollView\", \"frame\": [0,0,1,1],\n \"scrollView\": {\"contentSize\": [-1, 5]}}]}",
            line: 2, column: 33, "contentSize width must be at least 0"),
        ErrorCase(
            "bad deceleration rate name",
            "{\"views\": [{\"name\": \"s\", \"class\": \"UIScrollView\", \"frame\": [0,0,1,1],\n \"scrollView\": {\"decelerationRate\": \"slow\"}}]}",
            line: 2, column: 37, "decelerationRate must be \"normal\", \"fast\" or a number"),
        ErrorCase(
            "a user recognizer named like a scroll view's",
            "{\"views\": [{\"name\": \"s\", \"class\": \"UIScrollView\", \"frame\": [0,0,1,1]}],\n \"recognizers\": [{\"kind\": \"pan\", \"name\": \"s.pan\"}]}",
            line: 2, column: 42, "already defined"),
    ]

    @Test("errors are at the offending value", arguments: bad)
    func positionedErrors(_ c: ErrorCase) {
        do {
            _ = try Self.load(String(decoding: c.input, as: UTF8.self))
            c.check(nil, path: "s.json")
        } catch {
            c.check(error, path: "s.json")
        }
    }

    @Test("bad input is defined, finite and noted: a rate outside (0, 1), content smaller than the bounds, an offset outside, nesting")
    func badInputNotes() throws {
        let scene = try Self.load(
            #"{"views": [{"name": "outer", "class": "UIScrollView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [100, 100], "decelerationRate": 5}},"#
                + #"{"name": "inner", "parent": "outer", "class": "UIScrollView", "frame": [0, 0, 390, 400], "scrollView": {"contentSize": [390, 900], "contentOffset": [0, -1e9]}}]}"#
        )
        let recorder = TransitionRecorder()
        let env = GestureEnvironment(rootView: scene.rootView)
        env.observer = recorder
        env.send([TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 100))], at: 0)
        env.send([TouchChange(id: 1, phase: .moved, location: Point(x: 100, y: 80))], at: 0.01)
        env.send([TouchChange(id: 1, phase: .moved, location: Point(x: 100, y: 40))], at: 0.02)
        env.send([TouchChange(id: 1, phase: .ended, location: Point(x: 100, y: 40))], at: 0.03)
        env.finish()
        let notes = recorder.diagnostics.filter { $0.kind == .scrollView }.map(\.message)
        #expect(notes.contains { $0.contains("'outer': decelerationRate 5.0 is outside (0, 1); UIKit keeps normal (0.998)") })
        #expect(notes.contains { $0.contains("'outer': contentSize 100.0x100.0 does not exceed") })
        #expect(notes.contains { $0.contains("'inner': contentOffset (0.0, -1000000000.0) is outside") })
        #expect(notes.contains { $0.contains("'inner' is inside scroll view 'outer'") })
        #expect(recorder.scrolls.allSatisfy { $0.contentOffset.y.isFinite })
        #expect(recorder.scrolls.last?.contentOffset == Point(x: 0, y: 0))
        #expect(recorder.scrolls.last?.phase == .resting)
    }
}
