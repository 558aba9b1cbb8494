import Foundation
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

@Suite("The picture in headless Chromium", .enabled(if: Browser.isAvailable, Browser.missing), .serialized)
struct ChromiumPictureTests {
    static func attribute(_ svg: String, _ name: String) -> Int {
        guard let r = svg.range(of: " \(name)=\""), let e = svg.range(of: "\"", range: r.upperBound..<svg.endIndex) else { return 0 }
        return Int(Double(svg[r.upperBound..<e.lowerBound]) ?? 0)
    }

    static func near(_ p: (Int, Int, Int), _ hex: String, tolerance: Int = 90) -> Bool {
        let c = [1, 3, 5].map { Int(hex.dropFirst($0).prefix(2), radix: 16)! }
        return abs(p.0 - c[0]) + abs(p.1 - c[1]) + abs(p.2 - c[2]) <= tolerance
    }

    @Test("pinch: the failure's reason is ink on the page, the touch's colour along its path")
    func pinch() throws {
        let svg = try Picture.svg(PackageFiles.path("Traces/pinch.json"), options: ReplayOptions(), title: "Traces/pinch.json")
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        // The reason's line in the outcomes list: its position from the SVG.
        let reason = "fill=\"#333\">prevented by pinch &apos;pinch&apos;, which began"
        let end = try #require(svg.range(of: reason))
        let start = try #require(svg.range(of: "<text ", options: .backwards, range: svg.startIndex..<end.lowerBound))
        let tag = SVGScan.attributes(String(svg[start.lowerBound..<end.lowerBound]))
        let x = SVGScan.number(tag, "x"), y = SVGScan.number(tag, "y")
        let characters = "prevented by pinch 'pinch', which began".count
        // Touch 1's samples (its colour) away from the markers drawn over its ends.
        // (Those under the pinch's end marker, drawn over the touch's end, are left out.)
        let path = try #require(SVGScan(svg).polylines().first)
        let last = try #require(path.last)
        let samples = path.filter { ($0.x - last.x) * ($0.x - last.x) + ($0.y - last.y) * ($0.y - last.y) > 100 }
        let colour = SVGPicture.touchColour(0)
        let probes =
            [
                "dark:\(x - 2),\(y - 12),\(x + Double(characters) * 7.5),\(y + 4)",
                "dark:\(x - 2),\(y + 6),\(x + Double(characters) * 7.5),\(y + 20)",
            ]
            + samples.map { "near:\(colour),\($0.x - 2),\($0.y - 2),\($0.x + 3),\($0.y + 3)" }
        let (size, results) = try Browser.render(svg, named: "picture.svg", width: width, height: height, probes: probes)
        #expect(size.0 == width && size.1 == height)
        // Inside the window, and drawn: dark ink along most of the reason's length, nothing below it.
        #expect(samples.count >= 15)
        #expect(
            x > 0 && y < Double(height) && x + Double(characters) * 4 < Double(width), "reason at (\(x), \(y)) outside \(width)x\(height)")
        let ink = results[0]
        #expect(ink.0 > characters * 8, "the reason's ink: \(ink.0) dark pixels")
        #expect(
            ink.1 >= 0 && Double(ink.2 - ink.1) > Double(characters) * 3.5,
            "the reason spans \(ink.1)...\(ink.2) px for \(characters) characters")
        let onPath = results.dropFirst(2).filter { $0.0 > 0 }.count
        #expect(onPath * 10 >= samples.count * 9, "touch 1's colour at \(onPath) of \(samples.count) samples")
    }

    @Test("a recognized marker is seen above a failure cross at the same place")
    func successAboveFailure() throws {
        var data = PictureData(tracePath: "overlap")
        data.screen = Size(width: 390, height: 844)
        data.recognizers = [("tap", "tap"), ("press", "longPress")]
        data.initialStates = [.possible, .possible]
        var values = GestureValues()
        values.location = Point(x: 200, y: 400)
        // The success first in time: drawn above the failure anyway.
        data.steps = [
            .init(time: 0.1, lane: 0, previous: .possible, state: .ended, values: values, reason: nil),
            .init(
                time: 0.2, lane: 1, previous: .possible, state: .failed, values: values, reason: "touch ended before minimumPressDuration"),
        ]
        var picture = SVGPicture(data)
        let svg = picture.render()
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        let scene = try #require(SVGScan(svg).sceneBox())
        let cx = scene.x + 200 * scene.width / 390, cy = scene.y + 400 * scene.height / 844
        let probes = [
            "near:\(SVGPicture.colour(.ended)),\(cx - 3),\(cy - 3),\(cx + 4),\(cy + 4)",
            "near:\(SVGPicture.colour(.failed)),\(cx - 3),\(cy - 3),\(cx + 4),\(cy + 4)",
            "near:\(SVGPicture.colour(.failed)),\(cx - 12),\(cy - 12),\(cx + 13),\(cy + 13)",
        ]
        let (_, r) = try Browser.render(svg, named: "overlap.svg", width: width, height: height, probes: probes)
        #expect(r[0].0 >= 25, "the recognized dot at the centre: \(r[0].0) of 49 pixels")
        #expect(r[1].0 <= 3, "the cross under it: \(r[1].0) red pixels at the centre")
        #expect(r[2].0 >= 4, "the cross's arms still show around the dot: \(r[2].0)")
    }

    @Test("scroll views and controls: the offset's curve and rest dot, filled and hollow control marks, the end thumb, seen")
    func scrollAndControls() throws {
        let svg = try Picture.svg(
            PackageFiles.path("Traces/scroll-buttons.json"), options: ReplayOptions(), title: "Traces/scroll-buttons.json")
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        // Positions from the SVG: the rest dot, the deceleration's points, share's two marks, the end thumb.
        let offsetLane = try #require(ScrollPictureTests.lanes(svg, "offset").first)
        let dot = try #require(SVGScan(offsetLane).elements("<circle").first)
        let (dx, dy) = (SVGScan.number(dot, "cx"), SVGScan.number(dot, "cy"))
        let curve = SVGScan(offsetLane).elements("<path class=\"offset decelerating\"").flatMap { ScrollPictureTests.points($0["d"] ?? "") }
        let along = stride(from: 4, to: curve.count - 4, by: max(1, curve.count / 12)).map { curve[$0] }
        let share = try #require(ScrollPictureTests.lanes(svg, "control").dropFirst().first)
        let tips = SVGScan(share).elements("<path d=\"M").map { ScrollPictureTests.points($0["d"] ?? "").first! }
        try #require(tips.count == 2 && along.count >= 8)
        // A diamond's centre is 6 px below its tip.
        let (hollow, filled) = ((tips[0].x, tips[0].y + 6), (tips[1].x, tips[1].y + 6))
        let thumb = try #require(SVGScan(svg).elements("<rect").first { $0["class"] == "thumb end" })
        let (tx, ty, th) = (SVGScan.number(thumb, "x") + 3, SVGScan.number(thumb, "y"), SVGScan.number(thumb, "height"))
        var probes = [
            "dark:\(dx - 3),\(dy - 3),\(dx + 4),\(dy + 4)",
            "dark:\(filled.0 - 2),\(filled.1 - 2),\(filled.0 + 3),\(filled.1 + 3)",
            "dark:\(hollow.0 - 1),\(hollow.1 - 1),\(hollow.0 + 2),\(hollow.1 + 2)",
            "dark:\(hollow.0 - 7),\(hollow.1 - 7),\(hollow.0 + 8),\(hollow.1 + 8)",
            // The thumb's middle third (the hollow start thumb's edge may cross its ends), and the
            // track below it (light: the content beyond what was ever shown).
            "dark:\(tx - 1),\(ty + th / 3),\(tx + 2),\(ty + th * 2 / 3)",
            "dark:\(tx - 1),\(ty + th + 12),\(tx + 2),\(ty + th + 60)",
        ]
        probes += along.map { "dark:\($0.x - 2),\($0.y - 2),\($0.x + 3),\($0.y + 3)" }
        let (size, r) = try Browser.render(svg, named: "scroll.svg", width: width, height: height, probes: probes)
        #expect(size.0 == width && size.1 == height)
        #expect(r[0].0 >= 20, "the rest dot: \(r[0].0) dark pixels of 49")
        #expect(r[1].0 >= 15, "the filled diamond (touchUpInside): \(r[1].0) dark pixels of 25")
        #expect(r[2].0 <= 2, "the hollow diamond's centre (touchDown): \(r[2].0) dark pixels of 9")
        #expect(r[3].0 >= 12, "the hollow diamond's outline: \(r[3].0) dark pixels")
        let thumbArea = Int(3 * th / 3)
        #expect(r[4].0 * 10 >= thumbArea * 6, "the end thumb: \(r[4].0) dark pixels of about \(thumbArea)")
        #expect(r[5].0 <= 3, "the track below the end thumb: \(r[5].0) dark pixels")
        let onCurve = r.dropFirst(6).filter { $0.0 > 0 }.count
        #expect(onCurve * 10 >= along.count * 9, "the deceleration curve seen at \(onCurve) of \(along.count) points")
    }

    @Test("the HTML report: failures first, the diff coloured, the changed transition ringed, offline")
    func htmlReport() throws {
        var details = "--- pinch.expected\n+++ pinch.json (actual)\n@@ -1,3 +1,3 @@\n"
        details += "    0.083  pinch     pinch     possible -> began      at (193.0, 420.0)  touches 2  scale 1.024  velocity 0.356\n"
        details += "-   0.083  rotation  rotation  possible -> ended      at (193.0, 420.0)  touches 2\n"
        details +=
            "+   0.083  rotation  rotation  possible -> failed     at (193.0, 420.0)  touches 2  rotation 0.000  velocity 0.000  reason: prevented by pinch 'pinch', which began\n"
        let highlight = HTMLReport.changedTransition(in: details)
        #expect(highlight?.time == "0.083" && highlight?.recognizer == "rotation")
        let svg = try Picture.svg(
            PackageFiles.path("Traces/pinch.json"), options: ReplayOptions(), title: "Traces/pinch.json", highlight: highlight)
        let passing = HTMLReport.Entry(tracePath: "Traces/swipe-down.json", passed: true, message: nil, details: "", picture: nil)
        let failing = HTMLReport.Entry(
            tracePath: "Traces/pinch.json", passed: false, message: "output differs from pinch.expected", details: details,
            picture: .success(svg))
        let page = HTMLReport.make([passing, failing], title: "gesturereplay test")
        let fail = try #require(page.range(of: "FAIL</td>")), pass = try #require(page.range(of: "PASS</td>"))
        #expect(fail.lowerBound < pass.lowerBound, "the failure is listed first")
        let (_, counts) = try Browser.render(
            page, named: "report.html", width: 900, height: 1300,
            probes: [
                "near:#fde8e8,0,0,900,1300", "near:#e3f4e1,0,0,900,1300", "near:#c62828,0,0,900,1300", "near:#ffd400,0,0,900,1300",
                // The rows of the removed and the added line's backgrounds.
                "rows:#fde8e8/20,24,0,880,1300", "rows:#e3f4e1/20,24,0,880,1300",
            ])
        #expect(counts[0].0 > 400, "removed line's background: \(counts[0].0) pixels")
        #expect(counts[1].0 > 400, "added line's background: \(counts[1].0) pixels")
        #expect(counts[2].0 > 20, "FAIL in red: \(counts[2].0) pixels")
        #expect(counts[3].0 > 100, "the yellow ring and band of the changed transition: \(counts[3].0) pixels")
        // Issue 49: the added line (165 characters, its reason last) wraps inside the page rather
        // than running off its right edge: its reason (in reverse video, a changed field) on a
        // second row under the green one.
        let (removed, added) = (counts[4], counts[5])
        #expect(removed.0 >= 8 && removed.0 < 20 && added.0 >= 8, "the diff's lines: rows \(removed), \(added)")
        let (_, below) = try Browser.probe(
            page, named: "report.html", width: 900, height: 1300, probes: ["rows:#222222/20,24,\(added.2 + 1),880,\(added.2 + 16)"])
        #expect(below[0][0] >= 8, "the added line's second row: \(below[0][0]) rows of its reason's reverse video")
    }
}
