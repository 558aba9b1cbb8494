@_spi(Formatting) import GestureEngine
import TraceReplay

/// The outcome numbers in the scene (docs/pictures.md): markers of one state close together share
/// one badge (`1–6`, which the outcomes list expands), and every badge has a leader line to each
/// of its markers. Badges are placed in free space around their markers, clear of the labels, the
/// markers and the touch paths when there is room (at any scene size: the distances are pixels).
extension SVGPicture {
    /// A numbered marker: its outcome row's number, its state, where it is (px) and its badge's text
    /// (the number, and a recognition's scale, rotation or direction).
    struct NumberSpot {
        var number: Int
        var state: GestureRecognizerState
        var x: Double
        var y: Double
        var text: String
    }

    /// Markers of one state closer than this (px) share a badge.
    static let clusterDistance = 18.0
    /// A shared badge's markers lie within this (px) of its first.
    static let clusterExtent = 48.0
    /// A leader line stops this far (px) from its marker's centre (the marker stays whole).
    static let leaderGap = 8.0

    /// Groups `spots` (in placing order) into badges: spots of one state chained closer than
    /// `clusterDistance`, within `clusterExtent` of the first; a recognition with values
    /// (`7 right`) keeps a badge of its own.
    static func clusters(_ spots: [NumberSpot]) -> [[NumberSpot]] {
        var clusters: [[NumberSpot]] = []
        for spot in spots {
            let plain = spot.text == String(spot.number)
            let home = clusters.firstIndex { c in
                c[0].state == spot.state && plain && c.allSatisfy { $0.text == String($0.number) }
                    && c.contains {
                        ($0.x - spot.x) * ($0.x - spot.x) + ($0.y - spot.y) * ($0.y - spot.y) <= clusterDistance * clusterDistance
                    }
                    && (c[0].x - spot.x) * (c[0].x - spot.x) + (c[0].y - spot.y) * (c[0].y - spot.y) <= clusterExtent * clusterExtent
            }
            if let home { clusters[home].append(spot) } else { clusters.append([spot]) }
        }
        return clusters
    }

    /// The numbers as a badge writes them: sorted, runs of three or more as ranges (`1–6, 9, 11`).
    static func numberList(_ numbers: [Int]) -> String {
        let sorted = Array(Set(numbers)).sorted()
        var parts: [String] = []
        var i = 0
        while i < sorted.count {
            var j = i
            while j + 1 < sorted.count && sorted[j + 1] == sorted[j] + 1 { j += 1 }
            if j - i >= 2 {
                parts.append("\(sorted[i])–\(sorted[j])")
            } else {
                for k in i...j { parts.append(String(sorted[k])) }
            }
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    /// The touch paths in mapping `m`'s pixels, as segments (a sample alone: a zero-length one).
    func pathSegments(_ m: PictureMapping) -> PathObstacles {
        var obstacles = PathObstacles()
        for t in data.touches {
            let points = t.drawnPoints
            guard var a = points.first.map({ (m.x($0.x), m.y($0.y)) }) else { continue }
            obstacles.add(a, a)
            for p in points.dropFirst() {
                let b = (m.x(p.x), m.y(p.y))
                obstacles.add(a, b)
                a = b
            }
        }
        return obstacles
    }

    /// Draws the badges of `spots` (placing order: successes first) with their leader lines.
    mutating func drawBadges(_ spots: [NumberSpot], _ m: PictureMapping, main: Bool) {
        guard !spots.isEmpty else { return }
        let paths = pathSegments(m)
        for cluster in Self.clusters(spots) {
            let text = cluster.count == 1 ? cluster[0].text : Self.numberList(cluster.map(\.number))
            let w = LabelPlacer.width(text, size: 10) + 6
            let cx = cluster.map(\.x).reduce(0, +) / Double(cluster.count)
            let cy = cluster.map(\.y).reduce(0, +) / Double(cluster.count)
            // The badge's rectangle is (x, y - 10, w, 13) for text at baseline y: candidates by distance,
            // clear of the paths first; then anywhere free.
            let candidates = Self.badgeCandidates(cx, cy, width: w)
            var spot: (Double, Double)?
            var lookup = place(
                width: w, size: 11,
                candidates: candidates.filter { !paths.crosses(x0: $0.0 - 2, y0: $0.1 - 12, x1: $0.0 + w + 2, y1: $0.1 + 5) }, main: main)
            if lookup == nil { lookup = place(width: w, size: 11, candidates: candidates, main: main) }
            spot = lookup
            guard let (bx, by) = spot else { continue }
            raw("<g class=\"number\">")
            // Leader lines: from the badge's edge to each marker (one per place), stopping short of it.
            var ends: [(Double, Double)] = []
            for s in cluster where !ends.contains(where: { abs($0.0 - s.x) < 2 && abs($0.1 - s.y) < 2 }) { ends.append((s.x, s.y)) }
            raw("<path class=\"leader\" d=\"")
            for (mx, my) in ends {
                let sx = min(max(mx, bx), bx + w), sy = min(max(my, by - 10), by + 3)
                let dx = mx - sx, dy = my - sy, d = (dx * dx + dy * dy).squareRoot()
                guard d > Self.leaderGap + 1 else { continue }
                let f = (d - Self.leaderGap) / d
                raw("M"); num(sx); raw(","); num(sy); raw("L"); num(sx + dx * f); raw(","); num(sy + dy * f)
            }
            raw("\" stroke=\"#444\" stroke-width=\"1\" fill=\"none\"/>")
            badge(text, x: bx, y: by, width: w, state: cluster[0].state)
            raw("</g>\n")
        }
    }

    /// Badge positions (text start, baseline) around `(x, y)`: rings at growing distances, eight
    /// directions each (right, left, up, down first).
    static func badgeCandidates(_ x: Double, _ y: Double, width w: Double) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        let directions: [(Double, Double)] = [(1, 0), (-1, 0), (0, -1), (0, 1), (0.7, -0.7), (-0.7, -0.7), (0.7, 0.7), (-0.7, 0.7)]
        for distance in [16.0, 26, 38, 52, 70, 92] {
            for (dx, dy) in directions {
                // The badge's centre at the distance; its text origin from there.
                let bx = x + dx * (distance + w / 2) - w / 2, by = y + dy * (distance + 6) + 3.5
                result.append((bx, by))
            }
        }
        return result
    }
}

/// Touch-path segments in pixels, bucketed in a grid, for testing whether a box crosses a path.
struct PathObstacles {
    static let cell = 32.0
    var segments: [(Double, Double, Double, Double)] = []
    var grid: [Int: [Int]] = [:]

    static func key(_ cx: Int, _ cy: Int) -> Int { cx &* 73_856_093 ^ cy &* 19_349_663 }

    mutating func add(_ a: (Double, Double), _ b: (Double, Double)) {
        guard a.0.isFinite, a.1.isFinite, b.0.isFinite, b.1.isFinite else { return }
        let index = segments.count
        segments.append((a.0, a.1, b.0, b.1))
        let x0 = Int((min(a.0, b.0) / Self.cell).rounded(.down)), x1 = Int((max(a.0, b.0) / Self.cell).rounded(.down))
        let y0 = Int((min(a.1, b.1) / Self.cell).rounded(.down)), y1 = Int((max(a.1, b.1) / Self.cell).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 400 else { return }
        for cx in x0...x1 {
            for cy in y0...y1 { grid[Self.key(cx, cy), default: []].append(index) }
        }
    }

    /// Whether a segment crosses or lies in the box.
    func crosses(x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
        let cx0 = Int((x0 / Self.cell).rounded(.down)), cx1 = Int((x1 / Self.cell).rounded(.down))
        let cy0 = Int((y0 / Self.cell).rounded(.down)), cy1 = Int((y1 / Self.cell).rounded(.down))
        for cx in cx0...cx1 {
            for cy in cy0...cy1 {
                for i in grid[Self.key(cx, cy)] ?? [] where Self.segment(segments[i], crosses: (x0, y0, x1, y1)) { return true }
            }
        }
        return false
    }

    /// Liang–Barsky: whether segment `s` has a point in box `b`.
    static func segment(_ s: (Double, Double, Double, Double), crosses b: (Double, Double, Double, Double)) -> Bool {
        let (ax, ay, bx, by) = s
        let dx = bx - ax, dy = by - ay
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, ax - b.0), (dx, b.2 - ax), (-dy, ay - b.1), (dy, b.3 - ay)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
