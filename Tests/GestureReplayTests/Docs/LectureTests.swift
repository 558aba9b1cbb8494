import Foundation
import GestureReplayCLI
import TestSupport
import Testing
import TraceReplay

// The seed lecture's two attempts at telling a single tap from a double tap in a view, before it
// introduces recognizers, ported nearly line for line from UIKit: `UIView` becomes `View`,
// `Set<UITouch>` and `UIEvent?` become `[Touch]` and `TouchEvent`, and `Timer.scheduledTimer`
// becomes the view's `scheduledTimer(withTimeInterval:block:)` in trace time, and `print` becomes
// `replayPrint`, which prints into the replay's output at the trace time (issue 22 follow-up). The
// same two views are in Examples/Sources/Wiggle/LectureViews.swift, replayed by `wiggle-replay` with goldens.

/// The first attempt: touchesEnded looks at tapCount. A double tap prints "Single tap!" first.
final class FirstAttemptView: View {
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount == 1 {
            replayPrint("Single tap!")
        } else if touch.tapCount == 2 {
            replayPrint("Double tap!")
        }
    }
}

/// The second attempt: the single tap waits 0.3 s on a timer, which a second tap invalidates.
final class SecondAttemptView: View {
    var timer: ReplayTimer?

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount >= 2 {
            timer?.invalidate()
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let touch = touches.first!
        if touch.tapCount == 1 {
            timer = scheduledTimer(withTimeInterval: 0.3) { _ in self.singleTap() }
        } else if touch.tapCount == 2 {
            replayPrint("Double tap!")
        }
    }

    func singleTap() {
        replayPrint("Single tap!")
    }
}

@Suite("The seed lecture's taps in a view (issue 22)")
struct LectureTests {
    /// The built-ins plus the lecture's two view classes.
    static var catalog: RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try! catalog.register(viewClass: "FirstAttemptView") { FirstAttemptView(name: $0, frame: $1) }
        try! catalog.register(viewClass: "SecondAttemptView") { SecondAttemptView(name: $0, frame: $1) }
        return catalog
    }

    /// Replays `Tests/Fixtures/lecture/<trace>.csv` over `<attempt>.scene.json` and returns what
    /// the view printed with `replayPrint`, with the times (every message comes from the view).
    static func printed(_ attempt: String, _ trace: String) throws -> [String] {
        let folder = try Fixtures.folder("lecture")
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(contentsOf: folder + "/\(attempt).scene.json")
        let result = try Replayer.replay(.path(folder + "/\(trace).csv"), scene: scene)
        let view = try #require(scene.view(named: "lecture"))
        return result.messages.map { m in
            if case .view(let v) = m.source, v === view { "\(m.time) \(m.text)" } else { "unexpected source: \(m.text)" }
        }
    }

    @Test("first attempt: a double tap also prints Single tap!, a triple tap prints both and nothing for the third")
    func firstAttempt() throws {
        #expect(try Self.printed("first-attempt", "single-tap") == ["0.08 Single tap!"])
        #expect(try Self.printed("first-attempt", "double-tap") == ["0.08 Single tap!", "0.33 Double tap!"])
        #expect(try Self.printed("first-attempt", "triple-tap") == ["0.08 Single tap!", "0.33 Double tap!"])
    }

    @Test("second attempt: Single tap! only after the 0.3 s timer, never for a double or triple tap")
    func secondAttempt() throws {
        // The single tap's timer fires at the end of the trace, at its own deadline (0.08 + 0.3).
        #expect(try Self.printed("second-attempt", "single-tap") == ["0.38 Single tap!"])
        #expect(try Self.printed("second-attempt", "double-tap") == ["0.33 Double tap!"])
        #expect(try Self.printed("second-attempt", "triple-tap") == ["0.33 Double tap!"])
    }

    @Test("the command line built with the catalog replays the scenes that name the view classes")
    func commandLine() throws {
        let folder = try Fixtures.folder("lecture")
        for attempt in ["first-attempt", "second-attempt"] {
            let scene = folder + "/\(attempt).scene.json"
            #expect(GestureReplayCLI.run(["--views", "--scene", scene, folder + "/triple-tap.csv"], catalog: Self.catalog) == 0)
        }
        // Without the classes: an invalid scene (exit 65) that names the unknown class.
        let r = try BinaryRunner.run(["--scene", folder + "/second-attempt.scene.json", folder + "/single-tap.csv"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("second-attempt.scene.json:4:34: error: unknown view class 'SecondAttemptView'; expected one of: View"))
    }

    @Test("a view class is registered once, never as View, never empty")
    func registration() {
        var catalog = Self.catalog
        #expect(throws: RecognizerCatalog.RegistrationError.self) {
            try catalog.register(viewClass: "FirstAttemptView") { View(name: $0, frame: $1) }
        }
        #expect(throws: RecognizerCatalog.RegistrationError.self) {
            try catalog.register(viewClass: "View") { View(name: $0, frame: $1) }
        }
        #expect(throws: RecognizerCatalog.RegistrationError.self) { try catalog.register(viewClass: "") { View(name: $0, frame: $1) } }
        #expect(catalog.viewClassNames == ["View", "FirstAttemptView", "SecondAttemptView"])
    }

    @Test("isMultipleTouchEnabled and isExclusiveTouch are scene keys; a wrong type is a positioned error")
    func sceneKeys() throws {
        let scene = try SceneLoader(screen: nil).load(
            text: #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "isMultipleTouchEnabled": true, "isExclusiveTouch": true}]}"#)
        let a = try #require(scene.view(named: "a"))
        #expect(a.isMultipleTouchEnabled && a.isExclusiveTouch)
        #expect(scene.rootView.isMultipleTouchEnabled == false)
        #expect(throws: TraceError.self) {
            try SceneLoader(screen: nil).load(text: #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "isExclusiveTouch": 1}]}"#)
        }
    }
}
