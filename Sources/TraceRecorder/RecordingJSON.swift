// The JSON text the truth recorder writes (docs/recording.md): strings escaped by RFC 8259, numbers
// by TraceLineWriter's fixed-point form, so the same recording always gives the same bytes.
// Swift standard library only.

/// JSON text helpers of the recorded document.
enum RecordingJSON {
    /// `text` as a JSON string literal, quotes included (control characters escaped as `\uXXXX`).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A finite number with at most `decimals` places (trailing zeros dropped); `nil` if not finite.
    static func number(_ value: Double, decimals: Int = 6) -> String? {
        TraceLineWriter.format(value, decimals: decimals)
    }

    /// `[lo, hi]` around `value` (`value - tolerance ... value + tolerance`), or `nil` if not finite.
    static func range(_ value: Double, tolerance: Double, decimals: Int = 6) -> String? {
        guard let lo = number(value - tolerance, decimals: decimals), let hi = number(value + tolerance, decimals: decimals) else {
            return nil
        }
        return "[\(lo), \(hi)]"
    }

    /// `value` with exactly `decimals` places, as the text output prints it (`192.0`, `0.183`);
    /// `nan` when not finite (only in prose: the device phrase).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard let text = TraceLineWriter.format(value, decimals: decimals) else { return "nan" }
        guard decimals > 0 else { return text }
        let places = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? -1
        if places < 0 { return text + "." + String(repeating: "0", count: decimals) }
        return text + String(repeating: "0", count: decimals - places)
    }

    /// An object from members already written as JSON text, in order: `{"a": 1, "b": "x"}`.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// An array of values already written as JSON text.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }
}
