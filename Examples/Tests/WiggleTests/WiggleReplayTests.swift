import GestureEngine
import Testing
import TraceReplay
import Wiggle

/// The wiggle recognizer, tested as a user would: recorded traces replayed through it with the
/// public replay API, checked with expectations (the traces' own and ones written here).
@Suite("Wiggle")
struct WiggleReplayTests {
    /// `Examples/Traces/<name>`.
    static func trace(_ name: String) -> String {
        var dir = String(#filePath)
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/Traces/" + name
    }

    static var options: ReplayOptions {
        var options = ReplayOptions()
        options.scene.catalog = .withWiggle
        return options
    }

    @Test("the traces' own expectations hold", arguments: ["wiggle-shake.json", "wiggle-too-few.json"])
    func ownExpectations(_ name: String) throws {
        let result = try Replayer.replay(.path(Self.trace(name)), options: Self.options)
        let report = try #require(result.expectations)
        #expect(report.passed, "\(report.text)")
    }

    @Test("expectations written in the test: the shake ends the wiggle with 3 strokes and fails the tap")
    func expectationsFromCode() throws {
        let result = try Replayer.replay(.path(Self.trace("wiggle-shake.json")), options: Self.options)
        let report = try result.evaluate(
            Expectations(
                text: """
                    [{"recognizer": "undo", "state": "ended", "count": 1, "wiggles": 3},
                     {"recognizer": "tap", "never": "ended"}]
                    """))
        #expect(report.passed, "\(report.text)")
        #expect(result.transitions(of: "undo").map(\.state) == [.ended])
    }

    @Test("a failing expectation says what happened, as gesturereplay check does")
    func failingExpectation() throws {
        let result = try Replayer.replay(.path(Self.trace("wiggle-too-few.json")), options: Self.options)
        let report = try result.evaluate(Expectations(text: #"[{"recognizer": "undo", "state": "ended"}]"#))
        #expect(!report.passed)
        #expect(report.failureMessage == "1 of 1 expectation not met")
        #expect(report.text.contains("reason: lifted after 2 of 3 wiggles"))
    }

    /// The trace's own expectations (about `undo` and `tap`) are checked in any scene, as with
    /// `gesturereplay --scene`, so the scene built here has a `tap` too.
    @Test("a scene built in code: the wiggle and a pan on the same view, allowed together")
    func sceneInCode() throws {
        let scene = Scene(screen: Size(width: 390, height: 844))
        let card = try scene.addView("card", frame: Rect(x: 20, y: 200, width: 350, height: 400))
        let wiggle = WiggleGestureRecognizer(name: "undo")
        wiggle.minimumStroke = 40
        try scene.add(wiggle, to: card)
        let pan = try scene.add(PanGestureRecognizer(name: "pan"), to: card)
        try scene.allowSimultaneous(wiggle, pan)
        try scene.add(TapGestureRecognizer(name: "tap"), to: card)
        let result = try Replayer.replay(.path(Self.trace("wiggle-shake.json")), scene: scene)
        #expect(result.transitions(of: "undo").map(\.state) == [.ended])
        #expect(result.transitions(of: "pan").first?.state == .began)
        #expect(result.expectations?.passed == true)
    }

    @Test("a misspelt parameter: the same positioned error as for a built-in kind")
    func misspeltParameter() throws {
        let loader = SceneLoader(screen: nil, catalog: .withWiggle)
        #expect(
            throws: TraceError.invalidTrace(
                "unknown parameter 'requiredWigles' for a wiggle recognizer; expected one of: name, view, requireToFail, simultaneousWith, requiredWiggles, minimumStroke, axis, isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded",
                at: SourceLocation(path: "scene.json", line: 1, column: 37))
        ) {
            try loader.load(text: #"{"recognizers": [{"kind": "wiggle", "requiredWigles": 2}]}"#, path: "scene.json")
        }
    }
}
