import Testing
@testable import TraceReading

/// The typed, positioned reads of ``JSONValue`` and ``JSONPath``'s rendering: what each read returns,
/// the one wording of each wrong value, and the position each error points at.
@Suite("JSON value reading")
struct JSONValueReadingTests {
    /// `text` parsed as the file `t.json`.
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text, path: "t.json")
    }

    /// The error `read` throws: its message and `line:column`.
    func failure(_ read: () throws(TraceError) -> Void) -> (message: String, at: String)? {
        do {
            try read()
            return nil
        } catch {
            return (error.diagnostic.message, error.diagnostic.location.map { "\($0.line):\($0.column)" } ?? "none")
        }
    }

    @Test func pathRendering() {
        let root = JSONPath()
        #expect(root.description == "the document")
        #expect(root.key("actions")[0].key("parameters").key("pointerType").description == "actions[0].parameters.pointerType")
        #expect(root.key("a")[1][2].path == "a[1][2]")
        #expect(JSONPath("stats: field").key("recognizers")[3].key("kind").description == "stats: field 'recognizers[3].kind'")
        let named: JSONPath = "frame width"
        #expect(named.description == "frame width")
        #expect(named.components.isEmpty)
    }

    @Test func stringAndWrongType() throws {
        let v = try parse(#"{"s": "text", "n": 3}"#)
        #expect(try v["s"]!.string(at: "s") == "text")
        let f = failure { () throws(TraceError) in _ = try v["n"]!.string(at: JSONPath().key("n")) }
        #expect(f?.message == "n must be a string, not a number")
        #expect(f?.at == "1:20")
    }

    @Test func nameRejectsControlCharacters() throws {
        let v = try parse(#"["ok", "a\u0007b", "c\u009Fd", "e\u007Ff"]"#)
        #expect(try v[0]!.name(at: "a name") == "ok")
        #expect(
            failure { () throws(TraceError) in _ = try v[1]!.name(at: "a name") }?.message
                == "a name must not contain control characters (U+0007)")
        #expect(
            failure { () throws(TraceError) in _ = try v[2]!.name(at: "a name") }?.message
                == "a name must not contain control characters (U+009F)")
        #expect(
            failure { () throws(TraceError) in _ = try v[3]!.name(at: "a name") }?.message
                == "a name must not contain control characters (U+007F)")
        #expect(failure { () throws(TraceError) in _ = try v[3]!.name(at: "a name") }?.at == "1:32")
    }

    @Test func numbersAndRanges() throws {
        let v = try parse("[1.5, -2, true, 7]")
        #expect(try v[0]!.number(at: "x") == 1.5)
        #expect(try v[1]!.number(at: "x", in: -3...3) == -2)
        #expect(
            failure { () throws(TraceError) in _ = try v[1]!.number(at: "width", in: 0 ... .infinity) }?.message
                == "width must be at least 0, not -2")
        #expect(
            failure { () throws(TraceError) in _ = try v[3]!.number(at: "width", in: 0...5.25) }?.message
                == "width must be at most 5.25, not 7")
        #expect(failure { () throws(TraceError) in _ = try v[2]!.number(at: "width") }?.message == "width must be a number, not a boolean")
        #expect(failure { () throws(TraceError) in _ = try v[2]!.number(at: "width") }?.at == "1:11")
    }

    @Test func integers() throws {
        let v = try parse(#"[3, 3.0, 2.5, -1, "3"]"#)
        #expect(try v[0]!.integer(at: "n", in: 0...10) == 3)
        #expect(try v[1]!.integer(at: "n", in: 0...10) == 3)
        #expect(
            failure { () throws(TraceError) in _ = try v[2]!.integer(at: "n", in: 0...10) }?.message
                == "n must be a whole number from 0 to 10, not 2.5")
        #expect(
            failure { () throws(TraceError) in _ = try v[3]!.integer(at: "n", in: 0...10) }?.message
                == "n must be a whole number from 0 to 10, not -1")
        #expect(
            failure { () throws(TraceError) in _ = try v[4]!.integer(at: "n", in: 0...10) }?.message
                == "n must be a whole number from 0 to 10, not a string")
    }

    @Test func boolsArraysAndObjects() throws {
        let v = try parse(#"{"b": true, "a": [1, 2], "o": {"k": 1}}"#)
        #expect(try v["b"]!.bool(at: "b") == true)
        #expect(try v["a"]!.array(at: "a").count == 2)
        #expect(try v["o"]!.object(at: "o").map(\.key) == ["k"])
        #expect(failure { () throws(TraceError) in _ = try v["a"]!.bool(at: "a") }?.message == "a must be true or false, not an array")
        #expect(
            failure { () throws(TraceError) in _ = try v["o"]!.array(at: JSONPath().key("o")) }?.message
                == "o must be an array, not an object")
        #expect(
            failure { () throws(TraceError) in _ = try v["b"]!.object(at: JSONPath().key("b")) }?.message
                == "b must be an object, not a boolean")
    }

    @Test func objectKeys() throws {
        let v = try parse("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}")
        // Without a key rule, JSON's duplicates are allowed (the last wins, as JavaScript reads them).
        #expect(try v.object(at: JSONPath()).count == 3)
        let duplicate = failure { () throws(TraceError) in _ = try v.object(at: "an expectation", uniqueKeys: true) }
        #expect(duplicate?.message == "duplicate key 'a' in an expectation")
        #expect(duplicate?.at == "3:2")
        let unknown = failure { () throws(TraceError) in _ = try v.object(at: JSONPath().key("o"), allowing: ["a"]) }
        #expect(unknown?.message == "unknown key 'b' in o; expected one of: a")
        #expect(unknown?.at == "2:2")
    }

    @Test func members() throws {
        let v = try parse(#"{"x": 2, "n": null}"#)
        let path = JSONPath().key("actions")[0]
        #expect(try v.member("x", in: path).number(at: path.key("x")) == 2)
        let missing = failure { () throws(TraceError) in _ = try v.member("y", in: path) }
        #expect(missing?.message == "missing key 'y' in actions[0]")
        #expect(missing?.at == "1:1")
        #expect(try v.optionalNumber("x", in: path) == 2)
        #expect(try v.optionalNumber("n", in: path) == nil)
        #expect(try v.optionalNumber("absent", in: path) == nil)
        #expect(v.optionalMember("n") == nil)
    }

    struct Flags: OptionSet {
        var rawValue: Int
        static let a = Flags(rawValue: 1)
        static let b = Flags(rawValue: 2)
    }

    @Test func namesChoicesAndOptions() throws {
        let v = try parse(#"["a", ["a", "b"], ["a", 1], "c"]"#)
        #expect(try v[0]!.strings(at: "report").map(\.0) == ["a"])
        #expect(try v[1]!.strings(at: "report").map(\.0) == ["a", "b"])
        #expect(
            failure { () throws(TraceError) in _ = try v[2]!.strings(at: "report") }?.message
                == "each entry of report must be a string, not a number")
        let table: [(name: String, value: Flags)] = [("a", .a), ("b", .b)]
        #expect(try v[1]!.options(at: "edges", from: table) == [.a, .b])
        #expect(try v[0]!.choice(at: "mode", from: table) == .a)
        #expect(
            failure { () throws(TraceError) in _ = try v[3]!.choice(at: "mode", from: table) }?.message
                == "unknown mode 'c'; expected one of: a, b")
        #expect(
            failure { () throws(TraceError) in _ = try v[3]!.options(at: "edges", from: table) }?.message
                == "unknown edges 'c'; expected one of: a, b")
    }
}
