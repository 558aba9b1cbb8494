import Foundation

/// A few facts read back from a picture's SVG text, for the picture tests: elements by the text
/// their start tag begins with, their attributes, and the points of a polyline.
struct SVGScan {
    let svg: String

    init(_ svg: String) {
        self.svg = svg
    }

    /// The attributes of every start tag beginning with `prefix` (`<rect class="selection"`), in order.
    func elements(_ prefix: String) -> [[String: String]] {
        var result: [[String: String]] = []
        var rest = svg[...]
        while let r = rest.range(of: prefix) {
            let end = rest[r.lowerBound...].firstIndex(of: ">") ?? rest.endIndex
            result.append(Self.attributes(String(rest[r.lowerBound..<end])))
            rest = rest[end...]
        }
        return result
    }

    static func attributes(_ tag: String) -> [String: String] {
        var out: [String: String] = [:]
        var rest = tag[...]
        while let eq = rest.range(of: "=\"") {
            let nameStart = rest[..<eq.lowerBound].lastIndex(of: " ").map { rest.index(after: $0) } ?? rest.startIndex
            let name = String(rest[nameStart..<eq.lowerBound])
            guard let close = rest[eq.upperBound...].firstIndex(of: "\"") else { break }
            out[name] = String(rest[eq.upperBound..<close])
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    static func number(_ a: [String: String], _ name: String) -> Double { Double(a[name] ?? "") ?? .nan }

    /// The points of every `<polyline` (one array per touch path), in order.
    func polylines() -> [[(x: Double, y: Double)]] {
        elements("<polyline").map { a in
            (a["points"] ?? "").split(separator: " ").compactMap { pair in
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                return xy.count == 2 ? (xy[0], xy[1]) : nil
            }
        }
    }

    /// The scene's rectangle (the first rect of `<g class="scene">`): x, y, width, height.
    func sceneBox() -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let g = svg.range(of: "<g class=\"scene\">") else { return nil }
        let a = SVGScan(String(svg[g.upperBound...])).elements("<rect").first ?? [:]
        return (Self.number(a, "x"), Self.number(a, "y"), Self.number(a, "width"), Self.number(a, "height"))
    }

    /// The text between `<g class="PREFIX...">` and its `</g>` for every such group.
    func groups(_ classPrefix: String) -> [String] {
        var result: [String] = []
        var rest = svg[...]
        while let r = rest.range(of: "<g class=\"" + classPrefix) {
            let end = rest[r.upperBound...].range(of: "</g>")?.upperBound ?? rest.endIndex
            result.append(String(rest[r.lowerBound..<end]))
            rest = rest[end...]
        }
        return result
    }

    /// Every label drawn with a halo: its text (tags stripped) and estimated box (0.62 em per
    /// character, as the picture estimates; 1 em high above the baseline).
    func labels() -> [(text: String, x0: Double, y0: Double, x1: Double, y1: Double)] {
        var result: [(String, Double, Double, Double, Double)] = []
        var rest = svg[...]
        while let r = rest.range(of: "<text ") {
            let close = rest[r.lowerBound...].firstIndex(of: ">") ?? rest.endIndex
            let tag = String(rest[r.lowerBound..<close])
            let end = rest[close...].range(of: "</text>")?.lowerBound ?? rest.endIndex
            defer { rest = rest[end...] }
            guard tag.contains("class=\"halo\"") || tag.contains("class=\"badge\"") else { continue }
            let a = Self.attributes(tag)
            let content = String(rest[rest.index(after: close)..<end]).replacingOccurrences(of: "\u{2068}", with: "")
                .replacingOccurrences(of: "\u{2069}", with: "")
            let size = Double(a["font-size"] ?? "11") ?? 11
            let x = Self.number(a, "x"), y = Self.number(a, "y")
            let w = Double(content.count) * size * 0.62
            let x0 = a["text-anchor"] == "middle" ? x - w / 2 : x
            result.append((content, x0, y - size, x0 + w, y + size * 0.3))
        }
        return result
    }

    /// One row of the outcomes list: its classes, number, the bold word, the rest of its first
    /// line, its reason lines (tags stripped, names' isolates removed) and its hover title.
    struct OutcomeRow {
        var classes: String
        var number: Int
        var word: String
        var heading: String
        var reasonLines: [String]
        var hover: String
    }

    /// Every row of the outcomes list, in order.
    func outcomeRows() -> [OutcomeRow] {
        groups("outcome ").map { group in
            let classes = String(group.dropFirst("<g class=\"".count).prefix { $0 != "\"" })
            let hover = Self.between(group, "<title>", "</title>") ?? ""
            let badge = Self.plain(Self.between(group, "class=\"badge\">", "</text>") ?? "")
            let word = Self.plain(
                Self.between(group, "<tspan font-weight=\"bold\" fill=\"", "</tspan>").map { String($0.drop { $0 != ">" }.dropFirst()) }
                    ?? "")
            let heading = Self.plain(Self.between(group, "</tspan>", "</text>") ?? "").trimmingCharacters(in: .whitespaces)
            var lines: [String] = []
            var rest = group[...]
            while let r = rest.range(of: "<text class=\"reason\"") {
                let start = rest[r.upperBound...].firstIndex(of: ">")!
                let end = rest[start...].range(of: "</text>")!
                lines.append(Self.plain(String(rest[rest.index(after: start)..<end.lowerBound])))
                rest = rest[end.upperBound...]
            }
            return OutcomeRow(
                classes: classes, number: Int(badge) ?? 0, word: word, heading: heading, reasonLines: lines, hover: Self.plain(hover))
        }
    }

    static func between(_ s: String, _ a: String, _ b: String) -> String? {
        guard let r = s.range(of: a), let e = s.range(of: b, range: r.upperBound..<s.endIndex) else { return nil }
        return String(s[r.upperBound..<e.lowerBound])
    }

    /// Text without tags, entities decoded (the five XML ones) and the names' isolates removed.
    static func plain(_ s: String) -> String {
        s.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression).replacingOccurrences(of: "\u{2068}", with: "")
            .replacingOccurrences(of: "\u{2069}", with: "").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
                of: "&gt;", with: ">"
            )
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(
                of: "&amp;", with: "&")
    }

    /// The scene's part of the picture (the main scene's views, paths, markers and badges).
    var scenePart: String {
        guard let a = svg.range(of: "<g class=\"scene\">"), let b = svg.range(of: "<g class=\"scale\">") else { return "" }
        return String(svg[a.lowerBound..<b.lowerBound])
    }
}
