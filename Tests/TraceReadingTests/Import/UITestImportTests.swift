#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

/// The UI-test readers (docs/ui-tests.md): W3C WebDriver actions, Appium, WebKit sendEventStream.
/// Fixtures: Tests/Fixtures/ui-tests/ (see its README for sources and licences).
@Suite struct UITestImportTests {
    typealias Row = ImportSupport.Row

    static func fixture(_ name: String) -> String { PackageFiles.path("Tests/Fixtures/ui-tests/" + name) }

    static func text(_ name: String) -> String {
        (try? String(contentsOfFile: fixture(name), encoding: .utf8)) ?? ""
    }

    static func options(_ set: (inout UITestImportOptions) -> Void = { _ in }, density: Double? = nil) -> RecordingImportOptions {
        var r = RecordingImportOptions()
        set(&r.uiTests)
        r.density = density
        return r
    }

    /// The transitions of the default scene's replay of `path`, as "name from->to".
    static func transitions(_ path: String) -> [String] {
        let r = ImportSupport.replay(path)
        #expect(r.error == nil, "\(path): \(r.error ?? "")")
        return r.output.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 6, f[4] == "->" else { return nil }
            return "\(f[1]) \(f[3])->\(f[5])"
        }
    }

    // MARK: What the default scene recognizes, per format

    @Test(arguments: [
        ("w3c/pinch.json", "pinch possible->began"), ("w3c/rotation.json", "rotation possible->began"),
        ("w3c/double-tap.json", "doubleTap possible->ended"), ("w3c/long-press.json", "longPress possible->began"),
        ("w3c/swipe.json", "swipe possible->ended"),
        ("appium/pinch.json", "pinch possible->began"), ("appium/rotation.json", "rotation possible->began"),
        ("appium/double-tap.json", "doubleTap possible->ended"), ("appium/double-tap-touchaction.json", "doubleTap possible->ended"),
        ("appium/long-press.json", "longPress possible->began"), ("appium/long-press-touchaction.json", "longPress possible->began"),
        ("appium/swipe.json", "swipe possible->ended"), ("appium/drag.json", "longPress possible->began"),
        ("webkit/pinch.json", "pinch possible->began"), ("webkit/rotation.json", "rotation possible->began"),
        ("webkit/double-tap.json", "doubleTap possible->ended"), ("webkit/long-press.json", "longPress possible->began"),
        ("webkit/swipe.json", "swipe possible->ended"),
    ])
    func theDefaultSceneRecognizesTheGesture(file: String, transition: String) {
        let seen = Self.transitions(Self.fixture(file))
        #expect(seen.contains(transition), "\(file): \(seen)")
    }

    @Test(arguments: [
        ("w3c/swipe.json", TraceFormat.w3cActions), ("w3c/pinch.json", .w3cActions), ("appium/pinch.json", .appium),
        ("appium/swipe.json", .appium), ("appium/drag.json", .appium), ("webkit/swipe.json", .webkitEvents),
        ("webkit/double-tap.json", .webkitEvents),
    ])
    func theFormatIsSniffedFromTheContent(file: String, format: TraceFormat) {
        #expect(TraceFormat.sniff(Array(Self.text(file).utf8)) == format)
        // Through a .json path too (the extension says json; the content decides).
        #expect(ImportSupport.read(Self.text(file), format: .json).format == format)
    }

    @Test func jsonTracesAreStillJSON() {
        #expect(TraceFormat.sniff(Array(#"{"events": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}]}"#.utf8)) == .json)
        #expect(!TraceFormat.sniff(Array(#"{"actions": 3}"#.utf8)).isUITest)
        #expect(TraceFormat(name: "w3c-actions") == .w3cActions && TraceFormat(name: "webkit-events") == .webkitEvents)
    }

    // MARK: The rows the rules imply

    @Test func w3cSwipeIsSampledEveryMoveIntervalFromTheTickStart() {
        let r = ImportSupport.read(Self.text("w3c/swipe.json"))
        #expect(r.error == nil)
        #expect(
            r.rows == [
                Row(0, 1, .began, 300, 400), Row(0.016, 1, .moved, 268, 400), Row(0.032, 1, .moved, 236, 400),
                Row(0.048, 1, .moved, 204, 400), Row(0.064, 1, .moved, 172, 400), Row(0.08, 1, .moved, 140, 400),
                Row(0.096, 1, .moved, 108, 400), Row(0.1, 1, .moved, 100, 400), Row(0.1, 1, .ended, 100, 400),
            ])
        #expect(r.warningText.contains { $0.contains("6 rows sampled") && $0.contains("16 ms") })
        let coarse = ImportSupport.read(Self.text("w3c/swipe.json"), options: Self.options { $0.moveInterval = 0.05 })
        #expect(coarse.rows.map(\.t) == [0, 0.05, 0.1, 0.1])
        #expect(coarse.rows[1] == Row(0.05, 1, .moved, 200, 400))
    }

    @Test func w3cTicksAlignSourcesAndMovesWithoutDurationTakeTheTicks() {
        // Tick 0: A moves (up: no row) while B pauses 300 ms; tick 1: both down; tick 2: A moves with no
        // duration (takes the tick's 200 ms, from B's pause), B moves for 100 ms; tick 3: both up.
        let text = """
            {"actions": [
             {"type": "pointer", "id": "a", "parameters": {"pointerType": "touch"}, "actions": [
              {"type": "pointerMove", "x": 10, "y": 10, "duration": 100}, {"type": "pointerDown"},
              {"type": "pointerMove", "x": 10, "y": 110}, {"type": "pointerUp", "button": 0}]},
             {"type": "pointer", "id": "b", "parameters": {"pointerType": "touch"}, "actions": [
              {"type": "pause", "duration": 300}, {"type": "pointerDown", "button": 0},
              {"type": "pause", "duration": 200}, {"type": "pointerUp", "button": 0}]}]}
            """
        let r = ImportSupport.read(text, options: Self.options { $0.moveInterval = 0.1 })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(
            r.rows == [
                Row(0.3, 1, .began, 10, 10), Row(0.3, 2, .began, 0, 0), Row(0.4, 1, .moved, 10, 60),
                Row(0.5, 1, .moved, 10, 110), Row(0.5, 1, .ended, 10, 110), Row(0.5, 2, .ended, 0, 0),
            ])
    }

    @Test func aFingerLeftDownKeepsTheTrailingPause() {
        let w3c = ImportSupport.read(
            Self.pointer(#"{"type": "pointerMove", "x": 5, "y": 6}, {"type": "pointerDown"}, {"type": "pause", "duration": 800}"#))
        #expect(w3c.rows == [Row(0, 1, .began, 5, 6), Row(0.8, 1, .stationary, 5, 6)])
        #expect(w3c.warningText.contains { $0.contains("touch 1 never ended") }, "\(w3c.warningText)")
        let appium = ImportSupport.read(
            #"{"actions": [{"action": "press", "options": {"x": 5, "y": 6}}, {"action": "wait", "options": {"ms": 800}}]}"#)
        #expect(appium.rows == w3c.rows)
    }

    @Test func w3cElementOriginIsTheElementsCentrePlusTheOffset() {
        let text = """
            {"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
             {"type": "pointerMove", "x": 10, "y": 0, "origin": {"element-6066-11e4-a52e-4f735466cecf": "button"}},
             {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]}
            """
        let r = ImportSupport.read(text, options: Self.options { $0.elements = ["button": Rect(x: 20, y: 100, width: 120, height: 44)] })
        #expect(r.rows == [Row(0, 1, .began, 90, 122), Row(0, 1, .ended, 90, 122)])
        let missing = ImportSupport.read(text)
        #expect(
            missing.errorText?.contains(
                "rec.txt:2:93: error: actions[0].actions[0].origin.element-6066-11e4-a52e-4f735466cecf: element 'button' is not defined")
                == true, "\(missing.errorText ?? "")")
    }

    /// Issue 44, item 4: WebDriverAgent's own actions move to an element (or by the pointer) with no
    /// x and y, and press without a button: accepted as WebDriverAgent accepts them, with a note.
    @Test func w3cMoveWithoutOffsetIsTheElementsCentreAsWebDriverAgentTakesIt() {
        let element = #"{"element-6066-11e4-a52e-4f735466cecf": "button"}"#
        let text = Self.pointer(
            #"{"type": "pointerMove", "origin": \#(element)}, {"type": "pointerDown"}, {"type": "pointerMove", "origin": "pointer", "duration": 0}, {"type": "pointerUp"}"#
        )
        let r = ImportSupport.read(text, options: Self.options { $0.elements = ["button": Rect(x: 20, y: 100, width: 120, height: 44)] })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == [Row(0, 1, .began, 80, 122), Row(0, 1, .moved, 80, 122), Row(0, 1, .ended, 80, 122)])
        #expect(
            r.warningText == [
                "rec.txt:1:97: note: actions[0].actions[0]: pointerMove without x and y: the element's centre, as WebDriverAgent moves (the W3C specification requires x and y)"
            ], "\(r.warningText)")
        // A viewport move still needs its point; x without y is an error.
        let viewport = ImportSupport.read(Self.pointer(#"{"type": "pointerMove"}"#))
        #expect(viewport.errorText?.contains("missing key 'x' in actions[0].actions[0]") == true, "\(viewport.errorText ?? "no error")")
        let half = ImportSupport.read(Self.pointer(#"{"type": "pointerMove", "x": 1, "origin": "pointer"}"#))
        #expect(half.errorText?.contains("missing key 'y' in actions[0].actions[0]") == true, "\(half.errorText ?? "no error")")
    }

    /// Issue 44, item 4: XCTest's drag velocity is in pixels per second (Apple: "expressed in pixels
    /// per second"): points at the screen's scale, `--pixel-scale`, else `--density`, else 3 with a note.
    @Test func appiumDragVelocityIsInPixelsPerSecond() {
        let text =
            #"{"script": "mobile: dragFromToWithVelocity", "args": [{"pressDuration": 0, "holdDuration": 0, "fromX": 0, "fromY": 100, "toX": 300, "toY": 100, "velocity": 3000}]}"#
        func end(_ r: ImportSupport.Result) -> Double? { r.rows.last?.t }
        let standard = ImportSupport.read(text, options: Self.options { $0.moveInterval = 1 })
        #expect(end(standard) == 0.3, "\(standard.rows)")
        #expect(
            standard.warningText.contains {
                $0.contains(
                    "args[0].velocity 3000 is in pixels per second (XCTest): 1000 pt/s at a screen scale of 3 pixels per point; give the device's with UITestImportOptions.pixelScale = S"
                )
            }, "\(standard.warningText)")
        let scale2 = ImportSupport.read(
            text,
            options: Self.options {
                $0.moveInterval = 1; $0.pixelScale = 2
            })
        #expect(end(scale2) == 0.2 && !scale2.warningText.contains { $0.contains("pixels per second") }, "\(scale2.rows)")
        // --density: the coordinates are pixels too.
        let density = ImportSupport.read(text, options: Self.options({ $0.moveInterval = 1 }, density: 2))
        #expect(end(density) == 0.1 && density.rows.last?.x == 150, "\(density.rows)")
    }

    @Test func appiumDoubleTapAndTouchAndHoldFollowWebDriverAgentsTimes() {
        let tap = ImportSupport.read(Self.text("appium/double-tap.json"))
        #expect(
            tap.rows == [
                Row(0, 1, .began, 200, 300), Row(0.1, 1, .ended, 200, 300), Row(0.14, 2, .began, 200, 300), Row(0.24, 2, .ended, 200, 300),
            ])
        #expect(ImportSupport.read(Self.text("appium/double-tap-touchaction.json")).rows == tap.rows)
        let hold = ImportSupport.read(Self.text("appium/long-press.json"))
        #expect(hold.rows == [Row(0, 1, .began, 200, 300), Row(2, 1, .ended, 200, 300)])
        let pixels = ImportSupport.read(Self.text("appium/long-press.json"), options: Self.options(density: 2))
        #expect(pixels.rows == [Row(0, 1, .began, 100, 150), Row(2, 1, .ended, 100, 150)])
    }

    @Test func appiumMoveToMovesOverTheWaitBeforeIt() {
        let r = ImportSupport.read(Self.text("appium/swipe.json"), options: Self.options { $0.moveInterval = 0.05 })
        #expect(
            r.rows == [
                Row(0, 1, .began, 300, 400), Row(0.05, 1, .moved, 200, 400), Row(0.1, 1, .moved, 100, 400), Row(0.1, 1, .ended, 100, 400),
            ])
        let drag = ImportSupport.read(Self.text("appium/drag.json"))
        // Pressed 1 s, then 141.4 pt at 1000 pt/s.
        #expect(drag.rows.first == Row(0, 1, .began, 100, 100))
        #expect(drag.rows.last == Row(1.141421, 1, .ended, 200, 200))
    }

    @Test func webkitInterpolationsExpandAsHIDEventGeneratorDoes() {
        let r = ImportSupport.read(Self.text("webkit/pinch.json"))
        #expect(r.error == nil)
        // simpleCurve: sin(sin(t·π/2)·t·π/2) of the way at t = 0.016 / 0.5.
        let t = 0.032
        let f = sin(sin(t * Double.pi / 2) * t * Double.pi / 2)
        let second = r.rows.first { $0.t == 0.016 && $0.id == 1 }
        #expect(second.map { abs($0.x - (180 - 80 * f)) < 1e-9 } == true)
        // began at 0, the start event's moves at 0, samples, the end event at 0.5, the lifts.
        #expect(r.rows.prefix(4).map(\.phase) == [.began, .began, .moved, .moved])
        #expect(r.rows.suffix(2) == [Row(0.5, 1, .ended, 100, 400), Row(0.5, 2, .ended, 300, 400)])
        #expect(r.rows.filter { $0.id == 1 }.count == 1 + 1 + 31 + 1 + 1)
    }

    @Test func webkitDuplicateBeganIsAMoveAndDuplicateEndedIsDropped() {
        let text = """
            {"events": [
             {"inputType": "hand", "timeOffset": 0, "touches": [{"inputType": "finger", "phase": "began", "id": 1, "x": 5, "y": 5}]},
             {"inputType": "hand", "timeOffset": 0, "touches": [{"inputType": "finger", "phase": "began", "id": 1, "x": 6, "y": 5}]},
             {"inputType": "hand", "timeOffset": 0.1, "touches": [{"inputType": "finger", "phase": "ended", "id": 1, "x": 6, "y": 5}]},
             {"inputType": "hand", "timeOffset": 0.1, "touches": [{"inputType": "finger", "phase": "ended", "id": 1, "x": 6, "y": 5}]}]}
            """
        let r = ImportSupport.read(text)
        #expect(r.rows == [Row(0, 1, .began, 5, 5), Row(0, 1, .moved, 6, 5), Row(0.1, 1, .ended, 6, 5)])
        #expect(r.warningText.count == 2, "\(r.warningText)")
    }

    @Test func convertWritesTheGestureAsARegularTrace() throws {
        var options = ReplayOptions()
        options.reading.inputFormat = nil
        var out = OutputBuffer(fileDescriptor: nil)
        try TraceConverter.convert(Self.fixture("webkit/double-tap.json"), options: options, to: .jsonl, output: &out)
        let path = ReadingTestSupport.temporaryFile(Array(out.text.utf8), suffix: ".jsonl")
        let again = Self.transitions(path)
        #expect(again == Self.transitions(Self.fixture("webkit/double-tap.json")))
        #expect(out.text.hasPrefix(#"{"t": 0.0, "id": 1, "phase": "began", "x": 200.0, "y": 300.0}"#))
    }

    // MARK: Bad input

    static func pointer(_ actions: String, type: String = "touch") -> String {
        #"{"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "\#(type)"}, "actions": [\#(actions)]}]}"#
    }

    @Test func nonPointerSourcesAreSaidOnceAndCountAsPauses() {
        let text = """
            {"actions": [{"type": "key", "id": "k", "actions": [{"type": "pause", "duration": 100}, {"type": "keyDown", "value": "a"}]},
             {"type": "none", "id": "n", "actions": [{"type": "pause", "duration": 50}]},
             {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerDown"}, {"type": "pointerUp"}]}]}
            """
        let r = ImportSupport.read(text)
        #expect(r.rows == [Row(0, 1, .began, 0, 0), Row(0.1, 1, .ended, 0, 0)])
        #expect(
            r.warningText == [
                "rec.txt:1:14: warning: key source 'k', none source 'n' are not pointers: only their pauses count (as tick durations)"
            ])
    }

    @Test func mouseAndPenPointersAreReplayedAsTouchesWithAWarning() {
        for type in ["mouse", "pen"] {
            let r = ImportSupport.read(Self.pointer(#"{"type": "pointerDown"}, {"type": "pointerUp"}"#, type: type))
            #expect(r.rows.count == 2)
            #expect(r.warningText.first?.contains("pointer source 'f' is a \(type): replayed as a touch") == true, "\(r.warningText)")
        }
        let noParameters = ImportSupport.read(
            #"{"actions": [{"type": "pointer", "id": "m", "actions": [{"type": "pointerDown"}, {"type": "pointerUp"}]}]}"#)
        #expect(noParameters.warningText.first?.contains("(WebDriver's default pointerType)") == true)
    }

    @Test(arguments: [
        (pointer(#"{"type": "pause", "duration": -5}"#), "rec.txt:1:127: error: actions[0].actions[0].duration: negative duration -5"),
        (
            pointer(#"{"type": "pointerUp", "button": 0}"#),
            "rec.txt:1:97: error: actions[0].actions[0]: pointerUp without a pointerDown: 'f' is not down"
        ),
        (
            pointer(#"{"type": "pointerMove", "x": 1e300, "y": 0}"#),
            "rec.txt:1:97: error: actions[0].actions[0]: coordinates (1e+300, 0.0) are out of range"
        ),
        (
            pointer(#"{"type": "pointerMove", "x": 0, "y": 0, "duration": 1e12}"#),
            "actions[0].actions[0].duration: duration 1000000000000 is longer than"
        ),
        (
            pointer(
                #"{"type": "pointerDown"}, {"type": "pointerMove", "x": 1, "y": 1, "origin": {"element-6066-11e4-a52e-4f735466cecf": "nope"}}"#
            ), "element 'nope' is not defined: give its rectangle with UITestImportOptions.elements[\"nope\"] = X,Y,W,H"
        ),
        (pointer(#"{"type": "pointerDown"}"#, type: "stylus"), "actions[0].parameters.pointerType: unknown pointerType 'stylus'"),
        (
            #"{"actions": [{"type": "pointer", "id": "f", "actions": [{"type": "tap"}]}]}"#,
            "actions[0].actions[0].type: unknown pointer action 'tap'"
        ),
        (
            #"{"actions": [[{"action": "moveTo", "options": {"x": 1, "y": 1}}]]}"#,
            "rec.txt:1:15: error: actions[0][0]: moveTo without a press"
        ),
        (
            #"{"actions": [{"action": "press", "options": {"x": 1, "y": 1}}, {"action": "wait", "options": {"ms": -1}}]}"#,
            "actions[1].options.ms: negative duration -1"
        ),
        (#"{"actions": [{"action": "release"}]}"#, "actions[0]: release without a press"),
        (#"{"actions": [{"action": "press", "options": {"element": "x"}}]}"#, "actions[0].options.element: element 'x' is not defined"),
        (#"{"script": "mobile: pinch", "args": [{"scale": 2, "velocity": 1}]}"#, "script: mobile: pinch does not define its touch path"),
        (#"{"script": "mobile: touchAndHold", "args": [{"x": 1, "y": 1, "duration": -2}]}"#, "args[0].duration: negative duration -2"),
        (
            #"{"events": [{"timeOffset": 0, "touches": [{"phase": "ended", "id": 1, "x": 0, "y": 0}]}]}"#,
            "rec.txt:1:53: error: events[0].touches[0].phase: 'ended' for touch 1, which never began"
        ),
        (#"{"events": [{"timeOffset": -1, "touches": []}]}"#, "events[0].timeOffset: negative timeOffset -1"),
        (
            #"{"events": [{"timeOffset": 0, "touches": [{"phase": "began", "id": 1, "x": 0, "y": 1e9}]}]}"#,
            "coordinates (0.0, 1000000000.0) are out of range"
        ),
    ])
    func badInputIsAPositionedError(text: String, message: String) {
        let r = ImportSupport.read(text)
        #expect(r.errorText?.contains(message) == true, "\(r.errorText ?? "no error")")
        #expect(r.error?.diagnostic.location?.line ?? 0 >= 1)
    }

    @Test func tenThousandTicksReadQuickly() {
        var actions = [#"{"type": "pointerDown"}"#]
        for k in 0..<10_000 { actions.append(#"{"type": "pointerMove", "duration": 1, "x": \#(k % 300), "y": 10}"#) }
        actions.append(#"{"type": "pointerUp"}"#)
        let clock = ContinuousClock()
        var r = ImportSupport.Result()
        let took = clock.measure { r = ImportSupport.read(Self.pointer(actions.joined(separator: ", "))) }
        #expect(r.error == nil)
        #expect(r.rows.count == 10_002)
        #expect(took < .seconds(10))
        // And 10,000 ticks of an hour each: an error at the tick that goes past a day, not a hang.
        let long = (0..<10_000).map { _ in #"{"type": "pause", "duration": 3600000}"# }.joined(separator: ", ")
        let e = ImportSupport.read(Self.pointer(#"{"type": "pointerDown"}, "# + long))
        #expect(
            e.errorText?.contains("rec.txt:1:1082: error: actions[0].actions[25]: the actions last beyond 86400 s") == true,
            "\(e.errorText ?? "")")
    }
}
