import GestureEngine
import TraceReading

/// Reads `"expect"` values into `TraceExpectation`s. Every problem is an error at the offending value's
/// line and column (exit 65), so a malformed expectation never passes or fails silently.
public enum ExpectationParser {
    /// The states a transition can go to, with the alias `recognized` for `ended`.
    static let states: [(name: String, state: GestureRecognizerState)] = [
        ("began", .began), ("changed", .changed), ("ended", .ended), ("recognized", .ended),
        ("cancelled", .cancelled), ("failed", .failed),
    ]

    /// An `"expect"` value: an array of expectation objects (or a single one).
    public static func parse(_ json: JSONValue) throws(TraceError) -> [TraceExpectation] {
        if json.objectValue != nil { return [try expectation(json)] }
        guard let items = json.arrayValue else {
            throw error("\"expect\" must be an array of expectations, not \(json.typeDescription)", json)
        }
        var result: [TraceExpectation] = []
        for item in items { result.append(try expectation(item)) }
        return result
    }

    /// Checks that every expectation names a recognizer of the scene (`recognizers`, in scene order).
    public static func validate(_ expectations: [TraceExpectation], recognizers: [String]) throws(TraceError) {
        for e in expectations where !recognizers.contains(e.recognizer) {
            let list = recognizers.isEmpty ? "the scene has none" : "the scene has: " + recognizers.joined(separator: ", ")
            throw .invalidTrace("unknown recognizer '\(e.recognizer)' in an expectation; \(list)", at: e.recognizerLocation)
        }
    }

    /// One expectation object.
    public static func expectation(_ json: JSONValue) throws(TraceError) -> TraceExpectation {
        guard let members = json.objectValue else {
            throw error(
                "an expectation must be an object like {\"recognizer\": \"tap\", \"state\": \"ended\"}, not \(json.typeDescription)", json)
        }
        try json.object(at: "an expectation", uniqueKeys: true)
        guard let recognizerValue = json["recognizer"] else {
            throw error("an expectation needs a \"recognizer\" (the name of one of the scene's recognizers)", json)
        }
        let recognizer = try recognizerValue.string(at: "\"recognizer\"")
        var e = TraceExpectation(recognizer: recognizer, recognizerLocation: recognizerValue.location, location: json.location)
        if let v = json["state"] { e.state = try state(v, "state") }
        if let v = json["never"] {
            if let s = json.member("state") {
                throw .invalidTrace("an expectation takes \"state\" or \"never\", not both", at: s.keyLocation)
            }
            if let c = json.member("count") {
                throw .invalidTrace("\"count\" cannot be used with \"never\" (which means a count of 0)", at: c.keyLocation)
            }
            e.state = try state(v, "never")
            e.quantifier = .never
        }
        if let v = json["count"] { e.quantifier = try count(v) }
        if let v = json["at"] {
            e.time = try numberTest(v, "\"at\" (a time, seconds)", allowText: false).test
        }
        if let v = json["device"] {
            guard let text = v.stringValue else {
                throw error("\"device\" must be a string (what the device did, written by the recorder), not \(v.typeDescription)", v)
            }
            e.device = text
        }
        for m in members {
            switch m.key {
            case "recognizer", "state", "never", "count", "at", "device": continue
            default:
                let field = ValueField(key: m.key)
                e.conditions.append(
                    TraceExpectation.Condition(
                        key: m.key, field: field, test: try test(m.value, key: m.key, field: field), location: m.keyLocation))
            }
        }
        return e
    }

    private static func error(_ message: String, _ v: JSONValue) -> TraceError {
        .invalidTrace(message, at: v.location)
    }

    private static func state(_ v: JSONValue, _ key: String) throws(TraceError) -> GestureRecognizerState {
        let valid = states.map(\.name).joined(separator: ", ")
        guard let name = v.stringValue else {
            throw error("\"\(key)\" must be a state name (\(valid)), not \(v.typeDescription)", v)
        }
        guard let s = states.first(where: { $0.name == name })?.state else {
            let hint = name == "possible" ? " (no transition goes to possible: recognizers reset to it silently)" : ""
            throw error("unknown state '\(name)'\(hint); expected one of: \(valid)", v)
        }
        return s
    }

    private static func count(_ v: JSONValue) throws(TraceError) -> TraceExpectation.Quantifier {
        let (test, _) = try numberTest(v, "\"count\" (how many matching transitions)", allowText: false)
        func whole(_ d: Double?, _ what: String) throws(TraceError) -> Int? {
            guard let d else { return nil }
            guard d >= 0, d == d.rounded(), d < 1e9 else {
                throw error("\"count\"\(what.isEmpty ? "" : " " + what) must be a whole number >= 0, not \(ValueTest.number(d))", v)
            }
            return Int(d)
        }
        switch test {
        case .equals(let n):
            let n = try whole(n, "")!
            return .count(min: n, max: n)
        case .range(let min, let max):
            return .count(min: try whole(min, "min") ?? 0, max: try whole(max, "max"))
        case .text, .contains:
            fatalError("unreachable: numberTest rejects text here")
        }
    }

    /// The test for a value key.
    private static func test(_ v: JSONValue, key: String, field: ValueField) throws(TraceError) -> ValueTest {
        switch field {
        case .direction:
            let names = SwipeDirection.named.map(\.name)
            guard let s = v.stringValue, names.contains(s) else {
                throw error(
                    "\"direction\" must be one of: \(names.joined(separator: ", ")) (the direction a swipe fired in), not \(v.stringValue.map { "'\($0)'" } ?? v.typeDescription)",
                    v)
            }
            return .text(s)
        case .reason:
            return .contains(try v.string(at: "\"reason\""))
        default:
            return try numberTest(v, "\"\(key)\"", allowText: !field.isNumeric).test
        }
    }

    /// A number (equal as printed), `[min, max]`, `{"min": a, "max": b}` (either), or with
    /// `allowText`, a string.
    private static func numberTest(
        _ v: JSONValue, _ what: String, allowText: Bool
    ) throws(TraceError) -> (test: ValueTest, location: SourceLocation) {
        let forms = "a number, [min, max] or {\"min\": ..., \"max\": ...}" + (allowText ? " or a string" : "")
        func finite(_ x: JSONValue, _ part: String) throws(TraceError) -> Double {
            try x.number(at: JSONPath(what + part))
        }
        switch v.kind {
        case .number:
            return (.equals(try finite(v, "")), v.location)
        case .string(let s) where allowText:
            return (.text(s), v.location)
        case .array(let items):
            guard items.count == 2 else {
                throw error("\(what) as an array must be [min, max] (2 numbers), not \(items.count) value\(items.count == 1 ? "" : "s")", v)
            }
            let lo = try finite(items[0], " min"), hi = try finite(items[1], " max")
            guard lo <= hi else { throw error("\(what): min \(ValueTest.number(lo)) is greater than max \(ValueTest.number(hi))", v) }
            return (.range(min: lo, max: hi), v.location)
        case .object:
            var lo: Double?, hi: Double?
            for m in try v.object(at: "a range", allowing: ["min", "max"]) {
                if m.key == "min" { lo = try finite(m.value, " min") } else { hi = try finite(m.value, " max") }
            }
            guard lo != nil || hi != nil else { throw error("\(what): a range needs \"min\", \"max\" or both", v) }
            if let lo, let hi, lo > hi {
                throw error("\(what): min \(ValueTest.number(lo)) is greater than max \(ValueTest.number(hi))", v)
            }
            return (.range(min: lo, max: hi), v.location)
        default:
            throw error("\(what) must be \(forms), not \(v.typeDescription)", v)
        }
    }
}
