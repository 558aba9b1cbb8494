import GestureEngine
import TraceReplay

/// The one mapping from scene (window) coordinates, points, to picture pixels: every sample,
/// marker, view and selection rectangle is drawn through it (the main scene and the inset each
/// have one). Points outside the shown world are drawn at its edge (`slack` px beyond it), never
/// at a non-finite or huge pixel.
struct PictureMapping {
    /// The part of the scene shown, points.
    var world: Rect
    /// Pixel position of the world's top-left corner.
    var left: Double
    var top: Double
    /// Pixels per point.
    var scale: Double
    var slack = 8.0

    var width: Double { world.size.width * scale }
    var height: Double { world.size.height * scale }
    var right: Double { left + width }
    var bottom: Double { top + height }

    func x(_ v: Double) -> Double {
        let p = left + (v - world.origin.x) * scale
        if p.isNaN { return left - slack }
        return min(max(p, left - slack), right + slack)
    }

    func y(_ v: Double) -> Double {
        let p = top + (v - world.origin.y) * scale
        if p.isNaN { return top - slack }
        return min(max(p, top - slack), bottom + slack)
    }

    /// Whether `p` lies in the shown world (drawn where it is, not at the edge).
    func shows(_ p: Point) -> Bool {
        p.x.isFinite && p.y.isFinite && p.x >= world.origin.x && p.y >= world.origin.y
            && p.x <= world.origin.x + world.size.width && p.y <= world.origin.y + world.size.height
    }

    /// Whether rectangle `r` overlaps the shown world.
    func overlaps(_ r: Rect) -> Bool {
        r.maxX >= world.origin.x && r.maxY >= world.origin.y && r.minX <= world.origin.x + world.size.width
            && r.minY <= world.origin.y + world.size.height
    }
}

/// Places text labels where they overlap no label placed before (and no reserved area): each
/// label tries its candidate positions in order and is left out when none is free.
struct LabelPlacer {
    struct Box {
        var x0, y0, x1, y1: Double
        func overlaps(_ b: Box) -> Bool { x0 < b.x1 && b.x0 < x1 && y0 < b.y1 && b.y0 < y1 }
    }

    var boxes: [Box] = []
    /// Labels are kept inside this area when given.
    var bounds: Box?

    /// The width of `text` at `size` px in a sans-serif font, estimated generously (0.62 em per character).
    static func width(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.62 }

    mutating func reserve(_ b: Box) { boxes.append(b) }

    /// The first candidate baseline origin `(x, y)` where a `width` x `size` label fits, reserved; nil when none does.
    /// Each candidate is the text's left end and baseline.
    mutating func place(width: Double, size: Double, candidates: [(Double, Double)]) -> (Double, Double)? {
        for (x, y) in candidates {
            let b = Box(x0: x - 1, y0: y - size, x1: x + width + 1, y1: y + size * 0.3)
            if let r = bounds, b.x0 < r.x0 || b.y0 < r.y0 || b.x1 > r.x1 || b.y1 > r.y1 { continue }
            if boxes.contains(where: { $0.overlaps(b) }) { continue }
            boxes.append(b)
            return (x, y)
        }
        return nil
    }

    /// Candidates around a point: right, left, above, below, the diagonals, at `gap` px.
    static func around(_ x: Double, _ y: Double, width: Double, size: Double, gap: Double) -> [(Double, Double)] {
        [
            (x + gap, y + size * 0.35), (x - gap - width, y + size * 0.35), (x - width / 2, y - gap),
            (x - width / 2, y + gap + size * 0.8), (x + gap * 0.8, y - gap * 0.8), (x - gap * 0.8 - width, y - gap * 0.8),
            (x + gap * 0.8, y + gap * 0.8 + size * 0.7), (x - gap * 0.8 - width, y + gap * 0.8 + size * 0.7),
            (x + gap * 2, y + size * 0.35), (x - gap * 2 - width, y + size * 0.35), (x - width / 2, y - gap * 2),
            (x - width / 2, y + gap * 2 + size * 0.8),
        ]
    }
}

/// A round step for an axis or a scale bar: 1, 2 or 5 times a power of ten, the smallest at least `minimum`.
func roundStep(atLeast minimum: Double) -> Double {
    guard minimum.isFinite, minimum > 0 else { return 1 }
    if minimum > 1e12 {
        // Past the loop's range (a time axis at 1e17 s): the power of ten by exponent.
        var p = 1e12
        while p * 10 <= minimum && (p * 10).isFinite { p *= 10 }
        for m in [1.0, 2, 5, 10] where p * m >= minimum { return p * m }
        return p * 10
    }
    var p = 1e-6
    while p * 10 <= minimum && p < 1e12 { p *= 10 }
    for m in [1.0, 2, 5, 10] where p * m >= minimum { return p * m }
    return p * 10
}
