import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

@Suite("JSON Lines trace reader")
struct JSONLinesTraceReaderTests {
    typealias S = ReadingTestSupport

    static let equivalent: [AcceptCase] = [
        AcceptCase(
            name: "canonical",
            text: """
                {"t":0.5,"id":3,"phase":"began","x":10,"y":20}
                {"t":1.25,"id":3,"phase":"ended","x":11.5,"y":-2}

                """),
        AcceptCase(
            name: "aliases",
            text: """
                {"timestamp":0.5,"touch":3,"type":"down","x":10,"y":20}
                {"time":1.25,"touchId":3,"action":"up","x":11.5,"y":-2}
                """),
        AcceptCase(
            name: "more aliases, key order, extra fields",
            text: """
                {"y":20,"x":10,"pressure":0.5,"radius":{"major":[1,2,{"a":null}]},"phase":"BEGAN","finger":3,"t":5e-1}
                {"pointer":3,"touch_id_unused":"x","phase":"Ended","x":1.15e1,"y":-2.0,"t":1.25,"tags":[true,false,"\\"q\\""]}
                """),
        AcceptCase(
            name: "touch_id and string id normalised",
            text: """
                {"t":0.5,"touch_id":"3","phase":"began","x":10,"y":20}
                {"t":1.25,"touch_id":3,"phase":"ended","x":11.5,"y":-2}
                """),
        AcceptCase(
            name: "CRLF, blank lines, whitespace",
            text:
                "\r\n  {\"t\" : 0.5 , \"id\" : 3 , \"phase\" : \"began\" , \"x\" : 10 , \"y\" : 20 }  \r\n\r\n\t{\"t\":1.25,\"id\":3,\"phase\":\"ended\",\"x\":11.5,\"y\":-2}\r\n"
        ),
        AcceptCase(
            name: "BOM, no final newline",
            text:
                "\u{FEFF}{\"t\":0.5,\"id\":3,\"phase\":\"began\",\"x\":10,\"y\":20}\n{\"t\":1.25,\"id\":3,\"phase\":\"ended\",\"x\":11.5,\"y\":-2}"
        ),
        AcceptCase(
            name: "escaped keys and values",
            text: """
                {"\\u0074":0.5,"i\\u0064":3,"phase":"beg\\u0061n","x":10,"y":20}
                {"t":1.25,"id":3,"phase":"ended","x":11.5,"y":-2}
                """),
    ]

    @Test("equivalent spellings give the same rows", arguments: equivalent)
    func equivalentSpellings(_ c: AcceptCase) throws {
        let rows = try S.rows(.jsonl, c.text)
        try #require(rows.count == 2)
        #expect(rows[0].time == 0.5 && rows[0].touch == .integer(3) && rows[0].phase == .began && rows[0].x == 10 && rows[0].y == 20)
        #expect(rows[1].time == 1.25 && rows[1].touch == .integer(3) && rows[1].phase == .ended && rows[1].x == 11.5 && rows[1].y == -2)
    }

    @Test func positions() throws {
        let rows = try S.rows(.jsonl, "\n  {\"x\": 1, \"y\":2,\"t\":3,\"id\":\"a\",\"phase\":\"moved\"}\n")
        let p = rows[0].positions
        #expect(p.row == TextPosition(line: 2, column: 3))
        #expect(p.x == TextPosition(line: 2, column: 9))
        #expect(p.y == TextPosition(line: 2, column: 16))
        #expect(p.time == TextPosition(line: 2, column: 22))
        #expect(p.touch == TextPosition(line: 2, column: 29))
        #expect(p.phase == TextPosition(line: 2, column: 41))
    }

    @Test func stringIDs() throws {
        let reader = try S.reader(
            .jsonl,
            """
            {"t":0,"id":"left","phase":"began","x":0,"y":0}
            {"t":0,"id":"ri\\u0067ht","phase":"began","x":0,"y":0}
            {"t":1,"id":"left","phase":"moved","x":0,"y":0}
            {"t":1,"id":"\\u00e9","phase":"began","x":0,"y":0}
            {"t":1,"id":-0,"phase":"began","x":0,"y":0}
            {"t":1,"id":-9223372036854775808,"phase":"began","x":0,"y":0}
            """)
        let rows = try reader.readAll()
        #expect(rows[0].touch == rows[2].touch)
        #expect(reader.touchNames.text(of: rows[1].touch) == "right")
        #expect(reader.touchNames.text(of: rows[3].touch) == "é")
        #expect(rows[4].touch == .integer(0))
        #expect(rows[5].touch == .integer(.min))
    }

    @Test func deeplyNestedUnknownFieldIsSkippedIteratively() throws {
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let rows = try S.rows(.jsonl, "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":0,\"y\":0,\"extra\":\(nested)}\n")
        #expect(rows.count == 1)
    }

    static let errors: [ErrorCase] = [
        ErrorCase(
            "truncated object", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2", line: 1, column: 42, "unexpected end of line"),
        ErrorCase(
            "truncated mid-value", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\n{\"t\":0.5,\"id\":1,\"phase\":\"mo", line: 2,
            column: 28, "missing closing quote"),
        ErrorCase(
            "unknown phase", "{\"t\":0,\"id\":1,\"phase\":\"tap\",\"x\":1,\"y\":2}\n", line: 1, column: 23,
            "unknown phase 'tap'", "began, moved, stationary, ended, cancelled", "down, move, up, cancel"),
        ErrorCase(
            "phase neither a string nor a number", "{\"t\":0,\"id\":1,\"phase\":true,\"x\":1,\"y\":2}\n", line: 1, column: 23,
            "'phase' must be a string or a number, found a boolean"),
        ErrorCase(
            "missing field", "\n {\"t\":0,\"id\":1,\"x\":1,\"y\":2}\n", line: 2, column: 2,
            "event is missing field 'phase' (also accepted: type, action)"),
        ErrorCase("missing fields", "{}\n", line: 1, column: 1, "event is missing fields 't'", "'id'", "'phase'", "'x'", "'y'"),
        ErrorCase(
            "id neither integer nor string", "{\"t\":0,\"id\":1.5,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 13,
            "touch id must be an integer or a string, found '1.5'"),
        ErrorCase("id boolean", "{\"t\":0,\"id\":true,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 13, "found a boolean"),
        ErrorCase("id null", "{\"t\":0,\"id\":null,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 13, "found null"),
        ErrorCase(
            "id out of range", "{\"t\":0,\"id\":99999999999999999999,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 13,
            "out of range"),
        ErrorCase("empty id", "{\"t\":0,\"id\":\"\",\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 13, "empty touch id"),
        ErrorCase("NaN", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":NaN,\"y\":2}\n", line: 1, column: 35, "'x' must be a finite number"),
        ErrorCase(
            "-Infinity", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":-Infinity}\n", line: 1, column: 41,
            "'y' must be a finite number"),
        ErrorCase(
            "overflow", "{\"t\":1e400,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 6,
            "'t' value '1e400' is not a finite number"),
        ErrorCase(
            "number as string", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":\"12\",\"y\":2}\n", line: 1, column: 35,
            "'x' must be a number, found the string '12'"),
        ErrorCase("leading zero", "{\"t\":01,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 7, "leading zeros"),
        ErrorCase(
            "duplicate field through alias", "{\"t\":0,\"time\":1,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 8,
            "duplicate time field 'time'"),
        ErrorCase(
            "two events on a line", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2} {\"t\":0}\n", line: 1, column: 44,
            "after the event object"),
        ErrorCase("not an object", "[1]\n", line: 1, column: 1, "expected an event object, found an array"),
        ErrorCase(
            "object split over lines", "{\"t\":0,\n\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 8,
            "unexpected end of line"),
        ErrorCase(
            "trailing comma", "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2,}\n", line: 1, column: 43,
            "a field name in double quotes"),
        ErrorCase("single quotes", "{'t':0}\n", line: 1, column: 2, "a field name in double quotes"),
        ErrorCase(
            "invalid UTF-8 in a string",
            bytes: Array("{\"t\":0,\"id\":\"a".utf8) + [0xC0, 0xAF] + Array("\",\"phase\":\"began\",\"x\":1,\"y\":2}\n".utf8),
            line: 1, column: 15, "invalid UTF-8"),
        ErrorCase(
            "control character in a string", "{\"t\":0,\"id\":\"a\u{01}b\",\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 15,
            "must be escaped"),
        ErrorCase("bad escape", "{\"t\":0,\"id\":\"a\\qb\",\"phase\":\"began\",\"x\":1,\"y\":2}\n", line: 1, column: 15, "invalid escape"),
        ErrorCase("empty file", "", line: 1, column: 1, "empty trace"),
        ErrorCase("blank lines only", "\n  \n\r\n", line: 1, column: 1, "empty trace"),
    ]

    @Test("errors point at the offending value", arguments: errors)
    func errorPositions(_ c: ErrorCase) {
        c.check(.jsonl)
    }
}

@Suite("JSON trace reader")
struct JSONTraceReaderTests {
    typealias S = ReadingTestSupport

    static let event0 = "{\"t\":0.5,\"id\":3,\"phase\":\"began\",\"x\":10,\"y\":20}"
    static let event1 = "{\"t\":1.25,\"id\":3,\"phase\":\"ended\",\"x\":11.5,\"y\":-2}"

    struct AcceptCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let hasScreen: Bool
        let hasScene: Bool
        var testDescription: String { name }
    }

    static let documents: [AcceptCase] = [
        AcceptCase(name: "bare array", text: "[\(event0),\(event1)]", hasScreen: false, hasScene: false),
        AcceptCase(name: "bare array, pretty", text: "[\n  \(event0),\n  \(event1)\n]\n", hasScreen: false, hasScene: false),
        AcceptCase(name: "object, events only", text: "{\"events\":[\(event0),\(event1)]}", hasScreen: false, hasScene: false),
        AcceptCase(
            name: "screen and scene first",
            text: "{\"screen\":{\"width\":390,\"height\":844},\"scene\":{\"views\":[{\"name\":\"a\"}]},\"events\":[\(event0),\(event1)]}",
            hasScreen: true, hasScene: true),
        AcceptCase(
            name: "screen and scene after events",
            text:
                "{\"events\":[\(event0),\(event1)],\n\"screen\":{\"width\":390,\"height\":844},\n\"scene\":{\"views\":[{\"name\":\"a]}{\"}]}}\n",
            hasScreen: true, hasScene: true),
        AcceptCase(
            name: "unknown keys around", text: "{\"version\":1,\"events\":[\(event0),\(event1)],\"meta\":{\"device\":\"[phone]\"}}",
            hasScreen: false, hasScene: false),
        AcceptCase(name: "BOM", text: "\u{FEFF}[\(event0),\(event1)]", hasScreen: false, hasScene: false),
    ]

    @Test("documents", arguments: documents)
    func readDocument(_ c: AcceptCase) throws {
        let reader = try JSONTraceReader(source: ByteSource(text: c.text, name: "d.json"))
        #expect((reader.screen != nil) == c.hasScreen)
        #expect((reader.scene != nil) == c.hasScene)
        let rows = try reader.readAll()
        try #require(rows.count == 2)
        #expect(rows[0].time == 0.5 && rows[0].touch == .integer(3) && rows[0].phase == .began && rows[0].x == 10 && rows[0].y == 20)
        #expect(rows[1].time == 1.25 && rows[1].phase == .ended && rows[1].x == 11.5 && rows[1].y == -2)
        #expect(try reader.next() == nil)
    }

    @Test func screenAndSceneValues() throws {
        let text =
            "{\"events\":[],\n \"screen\": {\"width\": 390, \"height\": 844.5, \"scale\": 3},\n \"scene\": {\"views\": [1, \"two\"]}}"
        let reader = try JSONTraceReader(source: ByteSource(text: text, name: "s.json"))
        #expect(reader.screen?.size == Size(width: 390, height: 844.5))
        #expect(reader.screen?.location == SourceLocation(path: "s.json", line: 2, column: 12))
        let scene = try #require(reader.scene)
        #expect(scene.location == SourceLocation(path: "s.json", line: 3, column: 11))
        #expect(scene["views"]?[1]?.stringValue == "two")
        #expect(scene["views"]?[1]?.location == SourceLocation(path: "s.json", line: 3, column: 25))
        #expect(try reader.readAll().isEmpty)
    }

    @Test func structuralErrorsAreReportedBeforeTheFirstEvent() {
        for text in [
            "{\"events\":[\(Self.event0),\(Self.event1)],\"screen\":{\"width\":0,\"height\":1}}",
            "{\"events\":[\(Self.event0),\(Self.event1)],\"scene\":{\"a\":}}",
            "{\"events\":[\(Self.event0),\(Self.event1)",
            "{\"events\":[\(Self.event0),\(Self.event1)]} trailing",
        ] {
            #expect(throws: TraceError.self, "\(text)") { _ = try JSONTraceReader(source: ByteSource(text: text, name: "e.json")) }
        }
    }

    @Test func expectMemberIsExposed() throws {
        let r = try S.reader(.json, "{\"events\":[],\"expect\":[{\"recognizer\":\"tap\"}]}")
        #expect(r.expect?[0]?["recognizer"]?.stringValue == "tap")
        #expect(TraceFormat.sniff(Array("{\"expect\":[],\"events\":[]}".utf8)) == .json)
    }

    @Test func emptyEventArraysAreValid() throws {
        #expect(try S.rows(.json, "[]").isEmpty)
        #expect(try S.rows(.json, " {\"events\" : [ ] } ").isEmpty)
    }

    @Test func anyTraceReaderExposesScreenAndScene() throws {
        let r = try S.reader(.json, "{\"scene\":{},\"screen\":{\"width\":1,\"height\":2},\"events\":[]}")
        #expect(r.format == .json)
        #expect(r.screen?.size == Size(width: 1, height: 2))
        #expect(r.scene?.objectValue?.isEmpty == true)
    }

    static let errors: [ErrorCase] = [
        ErrorCase("truncated document", "{\"events\":[{\"t\":0", line: 1, column: 18, "unexpected end of input"),
        ErrorCase("truncated after an event", "[\n\(event0),\n", line: 3, column: 1, "unexpected end of input", "an event object"),
        ErrorCase("truncated array", "[\(event0)", line: 1, column: 48, "unexpected end of input", "',' or ']'"),
        ErrorCase("missing events", "{\"screen\":{\"width\":1,\"height\":2}}", line: 1, column: 1, "missing \"events\" array"),
        ErrorCase("empty object", "\n {}", line: 2, column: 2, "missing \"events\" array"),
        ErrorCase(
            "events not an array", "{\"events\":{}}", line: 1, column: 11, "\"events\" must be an array of event objects, found an object"),
        ErrorCase("duplicate events", "{\"events\":[],\"events\":[]}", line: 1, column: 14, "duplicate \"events\""),
        ErrorCase("not a trace", "42", line: 1, column: 1, "expected an array of events or an object"),
        ErrorCase("trailing garbage", "[]\n]", line: 2, column: 1, "after the end of the JSON document"),
        ErrorCase("trailing garbage, object form", "{\"events\":[]} x", line: 1, column: 15, "after the end of the JSON document"),
        ErrorCase(
            "screen width negative", "{\"screen\":{\"width\":-1,\"height\":2},\"events\":[]}", line: 1, column: 20,
            "screen 'width' must be positive"),
        ErrorCase("screen missing height", "{\"events\":[],\"screen\":{\"width\":1}}", line: 1, column: 23, "'screen' is missing 'height'"),
        ErrorCase(
            "scene syntax error after events", "{\"events\":[\(event0)],\n\"scene\":{\"views\":[1,]}}", line: 2, column: 21,
            "expected a value"),
        ErrorCase(
            "broken scene is reported before the events are read",
            "{\"events\":[{\"t\":0,\"id\":1,\"phase\":\"bogus\",\"x\":1,\"y\":2}],\"scene\":{,}}", line: 1, column: 65, "a member name"),
        ErrorCase(
            "syntax error in the events wins over the scene error it causes",
            "{\"events\":[{\"t\":0,\"id\":1,\"phase\":\"be\"gan\"}],\"scene\":{}}", line: 1, column: 38, "',' or '}'"),
        ErrorCase(
            "unbalanced events before the scene", "{\"events\":[{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}, ],\"scene\":{}}",
            line: 1, column: 56, "an event object"),
        ErrorCase("empty file", "", line: 1, column: 1, "empty trace"),
        ErrorCase("whitespace only", " \n\t", line: 1, column: 1, "empty trace"),
        ErrorCase(
            "NaN in events", "[{\"t\":NaN,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]", line: 1, column: 7,
            "NaN and Infinity are not JSON numbers"),
        ErrorCase("missing comma between events", "[\(event0)\n\(event1)]", line: 2, column: 1, "',' or ']' after an event"),
    ]

    @Test("errors point at the offending value", arguments: errors)
    func errorPositions(_ c: ErrorCase) {
        c.check(.json)
    }
}
