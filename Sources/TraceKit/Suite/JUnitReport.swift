/// A JUnit XML report of a suite run: one `<testcase>` per trace, the diff in the failure.
public enum JUnitReport {
    public static func make(_ outcomes: [TraceSuite.Outcome], suiteName: String, seconds: Double) -> String {
        let failures = outcomes.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(formatDecimal(seconds, decimals: 3))\">\n"
        xml += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(formatDecimal(seconds, decimals: 3))\">\n"
        for o in outcomes {
            xml += "    <testcase classname=\"traces\" name=\"\(escape(o.tracePath))\" time=\"\(formatDecimal(o.seconds, decimals: 3))\""
            if o.passed {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            let message: String
            var body = ""
            if let e = o.error {
                message = DiagnosticFormatter().format(e)
            } else {
                message = o.result?.failureMessage ?? "failed"
                if o.result?.expected != nil { body = o.result?.diff ?? "" }
            }
            xml += "      <failure message=\"\(escape(message))\" type=\"golden\">\(escape(body))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// XML escaping for text and attribute values; characters XML 1.0 forbids become U+FFFD.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0xFFFE...0xFFFF).contains(v) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
