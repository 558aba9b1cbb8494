import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Issue 36: outcomes and reasons on the page, labels that do not collide, colours told apart,
/// bad input bounded (and #30's defect 10: memory per picture, not per touch).
@Suite("Picture readability and bounds")
struct PictureReadabilityTests {
    static func svg(_ trace: String, _ configure: (inout ReplayOptions) -> Void = { _ in }) throws -> String {
        var options = ReplayOptions()
        configure(&options)
        return try Picture.svg(trace, options: options, title: "t")
    }

    @Test("the outcomes are listed with their reasons as text on the page, numbered on the markers")
    func outcomesOnThePage() throws {
        let picture = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        let outcomes = SVGScan(picture).groups("outcome ")
        #expect(outcomes.count == 2, "rotation failed, pinch ended")
        let failed = try #require(outcomes.first { $0.hasPrefix("<g class=\"outcome failed\"") })
        // The reason as drawn text (not only in a hover title).
        let visible = failed.replacingOccurrences(of: #"<title>.*</title>"#, with: "", options: .regularExpression)
        #expect(visible.contains("prevented by pinch &apos;pinch&apos;, which began"))
        #expect(visible.contains("class=\"badge\">1</text>") && visible.contains(">failed</tspan> 0.083 s"))
        // The numbers on the picture, beside the markers.
        let numbers = SVGScan(picture).groups("number\"").map {
            $0.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        }
        #expect(numbers.contains { $0.hasPrefix("1") } && numbers.contains { $0.hasPrefix("2") }, "\(numbers)")
    }

    /// Issue 49, item 1: "moved 20.8 pt > allowableMovement 10 pt before minimumPressDurat…" was
    /// the reason as the list showed it. Every reason is whole, wrapped to the list's column, in the
    /// picture and in the HTML report that shows it.
    @Test(
        "reasons are whole: wrapped to the list's column, never cut",
        arguments: ["Traces/default-scene.csv", "Traces/scroll-buttons.json", "Traces/pinch.json"])
    func wholeReasons(_ trace: String) throws {
        let picture = try Self.svg(PackageFiles.path(trace))
        let page = HTMLReport.make(
            [.init(tracePath: trace, passed: false, message: "m", details: "", picture: .success(picture))], title: "t")
        for document in [picture, page] {
            let rows = SVGScan(document).outcomeRows()
            #expect(rows.count >= 2)
            let columns = Int((SVGPicture.panelWidth - 14) / (11 * 0.62))
            for row in rows {
                #expect(!(row.reasonLines + [row.heading]).joined().contains("…"), "a cut row: \(row.heading)")
                #expect(row.reasonLines.allSatisfy { $0.count <= columns }, "\(row.reasonLines)")
                // Each reason of the row's transitions (in its hover title) is on the page, whole.
                let shown = row.reasonLines.joined(separator: " ")
                for line in row.hover.split(separator: "\n") {
                    // (A paging swipe's failure at every touch-down, "no page change is animating", is folded away.)
                    guard let r = line.range(of: "; reason: "), !line.contains("(pagingSwipe)") else { continue }
                    let reason = String(line[r.upperBound...])
                    #expect(shown.contains(reason), "'\(reason)' is not whole in \(row.reasonLines)")
                }
            }
        }
        #expect(SVGPicture.wrapped("a bb ccc dddd", columns: 8) == ["a bb ccc", "dddd"])
        #expect(SVGPicture.wrapped(String(repeating: "x", count: 20), columns: 8) == ["xxxxxxxx", "xxxxxxxx", "xxxx"])
    }

    /// Issue 49, item 4: nothing below 9 px at the picture's own size.
    @Test("text is never below 9 px", arguments: ["Traces/default-scene.csv", "Traces/scroll-buttons.json", "Traces/scroll-paging.json"])
    func textSizes(_ trace: String) throws {
        let picture = try Self.svg(PackageFiles.path(trace))
        let sizes = SVGScan(picture).elements("<text").compactMap { $0["font-size"].flatMap(Double.init) }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 9 }, "\(Set(sizes).sorted())")
        #expect(picture.contains("font-family=\"sans-serif\" font-size=\"11\""))
    }

    @Test("successes are drawn above failures")
    func successesOnTop() throws {
        let picture = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        let lastFailure = try #require(picture.range(of: "<g class=\"marker failed\"", options: .backwards))
        let firstSuccess = try #require(picture.range(of: "<g class=\"marker ended\""))
        #expect(lastFailure.lowerBound < firstSuccess.lowerBound)
    }

    /// 20 fingers down at once on a small screen, sample traces: no two halo labels overlap.
    @Test("labels do not collide", arguments: ["Traces/pinch.json", "Traces/moveme.json", "Traces/double-tap.json", "twenty"])
    func labelsDoNotCollide(_ trace: String) throws {
        var path = PackageFiles.path(trace)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        if trace == "twenty" {
            var csv = "t,id,phase,x,y\n"
            for step in 0..<10 {
                for f in 0..<20 {
                    csv +=
                        "\(Double(step) * 0.016),\(f),\(step == 0 ? "began" : step == 9 ? "ended" : "moved"),\(50 + f * 14 + step),\(300 + step * 8 + f % 3 * 5)\n"
                }
            }
            path = try folder.write("twenty.csv", csv)
        }
        let picture = try Self.svg(path) { if trace == "twenty" { $0.reading.screen = Size(width: 390, height: 844) } }
        let labels = SVGScan(picture).labels()
        #expect(labels.count > 3)
        for i in labels.indices {
            for j in labels.indices where j > i {
                let a = labels[i], b = labels[j]
                let overlaps = a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5
                #expect(!overlaps, "'\(a.text)' and '\(b.text)' overlap")
            }
        }
    }

    /// Colours as a deuteranope or protanope sees them (Viénot, Brettel and Mollon 1999, the
    /// simulation matrices in linear RGB as published by Machado, Oliveira and Fernandes 2009 at
    /// severity 1.0).
    static func simulate(_ hex: String, _ matrix: [[Double]]) -> [Double] {
        let v = [1, 3, 5].map { Double(Int(hex.dropFirst($0).prefix(2), radix: 16)!) / 255 }
        let linear = v.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return matrix.map { row in min(1, max(0, zip(row, linear).map(*).reduce(0, +))) }.map {
            $0 <= 0.0031308 ? $0 * 12.92 : 1.055 * pow($0, 1 / 2.4) - 0.055
        }
    }
    static let deuteranopia = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    static let protanopia = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    static func distance(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot() * 255 }

    @Test("state colours: ended, failed and cancelled told apart under colour-vision deficiencies, and apart from the touch colours")
    func colours() {
        let states: [GestureRecognizerState] = [.began, .ended, .failed, .cancelled]
        for m in [Self.deuteranopia, Self.protanopia, [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]]] {
            for (i, a) in states.enumerated() {
                for b in states[(i + 1)...] {
                    let d = Self.distance(Self.simulate(SVGPicture.colour(a), m), Self.simulate(SVGPicture.colour(b), m))
                    #expect(d > 60, "\(a) and \(b): \(d)")
                }
            }
        }
        for touch in SVGPicture.palette {
            for s in states {
                let d = Self.distance(
                    Self.simulate(touch, [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]]),
                    Self.simulate(SVGPicture.colour(s), [[1.0, 0, 0], [0, 1, 0], [0, 0, 1]]))
                #expect(d > 60, "touch colour \(touch) near the \(s) colour: \(d)")
            }
        }
    }

    @Test("touches past the palette are dashed")
    func pastThePalette() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var csv = "t,id,phase,x,y\n"
        for (t, phase, y) in [(0.0, "began", 100), (0.1, "moved", 200), (0.2, "ended", 300)] {
            for f in 0..<12 { csv += "\(t),\(f),\(phase),\(20 + f * 25),\(y)\n" }
        }
        let lines = SVGScan(try Self.svg(try folder.write("twelve.csv", csv))).elements("<polyline")
        #expect(lines.count == 12)
        #expect(lines.prefix(10).allSatisfy { $0["stroke-dasharray"] == nil })
        #expect(lines.suffix(2).allSatisfy { $0["stroke-dasharray"] != nil })
    }

    @Test("bad input: one sample, 1e9 coordinates, XML and bidi names, views outside the screen: valid, with notes")
    func badInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try Self.svg(try folder.write("one.csv", "t,id,phase,x,y\n0,1,began,5,5\n"))
        PictureTests.expectWellFormed(one)
        #expect(one.contains("<polyline") && one.contains("still down at the end"))
        let trace = """
            {"screen": {"width": 390, "height": 844},
             "scene": {"views": [{"name": "\\u202Eevil<&>", "frame": [10, 10, 100, 100]},
                                 {"name": "away", "frame": [5000, 5000, 100, 100]}],
                       "recognizers": [{"name": "t\\u202E<x>", "kind": "tap"}]},
             "events": [
              {"t": 0, "id": "\\u202Eabc", "phase": "began", "x": 50, "y": 50},
              {"t": 0.05, "id": "\\u202Eabc", "phase": "ended", "x": 50, "y": 50},
              {"t": 0.1, "id": 2, "phase": "began", "x": 1e9, "y": -1e9},
              {"t": 0.3, "id": 2, "phase": "ended", "x": 1e9, "y": 1e9}
             ]}
            """
        let picture = try Self.svg(try folder.write("bad.json", trace))
        PictureTests.expectWellFormed(picture)
        // Every name isolated: its bidi override cannot reorder the text after it.
        // (Compared as UTF-8: Foundation's `contains` ignores the invisible controls.)
        #expect(picture.utf8.firstRange(of: "\u{2068}\u{202E}evil&lt;&amp;&gt;\u{2069}".utf8) != nil)
        #expect(picture.utf8.firstRange(of: "\u{2068}\u{202E}abc\u{2069}".utf8) != nil)
        #expect(picture.utf8.firstRange(of: "\u{2068}t\u{202E}&lt;x&gt;\u{2069}".utf8) != nil)
        #expect(picture.contains("1 view outside the screen, drawn at its edge: &apos;away&apos;"))
        #expect(picture.contains("drawn samples lie outside the screen and are drawn at its edge"))
        #expect(!picture.lowercased().contains("nan") && !picture.contains("inf"))
        for p in SVGScan(picture).polylines().flatMap({ $0 }) { #expect(abs(p.x) < 2000 && abs(p.y) < 2000) }
    }

    @Test("a screen the picture cannot draw (zero, huge): the samples are framed instead, with a note")
    func unusableScreen() {
        for size in [Size(width: 0, height: 0), Size(width: 1e300, height: 5)] {
            var data = PictureData(tracePath: "zero")
            data.screen = size
            var collector = SampleCollector(window: PictureWindow())
            collector.add(TouchID.integer(1), .began, Point(x: 10, y: 10), at: 0) { "1" }
            collector.add(TouchID.integer(1), .ended, Point(x: 30, y: 20), at: 0.1) { "1" }
            collector.finish(into: &data)
            var picture = SVGPicture(data)
            let svg = picture.render()
            PictureTests.expectWellFormed(svg)
            #expect(svg.contains("cannot be drawn: the picture fits the samples and views"))
        }
    }

    /// #30 defect 10: the picture's memory is bounded per picture: what is kept of 10,000 touches
    /// (and of 30,000) is no more than of 1,000, and the SVG is as large.
    @Test("10,000 touches: bounded memory and size, with a note of what was left out")
    func manyTouches() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var sizes: [Int] = []
        for n in [1000, 10_000, 30_000] {
            var csv = "t,id,phase,x,y\n"
            csv.reserveCapacity(n * 60)
            for touch in 0..<n {
                let t0 = Double(touch) * 0.01
                csv +=
                    "\(t0),\(touch),began,\(touch % 390),\(touch % 844)\n\(t0 + 0.004),\(touch),moved,\(touch % 390 + 1),\(touch % 844 + 1)\n"
                csv += "\(t0 + 0.008),\(touch),ended,\(touch % 390 + 2),\(touch % 844 + 2)\n"
            }
            let path = try folder.write("many\(n).csv", csv)
            var data = PictureData(tracePath: path)
            try Picture.samples(path, ReplayOptions(), into: &data)
            #expect(data.touchCount == n)
            #expect(data.touches.count <= Picture.maximumDrawnTouches)
            #expect(data.touches.reduce(0) { $0 + $1.points.count } <= Picture.maximumDrawnSamples)
            let picture = try Self.svg(path) { $0.reading.screen = Size(width: 390, height: 844) }
            if n == 10_000 {
                PictureTests.expectWellFormed(picture)
                #expect(picture.contains("9600 touches after the first 400 not drawn"))
                #expect(picture.contains("more recognizer markers not drawn") || picture.contains("listed and numbered"))
            }
            sizes.append(picture.utf8.count)
        }
        #expect(sizes.allSatisfy { $0 < 1_500_000 }, "\(sizes)")
        #expect(Double(sizes[2]) < Double(sizes[0]) * 2, "the picture does not grow with the touches: \(sizes)")
    }
}
