import TraceReplay

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

    /// The entry for a suite outcome; `picture` is called for failed traces (for all with `all`),
    /// with the transition that changed (`changedTransition`) to highlight.
    public static func entry(
        _ outcome: TraceSuite.Outcome, formatter: DiagnosticFormatter, all: Bool,
        picture: (String, PictureHighlight?) -> Result<String, TraceError>
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
            picture: wantsPicture ? picture(outcome.tracePath, changedTransition(in: details)) : nil)
    }

    /// The first transition of the actual output that differs from the golden file: the first
    /// added (`+`) line of the diff in `details`, read as a line of text output (time, recognizer);
    /// nil when there is none.
    public static func changedTransition(in details: String) -> PictureHighlight? {
        for line in details.split(separator: "\n") where line.hasPrefix("+") && !line.hasPrefix("+++ ") {
            let text = String(line.dropFirst())
            let fields = DiffHighlight.fields(text)
            guard fields.count >= 2, fields[0].label == "time", Double(fields[0].text) != nil else { continue }
            return PictureHighlight(
                time: fields[0].text, recognizer: fields[1].text, line: String(text.drop { $0 == " " }).trimmingTrailingSpaces)
        }
        return nil
    }

    /// The page: the failed traces first (in their order), then the passed ones; the options a
    /// picture's error names are written in `spelling`.
    public static func make(_ entries: [Entry], title: String, spelling: OptionSpelling = .library) -> String {
        let entries = entries.filter { !$0.passed } + entries.filter(\.passed)
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
            .message { font-size: 1.1em; }
            pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
            pre .del { color: #b71c1c; background: #fde8e8; }
            pre .add { color: #1b5e20; background: #e3f4e1; }
            pre .hunk { color: #00838f; }
            pre .file { font-weight: bold; }
            pre .changed { background: #222; color: #fff; }
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
            if !e.details.isEmpty { h += "<pre class=\"diff\">" + coloured(e.details) + "</pre>\n" }
            switch e.picture {
            case .success(let svg):
                h += inline(svg, index: i + 1)
            case .failure(let error):
                h += "<p class=\"nopicture\">no picture: " + SVGPicture.escaped(error.diagnostic.text.spelled(spelling)) + "</p>\n"
            case nil:
                break
            }
            h += "</section>\n"
        }
        h += "</body></html>\n"
        return h
    }

    /// The diff coloured as the terminal shows it (`DiffHighlight.colorize`: removed lines red,
    /// added green, changed fields reversed), its colours written as `<span>`s, the text escaped.
    static func coloured(_ details: String) -> String {
        let ansi = DiffHighlight.colorize(details)
        var h = ""
        var open = 0
        var rest = Substring(ansi)
        while let esc = rest.firstIndex(of: "\u{1B}") {
            h += SVGPicture.escaped(String(rest[..<esc]))
            rest = rest[esc...]
            guard let m = rest.firstIndex(of: "m") else { break }
            let codeStart = rest.index(rest.startIndex, offsetBy: 2, limitedBy: m) ?? m
            let code = String(rest[codeStart..<m])
            rest = rest[rest.index(after: m)...]
            switch code {
            case "31": h += "<span class=\"del\">"; open += 1
            case "32": h += "<span class=\"add\">"; open += 1
            case "36": h += "<span class=\"hunk\">"; open += 1
            case "1": h += "<span class=\"file\">"; open += 1
            case "7": h += "<span class=\"changed\">"; open += 1
            case "27": if open > 0 { h += "</span>"; open -= 1 }
            default: while open > 0 { h += "</span>"; open -= 1 }
            }
        }
        h += SVGPicture.escaped(String(rest))
        while open > 0 { h += "</span>"; open -= 1 }
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
    /// Every `target` replaced (stdlib only: TraceReplay does not import Foundation).
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
