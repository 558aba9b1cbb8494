import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Issue 49 in a real browser: the states told apart without colour, whole reasons inside their
/// column, leader lines seen, and the pictures of docs/images (PNG goldens) compared with
/// tolerances: 8 x 8 blocks whose mean colour differs by more than 24 in a channel, at most 2 % of
/// them (fonts and anti-aliasing differ between Chromium versions; no exact pixel counts).
/// `PICTURE_RECORD=1` rewrites the goldens from the current pictures (then look at them).
extension ChromiumPictureTests {
    /// A picture with every state: a tap recognized, a press failed, a pan cancelled, a pinch in progress to the end.
    static func everyState() -> String {
        var data = PictureData(tracePath: "every state")
        data.screen = Size(width: 390, height: 844)
        data.recognizers = [("tap", "tap"), ("press", "longPress"), ("pan", "pan"), ("pinch", "pinch")]
        data.initialStates = [.possible, .possible, .possible, .possible]
        func at(_ x: Double, _ y: Double) -> GestureValues {
            var v = GestureValues()
            v.location = Point(x: x, y: y)
            return v
        }
        data.steps = [
            .init(time: 0.1, lane: 2, previous: .possible, state: .began, values: at(80, 200), reason: nil),
            .init(time: 0.1, lane: 3, previous: .possible, state: .began, values: at(80, 600), reason: nil),
            .init(time: 0.2, lane: 1, previous: .possible, state: .failed, values: at(300, 200), reason: "moved"),
            .init(time: 0.3, lane: 0, previous: .possible, state: .ended, values: at(300, 600), reason: nil),
            .init(time: 0.4, lane: 2, previous: .changed, state: .cancelled, values: at(190, 400), reason: "cancelled"),
            .init(time: 0.5, lane: 3, previous: .began, state: .changed, values: at(80, 620), reason: nil),
        ]
        var picture = SVGPicture(data)
        return picture.render()
    }

    /// Where each state's mark is drawn: its centre, from the shape's own coordinates.
    static func centre(_ group: String) -> (Double, Double)? {
        let scan = SVGScan(group)
        if let c = scan.elements("<circle").first { return (SVGScan.number(c, "cx"), SVGScan.number(c, "cy")) }
        guard let d = scan.elements("<path").first?["d"], let p = ScrollPictureTests.points(d).first else { return nil }
        if d.contains("v14") { return (p.x, p.y + 7) }  // the timeline's began: a vertical stroke
        if d.contains("h-12z") { return (p.x, p.y + 5) }  // the scene's began: a triangle
        let half = d.contains("l12,12") ? 6.0 : 4.5  // a cross from its top-left corner
        return (p.x + half, p.y + half)
    }

    /// Machado, Oliveira and Fernandes (2009), severity 1, in linear RGB: an SVG filter a page applies with CSS.
    static let visionFilters = """
        <svg width="0" height="0" style="position:absolute"><filter id="deuteranopia" color-interpolation-filters="linearRGB">\
        <feColorMatrix type="matrix" values="0.367322 0.860646 -0.227968 0 0 0.280085 0.672501 0.047413 0 0 -0.011820 0.042940 0.968881 0 0 0 0 0 1 0"/></filter>\
        <filter id="protanopia" color-interpolation-filters="linearRGB">\
        <feColorMatrix type="matrix" values="0.152286 1.052583 -0.204868 0 0 0.114503 0.786281 0.099216 0 0 -0.003882 -0.048116 1.051998 0 0 0 0 0 1 0"/></filter></svg>
        """

    /// Whether two patches (ink count, mean ink luminance, mask) can be told apart: by shape (the
    /// masks overlap less than 75 %) or by lightness (40 levels).
    static func distinguishable(_ a: [Int], _ b: [Int]) -> Bool {
        let ma = a.dropFirst(2), mb = b.dropFirst(2)
        let both = zip(ma, mb).filter { $0 == 1 && $1 == 1 }.count, either = zip(ma, mb).filter { $0 == 1 || $1 == 1 }.count
        let jaccard = either == 0 ? 1 : Double(both) / Double(either)
        return jaccard < 0.75 || abs(a[1] - b[1]) >= 40
    }

    @Test("every state told apart without colour: grayscale, deuteranopia and protanopia")
    func statesWithoutColour() throws {
        let svg = Self.everyState()
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        // Each state's mark in the timeline's legend, on the timeline and in the scene.
        var marks: [(part: String, state: String, x: Double, y: Double)] = []
        for state in ["possible", "changed", "began", "ended", "failed", "cancelled"] {
            let legend = try #require(SVGScan(svg).groups("legend \(state)\"").first, "no legend entry for \(state)")
            let text = try #require(SVGScan(legend).elements("<text").first)
            marks.append(("legend", state, SVGScan.number(text, "x") - 12, SVGScan.number(text, "y") - 4))
        }
        for state in ["began", "ended", "failed", "cancelled"] {
            let mark = try #require(SVGScan(svg).groups("mark \(state)\"").first.flatMap(Self.centre), "no timeline mark for \(state)")
            marks.append(("timeline", state, mark.0, mark.1))
            let marker = try #require(SVGScan(SVGScan(svg).scenePart).groups("marker \(state)\"").first.flatMap(Self.centre))
            marks.append(("scene", state, marker.0, marker.1))
        }
        // Three copies: grayscale, and as a deuteranope and a protanope see them. Two squares of
        // the old legend's colours for began and cancelled show what the check catches.
        let filters = ["grayscale(1)", "url(#deuteranopia)", "url(#protanopia)"]
        var page = "<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">" + Self.visionFilters
        for f in filters {
            page += "<div style=\"filter:\(f);height:\(height)px;width:\(width)px;position:relative\">" + HTMLReport.inline(svg, index: 1)
            page += "<div style=\"position:absolute;left:4px;top:4px;width:10px;height:10px;background:#7fb2e5\"></div>"
            page += "<div style=\"position:absolute;left:24px;top:4px;width:10px;height:10px;background:#e8a33a\"></div></div>"
        }
        page += "</body></html>"
        var probes: [String] = []
        for k in filters.indices {
            let dy = Double(k * height)
            // The scene's markers are larger (6.5 px) than the timeline's (5 px), whose numbers sit 6 px to the right.
            probes += marks.map { m in
                let r = m.part == "scene" ? 8.0 : 6.0
                return "patch:\(m.x - r),\(m.y - r + dy),\(m.x + r + 1),\(m.y + r + 1 + dy)"
            }
            probes += ["patch:2,\(2 + dy),16,\(16 + dy)", "patch:22,\(2 + dy),36,\(16 + dy)"]
        }
        let (_, patches) = try Browser.probe(page, named: "states.html", width: width, height: 3 * height, probes: probes)
        let perFilter = marks.count + 2
        for (k, f) in filters.enumerated() {
            let p = Array(patches[(k * perFilter)..<((k + 1) * perFilter)])
            for (i, a) in marks.enumerated() {
                #expect(p[i][0] >= 10, "\(f): the \(a.part)'s \(a.state) mark has \(p[i][0]) ink pixels")
                for (j, b) in marks.enumerated() where j > i && a.part == b.part {
                    #expect(
                        Self.distinguishable(p[i], p[j]),
                        "\(f): the \(a.part)'s \(a.state) and \(b.state) marks look alike (mean \(p[i][1]) and \(p[j][1]))")
                }
            }
            if k == 0 {
                #expect(!Self.distinguishable(p[marks.count], p[marks.count + 1]), "the control: two squares only hue tells apart")
            }
        }
    }

    @Test("whole reasons: every line's ink inside the outcomes list's column")
    func reasonsInsideTheColumn() throws {
        let svg = try Picture.svg(
            PackageFiles.path("Traces/default-scene.csv"), options: ReplayOptions(), title: "Traces/default-scene.csv")
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        let lines = SVGScan(svg).elements("<text class=\"reason\"")
        #expect(lines.count >= 12)
        let right = (lines.map { SVGScan.number($0, "x") }.min() ?? 0) - 14 + SVGPicture.panelWidth
        let probes = lines.map {
            "dark:\(SVGScan.number($0, "x") - 2),\(SVGScan.number($0, "y") - 11),\(width),\(SVGScan.number($0, "y") + 4)"
        }
        let (_, ink) = try Browser.render(svg, named: "reasons.svg", width: width, height: height, probes: probes)
        for (line, (n, lo, hi)) in zip(lines, ink) {
            #expect(n > 20 && lo >= 0, "no ink for the reason line at y \(line["y"] ?? "")")
            #expect(Double(hi) <= right + 2 && hi < width - 2, "a reason line's ink reaches x \(hi) (the column ends at \(right))")
        }
    }

    @Test("leader lines are seen from each badge to its markers")
    func leadersSeen() throws {
        for trace in ["Traces/default-scene.csv", "Traces/scroll-buttons.json"] {
            let svg = try Picture.svg(PackageFiles.path(trace), options: ReplayOptions(), title: trace)
            let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
            let leaders = PictureBadgeTests.badges(SVGScan(svg).scenePart).flatMap(\.leaders).filter {
                ($0.1.0 - $0.0.0) * ($0.1.0 - $0.0.0) + ($0.1.1 - $0.0.1) * ($0.1.1 - $0.0.1) >= 36
            }
            #expect(leaders.count >= 4)
            let probes = leaders.map { l -> String in
                let (mx, my) = ((l.0.0 + l.1.0) / 2, (l.0.1 + l.1.1) / 2)
                return "patch:\(mx - 2),\(my - 2),\(mx + 3),\(my + 3)"
            }
            let (_, patches) = try Browser.probe(svg, named: "leaders.svg", width: width, height: height, probes: probes)
            let seen = patches.filter { $0[0] >= 2 }.count
            #expect(seen == leaders.count, "\(trace): \(seen) of \(leaders.count) leader lines seen at their middle")
        }
    }

    /// The pictures of docs/images/*.png: the two sample traces of issue 49 and the 10-minute recording.
    static func goldenPictures() throws -> [(name: String, svg: String)] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = try String(contentsOfFile: PackageFiles.path("Tests/Fixtures/pictures/ten-minutes.synth"), encoding: .utf8)
        let document = try SynthParser.parse(text, path: "ten-minutes.synth")
        let long = try folder.write("ten-minutes.json", SynthTraceWriter.text(Synthesizer.generate(document.variants[0].script), as: .json))
        return [
            (
                "default-scene",
                try Picture.svg(PackageFiles.path("Traces/default-scene.csv"), options: ReplayOptions(), title: "Traces/default-scene.csv")
            ),
            (
                "scroll-buttons",
                try Picture.svg(
                    PackageFiles.path("Traces/scroll-buttons.json"), options: ReplayOptions(), title: "Traces/scroll-buttons.json")
            ),
            (
                "ten-minutes",
                try Picture.svg(long, options: ReplayOptions(), title: "ten-minutes.json (Tests/Fixtures/pictures/ten-minutes.synth)")
            ),
        ]
    }

    @Test("the screenshots in docs/images match the pictures, within tolerances")
    func goldenScreenshots() throws {
        let record = ProcessInfo.processInfo.environment["PICTURE_RECORD"] == "1"
        for (name, svg) in try Self.goldenPictures() {
            let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
            let golden = PackageFiles.path("docs/images/\(name).png")
            let probe = record ? "quantize:" + golden : "compare:" + golden
            let (size, lines) = try Browser.probe(svg, named: "\(name).svg", width: width, height: height, probes: [probe])
            guard !record else { continue }
            let r = lines[0]
            #expect(abs(r[0] - size.0) <= 1 && abs(r[1] - size.1) <= 2, "\(name): \(size) against the golden's \(r[0])x\(r[1])")
            #expect(r[2] * 50 <= r[3], "\(name): \(r[2]) of \(r[3]) 8 x 8 blocks differ (largest difference \(r[4]))")
        }
    }
}
