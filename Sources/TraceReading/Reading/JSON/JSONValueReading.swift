import GestureEngine

/// Typed reads of parsed JSON: each returns the value in the Swift type asked for, or throws a
/// positioned ``TraceError`` (65, invalid input) at the value's first byte whose message names it by
/// its ``JSONPath`` and says what was expected and what was found (`actions[0].x must be a number,
/// not a string`). Every reader of a JSON input (scenes, expectations, UI-test descriptions,
/// `stats --merge` files) reads through these, so one wrong value is worded one way everywhere.
extension JSONValue {
    /// A positioned error at this value: `message` as it is (readers' own checks use it too).
    @_disfavoredOverload
    package func error(_ message: String) -> TraceError {
        .invalidTrace(message, at: location)
    }

    /// A positioned error at this value, with a text that may name options.
    package func error(_ text: DiagnosticText) -> TraceError {
        .invalidTrace(text, at: location)
    }

    /// A string.
    package func string(at path: JSONPath) throws(TraceError) -> String {
        guard let s = stringValue else { throw error("\(path) must be a string, not \(typeDescription)") }
        return s
    }

    /// A name: a string without control characters (U+0000...U+001F, U+007F...U+009F), which would
    /// reach terminals, `--show` and stats files (issue #30, finding 26). The first one is named by
    /// its code point, `U+` and four hexadecimal digits at least.
    package func name(at path: JSONPath) throws(TraceError) -> String {
        let s = try string(at: path)
        if let c = s.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            let hex = String(c.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw error("\(path) must not contain control characters (U+\(padded))")
        }
        return s
    }

    /// `true` or `false`.
    package func bool(at path: JSONPath) throws(TraceError) -> Bool {
        guard let b = boolValue else { throw error("\(path) must be true or false, not \(typeDescription)") }
        return b
    }

    /// A finite number within `range` (bounds shown with up to 6 decimals).
    package func number(at path: JSONPath, in range: ClosedRange<Double> = -.infinity ... .infinity) throws(TraceError) -> Double {
        guard let d = doubleValue else { throw error("\(path) must be a number, not \(typeDescription)") }
        guard d.isFinite else { throw error("\(path) must be finite") }
        guard d >= range.lowerBound else {
            throw error("\(path) must be at least \(formatShort(range.lowerBound, decimals: 6)), not \(formatShort(d, decimals: 6))")
        }
        guard d <= range.upperBound else {
            throw error("\(path) must be at most \(formatShort(range.upperBound, decimals: 6)), not \(formatShort(d, decimals: 6))")
        }
        return d
    }

    /// A whole number within `range`.
    package func integer(at path: JSONPath, in range: ClosedRange<Int>) throws(TraceError) -> Int {
        guard let d = doubleValue, d.isFinite, d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            let found = doubleValue.map { formatShort($0, decimals: 6) } ?? typeDescription
            throw error("\(path) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(found)")
        }
        return Int(d)
    }

    /// An array's elements.
    package func array(at path: JSONPath) throws(TraceError) -> [JSONValue] {
        guard let a = arrayValue else { throw error("\(path) must be an array, not \(typeDescription)") }
        return a
    }

    /// An object's members, in source order (JSON allows a key twice; ``subscript(_:)`` reads the
    /// last). With `allowing`, a key not in it is an error at the key listing them; with
    /// `uniqueKeys`, a key given twice is an error at its second place, noting the first.
    @discardableResult
    package func object(at path: JSONPath, allowing keys: [String]? = nil, uniqueKeys: Bool = false) throws(TraceError) -> [JSONMember] {
        guard let members = objectValue else { throw error("\(path) must be an object, not \(typeDescription)") }
        guard keys != nil || uniqueKeys else { return members }
        var seen: [String: SourceLocation] = [:]
        for m in members {
            if let keys, !keys.contains(m.key) {
                throw .invalidTrace(
                    "unknown key '\(m.key)' in \(path); expected one of: \(keys.joined(separator: ", "))", at: m.keyLocation)
            }
            if uniqueKeys, let first = seen[m.key] {
                throw .invalidTrace(
                    "duplicate key '\(m.key)' in \(path)", at: m.keyLocation, notes: [.note("first '\(m.key)' here", at: first)])
            }
            seen[m.key] = m.keyLocation
        }
        return members
    }

    /// The member `key` of this object (at `path`), which must be there: its absence is an error at
    /// the object.
    package func member(_ key: String, in path: JSONPath) throws(TraceError) -> JSONValue {
        guard let v = self[key] else { throw error("missing key '\(key)' in \(path)") }
        return v
    }

    /// The member `key` of this object unless it is absent or `null`.
    package func optionalMember(_ key: String) -> JSONValue? {
        guard let v = self[key], !v.isNull else { return nil }
        return v
    }

    /// The number member `key` of this object (at `path`), or `nil` when it is absent or `null`.
    package func optionalNumber(_ key: String, in path: JSONPath) throws(TraceError) -> Double? {
        try optionalMember(key).map { v throws(TraceError) in try v.number(at: path.key(key)) }
    }

    /// One string or an array of strings (each named "each entry of `path`" in messages), each with
    /// its value (for its position).
    package func strings(at path: JSONPath) throws(TraceError) -> [(String, JSONValue)] {
        if let s = stringValue { return [(s, self)] }
        guard let items = arrayValue else { throw error("\(path) must be a name or an array of names, not \(typeDescription)") }
        var out: [(String, JSONValue)] = []
        for item in items { out.append((try item.string(at: JSONPath("each entry of \(path)")), item)) }
        return out
    }

    /// One of `choices`, by name: a string naming an unknown choice is an error listing them.
    package func choice<T>(at path: JSONPath, from choices: [(name: String, value: T)]) throws(TraceError) -> T {
        let text = try string(at: path)
        guard let c = choices.first(where: { $0.name == text }) else {
            throw error("unknown \(path) '\(text)'; expected one of: \(choices.map(\.name).joined(separator: ", "))")
        }
        return c.value
    }

    /// An option set written as one name or an array of names (each from `table`).
    package func options<T: OptionSet>(at path: JSONPath, from table: [(name: String, value: T)]) throws(TraceError) -> T {
        var result: T = []
        for (name, item) in try strings(at: path) {
            guard let entry = table.first(where: { $0.name == name }) else {
                throw item.error("unknown \(path) '\(name)'; expected one of: \(table.map(\.name).joined(separator: ", "))")
            }
            result.formUnion(entry.value)
        }
        return result
    }
}
