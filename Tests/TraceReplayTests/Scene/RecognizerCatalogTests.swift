import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// Issue 14 item 1: a public catalog of kinds; user kinds are loaded and checked exactly as built-ins.
@Suite("Recognizer catalog")
struct RecognizerCatalogTests {
    /// The scene loader's error for `file`, formatted as the command line prints it.
    func error(loading file: String, _ catalog: RecognizerCatalog) -> String? {
        do {
            _ = try SceneLoader(screen: nil, catalog: catalog).load(contentsOf: CustomKinds.scenePath(file))
            return nil
        } catch {
            return DiagnosticFormatter().format(error)
        }
    }

    @Test("a registered kind with a misspelt parameter gets the same positioned error as a built-in kind")
    func misspeltParameter() throws {
        let catalog = try CustomKinds.catalog()
        let builtIn = try #require(error(loading: "builtin-misspelt.scene.json", catalog))
        let custom = try #require(error(loading: "custom-misspelt.scene.json", catalog))
        let common = "isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded"
        #expect(
            builtIn == CustomKinds.scenePath("builtin-misspelt.scene.json")
                + ":2:35: error: unknown parameter 'numberOfTapsRequird' for a tap recognizer; expected one of: name, view, requireToFail, simultaneousWith, numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumTapInterval, maximumTapDuration, "
                + common)
        #expect(
            custom == CustomKinds.scenePath("custom-misspelt.scene.json")
                + ":2:35: error: unknown parameter 'requiredWigglez' for a wiggle recognizer; expected one of: name, view, requireToFail, simultaneousWith, requiredWiggles, minimumDistance, direction, mode, "
                + common)
    }

    @Test("a registered kind's parameter out of range: the same message and position as a built-in's")
    func outOfRange() throws {
        let catalog = try CustomKinds.catalog()
        let builtIn = try #require(error(loading: "builtin-range.scene.json", catalog))
        let custom = try #require(error(loading: "custom-range.scene.json", catalog))
        #expect(builtIn.hasSuffix(":2:59: error: numberOfTapsRequired must be a whole number from 1 to 1000000, not 0"))
        #expect(custom.hasSuffix(":2:54: error: requiredWiggles must be a whole number from 1 to 1000000, not 0"))
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var json: String
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "a registered kind's parameters are checked like a built-in's",
        arguments: [
            Bad(
                json: #"{"kind": "wiggle", "minimumDistance": 600}"#,
                message: "<s>:1:56: error: minimumDistance must be at most 500, not 600"),
            Bad(
                json: #"{"kind": "wiggle", "minimumDistance": "far"}"#,
                message: "<s>:1:56: error: minimumDistance must be a number, not a string"),
            Bad(
                json: #"{"kind": "wiggle", "direction": ["left", "sideways"]}"#,
                message: "<s>:1:59: error: unknown direction 'sideways'; expected one of: right, left, up, down"),
            Bad(
                json: #"{"kind": "wiggle", "mode": "wild"}"#,
                message: "<s>:1:45: error: unknown mode 'wild'; expected one of: strict, loose"),
            Bad(json: #"{"kind": "wiggle", "isEnabled": 1}"#, message: "<s>:1:50: error: isEnabled must be true or false, not a number"),
            Bad(
                json: #"{"kind": "wigle"}"#,
                message:
                    "<s>:1:27: error: unknown recognizer kind 'wigle'; expected one of: tap, longPress, pan, pinch, rotation, swipe, screenEdgePan, twoFingerSwipe, marquee, tickle, wiggle"
            ),
        ])
    func badValues(_ bad: Bad) throws {
        let loader = SceneLoader(screen: nil, catalog: try CustomKinds.catalog())
        #expect(throws: (any Error).self) { try loader.load(text: #"{"recognizers": ["# + bad.json + "]}", path: "<s>") }
        do {
            _ = try loader.load(text: #"{"recognizers": ["# + bad.json + "]}", path: "<s>")
        } catch {
            #expect(DiagnosticFormatter().format(error) == bad.message)
        }
    }

    @Test("values and declared defaults reach the recognizer; without a value the declared default applies")
    func valuesAndDefaults() throws {
        let loader = SceneLoader(screen: nil, catalog: try CustomKinds.catalog())
        let scene = try loader.load(
            text:
                #"{"recognizers": [{"name": "a", "kind": "wiggle", "minimumDistance": 25, "direction": "up", "mode": "loose"}, {"name": "b", "kind": "wiggle", "requiredWiggles": 5}]}"#
        )
        let a = try #require(scene.recognizer(named: "a") as? WiggleGestureRecognizer)
        let b = try #require(scene.recognizer(named: "b") as? WiggleGestureRecognizer)
        #expect(a.requiredWiggles == 3)  // declared default, not the class's 2
        #expect(a.minimumDistance == 25)
        #expect(a.direction == .up)
        #expect(a.mode == "loose")
        #expect(b.requiredWiggles == 5)
        #expect(b.minimumDistance == 10)
        #expect(a.delegate === scene.delegate)
    }

    @Test("a catalog makes recognizers for scenes built in code, with the declared defaults")
    func makeRecognizer() throws {
        let catalog = try CustomKinds.catalog()
        let scene = Scene()
        let w = try #require(try scene.add(catalog.makeRecognizer(kind: "wiggle", name: "w")) as? WiggleGestureRecognizer)
        #expect(w.name == "w" && w.requiredWiggles == 3)
        #expect(throws: TraceError.self) { try catalog.makeRecognizer(kind: "wigle", name: "x") }
    }

    @Test("the catalog describes each parameter once: name, type, range, default")
    func parameterInfo() throws {
        let wiggle = try #require(try CustomKinds.catalog().kind(named: "wiggle"))
        #expect(
            wiggle.parameters.map(\.description) == [
                "requiredWiggles: integer 1...1000000, default 3",
                "minimumDistance: number 0...500",
                "direction: names of: right, left, up, down",
                "mode: one of: strict, loose",
            ])
        let tap = try #require(RecognizerCatalog.builtIn.kind(named: "tap"))
        #expect(
            tap.parameters.map(\.name) == [
                "numberOfTapsRequired", "numberOfTouchesRequired", "allowableMovement", "maximumTapInterval", "maximumTapDuration",
            ])
        #expect(
            RecognizerCatalog.builtIn.kindNames == [
                "tap", "longPress", "pan", "pinch", "rotation", "swipe", "screenEdgePan", "twoFingerSwipe", "marquee", "tickle",
            ])
        #expect(
            RecognizerCatalog.commonParameters.map(\.name) == [
                "isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
            ])
    }

    struct BadRegistration: CustomTestStringConvertible, Sendable {
        var kind: String
        var parameter: String?
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "registration refuses clashes with a clear error and leaves the catalog unchanged",
        arguments: [
            BadRegistration(kind: "wiggle", parameter: nil, message: "cannot register kind 'wiggle' twice"),
            BadRegistration(
                kind: "tap", parameter: nil,
                message:
                    "cannot register kind 'tap': it is a built-in kind (built-in kinds: tap, longPress, pan, pinch, rotation, swipe, screenEdgePan, twoFingerSwipe, marquee, tickle)"
            ),
            BadRegistration(kind: "", parameter: nil, message: "a recognizer kind needs a non-empty name"),
            BadRegistration(
                kind: "shake", parameter: "name",
                message:
                    "kind 'shake': parameter 'name' clashes with the scene key 'name' (scene keys: name, kind, view, requireToFail, simultaneousWith)"
            ),
            BadRegistration(
                kind: "shake", parameter: "kind",
                message:
                    "kind 'shake': parameter 'kind' clashes with the scene key 'kind' (scene keys: name, kind, view, requireToFail, simultaneousWith)"
            ),
            BadRegistration(
                kind: "shake", parameter: "view",
                message:
                    "kind 'shake': parameter 'view' clashes with the scene key 'view' (scene keys: name, kind, view, requireToFail, simultaneousWith)"
            ),
            BadRegistration(
                kind: "shake", parameter: "requireToFail",
                message:
                    "kind 'shake': parameter 'requireToFail' clashes with the scene key 'requireToFail' (scene keys: name, kind, view, requireToFail, simultaneousWith)"
            ),
            BadRegistration(
                kind: "shake", parameter: "isEnabled",
                message:
                    "kind 'shake': parameter 'isEnabled' clashes with the parameter every kind takes (common parameters: isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded)"
            ),
            BadRegistration(kind: "shake", parameter: "", message: "kind 'shake': a parameter needs a non-empty name"),
            BadRegistration(
                kind: "shake", parameter: "minimumDistance", message: "kind 'shake': parameter 'minimumDistance' is declared twice"),
        ])
    func badRegistration(_ bad: BadRegistration) throws {
        var catalog = try CustomKinds.catalog()
        var parameters: [RecognizerCatalog.Parameter<WiggleGestureRecognizer>] = [.number("minimumDistance", \.minimumDistance)]
        if let p = bad.parameter { parameters.append(.integer(p, \.requiredWiggles)) }
        let before = catalog.kindNames
        do {
            try catalog.register(kind: bad.kind, factory: { WiggleGestureRecognizer(name: $0) }, parameters: parameters)
            Issue.record("registered")
        } catch {
            #expect(error.message == bad.message)
        }
        #expect(catalog.kindNames == before)
    }

    @Test("a factory that throws fails the scene at the recognizer's kind, with the factory's reason")
    func throwingFactory() throws {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(kind: "moody", factory: { (_: String) throws -> WiggleGestureRecognizer in throw FactoryRefusal() })
        let loader = SceneLoader(screen: nil, catalog: catalog)
        #expect(
            throws: TraceError.invalidTrace(
                "the factory of kind 'moody' could not make recognizer 'm': no wiggles on Tuesdays",
                at: SourceLocation(path: "<s>", line: 1, column: 40))
        ) {
            try loader.load(text: #"{"recognizers": [{"name": "m", "kind": "moody"}]}"#, path: "<s>")
        }
    }

    @Test("a factory that hands out one recognizer twice is an error, not a corrupt scene")
    func sharedInstanceFactory() throws {
        let shared = WiggleGestureRecognizer(name: "shared")
        nonisolated(unsafe) let instance = shared
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(kind: "single", factory: { _ in instance })
        let loader = SceneLoader(screen: nil, catalog: catalog)
        #expect(
            throws: TraceError.invalidTrace(
                "the factory of kind 'single' returned the same recognizer twice (for 'a' and 'b'); it must make a new one each time",
                at: SourceLocation(path: "<s>", line: 1, column: 73))
        ) {
            try loader.load(text: #"{"recognizers": [{"name": "a", "kind": "single"}, {"name": "b", "kind": "single"}]}"#, path: "<s>")
        }
    }

    @Test("the built-in catalog loads the scenes in Traces/ as before: every parameter name reaches its property")
    func builtInParameters() throws {
        let scene = try SceneLoader(screen: nil).load(
            text:
                #"{"recognizers": [{"kind": "tap", "numberOfTapsRequired": 3, "maximumTapInterval": 0.5}, {"kind": "pan", "maximumNumberOfTouches": 2, "velocityEstimator": "lsq2"}, {"kind": "marquee", "minimumNumberOfTouches": 2}, {"kind": "swipe", "direction": ["up", "down"]}, {"kind": "tickle", "requiredTickles": 4, "isEnabled": false}]}"#
        )
        let tap = try #require(scene.recognizer(named: "tap") as? TapGestureRecognizer)
        #expect(tap.numberOfTapsRequired == 3 && tap.maximumTapInterval == 0.5)
        let pan = try #require(scene.recognizer(named: "pan") as? PanGestureRecognizer)
        #expect(pan.maximumNumberOfTouches == 2 && pan.velocityEstimator == .lsq2)
        let marquee = try #require(scene.recognizer(named: "marquee") as? MarqueeGestureRecognizer)
        #expect(marquee.minimumNumberOfTouches == 2)
        let swipe = try #require(scene.recognizer(named: "swipe") as? SwipeGestureRecognizer)
        #expect(swipe.direction == [.up, .down])
        let tickle = try #require(scene.recognizer(named: "tickle") as? TickleGestureRecognizer)
        #expect(tickle.requiredTickles == 4 && !tickle.isEnabled)
    }
}

/// A user kind, end to end: a trace whose scene names it, replayed with the user's catalog.
@Suite("User kinds in replays")
struct UserKindReplayTests {
    static let trace = """
        {"scene": {"recognizers": [{"name": "w", "kind": "wiggle", "requiredWiggles": 2}, {"name": "tap", "kind": "tap"}]},
         "expect": [{"recognizer": "w", "state": "ended", "at": [0.03, 0.05]}, {"recognizer": "tap", "state": "failed"}],
         "events": [
          {"t": 0, "id": 1, "phase": "began", "x": 100, "y": 100},
          {"t": 0.02, "id": 1, "phase": "moved", "x": 120, "y": 100},
          {"t": 0.04, "id": 1, "phase": "moved", "x": 95, "y": 100},
          {"t": 0.06, "id": 1, "phase": "ended", "x": 95, "y": 100}
        ]}
        """

    @Test("a trace naming a registered kind replays with the catalog, and its expectations hold")
    func replayUserKind() throws {
        var options = ReplayOptions()
        options.scene.catalog = try CustomKinds.catalog()
        let result = try Replayer.replay(.bytes(Array(Self.trace.utf8), name: "wiggle.json"), options: options)
        #expect(result.transitions(of: "w").map(\.state) == [.ended])
        #expect(result.text.contains("w    wiggle  possible -> ended"))
        let report = try #require(result.expectations)
        #expect(report.passed, "\(report.text)")
    }

    @Test("the same trace with the built-in catalog: the unknown kind is a positioned error")
    func builtInCatalogRejects() {
        #expect(
            throws: TraceError.invalidTrace(
                "unknown recognizer kind 'wiggle'; expected one of: tap, longPress, pan, pinch, rotation, swipe, screenEdgePan, twoFingerSwipe, marquee, tickle",
                at: SourceLocation(path: "wiggle.json", line: 1, column: 50))
        ) {
            try Replayer.replay(.bytes(Array(Self.trace.utf8), name: "wiggle.json"))
        }
    }
}
