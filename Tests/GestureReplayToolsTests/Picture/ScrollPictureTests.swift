import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Pictures of scroll views and controls (issue 34; docs/pictures.md, docs/scroll-and-controls.md):
/// the content offset over time on the timeline, the control events as marks, the content in the
/// scene at the start and the end. Positions are read back from the SVG and compared, within half
/// a pixel or a pixel, with where the replay's own output (the sample traces' goldens) says things
/// happened; the time axis is the picture's own round ticks.
@Suite("Pictures of scroll views and controls")
struct ScrollPictureTests {
    static func svg(_ trace: String, window: PictureWindow = PictureWindow()) throws -> String {
        try Picture.svg(PackageFiles.path(trace), options: ReplayOptions(), title: trace, window: window)
    }

    /// The lines of a sample trace's golden file (what the text output says happened).
    static func golden(_ name: String) throws -> [Substring] {
        try String(contentsOfFile: PackageFiles.path("Traces/" + name), encoding: .utf8).split(separator: "\n")
    }

    /// `(time, x, y)` of each `scroll VIEW contentOffset (x, y)  PHASE` line of a golden file.
    static func scrolls(_ lines: [Substring], phase: String? = nil) -> [(t: Double, x: Double, y: Double)] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 6, words[1] == "scroll", words[3] == "contentOffset", phase == nil || words.last.map(String.init) == phase
            else { return nil }
            let x = Double(words[4].dropFirst().dropLast()), y = Double(words[5].dropLast())
            guard let t = Double(words[0]), let x, let y else { return nil }
            return (t, x, y)
        }
    }

    /// The picture's time axis: x of time `t`, interpolated between its round ticks.
    static func timeAxis(_ svg: String) throws -> (Double) -> Double {
        var ticks: [(t: Double, x: Double)] = []
        var rest = svg[...]
        let marker = "\" font-size=\"9\" text-anchor=\"middle\" fill=\"#777\">"
        while let r = rest.range(of: marker) {
            let start = rest[..<r.lowerBound].range(of: "<text ", options: .backwards)!.lowerBound
            let end = rest[r.upperBound...].firstIndex(of: "<")!
            let a = SVGScan.attributes(String(rest[start..<r.upperBound]))
            if let t = Double(rest[r.upperBound..<end]) { ticks.append((t, SVGScan.number(a, "x"))) }
            rest = rest[end...]
        }
        try #require(ticks.count >= 2, "the axis has round ticks")
        let (a, b) = (ticks[0], ticks[ticks.count - 1])
        return { t in a.x + (t - a.t) / (b.t - a.t) * (b.x - a.x) }
    }

    /// The timeline lanes of class `lane KIND`, each with everything up to the next lane (a lane's
    /// marks are groups of their own: `SVGScan.groups` stops at the first `</g>`).
    static func lanes(_ svg: String, _ kind: String) -> [String] {
        svg.components(separatedBy: "<g class=\"lane ").dropFirst().filter { $0.hasPrefix(kind + "\">") }
    }

    /// The `(x, y)` points of a `d` attribute made of `M`/`L`/`H` commands.
    static func points(_ d: String) -> [(x: Double, y: Double)] {
        var result: [(Double, Double)] = []
        var scanner = d[...]
        while let c = scanner.first {
            scanner = scanner.dropFirst()
            let number = scanner.prefix { "0123456789.,-".contains($0) }
            scanner = scanner.dropFirst(number.count)
            let v = number.split(separator: ",").compactMap { Double($0) }
            if (c == "M" || c == "L") && v.count == 2 { result.append((v[0], v[1])) }
            if c == "H", v.count == 1, let last = result.last { result.append((v[0], last.1)) }
        }
        return result
    }

    @Test("the offset lane: the content's path over time, the rest at the golden's time and offset, a drag frame in place")
    func offsetLane() throws {
        let svg = try Self.svg("Traces/scroll-buttons.json")
        PictureTests.expectWellFormed(svg)
        let lines = try Self.golden("scroll-buttons.expected")
        let rests = Self.scrolls(lines, phase: "resting")
        let all = Self.scrolls(lines)
        try #require(rests.count == 1 && all.count > 100)
        let lane = try #require(Self.lanes(svg, "offset").first)
        #expect(Self.lanes(svg, "offset").count == 1, "one scroll view, one offset lane")
        let x = try Self.timeAxis(svg)
        // The lane's first path (the content at rest from the start) is at the bottom (offset 0, the lowest).
        let held = try #require(SVGScan(lane).elements("<path class=\"offset rest\"").first)
        let start = try #require(Self.points(held["d"] ?? "").first)
        let bottom = all.map(\.y).max()!
        #expect(bottom == rests[0].y && all.map(\.y).min()! > 0)
        let plotHeight = SVGPicture.offsetLaneHeight - 18
        // The rest: a dot at its time, at the top of the plot (the largest offset).
        let dot = try #require(SVGScan(SVGScan(lane).groups("rest").first ?? "").elements("<circle").first)
        #expect(abs(SVGScan.number(dot, "cx") - x(rests[0].t)) <= 1, "rest at \(dot["cx"] ?? "") px, \(x(rests[0].t)) expected")
        #expect(abs(SVGScan.number(dot, "cy") - (start.y - plotHeight)) <= 0.5)
        #expect(lane.contains(">" + SVGPicture.fixed(rests[0].y, 1, trim: true) + "</text>"), "the resting offset is written by the dot")
        // A dragging frame: its offset at its height (linear between the lowest and highest offset).
        let frame = try #require(all.first { $0.t > 1.29 && $0.t < 1.31 })
        let drag = SVGScan(lane).elements("<path class=\"offset dragging\"").flatMap { Self.points($0["d"] ?? "") }
        let point = try #require(drag.min { abs($0.x - x(frame.t)) < abs($1.x - x(frame.t)) })
        #expect(abs(point.x - x(frame.t)) <= 1)
        #expect(abs(point.y - (start.y - frame.y / bottom * plotHeight)) <= 0.6, "offset \(frame.y) drawn at \(point.y)")
        // Decelerating frames are drawn thinner than the drag, and none bounces here.
        #expect(lane.contains("<path class=\"offset decelerating\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\""))
        #expect(lane.contains("<path class=\"offset dragging\" fill=\"none\" stroke=\"#222\" stroke-width=\"2.5\""))
        #expect(!lane.contains("offset bouncing"))
    }

    @Test("control events: a mark per moment with UIKit's names, filled where the action is sent, drags as one bar")
    func controlLanes() throws {
        let svg = try Self.svg("Traces/scroll-buttons.json")
        let x = try Self.timeAxis(svg)
        let lanes = Self.lanes(svg, "control")
        #expect(lanes.count == 3, "play, share, like")
        let lines = try Self.golden("scroll-buttons.expected")
        func events(_ control: String) -> [(t: Double, name: String)] {
            lines.compactMap { line in
                let w = line.split(separator: " ")
                return w.count == 4 && w[1] == "control" && w[2] == control ? (Double(w[0])!, String(w[3])) : nil
            }
        }
        // play: the quick tap's three events at the lift, one mark.
        let play = events("play")
        #expect(play.map(\.name) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        let playMarks = SVGScan(lanes[0]).groups("mark control-event")
        try #require(playMarks.count == 1)
        #expect(playMarks[0].contains("play\u{2069} touchDown, touchUpInside, primaryActionTriggered at 0.083 s</title>"))
        let diamond = try #require(SVGScan(playMarks[0]).elements("<path").first)
        #expect(diamond["fill"] == "#222", "the action was sent: filled")
        let tip = try #require(Self.points(diamond["d"] ?? "").first)
        #expect(abs(tip.x - x(play[0].t)) <= 1)
        #expect(lanes[0].contains(">down+upInside+primaryAction</text>"))
        // share: touchDown alone at +0.15 s (hollow), the drags as one bar, then the action.
        let share = events("share")
        let drags = share.filter { $0.name == "touchDragInside" }
        let shareMarks = SVGScan(lanes[1]).groups("mark control-event")
        try #require(shareMarks.count == 2)
        #expect(SVGScan(shareMarks[0]).elements("<path").first?["fill"] == "#fff")
        #expect(shareMarks[0].contains("share\u{2069} touchDown at 0.750 s"))
        #expect(shareMarks[1].contains("touchUpInside, primaryActionTriggered at 0.900 s"))
        let bar = try #require(SVGScan(lanes[1]).elements("<rect class=\"drag\"").first)
        #expect(lanes[1].components(separatedBy: "<rect class=\"drag\"").count == 2, "one bar for the run")
        #expect(lanes[1].contains("touchDragInside ×\(drags.count), "))
        #expect(abs(SVGScan.number(bar, "x") - x(drags.first!.t)) <= 1)
        #expect(abs(SVGScan.number(bar, "x") + SVGScan.number(bar, "width") - x(drags.last!.t)) <= 1)
        // The panel counts them as --summary does.
        #expect(svg.contains(">\u{2068}share\u{2069}: down 1, dragInside \(drags.count), upInside 1, primaryAction 1</text>"))
    }

    @Test("the scene: content clipped at the start, dashed where it is at the end, the indicator's thumb at the resting offset")
    func sceneContent() throws {
        let svg = try Self.svg("Traces/scroll-buttons.json")
        let scan = SVGScan(svg)
        let scene = try #require(scan.sceneBox())
        let s = scene.height / 844
        let rest = try #require(Self.scrolls(try Self.golden("scroll-buttons.expected"), phase: "resting").last)
        func rect(_ group: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
            let a = try #require(SVGScan(group).elements("<rect").first)
            return (SVGScan.number(a, "x"), SVGScan.number(a, "y"), SVGScan.number(a, "width"), SVGScan.number(a, "height"))
        }
        let views = scan.groups("view\">")
        // play: list at y 100, play at 400 in the content: 500 in the window at offset 0.
        let play = try rect(try #require(views.first { $0.contains("view \u{2068}play\u{2069}") }))
        #expect(abs(play.y - (scene.y + 500 * s)) <= 0.5 && abs(play.height - 44 * s) <= 0.5)
        // card (content y 1400) is scrolled out of the list at the start: not drawn there.
        #expect(!views.contains { $0.contains("view \u{2068}card\u{2069}") })
        // At the end (offset 733.667), like (card 1400 + 20) is at 100 + 1420 - 733.667 in the window, dashed.
        let like = try rect(try #require(scan.groups("view at-end").first { $0.contains("view \u{2068}like\u{2069}") }))
        #expect(abs(like.y - (scene.y + (100 + 1420 - rest.y) * s)) <= 0.5, "like at \(like.y)")
        #expect(svg.contains("stroke-dasharray=\"4,3\"><title>view \u{2068}like\u{2069} at the end"))
        // The indicator: the track spans the list (744 pt) less 4 px each end; the end thumb starts at 733.667 / 2400 of it.
        let indicator = try #require(scan.groups("scroll-indicator").first)
        let thumb = try #require(SVGScan(indicator).elements("<rect").first { $0["class"] == "thumb end" })
        let trackTop = scene.y + 100 * s + 4, trackLength = 744 * s - 8
        #expect(abs(SVGScan.number(thumb, "y") - (trackTop + rest.y / 2400 * trackLength)) <= 0.5)
        #expect(abs(SVGScan.number(thumb, "height") - 744.0 / 2400 * trackLength) <= 0.5)
        #expect(svg.contains(">offset y 0 → \(SVGPicture.fixed(rest.y, 1, trim: true))</text>"), "the caption")
    }

    @Test("paging: the pages as grid lines, each rest on its page's line, the caption lists the pages")
    func paging() throws {
        let svg = try Self.svg("Traces/scroll-paging.json")
        PictureTests.expectWellFormed(svg)
        let rests = Self.scrolls(try Self.golden("scroll-paging.expected"), phase: "resting")
        #expect(rests.map(\.x) == [390, 390, 0])
        let lane = try #require(Self.lanes(svg, "offset").first)
        #expect(lane.contains(">\u{2068}pager\u{2069} offset x<title>"), "a horizontal pager plots x")
        var pageLines: [Int: Double] = [:]
        for (n, p) in SVGScan(lane).elements("<path class=\"page\"").enumerated() {
            pageLines[n] = Self.points(p["d"] ?? "").first?.y
        }
        let dots = SVGScan(lane).groups("rest").compactMap { SVGScan($0).elements("<circle").first }
        try #require(dots.count == 3 && pageLines.count == 2)
        let x = try Self.timeAxis(svg)
        for (dot, r) in zip(dots, rests) {
            let page = Int(r.x / 390)
            #expect(abs(SVGScan.number(dot, "cy") - pageLines[page]!) <= 0.5, "rest at \(r.x) on page \(page + 1)'s line")
            #expect(abs(SVGScan.number(dot, "cx") - x(r.t)) <= 1)
        }
        #expect(lane.contains(">page 2</text>") && lane.contains(">page 1</text>"))
        #expect(svg.contains(">pages 1 → 2 → 1 of 4</text>"))
        // Three page ticks on the horizontal indicator (390, 780, 1170 of 1560).
        let indicator = try #require(SVGScan(svg).groups("scroll-indicator").first)
        #expect(indicator.components(separatedBy: "v10\" stroke=\"#52627a\"").count == 4)
    }

    @Test("a picture without scroll views or controls has none of their parts")
    func noneWithout() throws {
        for trace in ["Traces/pinch.json", "Traces/views.json"] {
            let svg = try Self.svg(trace)
            for part in [
                "lane offset", "lane control", "scroll-indicator", "at-end", "scroll-caption", ">controls</text>", "scroll indicator",
            ] {
                #expect(!svg.contains(part), "\(trace) has \(part)")
            }
        }
    }

    @Test("--from: the offset lane starts where the content was when the window opens")
    func window() throws {
        let all = Self.scrolls(try Self.golden("scroll-buttons.expected"))
        let before = try #require(all.last { $0.t < 2 })
        let svg = try Self.svg("Traces/scroll-buttons.json", window: PictureWindow(from: 2))
        let lane = try #require(Self.lanes(svg, "offset").first)
        #expect(lane.contains(">\(SVGPicture.fixed(before.y, 1, trim: true)) (bottom) to "), "the range starts at \(before.y)")
        // At 2 s play (content y 400) is above the list and card (1400) below it: neither drawn at the
        // start; card is drawn where it rests, dashed, in the list (100 + 1400 - offset at the end).
        #expect(
            !SVGScan(svg).groups("view\">").contains {
                $0.contains("view \u{2068}play\u{2069}") || $0.contains("view \u{2068}card\u{2069}")
            })
        #expect(
            SVGScan(svg).groups("view at-end").contains {
                $0.contains("view \u{2068}card\u{2069} at the end: frame (0.0, \(SVGPicture.fixed(1500 - all.last!.y, 1)))")
            })
    }

    /// Counts what an observer hears.
    final class Listener: ReplayObserver {
        var controlEvents: [String] = []
        var scrolls = 0
        var lastOffset = Point.zero
        func replayWillStart(_ start: ReplayStart) throws(TraceError) {}
        var observesTransitions: Bool { true }
        func replay(didTransition transition: Transition) {}
        func replay(didSendControlEvent report: ControlEventReport) {
            controlEvents.append(report.control.name + " " + report.event.rawValue)
        }
        func replay(didScroll report: ScrollReport) {
            scrolls += 1
            lastOffset = report.contentOffset
        }
    }

    @Test("an observer hears every control event and scroll the text output prints, through Replayer.run and Replayer.replay")
    func observerHearsThem() throws {
        let lines = try Self.golden("scroll-buttons.expected")
        let controls = lines.compactMap { line -> String? in
            let w = line.split(separator: " ")
            return w.count == 4 && w[1] == "control" ? w[2] + " " + w[3] : nil
        }
        let scrolls = Self.scrolls(lines)
        try #require(controls.count > 30 && scrolls.count > 100)
        let path = PackageFiles.path("Traces/scroll-buttons.json")
        let direct = Listener()
        var sink = OutputBuffer(fileDescriptor: nil)
        try Replayer.run(.path(path), options: ReplayOptions(), output: &sink, observer: direct)
        let api = Listener()
        _ = try Replayer.replay(.path(path), options: ReplayOptions(), observer: api)
        for listener in [direct, api] {
            #expect(listener.controlEvents == controls)
            #expect(listener.scrolls == scrolls.count)
            #expect(abs(listener.lastOffset.y - scrolls.last!.y) < 0.0006)
        }
    }

    @Test("bounded: scroll reports and control events past the caps are counted in a note; nested scroll views draw")
    func bounded() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let outer = ScrollView(name: "outer", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        outer.contentSize = Size(width: 390, height: 5000)
        let inner = ScrollView(name: "inner", frame: Rect(x: 0, y: 100, width: 390, height: 300))
        inner.contentSize = Size(width: 3000, height: 300)
        let button = Button(name: "wide", frame: Rect(x: -50, y: 10, width: 2000, height: 44))
        root.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(button)
        let scene = try Scene(rootView: root, screen: Size(width: 390, height: 844))
        let recorder = PictureRecorder(PictureData(tracePath: "bounded"))
        try recorder.replayWillStart(ReplayStart(scene: scene, traceExpect: nil, sceneExpect: nil))
        #expect(recorder.data.scrollViews.map(\.name) == ["outer", "inner"])
        #expect(recorder.data.controls.map(\.name) == ["wide"])
        let extra = 7
        for i in 0..<(Picture.maximumScrollReports + extra) {
            let t = Double(i) / 60
            recorder.replay(
                didScroll: ScrollReport(
                    time: t, view: i % 2 == 0 ? outer : inner, contentOffset: Point(x: Double(i % 500), y: 1e6), phase: .decelerating))
        }
        for i in 0..<(Picture.maximumControlEvents + 3) {
            recorder.replay(didSendControlEvent: ControlEventReport(time: Double(i) / 100, control: button, event: .touchDragInside))
        }
        #expect(recorder.data.scrollViews.map(\.reports.count).reduce(0, +) == Picture.maximumScrollReports)
        #expect(recorder.data.controlEvents.count == Picture.maximumControlEvents)
        var picture = SVGPicture(recorder.data)
        let svg = picture.render()
        PictureTests.expectWellFormed(svg)
        #expect(svg.contains(">\(extra) content-offset changes from "))
        #expect(svg.contains(">3 control events from "))
        // The inner content is clipped to both scroll views: the wide button never leaves the screen's box.
        let box = try #require(SVGScan(svg).sceneBox())
        for group in SVGScan(svg).groups("view") where group.contains("\u{2068}wide\u{2069}") {
            let a = try #require(SVGScan(group).elements("<rect").first)
            #expect(SVGScan.number(a, "x") >= box.x - 0.1 && SVGScan.number(a, "x") + SVGScan.number(a, "width") <= box.x + box.width + 0.1)
        }
        #expect(svg.count < 3_000_000, "\(svg.count) bytes")
    }
}
