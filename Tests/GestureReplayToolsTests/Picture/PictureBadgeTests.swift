import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import GestureReplayTools

/// Issue 49, item 2: every outcome number in the scene has a visible tie to its marker (a leader
/// line from the badge to each marker it numbers; markers of one state close together share one
/// badge), and badges stay clear of the touch paths, at any scene size.
@Suite("Outcome badges tied to their markers")
struct PictureBadgeTests {
    struct Badge {
        var numbers: Set<Int>
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        var leaders: [((Double, Double), (Double, Double))]
    }

    /// The numbers a badge's text stands for: `1–6, 9` (a recognition's values after the number ignored).
    static func numbers(_ text: String) -> Set<Int> {
        var result: Set<Int> = []
        for part in text.components(separatedBy: ", ") {
            let ends = part.split(separator: "–").compactMap { Int($0.split(separator: " ")[0]) }
            if ends.count == 2 { result.formUnion(ends[0]...ends[1]) } else if let n = ends.first { result.insert(n) }
        }
        return result
    }

    static func badges(_ scene: String) -> [Badge] {
        SVGScan(scene).groups("number\"").map { g in
            let rect = SVGScan(g).elements("<rect").first ?? [:]
            let x = SVGScan.number(rect, "x"), y = SVGScan.number(rect, "y")
            let box = (x, y, x + SVGScan.number(rect, "width"), y + SVGScan.number(rect, "height"))
            let text = SVGScan.plain(SVGScan.between(g, "class=\"badge\">", "</text>") ?? "")
            let d = SVGScan(g).elements("<path class=\"leader\"").first?["d"] ?? ""
            let points = ScrollPictureTests.points(d)
            let leaders = stride(from: 0, to: points.count - 1, by: 2).map {
                ((points[$0].x, points[$0].y), (points[$0 + 1].x, points[$0 + 1].y))
            }
            return Badge(numbers: numbers(text), box: box, leaders: leaders)
        }
    }

    /// Each numbered marker's centre: `(n)` in its title.
    static func markers(_ scene: String) -> [(number: Int, x: Double, y: Double)] {
        SVGScan(scene).groups("marker ").compactMap { g in
            guard let title = SVGScan.between(g, "<title>(", ")"), let n = Int(title) else { return nil }
            if let c = SVGScan(g).elements("<circle").first { return (n, SVGScan.number(c, "cx"), SVGScan.number(c, "cy")) }
            // A failure's cross starts 6 px up and left of its centre.
            guard let p = ScrollPictureTests.points(SVGScan(g).elements("<path").first?["d"] ?? "").first else { return nil }
            return (n, p.x + 6, p.y + 6)
        }
    }

    static let cases: [(String, String?)] = [
        ("Traces/default-scene.csv", nil), ("Traces/default-scene.csv", "390x844"), ("Traces/default-scene.csv", "3000x6000"),
        ("Traces/scroll-buttons.json", nil), ("Traces/pinch.json", nil), ("Traces/moveme.json", nil),
        ("Traces/default-scene.csv", "300x400"),
    ]

    @Test("every badge has a leader line from its edge to each of its markers", arguments: cases)
    func leaders(_ trace: String, _ screen: String?) throws {
        var options = ReplayOptions()
        if let screen {
            options.reading.screen = Size(width: Double(screen.split(separator: "x")[0])!, height: Double(screen.split(separator: "x")[1])!)
        }
        let scene = SVGScan(try Picture.svg(PackageFiles.path(trace), options: options, title: "t")).scenePart
        let badges = Self.badges(scene), markers = Self.markers(scene)
        #expect(!badges.isEmpty && !markers.isEmpty)
        for b in badges {
            #expect(!b.leaders.isEmpty, "badge \(b.numbers.sorted()) has no leader line")
            for (start, end) in b.leaders {
                // From the badge's edge...
                let onEdge =
                    start.0 >= b.box.x0 - 0.6 && start.0 <= b.box.x1 + 0.6 && start.1 >= b.box.y0 - 0.6 && start.1 <= b.box.y1 + 0.6
                #expect(onEdge, "badge \(b.numbers.sorted()): leader starts at \(start), box \(b.box)")
                // ...to one of its markers, stopping just short of it.
                let target = markers.filter { b.numbers.contains($0.number) }.map {
                    (($0.x - end.0) * ($0.x - end.0) + ($0.y - end.1) * ($0.y - end.1)).squareRoot()
                }.min()
                #expect(
                    target.map { $0 <= SVGPicture.leaderGap + 1 } == true,
                    "badge \(b.numbers.sorted()): leader ends \(target ?? -1) px from its markers")
            }
        }
        // Each number drawn in a badge reaches a marker of its own through a leader (or sits beside it).
        for b in badges {
            for n in b.numbers {
                let own = markers.filter { $0.number == n }
                let reached = own.contains { m in
                    b.leaders.contains {
                        ($0.1.0 - m.x) * ($0.1.0 - m.x) + ($0.1.1 - m.y) * ($0.1.1 - m.y) <= pow(SVGPicture.leaderGap + 1, 2)
                    }
                        || (m.x >= b.box.x0 - SVGPicture.leaderGap - 1 && m.x <= b.box.x1 + SVGPicture.leaderGap + 1
                            && m.y >= b.box.y0 - SVGPicture.leaderGap - 1 && m.y <= b.box.y1 + SVGPicture.leaderGap + 1)
                }
                #expect(own.isEmpty || reached, "number \(n) of badge \(b.numbers.sorted()) is tied to none of its \(own.count) markers")
            }
        }
    }

    @Test("badges stay clear of the touch paths", arguments: cases)
    func clearOfPaths(_ trace: String, _ screen: String?) throws {
        var options = ReplayOptions()
        if let screen {
            options.reading.screen = Size(width: Double(screen.split(separator: "x")[0])!, height: Double(screen.split(separator: "x")[1])!)
        }
        let scene = SVGScan(try Picture.svg(PackageFiles.path(trace), options: options, title: "t")).scenePart
        let paths = SVGScan(scene).polylines()
        for b in Self.badges(scene) {
            for path in paths {
                for (a, c) in zip(path, path.dropFirst()) {
                    let crosses = PathObstacles.segment((a.x, a.y, c.x, c.y), crosses: (b.box.x0, b.box.y0, b.box.x1, b.box.y1))
                    #expect(!crosses, "badge \(b.numbers.sorted()) at \(b.box) over the path (\(a), \(c))")
                }
            }
        }
    }

    @Test("markers of one state close together share a badge; the numbers as ranges")
    func sharing() {
        #expect(SVGPicture.numberList([3, 1, 2, 5, 9, 10]) == "1–3, 5, 9, 10")
        #expect(Self.numbers("1–3, 5, 9, 10") == [1, 2, 3, 5, 9, 10])
        let spot = { (n: Int, s: GestureRecognizerState, x: Double, text: String?) in
            SVGPicture.NumberSpot(number: n, state: s, x: x, y: 100, text: text ?? String(n))
        }
        let clusters = SVGPicture.clusters([
            spot(7, .ended, 100, "7 right"), spot(1, .failed, 100, nil), spot(2, .failed, 110, nil), spot(3, .failed, 125, nil),
            spot(4, .failed, 300, nil), spot(5, .ended, 100, nil),
        ])
        #expect(clusters.map { $0.map(\.number) } == [[7], [1, 2, 3], [4], [5]])
    }
}
