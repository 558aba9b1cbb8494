@_spi(Formatting) import GestureEngine
import TraceReplay

/// Writing the SVG text: numbers through the project's formatter, escaped text and isolated
/// names, labels with a halo and the outcome badges.
extension SVGPicture {
    mutating func raw(_ s: StaticString) { out.append(s) }
    mutating func raw(_ s: String) { out.append(s) }
    /// A pixel coordinate or length: 1 decimal, trimmed.
    mutating func num(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.point, trim: true) }
    mutating func time(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.time, trim: false) }
    mutating func ratio(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.ratio, trim: false) }

    /// Text content or an attribute value, XML-escaped; characters XML 1.0 forbids become U+FFFD.
    mutating func text(_ s: String) {
        out.append(Self.escaped(s))
    }

    /// A name (view, recognizer, touch, path) in text: escaped and isolated (U+2068 ... U+2069), so
    /// bidirectional controls in it cannot reorder the text around it.
    mutating func name(_ s: String) {
        out.append("\u{2068}")
        out.append(Self.escaped(s))
        out.append("\u{2069}")
    }

    static func escaped(_ s: String) -> String {
        var needs = false
        for u in s.unicodeScalars
        where u == "&" || u == "<" || u == ">" || u == "\"" || u == "'" || (u.value < 0x20 && u != "\n" && u != "\t") || u.value == 0xFFFE
            || u.value == 0xFFFF
        {
            needs = true
            break
        }
        if !needs { return s }
        var r = ""
        r.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            switch u {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            case "'": r += "&apos;"
            case "\n", "\t": r.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { r += "\u{FFFD}" } else { r.unicodeScalars.append(u) }
            }
        }
        return r
    }

    /// A name shortened to `limit` characters (an ellipsis at the end), for a label.
    static func short(_ s: String, _ limit: Int) -> String {
        s.count <= limit ? s : String(s.prefix(max(1, limit - 1))) + "…"
    }

    /// `s` in lines of at most `columns` characters, broken at spaces (a longer word is cut), every
    /// character kept: the lines joined with spaces give `s` back (spaces at the breaks are dropped).
    static func wrapped(_ s: String, columns: Int) -> [String] {
        let columns = max(8, columns)
        var lines: [String] = []
        var line = ""
        for word in s.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            while line.isEmpty && word.count > columns {
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A point for `<title>`s: `(x, y)`, 1 decimal.
    mutating func pair(_ x: Double, _ y: Double) {
        raw("(")
        out.appendNumber(x, decimals: DisplayPrecision.point)
        raw(", ")
        out.appendNumber(y, decimals: DisplayPrecision.point)
        raw(")")
    }

    /// A number as the project's formatter writes it.
    static func fixed(_ v: Double, _ decimals: Int, trim: Bool = false) -> String {
        var b = OutputBuffer(fileDescriptor: nil)
        b.appendNumber(v, decimals: decimals, trim: trim)
        return b.text
    }

    /// A label with a white halo (readable over paths and markers).
    mutating func label(
        _ s: String, x: Double, y: Double, size: Double = 11, fill: String = "#222", bold: Bool = false, anchor: String? = nil,
        isName: Bool = false
    ) {
        raw("<text x=\""); num(x); raw("\" y=\""); num(y); raw("\"")
        if size != 11 { raw(" font-size=\""); num(size); raw("\"") }
        raw(" fill=\""); raw(fill); raw("\"")
        if bold { raw(" font-weight=\"bold\"") }
        if let anchor { raw(" text-anchor=\""); raw(anchor); raw("\"") }
        raw(" class=\"halo\">")
        if isName { name(s) } else { text(s) }
        raw("</text>")
    }

    /// An outcome's number (and values) as a badge: white bold text on the state's colour,
    /// darkened where white text needs it. `(x, y)`: the text's start and baseline.
    mutating func badge(_ s: String, x: Double, y: Double, width: Double, state: GestureRecognizerState) {
        let fill = state == .ended ? Self.colour(.ended) : state == .failed ? "#b3261e" : "#93600c"
        raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 10); raw("\" width=\""); num(width); raw("\" height=\"13\" rx=\"3\" fill=\"")
        raw(fill); raw("\"/><text x=\""); num(x + 3); raw("\" y=\""); num(y);
        raw("\" font-size=\"10\" font-weight=\"bold\" fill=\"#fff\" class=\"badge\">")
        text(s); raw("</text>")
    }
}
