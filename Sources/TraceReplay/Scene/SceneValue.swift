import GestureEngine
import TraceReading

/// Typed reads of scene JSON values, each failing with a positioned error that says what was expected.
enum SceneValue {
    static func error(_ message: String, _ value: JSONValue) -> TraceError {
        .invalidTrace(message, at: value.location)
    }

    static func string(_ v: JSONValue, _ what: String) throws(TraceError) -> String {
        guard let s = v.stringValue else { throw error("\(what) must be a string, not \(v.typeDescription)", v) }
        return s
    }

    /// A view's or recognizer's name: a string without control characters (U+0000...U+001F,
    /// U+007F...U+009F), which would reach terminals, `--show` and stats files (issue #30, finding 26).
    static func name(_ v: JSONValue, _ what: String) throws(TraceError) -> String {
        let s = try string(v, what)
        if let c = s.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            let hex = String(c.value, radix: 16, uppercase: true)
            throw error("\(what) must not contain control characters (U+\(String(repeating: "0", count: 4 - hex.count) + hex))", v)
        }
        return s
    }

    static func number(
        _ v: JSONValue, _ what: String, minimum: Double = -.infinity, maximum: Double = .infinity
    ) throws(TraceError) -> Double {
        guard let d = v.doubleValue else { throw error("\(what) must be a number, not \(v.typeDescription)", v) }
        guard d.isFinite else { throw error("\(what) must be finite", v) }
        guard d >= minimum else {
            throw error("\(what) must be at least \(formatShort(minimum, decimals: 6)), not \(formatShort(d, decimals: 6))", v)
        }
        guard d <= maximum else {
            throw error("\(what) must be at most \(formatShort(maximum, decimals: 6)), not \(formatShort(d, decimals: 6))", v)
        }
        return d
    }

    static func integer(_ v: JSONValue, _ what: String, minimum: Int, maximum: Int = 1_000_000) throws(TraceError) -> Int {
        let d = try number(v, what)
        guard d == d.rounded(), d >= Double(minimum), d <= Double(maximum) else {
            throw error("\(what) must be a whole number from \(minimum) to \(maximum), not \(formatShort(d, decimals: 6))", v)
        }
        return Int(d)
    }

    static func bool(_ v: JSONValue, _ what: String) throws(TraceError) -> Bool {
        guard let b = v.boolValue else { throw error("\(what) must be true or false, not \(v.typeDescription)", v) }
        return b
    }

    /// A list of names: an array of strings, or one string.
    static func names(_ v: JSONValue, _ what: String) throws(TraceError) -> [(String, JSONValue)] {
        if v.stringValue != nil { return [(try string(v, what), v)] }
        guard let items = v.arrayValue else { throw error("\(what) must be a name or an array of names, not \(v.typeDescription)", v) }
        var out: [(String, JSONValue)] = []
        for item in items { out.append((try string(item, "each entry of \(what)"), item)) }
        return out
    }

    /// An option set written as one name or an array of names.
    static func options<T: OptionSet>(_ v: JSONValue, _ what: String, _ table: [(name: String, value: T)]) throws(TraceError) -> T {
        var result: T = []
        for (name, item) in try names(v, what) {
            guard let entry = table.first(where: { $0.name == name }) else {
                throw error("unknown \(what) '\(name)'; expected one of: \(table.map(\.name).joined(separator: ", "))", item)
            }
            result.formUnion(entry.value)
        }
        return result
    }
}
