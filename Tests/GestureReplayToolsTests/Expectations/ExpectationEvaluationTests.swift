import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

/// Every expectation form, passing and failing, against real replays of the sample traces' events;
/// a failure says which expectation, what it expected, and what happened instead.
@Suite("Expectation evaluation")
struct ExpectationEvaluationTests {
    static let screen = #""screen": {"width": 390, "height": 844}"#
    static let doubleTapScene =
        #""scene": {"recognizers": [{"name": "single", "kind": "tap", "requireToFail": ["doubleTap"]}, {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2}]}"#
    static let panScene = #""scene": {"recognizers": [{"name": "drag", "kind": "pan"}]}"#
    static let pinchScene = #""scene": {"recognizers": [{"name": "pinch", "kind": "pinch"}, {"name": "rotation", "kind": "rotation"}]}"#
    static let marqueeScene =
        #""scene": {"views": [{"name": "canvas", "frame": [0, 100, 390, 600]}], "recognizers": [{"name": "selection", "kind": "marquee", "view": "canvas"}]}"#

    /// The outcome of `expect` (a JSON array) on the events of `events` (a trace in `Traces/`) in
    /// `scene`: the report, and its text with the temporary folder removed from paths.
    static func check(_ expect: String, _ scene: String, events: String) throws -> (report: ExpectationReport, text: String) {
        let dir = try TemporaryFolder()
        let path = try dir.write("t.json", try SuiteTestSupport.trace("\"expect\": \(expect), \(scene), \(screen)", eventsOf: events))
        let result = try TraceCheck.run(path, options: ReplayOptions(), update: false)
        #expect(result.golden == nil, "an expectations-only trace is not compared with a golden file")
        let report = try #require(result.expectations)
        #expect(result.passed == report.passed)
        return (report, report.text.replacingOccurrences(of: dir.path + "/", with: ""))
    }

    static func doubleTap(_ expect: String) throws -> (report: ExpectationReport, text: String) {
        try check(expect, doubleTapScene, events: "Traces/double-tap.json")
    }
    static func pan(_ expect: String) throws -> (report: ExpectationReport, text: String) {
        try check(expect, panScene, events: "Traces/pan-velocity.json")
    }

    /// The only failure of a report.
    static func onlyFailure(_ r: (report: ExpectationReport, text: String)) throws -> ExpectationFailure {
        try #require(r.report.failures.count == 1, "\(r.text)")
        return r.report.failures[0]
    }

    // MARK: state, at

    @Test("state within an at window: passes inside it; outside, the failure shows the transition and its time")
    func stateAndWindow() throws {
        #expect(try Self.doubleTap(#"[{"recognizer": "doubleTap", "state": "ended", "at": [0.25, 0.35]}]"#).report.passed)
        #expect(
            try Self.doubleTap(#"[{"recognizer": "doubleTap", "at": 0.289}]"#).report.passed, "a single time matches to the millisecond")
        #expect(try Self.doubleTap(#"[{"recognizer": "doubleTap", "state": "recognized", "at": {"max": 0.3}}]"#).report.passed)

        let r = try Self.doubleTap(#"[{"recognizer": "doubleTap", "state": "ended", "at": [0.30, 0.40]}]"#)
        #expect(r.report.failureMessage == "1 of 1 expectation not met")
        #expect(
            r.text == """
                t.json:1:13: error: expectation not met: doubleTap reaches ended at 0.3...0.4 s
                  got: doubleTap made 1 transition, none matching; the closest:
                     0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2
                            time is 0.289 s, expected at 0.3...0.4 s

                """)
    }

    @Test("state: a recognizer that never reached it shows its closest transitions (the failure with its reason)")
    func stateNeverReached() throws {
        let f = try Self.onlyFailure(Self.doubleTap(#"[{"recognizer": "single", "state": "ended"}]"#))
        #expect(f.expected == "single reaches ended")
        #expect(f.got == "single made 1 transition, none matching; the closest:")
        #expect(
            f.shown == [
                ExpectationFailure.Shown(
                    line:
                        "   0.289  single     tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized",
                    mismatches: ["state is failed, expected ended"])
            ])
    }

    @Test("closest transitions: those in the expected state first, then the nearest the window; at most 3, in time order")
    func closestRanking() throws {
        let f = try Self.onlyFailure(Self.pan(#"[{"recognizer": "drag", "state": "began", "at": [0.3, 0.4]}]"#))
        #expect(f.got == "drag made 51 transitions, none matching; the closest:")
        try #require(f.shown.count == 3)
        #expect(f.shown[0].line.hasPrefix("   0.200  drag  pan  possible -> began "))
        #expect(f.shown[0].mismatches == ["time is 0.200 s, expected at 0.3...0.4 s"])
        #expect(f.shown[1].line.hasPrefix("   0.392  drag  pan  changed -> changed "))
        #expect(f.shown[2].line.hasPrefix("   0.400  drag  pan  changed -> changed "))
        #expect(f.shown[1].mismatches == ["state is changed, expected began"])
    }

    // MARK: never

    @Test("never: passes when no transition matches; fails listing the ones that did")
    func never() throws {
        #expect(
            try Self.doubleTap(#"[{"recognizer": "single", "never": "ended"}, {"recognizer": "doubleTap", "never": "failed"}]"#).report
                .passed)
        #expect(
            try Self.pan(#"[{"recognizer": "drag", "never": "changed", "translation.y": {"min": 0}}]"#).report.passed,
            "never with a condition: the drag only goes up")
        let r = try Self.doubleTap(#"[{"recognizer": "single", "never": "failed"}]"#)
        #expect(
            r.text == """
                t.json:1:13: error: expectation not met: single never reaches failed
                  got: single reached failed 1 time:
                     0.289  single     tap  possible -> failed     at (195.0, 420.6)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized

                """)
    }

    // MARK: values

    @Test("value ranges: [min, max], {min}, {max} on velocity, translation and speed")
    func ranges() throws {
        #expect(
            try Self.pan(
                #"[{"recognizer": "drag", "state": "ended", "velocity.x": [660, 680], "velocity.y": {"max": -1000}, "translation.x": {"min": 150}, "translation.y": [-385, -383], "speed": [1790, 1794]}]"#
            ).report.passed)
        let f = try Self.onlyFailure(
            Self.pan(
                #"[{"recognizer": "pan", "state": "ended", "velocity.x": {"min": 800, "max": 1200}}]"#.replacingOccurrences(
                    of: "\"pan\"", with: "\"drag\"")))
        #expect(f.expected == "drag reaches ended with velocity.x 800...1200")
        #expect(
            f.shown.last?.line
                == "   0.617  drag  pan  changed -> ended       at (235.7, 306.4)  touches 1  translation (150.9, -383.5)  velocity (669.4, -1662.2)"
        )
        #expect(f.shown.last?.mismatches == ["velocity.x is 669.4, expected 800...1200"])
        #expect(f.shown.first?.mismatches == ["state is changed, expected ended", "velocity.x is 639.1, expected 800...1200"])
    }

    @Test("a bare number is equal as the text output prints the value (points to 0.1, scale to 0.001)")
    func equalAsPrinted() throws {
        #expect(
            try Self.doubleTap(#"[{"recognizer": "doubleTap", "location.x": 195.0, "location.y": 420.6, "taps": 2, "touches": 1}]"#).report
                .passed)
        #expect(try Self.doubleTap(#"[{"recognizer": "doubleTap", "location.x": 195.04}]"#).report.passed, "195.04 prints as 195.0 too")
        let f = try Self.onlyFailure(Self.doubleTap(#"[{"recognizer": "doubleTap", "location.x": 195.1, "taps": 3}]"#))
        #expect(f.shown.first?.mismatches == ["location.x is 195.0, expected = 195.1", "taps is 2, expected = 3"])
    }

    @Test("scale, the scalar velocity (pinch), reason, never (rotation)")
    func pinch() throws {
        let ok = try Self.check(
            #"[{"recognizer": "pinch", "state": "began", "scale": [1.0, 1.1]}, {"recognizer": "pinch", "state": "ended", "scale": 2.199, "touches": 1}, {"recognizer": "pinch", "state": "changed", "velocity": {"min": 3.5}}, {"recognizer": "rotation", "state": "failed", "reason": "prevented by pinch"}, {"recognizer": "rotation", "never": "began"}]"#,
            Self.pinchScene, events: "Traces/pinch.json")
        #expect(ok.report.passed, "\(ok.text)")
        #expect(ok.report.count == 5)
        let bad = try Self.check(
            #"[{"recognizer": "pinch", "state": "ended", "scale": {"min": 3}}, {"recognizer": "rotation", "state": "failed", "reason": "too small"}]"#,
            Self.pinchScene, events: "Traces/pinch.json")
        #expect(bad.report.failureMessage == "2 of 2 expectations not met")
        #expect(bad.report.failures[0].shown.last?.mismatches == ["scale is 2.199, expected >= 3"])
        #expect(
            bad.report.failures[1].shown.first?.mismatches == [
                "reason is 'prevented by pinch 'pinch', which began', expected containing 'too small'"
            ])
    }

    @Test("selectionRect (and its alias selection.)")
    func selection() throws {
        #expect(
            try Self.check(
                #"[{"recognizer": "selection", "state": "ended", "selectionRect.x": 60.4, "selection.y": 100.9, "selectionRect.width": [190, 210], "selectionRect.height": {"min": 250}}]"#,
                Self.marqueeScene, events: "Traces/marquee-down-right.json"
            ).report.passed)
        let f = try Self.onlyFailure(
            Self.check(
                #"[{"recognizer": "selection", "state": "ended", "selectionRect.width": {"max": 100}}]"#, Self.marqueeScene,
                events: "Traces/marquee-down-right.json"))
        #expect(f.shown.last?.mismatches == ["selectionRect.width is 201.4, expected <= 100"])
    }

    @Test("direction")
    func direction() throws {
        let scene = "\"scene\": " + (try SuiteTestSupport.packageFile("Traces/swipes.scene.json"))
        #expect(
            try Self.check(
                #"[{"recognizer": "swipeUp", "direction": "up"}, {"recognizer": "swipeDown", "state": "failed"}]"#, scene,
                events: "Traces/swipe-up.json"
            ).report.passed)
        let f = try Self.onlyFailure(
            Self.check(#"[{"recognizer": "swipeUp", "direction": "down"}]"#, scene, events: "Traces/swipe-up.json"))
        #expect(f.expected == "swipeUp reaches ended with direction down")
        #expect(f.shown.map(\.mismatches) == [["direction is up, expected down"]])
    }

    // MARK: count

    @Test("count: exact, at least, a range; too many lists the first matches, too few the near misses")
    func count() throws {
        #expect(
            try Self.pan(
                #"[{"recognizer": "drag", "state": "changed", "count": 49}, {"recognizer": "drag", "state": "changed", "count": {"min": 20}}, {"recognizer": "drag", "state": "began", "count": [1, 1]}, {"recognizer": "drag", "state": "cancelled", "count": 0}]"#
            ).report.passed)

        let many = try Self.onlyFailure(Self.pan(#"[{"recognizer": "drag", "state": "changed", "count": {"max": 5}}]"#))
        #expect(many.expected == "drag reaches changed at most 5 times")
        #expect(many.got == "drag reached changed 49 times (the first 5 shown):")
        #expect(many.shown.count == 5 && many.shown.allSatisfy(\.mismatches.isEmpty))

        let few = try Self.onlyFailure(Self.doubleTap(#"[{"recognizer": "doubleTap", "count": 2}]"#))
        #expect(few.expected == "doubleTap reaches ended 2 times")
        #expect(few.got == "doubleTap reached ended 1 time")
        #expect(few.shown.isEmpty)
    }

    // MARK: custom values

    @Test("a custom recognizer's own value (tickles); a key it never reports fails, naming what it does report")
    func extras() throws {
        let dir = try TemporaryFolder()
        let trace = try dir.copy("Traces/tickle-success.csv", as: "t.csv")
        func run(_ expect: String) throws -> TraceCheck.Result {
            let scene = try dir.write("s.scene.json", #"{"recognizers": [{"name": "tickle", "kind": "tickle"}], "expect": "# + expect + "}")
            var options = ReplayOptions()
            options.scene.path = scene
            return try TraceCheck.run(trace, options: options, update: false)
        }
        #expect(
            try run(#"[{"recognizer": "tickle", "tickles": 3}, {"recognizer": "tickle", "tickles": [2, 4], "never": "failed"}]"#).passed)
        let wrong = try #require(run(#"[{"recognizer": "tickle", "tickles": 4}]"#).expectations?.failures.first)
        #expect(wrong.shown.first?.mismatches == ["tickles is 3, expected = 4"])
        // A typo must not pass silently, not even in `never` (which no transition would match).
        let typo = try #require(run(#"[{"recognizer": "tickle", "never": "ended", "tickels": 3}]"#).expectations?.failures.first)
        #expect(typo.got == "tickle never reports tickels (its transitions report: location.x, location.y, touches, tickles)")
        #expect(typo.location.line == 1 && typo.location.path.hasSuffix("s.scene.json"))
    }

    @Test("a recognizer that made no transitions says so")
    func noTransitions() throws {
        let scene =
            #""scene": {"views": [{"name": "corner", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "single", "kind": "tap"}, {"name": "cornerTap", "kind": "tap", "view": "corner"}]}"#
        let f = try Self.onlyFailure(
            Self.check(
                #"[{"recognizer": "cornerTap"}, {"recognizer": "cornerTap", "never": "ended", "taps": 1}]"#, scene,
                events: "Traces/double-tap.json"))
        #expect(f.got == "cornerTap made no transitions (it stayed possible to the end of the trace)")
    }

    @Test("expectations of the scene come first, then the trace's; all are counted")
    func sceneAndTrace() throws {
        let scene =
            #""scene": {"recognizers": [{"name": "single", "kind": "tap", "requireToFail": ["doubleTap"]}, {"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2}], "expect": [{"recognizer": "single", "state": "ended"}]}"#
        let r = try Self.check(#"[{"recognizer": "doubleTap", "state": "failed"}]"#, scene, events: "Traces/double-tap.json")
        #expect(r.report.count == 2)
        #expect(r.report.failures.map(\.expected) == ["single reaches ended", "doubleTap reaches failed"])
    }

    @Test("an expectation naming a recognizer the scene lacks stops the check with a positioned error (exit 65)")
    func unknownRecognizer() throws {
        let dir = try TemporaryFolder()
        let path = try dir.write(
            "t.json",
            try SuiteTestSupport.trace(
                #""expect": [{"recognizer": "tripleTap"}], "# + Self.doubleTapScene, eventsOf: "Traces/double-tap.json"))
        #expect(
            throws: TraceError.invalidTrace(
                "unknown recognizer 'tripleTap' in an expectation; the scene has: single, doubleTap",
                at: SourceLocation(path: path, line: 1, column: 28))
        ) {
            try TraceCheck.run(path, options: ReplayOptions(), update: false)
        }
    }
}
