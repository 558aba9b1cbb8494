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
}
