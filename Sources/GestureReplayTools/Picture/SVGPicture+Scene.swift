@_spi(Formatting) import GestureEngine
import TraceReplay

/// The scene: the screen and views, each touch's path with its ticks, the recognizers' markers
/// with their numbers, the scale bar and the inset.
extension SVGPicture {
    mutating func drawScene(_ m: PictureMapping, main: Bool) {
        raw("<g class=\""); raw(main ? "scene" : "inset"); raw("\">\n<rect x=\""); num(m.left); raw("\" y=\""); num(m.top)
        raw("\" width=\""); num(m.width); raw("\" height=\""); num(m.height)
        raw("\" fill=\"#f7f7f7\" stroke=\"#999\"><title>")
        if !main {
            raw("inset: ")
            num(m.world.size.width); raw(" x "); num(m.world.size.height); raw(" pt around the samples, magnified ")
            raw(Self.fixed(m.scale / scene.scale, 1, trim: true)); raw(" times")
        } else if let s = data.screen {
            raw("screen "); num(s.width); raw("x"); num(s.height); raw(" pt")
        } else {
            raw("no screen size: the samples' and views' extent")
        }
        raw("</title></rect>\n")
        var outside: [String] = []
        let d = data
        if main { reserveScrollIndicators(m) }
        for (vi, v) in data.views.prefix(Self.maximumViews).enumerated() {
            var f = v.frame
            // A scroll view's content: at the offsets when the window opens, clipped to the scroll
            // view (left out when scrolled out of it).
            var shown = f
            if let clip = d.clip(ofView: vi, at: { d.scrollViews[$0].start }) {
                f = d.frame(ofView: vi) { d.scrollViews[$0].start }
                shown = f.clipped(to: clip)
                guard shown.size.width > 0, shown.size.height > 0 else { continue }
            } else if main && !m.overlaps(f) {
                outside.append(v.name)
            }
            let x0 = m.x(shown.minX), y0 = m.y(shown.minY), x1 = m.x(shown.maxX), y1 = m.y(shown.maxY)
            raw("<g class=\"view\"><rect x=\""); num(x0); raw("\" y=\""); num(y0)
            raw("\" width=\""); num(max(0, x1 - x0)); raw("\" height=\""); num(max(0, y1 - y0))
            raw("\" fill=\""); raw(v.depth == 0 ? "#eef2f7" : "#e3e9f2"); raw("\" stroke=\"#7f8fa6\"><title>view ")
            name(v.name); raw(" frame "); pair(f.origin.x, f.origin.y); raw(" "); num(f.size.width); raw("x"); num(f.size.height)
            raw("</title></rect>")
            if main {
                let s = Self.short(v.name, 28)
                let w = LabelPlacer.width(s, size: 10)
                if x1 - x0 > 20, y1 - y0 > 14,
                    case let (lx, ly)? = placer.place(
                        width: w, size: 10, candidates: [(x0 + 3, y0 + 11), (x0 + 3, y1 - 4), (x1 - w - 3, y0 + 11)])
                {
                    label(s, x: lx, y: ly, size: 10, fill: "#52627a", isName: true)
                }
            }
            raw("</g>\n")
        }
        if main { drawScrollViews(m) }
        raw("</g>\n")
        if main {
            if data.views.count > Self.maximumViews { notes.append("\(data.views.count - Self.maximumViews) more views not drawn") }
            if !outside.isEmpty {
                let named = outside.prefix(3).map { "'" + Self.short($0, 24) + "'" }.joined(separator: ", ")
                notes.append(
                    "\(outside.count) view\(outside.count == 1 ? "" : "s") outside the screen, drawn at its edge: \(named)\(outside.count > 3 ? ", ..." : "")"
                )
            }
        }
        drawPaths(m, main: main)
        drawMarkers(m, main: main)
    }

    mutating func drawPaths(_ m: PictureMapping, main: Bool) {
        var outside = 0
        raw("<g class=\"touches\" fill=\"none\">\n")
        for t in data.touches {
            let colour = Self.touchColour(t.ordinal)
            let points = t.drawnPoints, times = t.drawnTimes
            guard let first = points.first, let last = points.last else { continue }
            raw("<g class=\"touch\" stroke=\""); raw(colour); raw("\"><title>touch "); name(t.label); raw(": ")
            out.append(t.count); raw(t.count == 1 ? " sample" : " samples"); raw(", ")
            time(times.first ?? 0); raw(" s to "); time(t.lastTime); raw(" s, ")
            raw(t.lastPhase == .cancelled ? "cancelled" : t.lastPhase == .ended ? "ended" : "still down at the end")
            raw("</title>\n<polyline stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"")
            if let dash = Self.dash(t.ordinal) { raw(" stroke-dasharray=\""); raw(dash); raw("\"") }
            raw(" points=\"")
            for (n, p) in points.enumerated() {
                if n > 0 { raw(" ") }
                num(m.x(p.x)); raw(","); num(m.y(p.y))
                if main && !m.shows(p) && p.x.isFinite && p.y.isFinite { outside += 1 }
            }
            raw("\"/>\n")
            // A dot per drawn sample.
            raw("<path stroke-width=\"3.5\" stroke-linecap=\"round\" d=\"")
            for p in points {
                raw("M"); num(m.x(p.x)); raw(","); num(m.y(p.y)); raw("h0")
            }
            raw("\"/>\n")
            // Start: a ring; end: a square (a cross when cancelled).
            let fx = m.x(first.x), fy = m.y(first.y), lx = m.x(last.x), ly = m.y(last.y)
            raw("<circle class=\"start\" cx=\""); num(fx); raw("\" cy=\""); num(fy); raw("\" r=\"6\" stroke-width=\"2\"/>\n")
            if t.lastPhase == .cancelled {
                raw("<path class=\"end\" stroke-width=\"2\" d=\"M"); num(lx - 5); raw(","); num(ly - 5); raw("l10,10m0,-10l-10,10\"/>\n")
            } else {
                raw("<rect class=\"end\" x=\""); num(lx - 4.5); raw("\" y=\""); num(ly - 4.5);
                raw("\" width=\"9\" height=\"9\" stroke-width=\"2\"/>\n")
            }
            if main {
                placer.reserve(.init(x0: fx - 7, y0: fy - 7, x1: fx + 7, y1: fy + 7))
                placer.reserve(.init(x0: lx - 6, y0: ly - 6, x1: lx + 6, y1: ly + 6))
            }
            raw("</g>\n")
        }
        raw("</g>\n")
        // Labels after every path (each placed clear of the others): the touch's name at its start,
        // then round time ticks.
        raw("<g class=\"touch-labels\" stroke=\"none\">\n")
        for t in data.touches {
            guard let first = t.drawnPoints.first else { continue }
            let colour = Self.touchColour(t.ordinal)
            let s = Self.short(t.label, 16)
            let w = LabelPlacer.width(s, size: 11)
            let fx = m.x(first.x), fy = m.y(first.y)
            if main ? t.ordinal < 60 : t.ordinal < 10,
                case let (x, y)? = place(width: w, size: 11, candidates: LabelPlacer.around(fx, fy, width: w, size: 11, gap: 9), main: main)
            {
                label(s, x: x, y: y, fill: colour, bold: true, isName: true)
                raw("\n")
            }
        }
        for t in data.touches where t.ordinal < 24 {
            drawTicks(t, m, main: main)
        }
        raw("</g>\n")
        if main && outside > 0 {
            notes.append("\(outside) drawn samples lie outside the \(data.screen == nil ? "picture" : "screen") and are drawn at its edge")
        }
    }

    /// A label placed by the main picture's placer (the inset's labels are placed in the inset alone).
    mutating func place(width: Double, size: Double, candidates: [(Double, Double)], main: Bool) -> (Double, Double)? {
        if main { return placer.place(width: width, size: size, candidates: candidates) }
        var local = insetPlacer
        defer { insetPlacer = local }
        return local.place(width: width, size: size, candidates: candidates)
    }

    /// Round time ticks along a path (0.1 s, 0.2 s, ... since the touch began; at most 6), each a
    /// small ring at the interpolated position and its time where the label fits.
    mutating func drawTicks(_ t: PictureData.TouchPath, _ m: PictureMapping, main: Bool) {
        let times = t.drawnTimes, points = t.drawnPoints
        guard let start = times.first, let end = times.last, end > start, times.count > 1 else { return }
        let step = roundStep(atLeast: (end - start) / 6)
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        var k = 1.0
        var j = 1
        var lastX = m.x(points[0].x), lastY = m.y(points[0].y)
        while start + k * step < end && k <= 6 {
            let tt = start + k * step
            while j < times.count - 1 && times[j] < tt { j += 1 }
            let a = times[j - 1], b = times[j]
            let f = b > a ? (tt - a) / (b - a) : 0
            let p = Point(
                x: points[j - 1].x + (points[j].x - points[j - 1].x) * f, y: points[j - 1].y + (points[j].y - points[j - 1].y) * f)
            k += 1
            let x = m.x(p.x), y = m.y(p.y)
            guard (x - lastX) * (x - lastX) + (y - lastY) * (y - lastY) >= 18 * 18 else { continue }
            lastX = x; lastY = y
            raw("<circle cx=\""); num(x); raw("\" cy=\""); num(y); raw("\" r=\"2.5\" fill=\"#fff\" stroke=\"");
            raw(Self.touchColour(t.ordinal))
            raw("\" stroke-width=\"1.5\"/>")
            let s = Self.fixed((k - 1) * step, decimals) + " s"
            let w = LabelPlacer.width(s, size: 9)
            if case let (lx, ly)? = place(width: w, size: 9, candidates: LabelPlacer.around(x, y, width: w, size: 9, gap: 5), main: main) {
                label(s, x: lx, y: ly, size: 9, fill: Self.touchColour(t.ordinal))
            }
            raw("\n")
        }
    }

    /// The transition's values, for a `<title>`.
    mutating func describe(_ s: PictureData.Step) {
        let r = data.recognizers[s.lane]
        name(r.name); raw(" ("); text(r.kind); raw(") "); raw(s.previous.description); raw(" -> "); raw(s.state.description)
        raw(" at "); time(s.time); raw(" s, location "); pair(s.values.location.x, s.values.location.y)
        raw(", touches "); out.append(s.values.numberOfTouches)
        let v = s.values
        if let taps = v.taps { raw(", taps "); out.append(taps) }
        if let tr = v.translation { raw(", translation "); pair(tr.dx, tr.dy) }
        if let sc = v.scale { raw(", scale "); ratio(sc) }
        if let ro = v.rotation { raw(", rotation "); ratio(ro); raw(" rad") }
        if let ve = v.velocity {
            raw(", velocity "); pair(ve.dx, ve.dy); raw(" pt/s")
        } else if let sv = v.scalarVelocity {
            raw(", velocity "); ratio(sv)
        }
        if let d = v.direction { raw(", direction "); raw(String(describing: d)) }
        if let sel = v.selectionRect {
            raw(", selection "); pair(sel.origin.x, sel.origin.y); raw(" "); num(sel.size.width); raw("x"); num(sel.size.height)
            raw(" (view coordinates)")
        }
        for (n, value) in v.extra {
            raw(", "); name(n); raw(" ")
            switch value {
            case .integer(let i): out.append(i)
            case .number(let d): ratio(d)
            case .text(let t): name(t)
            case .point(let p): pair(p.x, p.y)
            }
        }
        if let reason = s.reason { raw("; reason: "); text(reason) }
    }

    /// The markers: selection rectangles first, then failures and cancels, began, and successes on
    /// top; then the outcome numbers, placed clear of each other.
    mutating func drawMarkers(_ m: PictureMapping, main: Bool) {
        raw("<g class=\"recognizers\">\n")
        var drawn = 0, skipped = 0
        var numberSpots: [NumberSpot] = []
        for pass in 0..<4 {
            for (i, s) in data.steps.enumerated() {
                switch (pass, s.state) {
                case (0, .ended) where s.selectionInWindow != nil, (1, .failed), (1, .cancelled), (2, .began), (3, .ended): break
                default: continue
                }
                let x = m.x(s.values.location.x), y = m.y(s.values.location.y)
                if !main && !m.shows(s.values.location) { continue }
                if pass == 0 {
                    // The marquee's selection, in window coordinates (converted from its view's).
                    let sel = s.selectionInWindow!
                    raw("<rect class=\"selection\" x=\""); num(m.x(sel.minX)); raw("\" y=\""); num(m.y(sel.minY))
                    raw("\" width=\""); num(max(0, m.x(sel.maxX) - m.x(sel.minX)))
                    raw("\" height=\""); num(max(0, m.y(sel.maxY) - m.y(sel.minY)))
                    raw("\" fill=\""); raw(Self.colour(.ended)); raw("\" fill-opacity=\"0.1\" stroke=\""); raw(Self.colour(.ended))
                    raw("\" stroke-dasharray=\"5,3\"/>\n")
                    continue
                }
                guard drawn < Picture.maximumMarkers else {
                    skipped += 1
                    continue
                }
                drawn += 1
                let colour = Self.colour(s.state)
                raw("<g class=\"marker "); raw(s.state.description); raw("\"><title>")
                if numbers[i] > 0 { raw("("); out.append(numbers[i]); raw(") ") }
                describe(s); raw("</title>")
                switch s.state {
                case .began:
                    raw("<path d=\"M"); num(x); raw(","); num(y - 7); raw("l6,11h-12z\" fill=\"none\" stroke=\""); raw(colour)
                    raw("\" stroke-width=\"2\"/>")
                case .ended:
                    raw("<circle cx=\""); num(x); raw("\" cy=\""); num(y); raw("\" r=\"6.5\" fill=\""); raw(colour)
                    raw("\" stroke=\"#fff\" stroke-width=\"1.5\"/>")
                case .failed:
                    raw("<path d=\"M"); num(x - 6); raw(","); num(y - 6); raw("l12,12m0,-12l-12,12\" stroke=\""); raw(colour)
                    raw("\" stroke-width=\"3\" stroke-linecap=\"round\"/>")
                case .cancelled:
                    raw("<circle cx=\""); num(x); raw("\" cy=\""); num(y); raw("\" r=\"5.5\" fill=\"none\" stroke=\""); raw(colour)
                    raw("\" stroke-width=\"2.5\"/><path d=\"M"); num(x - 4); raw(","); num(y + 4); raw("l8,-8\" stroke=\""); raw(colour)
                    raw("\" stroke-width=\"2.5\"/>")
                case .possible, .changed:
                    break
                }
                // A velocity arrow (0.1 s of travel) where a gesture ends.
                if s.state == .ended, let v = s.values.velocity, v.dx.isFinite, v.dy.isFinite, abs(v.dx) + abs(v.dy) > 1 {
                    let ex = m.x(s.values.location.x + v.dx * 0.1), ey = m.y(s.values.location.y + v.dy * 0.1)
                    raw("<line x1=\""); num(x); raw("\" y1=\""); num(y); raw("\" x2=\""); num(ex); raw("\" y2=\""); num(ey)
                    raw("\" stroke=\"#333\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>")
                }
                raw("</g>\n")
                if main {
                    placer.reserve(.init(x0: x - 7, y0: y - 7, x1: x + 7, y1: y + 7))
                } else {
                    insetPlacer.reserve(.init(x0: x - 7, y0: y - 7, x1: x + 7, y1: y + 7))
                }
                if numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes {
                    var text = String(numbers[i])
                    if s.state == .ended {
                        if let sc = s.values.scale { text += " ×" + Self.fixed(sc, 2) }
                        if let ro = s.values.rotation { text += " " + Self.fixed(ro, 2) + " rad" }
                        if let d = s.values.direction { text += " " + String(describing: d) }
                    }
                    numberSpots.append(NumberSpot(number: numbers[i], state: s.state, x: x, y: y, text: text))
                }
            }
        }
        // Numbers last, successes first (they were drawn last: on top): badges in the state's colour.
        drawBadges(numberSpots.reversed(), m, main: main)
        if let h = highlighted {
            let s = data.steps[h]
            let x = m.x(s.values.location.x), y = m.y(s.values.location.y)
            raw("<g class=\"differs\"><circle cx=\""); num(x); raw("\" cy=\""); num(y)
            raw("\" r=\"15\" fill=\"none\" stroke=\"#ffd400\" stroke-width=\"6\"/><circle cx=\""); num(x); raw("\" cy=\""); num(y)
            raw("\" r=\"15\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/><title>differs from the golden file: "); describe(s)
            raw("</title></g>\n")
        }
        raw("</g>\n")
        if main && skipped > 0 { notes.append("\(skipped) more recognizer markers not drawn (at most \(Picture.maximumMarkers))") }
    }

    /// A scale bar under the scene: a round length in points. Returns the bottom of the scene part.
    mutating func drawScaleBar() -> Double {
        let length = roundStep(atLeast: 60 / scene.scale)
        let px = length * scene.scale
        let y = scene.bottom + 18
        raw("<g class=\"scale\"><path d=\"M"); num(scene.left); raw(","); num(y - 4); raw("v4h"); num(px);
        raw("v-4\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>")
        label(Self.fixed(length, length < 1 ? 2 : 0, trim: true) + " pt", x: scene.left + px + 6, y: y + 3, fill: "#333")
        raw("</g>\n")
        if let inset {
            // Where the inset is, in the scene.
            let w = inset.world
            raw("<rect class=\"inset-area\" x=\""); num(scene.x(w.minX)); raw("\" y=\""); num(scene.y(w.minY)); raw("\" width=\"")
            num(max(2, scene.x(w.maxX) - scene.x(w.minX))); raw("\" height=\""); num(max(2, scene.y(w.maxY) - scene.y(w.minY)))
            raw("\" fill=\"none\" stroke=\"#333\" stroke-dasharray=\"3,2\"/>\n")
        }
        return y + 6
    }

    mutating func drawInset(_ m: PictureMapping) {
        raw("<text x=\""); num(m.left); raw("\" y=\""); num(m.top - 6); raw("\" font-weight=\"bold\">inset (dashed in the scene), ")
        raw(Self.fixed(m.scale / scene.scale, 1, trim: true)); raw("x</text>\n")
        raw("<svg x=\""); num(m.left); raw("\" y=\""); num(m.top); raw("\" width=\""); num(m.width); raw("\" height=\""); num(m.height)
        raw("\" viewBox=\""); num(m.left); raw(" "); num(m.top); raw(" "); num(m.width); raw(" "); num(m.height);
        raw("\" overflow=\"hidden\">\n")
        insetPlacer.bounds = .init(x0: m.left, y0: m.top, x1: m.right, y1: m.bottom)
        drawScene(m, main: false)
        raw("</svg>\n")
        // Its own scale bar.
        let length = roundStep(atLeast: 40 / m.scale)
        let y = m.bottom + 16
        raw("<path d=\"M"); num(m.left); raw(","); num(y - 4); raw("v4h"); num(length * m.scale);
        raw("v-4\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>")
        label(Self.fixed(length, length < 1 ? 2 : 0, trim: true) + " pt", x: m.left + length * m.scale + 6, y: y + 3, fill: "#333")
        raw("\n")
    }
}
