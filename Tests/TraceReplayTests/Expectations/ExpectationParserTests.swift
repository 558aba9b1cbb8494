import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

/// `"expect"` parsing: every form, and positioned errors for malformed expectations.
@Suite("Expectation parser")
struct ExpectationParserTests {
    static func parse(_ text: String) throws(TraceError) -> [TraceExpectation] {
        try ExpectationParser.parse(try JSONParser().parse(text, path: "t.json"))
    }

    /// The error for `text`, formatted as the CLI prints it.
    static func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return DiagnosticFormatter().format(error)
        }
    }

    /// `t.json:1:C` where C is the 1-based UTF-8 column of the first `token` in `text`.
    static func at(_ token: String, in text: String, occurrence: Int = 1) -> String {
        var rest = Substring(text)
        var offset = 0
        for _ in 1..<occurrence {
            let r = rest.range(of: token)!
            offset += rest.utf8.distance(from: rest.startIndex, to: r.upperBound)
            rest = rest[r.upperBound...]
        }
        let r = rest.range(of: token)!
        return "t.json:1:\(offset + rest.utf8.distance(from: rest.startIndex, to: r.lowerBound) + 1)"
    }

    // MARK: forms

    @Test("state (default ended, 'recognized' alias) with an at window")
    func stateAndWindow() throws {
        let e = try Self.parse(
            #"[{"recognizer": "doubleTap", "state": "ended", "at": [0.3, 0.4]}, {"recognizer": "tap"}, {"recognizer": "tap", "state": "recognized", "at": 0.25}]"#
        )
        try #require(e.count == 3)
        #expect(e[0].recognizer == "doubleTap")
        #expect(e[0].state == .ended)
        #expect(e[0].quantifier == .reaches)
        #expect(e[0].time == .range(min: 0.3, max: 0.4))
        #expect(e[0].summary == "doubleTap reaches ended at 0.3...0.4 s")
        #expect(e[1].state == .ended && e[1].time == nil && e[1].conditions.isEmpty)
        #expect(e[1].summary == "tap reaches ended")
        #expect(e[2].state == .ended && e[2].time == .equals(0.25))
        #expect(e[2].summary == "tap reaches ended at 0.25 s")
    }

    @Test("never a state")
    func never() throws {
        let e = try Self.parse(#"[{"recognizer": "tap", "never": "ended"}]"#)
        #expect(e[0].quantifier == .never)
        #expect(e[0].state == .ended)
        #expect(e[0].summary == "tap never reaches ended")
    }

    @Test("count: exact, [min, max], {min}, {max}")
    func count() throws {
        let e = try Self.parse(
            #"[{"recognizer": "a", "count": 2}, {"recognizer": "a", "state": "changed", "count": [1, 3]}, {"recognizer": "a", "count": {"min": 2}}, {"recognizer": "a", "count": {"max": 1}}, {"recognizer": "a", "count": 1}]"#
        )
        #expect(
            e.map(\.quantifier) == [
                .count(min: 2, max: 2), .count(min: 1, max: 3), .count(min: 2, max: nil), .count(min: 0, max: 1), .count(min: 1, max: 1),
            ])
        #expect(
            e.map(\.summary) == [
                "a reaches ended 2 times", "a reaches changed 1...3 times", "a reaches ended at least 2 times",
                "a reaches ended at most 1 time", "a reaches ended 1 time",
            ])
    }

    @Test("value conditions: every fixed key, the selection alias, custom values and points, in order")
    func values() throws {
        let keys = ValueField.keyed.map(\.key).filter { $0 != "direction" && $0 != "reason" }
        let members = keys.map { "\"\($0)\": [1, 2]" }.joined(separator: ", ")
        let e = try Self.parse(
            "[{\"recognizer\": \"r\", \(members), \"selection.width\": {\"min\": 5}, \"tickles\": 3, \"label\": \"hi\", \"anchor.y\": 7.5}]"
        )
        let c = e[0].conditions
        #expect(c.map(\.key) == keys + ["selection.width", "tickles", "label", "anchor.y"])
        #expect(
            c.map(\.field) == ValueField.keyed.map(\.field).filter { $0 != .direction && $0 != .reason }
                + [.selectionWidth, .extra("tickles"), .extra("label"), .extraY("anchor")])
        #expect(c.dropLast(4).allSatisfy { $0.test == .range(min: 1, max: 2) })
        #expect(c.suffix(4).map(\.test) == [.range(min: 5, max: nil), .equals(3), .text("hi"), .equals(7.5)])
    }

    @Test("direction and reason")
    func directionAndReason() throws {
        let e = try Self.parse(#"{"recognizer": "swipe", "direction": "up", "reason": "moved"}"#)
        #expect(e.count == 1, "a single object is accepted as a one-item list")
        #expect(e[0].conditions.map(\.test) == [.text("up"), .contains("moved")])
        #expect(e[0].summary == "swipe reaches ended with direction up, reason containing 'moved'")
    }

    @Test("summaries of ranges and windows")
    func summaries() throws {
        let e = try Self.parse(
            #"[{"recognizer": "pan", "state": "ended", "velocity.x": {"min": 800, "max": 1200}, "velocity.y": {"max": -5}, "scale": {"min": 1.5}, "location.x": 198.2, "at": {"min": 0.5}}, {"recognizer": "pan", "never": "began", "at": {"max": 0.1}}]"#
        )
        #expect(
            e[0].summary
                == "pan reaches ended at or after 0.5 s with velocity.x 800...1200, velocity.y <= -5, scale >= 1.5, location.x = 198.2")
        #expect(e[1].summary == "pan never reaches began by 0.1 s")
    }

    @Test("positions: the expectation object, the recognizer value, each condition's key")
    func positions() throws {
        let text = #"[{"recognizer": "pan", "velocity.x": [1, 2]}]"#
        let e = try Self.parse(text)
        #expect(e[0].location.description == Self.at("{", in: text))
        #expect(e[0].recognizerLocation.description == Self.at("\"pan\"", in: text))
        #expect(e[0].conditions[0].location.description == Self.at("\"velocity.x\"", in: text))
    }

    // MARK: errors

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        /// The token the error points at (its first occurrence, or the `occurrence`th).
        var token: String
        var occurrence = 1
        var message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        Bad(text: #""tap""#, token: "\"tap\"", message: "\"expect\" must be an array of expectations, not a string"),
        Bad(
            text: #"[1]"#, token: "1",
            message: "an expectation must be an object like {\"recognizer\": \"tap\", \"state\": \"ended\"}, not a number"),
        Bad(
            text: #"[{"state": "ended"}]"#, token: "{",
            message: "an expectation needs a \"recognizer\" (the name of one of the scene's recognizers)"),
        Bad(text: #"[{"recognizer": 3}]"#, token: "3", message: "\"recognizer\" must be a string, not a number"),
        Bad(
            text: #"[{"recognizer": "tap", "state": "end"}]"#, token: "\"end\"",
            message: "unknown state 'end'; expected one of: began, changed, ended, recognized, cancelled, failed"),
        Bad(
            text: #"[{"recognizer": "tap", "state": "possible"}]"#, token: "\"possible\"",
            message:
                "unknown state 'possible' (no transition goes to possible: recognizers reset to it silently); expected one of: began, changed, ended, recognized, cancelled, failed"
        ),
        Bad(
            text: #"[{"recognizer": "tap", "never": 1}]"#, token: "1",
            message: "\"never\" must be a state name (began, changed, ended, recognized, cancelled, failed), not a number"),
        Bad(
            text: #"[{"recognizer": "tap", "state": "ended", "never": "failed"}]"#, token: "\"state\"",
            message: "an expectation takes \"state\" or \"never\", not both"),
        Bad(
            text: #"[{"recognizer": "tap", "never": "failed", "count": 2}]"#, token: "\"count\"",
            message: "\"count\" cannot be used with \"never\" (which means a count of 0)"),
        Bad(text: #"[{"recognizer": "tap", "count": 1.5}]"#, token: "1.5", message: "\"count\" must be a whole number >= 0, not 1.5"),
        Bad(
            text: #"[{"recognizer": "tap", "count": {"min": -1}}]"#, token: "{\"min\"",
            message: "\"count\" min must be a whole number >= 0, not -1"),
        Bad(
            text: #"[{"recognizer": "tap", "count": "2"}]"#, token: "\"2\"",
            message: "\"count\" (how many matching transitions) must be a number, [min, max] or {\"min\": ..., \"max\": ...}, not a string"),
        Bad(
            text: #"[{"recognizer": "tap", "at": [0.4, 0.3]}]"#, token: "[0.4",
            message: "\"at\" (a time, seconds): min 0.4 is greater than max 0.3"),
        Bad(
            text: #"[{"recognizer": "tap", "at": [0.4]}]"#, token: "[0.4",
            message: "\"at\" (a time, seconds) as an array must be [min, max] (2 numbers), not 1 value"),
        Bad(
            text: #"[{"recognizer": "tap", "at": [0.1, "x"]}]"#, token: "\"x\"",
            message: "\"at\" (a time, seconds) max must be a number, not a string"),
        Bad(
            text: #"[{"recognizer": "tap", "at": {}}]"#, token: "{}",
            message: "\"at\" (a time, seconds): a range needs \"min\", \"max\" or both"),
        Bad(
            text: #"[{"recognizer": "tap", "at": {"min": 0.1, "maximum": 2}}]"#, token: "\"maximum\"",
            message: "unknown key 'maximum' in a range; expected one of: min, max"),
        Bad(
            text: #"[{"recognizer": "tap", "at": {"min": 2, "max": 1}}]"#, token: "{\"min\": 2",
            message: "\"at\" (a time, seconds): min 2 is greater than max 1"),
        Bad(
            text: #"[{"recognizer": "pan", "velocity.x": "fast"}]"#, token: "\"fast\"",
            message: "\"velocity.x\" must be a number, [min, max] or {\"min\": ..., \"max\": ...}, not a string"),
        Bad(
            text: #"[{"recognizer": "pan", "tickles": true}]"#, token: "true",
            message: "\"tickles\" must be a number, [min, max] or {\"min\": ..., \"max\": ...} or a string, not a boolean"),
        Bad(
            text: #"[{"recognizer": "swipe", "direction": "north"}]"#, token: "\"north\"",
            message: "\"direction\" must be one of: right, left, up, down (the direction a swipe fired in), not 'north'"),
        Bad(
            text: #"[{"recognizer": "swipe", "direction": 4}]"#, token: "4",
            message: "\"direction\" must be one of: right, left, up, down (the direction a swipe fired in), not a number"),
        Bad(
            text: #"[{"recognizer": "tap", "reason": 3}]"#, token: "3",
            message: "\"reason\" must be a string, not a number"),
        Bad(
            text: #"[{"recognizer": "tap", "taps": 1, "taps": 2}]"#, token: "\"taps\"", occurrence: 2,
            message: "duplicate key 'taps' in an expectation"),
    ]

    @Test("malformed expectations: `path:line:column: error:` at the offending value", arguments: bad)
    func errors(_ bad: Bad) throws {
        let message = try #require(Self.error(bad.text), "accepted: \(bad.text)")
        let firstLine = String(message.prefix(while: { $0 != "\n" }))
        #expect(firstLine == "\(Self.at(bad.token, in: bad.text, occurrence: bad.occurrence)): error: \(bad.message)")
    }

    @Test("a duplicate key has a note at the first one")
    func duplicateNote() throws {
        let text = #"[{"recognizer": "tap", "taps": 1, "taps": 2}]"#
        let message = try #require(Self.error(text))
        #expect(message.hasSuffix("\n\(Self.at("\"taps\"", in: text)): note: first 'taps' here"))
    }

    @Test("an unknown recognizer is an error at its name, listing the scene's")
    func unknownRecognizer() throws {
        let text = #"[{"recognizer": "tap"}, {"recognizer": "dubleTap"}]"#
        let e = try Self.parse(text)
        #expect(throws: Never.self) { try ExpectationParser.validate(e, recognizers: ["single", "tap", "dubleTap"]) }
        do {
            try ExpectationParser.validate(e, recognizers: ["single", "tap", "doubleTap"])
            Issue.record("accepted an unknown recognizer")
        } catch {
            #expect(
                DiagnosticFormatter().format(error)
                    == "\(Self.at("\"dubleTap\"", in: text)): error: unknown recognizer 'dubleTap' in an expectation; the scene has: single, tap, doubleTap"
            )
            #expect(error.exitCode == 65)
        }
    }
}
