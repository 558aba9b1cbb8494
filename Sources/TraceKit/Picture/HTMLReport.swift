/// `check --html FILE` and `test --html FILE`: one self-contained page (no network, no external
/// scripts, styles or fonts) with pass/fail per trace, the diff of each failure and the picture of
/// each failed trace (of every trace with `--html-all`). Written as XHTML-compatible HTML (every
/// element closed, every text escaped), deterministic bytes (docs/pictures.md).
public enum HTMLReport {
    /// One trace's line in the report.
    public struct Entry: Sendable {
        public var tracePath: String
        public var passed: Bool
        /// Why it failed (the first line of the text report), nil when it passed.
        public var message: String?
        /// The diff and expectation details, plain text (no colour).
        public var details: String
        /// The picture (`Picture.svg`), or why there is none.
        public var picture: Result<String, TraceError>?

        public init(tracePath: String, passed: Bool, message: String?, details: String, picture: Result<String, TraceError>?) {
            self.tracePath = tracePath
            self.passed = passed
            self.message = message
            self.details = details
            self.picture = picture
        }
    }

    /// The entry for a suite outcome; `picture` is called for failed traces (for all with `all`).
    public static func entry(
        _ outcome: TraceSuite.Outcome, formatter: DiagnosticFormatter, all: Bool,
        picture: (String) -> Result<String, TraceError>
    ) -> Entry {
        var message: String?
        var details = ""
        if let e = outcome.error {
            message = formatter.format(e)
        } else if let r = outcome.result, !outcome.passed {
            message = r.failureMessage
            details = r.details
        }
        let wantsPicture = all || !outcome.passed
        return Entry(
            tracePath: outcome.tracePath, passed: outcome.passed, message: message, details: details,
            picture: wantsPicture ? picture(outcome.tracePath) : nil)
    }

    /// The page.
    public static func make(_ entries: [Entry], title: String) -> String {
        let failed = entries.count { !$0.passed }
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/><title>\(SVGPicture.escaped(title))</title>
            <style>
            body { font-family: sans-serif; margin: 1.5em; color: #222; }
            table { border-collapse: collapse; }
            td, th { padding: 2px 10px; text-align: left; }
            .pass { color: #1b7837; font-weight: bold; }
            .fail { color: #c62828; font-weight: bold; }
            pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 12px; }
            section { border-top: 1px solid #ddd; margin-top: 1.5em; }
            svg { max-width: 100%; height: auto; border: 1px solid #eee; }
            </style></head>
            <body>
            <h1>\(SVGPicture.escaped(title))</h1>
            <p id="summary">\(entries.count - failed) passed, \(failed) failed</p>
            <table><tr><th>result</th><th>trace</th></tr>

            """
        for (i, e) in entries.enumerated() {
            h += "<tr><td class=\"\(e.passed ? "pass" : "fail")\">\(e.passed ? "PASS" : "FAIL")</td><td>"
            if !e.passed || e.picture != nil {
                h += "<a href=\"#trace-\(i + 1)\">\(SVGPicture.escaped(e.tracePath))</a>"
            } else {
                h += SVGPicture.escaped(e.tracePath)
            }
            h += "</td></tr>\n"
        }
        h += "</table>\n"
        for (i, e) in entries.enumerated() where !e.passed || e.picture != nil {
            h += "<section id=\"trace-\(i + 1)\"><h2><span class=\"\(e.passed ? "pass" : "fail")\">\(e.passed ? "PASS" : "FAIL")</span> "
            h += SVGPicture.escaped(e.tracePath) + "</h2>\n"
            if let m = e.message { h += "<p class=\"message\">" + SVGPicture.escaped(m) + "</p>\n" }
            if !e.details.isEmpty { h += "<pre class=\"diff\">" + SVGPicture.escaped(e.details) + "</pre>\n" }
            switch e.picture {
            case .success(let svg):
                h += inline(svg, index: i + 1)
            case .failure(let error):
                h += "<p class=\"nopicture\">no picture: " + SVGPicture.escaped(error.diagnostic.message) + "</p>\n"
            case nil:
                break
            }
            h += "</section>\n"
        }
        h += "</body></html>\n"
        return h
    }

    /// An SVG picture inside the page: without its XML declaration, its ids made unique.
    static func inline(_ svg: String, index: Int) -> String {
        var s = Substring(svg)
        if s.hasPrefix("<?xml"), let end = s.firstIndex(of: "\n") { s = s[s.index(after: end)...] }
        return String(s)
            .replacingAll("id=\"arrow\"", with: "id=\"arrow-\(index)\"")
            .replacingAll("url(#arrow)", with: "url(#arrow-\(index))")
    }
}

extension String {
    /// Every `target` replaced (stdlib only: TraceKit does not import Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            result += rest[..<r.lowerBound]
            result += replacement
            rest = rest[r.upperBound...]
        }
        return result + rest
    }
}
