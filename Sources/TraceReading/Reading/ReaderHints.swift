/// Hints added to reader errors off the hot path: what the reader saw, when it explains the error.
extension ReaderText {
    /// For a JSON event missing fields: the event's keys that name a missing field in another
    /// letter case (`T`, `X`, `Time`), since JSON keys are case-sensitive. Nil when there are none.
    /// `base[start..<end]` is the event object's text.
    static func caseHint(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, seen: UInt8) -> String? {
        var keys: [String] = []
        var i = start
        var depth = 0
        while i < end {
            let c = base[i]
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
            guard c == UInt8(ascii: "\"") else { i += 1; continue }
            // A string: a key when a ':' follows (after whitespace) at the object's own depth.
            var j = i + 1
            while j < end && base[j] != UInt8(ascii: "\"") { j += base[j] == UInt8(ascii: "\\") ? 2 : 1 }
            let text = String(decoding: UnsafeBufferPointer(start: base + i + 1, count: max(0, min(j, end) - i - 1)), as: UTF8.self)
            var k = j + 1
            while k < end && (base[k] == 0x20 || base[k] == 0x09 || base[k] == 0x0A || base[k] == 0x0D) { k += 1 }
            if depth == 1 && k < end && base[k] == UInt8(ascii: ":") { keys.append(text) }
            i = j + 1
        }
        var hints: [String] = []
        for key in keys {
            guard let field = TraceField.matchIgnoringCase(key), seen & (1 << field.rawValue) == 0 else { continue }
            hints.append(
                "'\(key)' is not '\(field.acceptedNames.first { traceASCIILowercased($0) == traceASCIILowercased(key) } ?? field.name)'")
        }
        if hints.isEmpty { return nil }
        return "keys are case-sensitive: " + hints.joined(separator: ", ")
    }

    /// For a CSV header that lacks columns: the header as read (at most 60 characters: never a
    /// whole line of garbage echoed back), and the delimiter it seems to use when it is not a
    /// comma (`;` or a tab; nil otherwise).
    static func csvHeaderHint(_ names: [String]) -> (text: String, delimiter: String?) {
        var shown = names.joined(separator: ",").replacingTabs
        if shown.count > 60 { shown = String(shown.prefix(60)) + "..." }
        var hint = "the header read (\(names.count == 1 ? "one column" : "\(names.count) columns")): '\(shown)'"
        for (delimiter, named, tr) in [(Character(";"), "';'", "';'"), (Character("\t"), "tabs", "'\\t'")] {
            if names.contains(where: { $0.contains(delimiter) }) {
                hint += " is separated by \(named); CSV traces are comma-separated (tr \(tr) ',' converts one)"
                return (hint, named)
            }
        }
        return (hint, nil)
    }
}

extension String {
    /// Tabs shown as `\t`.
    var replacingTabs: String {
        var out = ""
        for c in self { if c == "\t" { out += "\\t" } else { out.append(c) } }
        return out
    }
}
