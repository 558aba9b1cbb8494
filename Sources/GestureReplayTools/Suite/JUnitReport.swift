@_spi(Formatting) import GestureEngine
import TraceReplay

/// A JUnit XML report of a suite run: one `<testcase>` per trace; a failing one holds a `<failure>`
/// whose message is the one-line reason and whose text is the diff and the unmet expectations.
public enum JUnitReport {
    /// The report; the options errors name are written in `spelling` (the command line's flags, or the library's names).
    public static func make(
        _ outcomes: [TraceSuite.Outcome], suiteName: String, seconds: Double, spelling: OptionSpelling = .library
    ) -> String {
        let failures = outcomes.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"\(escapeAttribute(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(formatDecimal(seconds, decimals: DisplayPrecision.time))\">\n"
        xml +=
            "  <testsuite name=\"\(escapeAttribute(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(formatDecimal(seconds, decimals: DisplayPrecision.time))\">\n"
        for o in outcomes {
            xml +=
                "    <testcase classname=\"traces\" name=\"\(escapeAttribute(o.tracePath))\" time=\"\(formatDecimal(o.seconds, decimals: DisplayPrecision.time))\""
            if o.passed {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            let message: String
            var body = ""
            var type = "error"
            if let e = o.error {
                // The error (with its notes) in the text; its first line is the message.
                let text = DiagnosticFormatter(spelling: spelling).format(e)
                message = String(text.prefix(while: { $0 != "\n" }))
                body = text + "\n"
            } else {
                message = o.result?.failureMessage ?? "failed"
                body = o.result?.details ?? ""
                type = o.result?.failureKind ?? "golden"
            }
            xml += "      <failure message=\"\(escapeAttribute(message))\" type=\"\(type)\">\(escape(body))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// XML escaping for text and attribute values; characters XML 1.0 forbids become U+FFFD.
    /// Line breaks and tabs are kept as they are (right in text; in attributes, see `escapeAttribute`).
    public static func escape(_ s: String) -> String {
        escape(s, attribute: false)
    }

    /// `escape`, also writing line breaks and tabs as character references: a parser would turn
    /// literal ones in an attribute value into spaces.
    public static func escapeAttribute(_ s: String) -> String {
        escape(s, attribute: true)
    }

    private static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r" where attribute: out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0xFFFE...0xFFFF).contains(v) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
