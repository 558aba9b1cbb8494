import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Issue 36: every drawn thing goes through the replay's mapping (device recordings with
/// `--screen`, the marquee's rectangle in window coordinates), the timeline shows what the engine
/// did (terminal states as instants), and the picture is framed on what there is.
@Suite("Picture geometry, timeline and framing")
struct PictureGeometryTests {
    static func svg(
        _ trace: String, window: PictureWindow = PictureWindow(), _ configure: (inout ReplayOptions) -> Void = { _ in }
    ) throws
        -> String
    {
        var options = ReplayOptions()
        configure(&options)
        return try Picture.svg(trace, options: options, title: "t", window: window)
    }

    /// A device recording replayed with `--screen`: every sample inside the screen, and the
    /// recognizers' markers (the replay's locations, in points) on the touch's path.
    @Test("a recording rendered with --screen keeps every sample inside the screen, where the replay mapped it")
    func recordingWithScreen() throws {
        let path = PackageFiles.path("Tests/Fixtures/recordings/atmel-maxtouch.1-finger-drag-up.evemu")
        let picture = try Self.svg(path) { $0.reading.screen = Size(width: 390, height: 844) }
        let scan = SVGScan(picture)
        let box = try #require(scan.sceneBox())
        let paths = scan.polylines()
        #expect(!paths.isEmpty)
        var count = 0
        for p in paths.flatMap({ $0 }) {
            count += 1
            #expect(
                p.x >= box.x - 0.1 && p.x <= box.x + box.width + 0.1 && p.y >= box.y - 0.1 && p.y <= box.y + box.height + 0.1,
                "\(p) outside \(box)")
        }
        #expect(count > 10)
        #expect(!picture.contains("outside the screen"))
        // Where the replay put the gesture: each marker lies on (within 3 px of) the touch's path.
        let markers = scan.groups("marker ")
        #expect(!markers.isEmpty)
        let all = paths.flatMap { $0 }
        for m in markers {
            let a = SVGScan(m).elements("<circle").first ?? SVGScan(m).elements("<path").first ?? [:]
            var x = SVGScan.number(a, "cx"), y = SVGScan.number(a, "cy")
            if x.isNaN, let d = a["d"] {
                let n = d.dropFirst().prefix { $0 != "l" }.split(separator: ",").compactMap { Double($0) }
                if n.count == 2 { (x, y) = (n[0], n[1] + 7) }
            }
            var nearest = Double.infinity
            for p in all {
                let dx: Double = p.x - x
                let dy: Double = p.y - y
                nearest = min(nearest, dx * dx + dy * dy)
            }
            #expect(nearest <= 9 * 9, "marker at (\(x), \(y)) is \(nearest.squareRoot()) px from the path")
        }
    }

    /// `Traces/marquee-down-right.json`: its view (canvas) starts at y = 100; the selection
    /// rectangle is in the view's coordinates and must be drawn in the window's.
    @Test("the marquee's rectangle spans the drag's start and end points in the picture")
    func marqueeRectangle() throws {
        for trace in ["Traces/marquee-down-right.json", "Traces/marquee-up-left.json"] {
            let scan = SVGScan(try Self.svg(PackageFiles.path(trace)))
            let rect = try #require(scan.elements("<rect class=\"selection\"").last)
            let path = try #require(scan.polylines().first)
            let first = try #require(path.first), last = try #require(path.last)
            let x = SVGScan.number(rect, "x"), y = SVGScan.number(rect, "y")
            let w = SVGScan.number(rect, "width"), h = SVGScan.number(rect, "height")
            #expect(
                abs(x - min(first.x, last.x)) <= 1 && abs(x + w - max(first.x, last.x)) <= 1,
                "\(trace): x \(x)...\(x + w), drag \(first) to \(last)")
            #expect(
                abs(y - min(first.y, last.y)) <= 1 && abs(y + h - max(first.y, last.y)) <= 1,
                "\(trace): y \(y)...\(y + h), drag \(first) to \(last)")
        }
    }

    /// The engine resets a recognizer in the step it ends, fails or is cancelled: the timeline
    /// draws those as instants, and nothing of the recognizer's after it until it begins again.
    @Test("a recognizer that ended at t shows no state after its reset")
    func terminalStatesAreInstants() throws {
        for trace in ["Traces/double-tap.json", "Traces/pinch.json", "Traces/moveme.json", "Traces/single-tap-waits.json"] {
            let picture = try Self.svg(PackageFiles.path(trace))
            for lane in SVGScan(picture).groups("lane recognizer") {
                // Spans are only `in progress`: no span of ended, failed or cancelled.
                for state in ["ended", "failed", "cancelled"] {
                    #expect(!lane.contains(" \(state) from "), "\(trace): a span of \(state)")
                }
                // Each span ends at or before the lane's next terminal mark after its start.
                let spans = SVGScan(lane).elements("<rect").filter { $0["fill"] == SVGPicture.colour(.changed) }
                let marks = SVGScan(lane).elements("<circle").map { SVGScan.number($0, "cx") }
                for s in spans {
                    let x0 = SVGScan.number(s, "x"), x1 = x0 + SVGScan.number(s, "width")
                    if let end = marks.filter({ $0 >= x0 }).min() {
                        #expect(x1 <= end + 2.5, "\(trace): span to \(x1) past the end at \(end)")
                    }
                }
            }
            #expect(picture.contains("<g class=\"mark ended\"") || picture.contains("<g class=\"mark failed\""), "\(trace)")
        }
    }

    @Test("every transition but changed is a mark on its lane")
    func everyTransitionMarked() throws {
        let picture = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        let expected = try String(contentsOfFile: PackageFiles.path("Traces/pinch.expected"), encoding: .utf8)
        let transitions = expected.split(separator: "\n").filter { !$0.contains("-> changed") && $0.contains(" -> ") }
        #expect(picture.components(separatedBy: "<g class=\"mark ").count - 1 == transitions.count)
    }

    @Test("touch lanes are reused once their touch lifted")
    func touchLanesReused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var csv = "t,id,phase,x,y\n"
        for i in 0..<30 { csv += "\(Double(i) * 0.2),\(i),began,100,100\n\(Double(i) * 0.2 + 0.05),\(i),ended,100,100\n" }
        let picture = try Self.svg(try folder.write("taps.csv", csv))
        #expect(picture.components(separatedBy: "<g class=\"lane touch\">").count - 1 == 1, "30 taps one after the other: one lane")
        // Two fingers down together: two lanes.
        let two = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        #expect(two.components(separatedBy: "<g class=\"lane touch\">").count - 1 == 2)
    }

    @Test("--from/--to: only the window's transitions and samples")
    func window() throws {
        let all = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        #expect(all.contains("<g class=\"outcome failed\">"))
        let later = try Self.svg(PackageFiles.path("Traces/pinch.json"), window: PictureWindow(from: 0.2))
        #expect(!later.contains("<g class=\"outcome failed\">"), "the rotation failed at 0.083 s, before the window")
        #expect(later.contains("trace times 0.200 s to end"))
        // The pinch began before the window: its lane starts in progress.
        let lane = try #require(SVGScan(later).groups("lane recognizer").first)
        #expect(lane.contains(" in progress from 0.200 s"))
        #expect(SVGScan(later).polylines().flatMap { $0 }.count < SVGScan(all).polylines().flatMap { $0 }.count)
        #expect(throws: TraceError.self) {
            try Self.svg(PackageFiles.path("Traces/pinch.json"), window: PictureWindow(from: 1, to: 0.5))
        }
    }

    /// Issue 44 D12: a window outside the trace says so (a warning and a note), whatever its magnitude.
    @Test(
        "--from/--to outside the trace: a warning and a note",
        arguments: [(10.0, nil), (1e17, nil), (1e308, nil), (nil, -5.0)] as [(Double?, Double?)])
    func windowOutsideTheTrace(_ from: Double?, _ to: Double?) throws {
        var warnings: [String] = []
        let svg = try Picture.svg(
            PackageFiles.path("Traces/double-tap.json"), options: ReplayOptions(), title: "t", window: PictureWindow(from: from, to: to)
        ) { warnings.append($0.message) }
        let expected =
            from != nil
            ? "after the trace's last sample at 0.289 s: it is empty" : "before the trace's first sample at 0.000 s: it is empty"
        #expect(warnings.count == 1 && warnings[0].hasSuffix(expected), "\(warnings)")
        #expect(svg.contains(expected.replacingOccurrences(of: "'", with: "&apos;")), "the picture's note")
        // Inside the trace: no warning.
        warnings = []
        _ = try Picture.svg(
            PackageFiles.path("Traces/double-tap.json"), options: ReplayOptions(), title: "t", window: PictureWindow(from: 0.1)
        ) { warnings.append($0.message) }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test("no screen: the view fits the samples (not from 0, 0)")
    func fitToSamples() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let csv = "t,id,phase,x,y\n0,1,began,1000,2000\n0.1,1,moved,1200,2050\n0.2,1,ended,1400,2100\n"
        let scan = SVGScan(try Self.svg(try folder.write("far.csv", csv)))
        let box = try #require(scan.sceneBox())
        let points = try #require(scan.polylines().first)
        let xs = points.map(\.x)
        #expect(xs.min()! >= box.x && xs.max()! <= box.x + box.width)
        #expect(xs.max()! - xs.min()! > 0.7 * box.width, "the gesture fills the box: \(xs) in \(box)")
    }

    @Test("a small gesture gets an inset, every scene a scale bar with units, a wide scene keeps its key")
    func framing() throws {
        let tap = try Self.svg(PackageFiles.path("Traces/double-tap.json"))
        #expect(tap.contains("<g class=\"inset\">"))
        #expect(tap.contains("<g class=\"scale\">"))
        #expect(tap.range(of: #"class="halo">[0-9.]+ pt</text>"#, options: .regularExpression) != nil)
        let pinch = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        #expect(!pinch.contains("<g class=\"inset\">"), "a gesture across the screen needs none")
        let landscape = try Self.svg(PackageFiles.path("Traces/pinch.json")) { $0.reading.screen = Size(width: 2000, height: 400) }
        #expect(landscape.contains("<g class=\"key\">"))
        #expect(landscape.contains("<g class=\"outcomes\">"))
    }
}
