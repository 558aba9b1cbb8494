import GestureEngine
import TraceReplay

/// The timeline lanes of scroll views and controls (docs/pictures.md): a lane per control with its
/// events (`UIControl.Event`) as labelled marks, and a lane per scroll view plotting its content
/// offset over time. None without scroll views or controls.
extension SVGPicture {
    /// Lanes of the timeline below the recognizers': controls, then scroll offsets. Their height, px.
    var scrollAndControlLanesHeight: Double {
        Double(min(data.controls.count, Self.maximumControlLanes)) * Self.laneHeight
            + Double(min(data.scrollViews.count, Self.maximumScrollLanes)) * Self.offsetLaneHeight
    }

    /// A lane per control: its events as marks at their times (events of one pixel column merged
    /// into one mark and label; a filled diamond where the action is sent), runs of
    /// touchDragInside/Outside as a bar. Returns the y below the lanes.
    mutating func drawControlLanes(
        top: Double, left: Double, right: Double, tx: (Double) -> Double, placer timelinePlacer: inout LabelPlacer
    ) -> Double {
        var y = top
        let d = data
        for (ci, c) in d.controls.prefix(Self.maximumControlLanes).enumerated() {
            raw("<g class=\"lane control\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\">")
            name(Self.short(c.name + " (" + c.className + ")", 34)); raw("<title>control "); name(c.name); raw(" ("); text(c.className)
            raw("): its control events</title></text>\n")
            raw("<rect x=\""); num(left); raw("\" y=\""); num(y + 8); raw("\" width=\""); num(right - left); raw("\" height=\"2\" fill=\"")
            raw(Self.colour(.possible)); raw("\"/>\n")
            let events = d.controlEvents.filter { $0.control == ci }
            var marks: [(x: Double, time: Double, events: [ControlEvent])] = []
            var i = 0
            while i < events.count {
                let e = events[i]
                if e.event == .touchDragInside || e.event == .touchDragOutside {
                    var j = i
                    while j + 1 < events.count && events[j + 1].event == e.event { j += 1 }
                    let x0 = tx(e.time), x1 = max(tx(events[j].time), x0 + 2)
                    raw("<rect class=\"drag\" x=\""); num(x0); raw("\" y=\""); num(y + 6.5); raw("\" width=\""); num(x1 - x0)
                    raw("\" height=\"5\" fill=\""); raw(e.event == .touchDragInside ? "#8a8a8a" : "#c4c4c4"); raw("\"><title>")
                    name(c.name); raw(" "); raw(e.event.rawValue); raw(" ×"); out.append(j - i + 1); raw(", "); time(e.time); raw(" s to ")
                    time(events[j].time); raw(" s</title></rect>\n")
                    i = j + 1
                    continue
                }
                let x = tx(e.time)
                if let last = marks.last, x - last.x < 3 {
                    marks[marks.count - 1].events.append(e.event)
                } else {
                    marks.append((x, e.time, [e.event]))
                }
                i += 1
            }
            let my = y + 9
            // The marks first, so that no label covers one.
            for mark in marks { timelinePlacer.reserve(.init(x0: mark.x - 5, y0: my - 6, x1: mark.x + 5, y1: my + 6)) }
            for mark in marks {
                let fired = mark.events.contains(where: Self.sendsAction)
                raw("<g class=\"mark control-event\"><title>"); name(c.name); raw(" ")
                raw(mark.events.map(\.rawValue).joined(separator: ", ")); raw(" at "); time(mark.time); raw(" s</title>")
                raw("<path d=\"M"); num(mark.x); raw(","); num(my - 6); raw("l5,6l-5,6l-5,-6z\" fill=\""); raw(fired ? "#222" : "#fff")
                raw("\" stroke=\"#222\" stroke-width=\"1.5\"/></g>\n")
                let s = mark.events.map(Self.shortName).joined(separator: "+")
                let w = LabelPlacer.width(s, size: 9)
                if case let (lx, ly)? = timelinePlacer.place(
                    width: w, size: 9, candidates: [(mark.x + 7, my + 3), (mark.x - 7 - w, my + 3)].filter { $0.0 >= left - 2 })
                {
                    label(s, x: lx, y: ly, size: 9, fill: "#222")
                    raw("\n")
                }
            }
            if events.isEmpty {
                raw("<text x=\""); num(left + 4); raw("\" y=\""); num(y + 6);
                raw("\" font-size=\"9\" fill=\"#777\">no control events</text>\n")
            }
            raw("</g>\n")
            y += Self.laneHeight
        }
        if d.controls.count > Self.maximumControlLanes {
            notes.append(
                "timeline: \(d.controls.count - Self.maximumControlLanes) more controls without a lane (at most \(Self.maximumControlLanes))"
            )
        }
        return y
    }

    /// A lane per scroll view: its content offset along the plotted axes over time (thick while
    /// dragging, thin while decelerating or paging, dashed while bouncing, grey at rest), a dot with
    /// the value (the page with paging) where it came to rest, the pages as grid lines. Returns the
    /// y below the lanes.
    mutating func drawOffsetLanes(
        top: Double, left: Double, right: Double, t0: Double, t1: Double, tx: (Double) -> Double,
        placer timelinePlacer: inout LabelPlacer
    ) -> Double {
        var y = top
        let d = data
        for s in d.scrollViews.prefix(Self.maximumScrollLanes) {
            let axes: [(String, KeyPath<Point, Double>)] = (s.plotsX ? [("x", \Point.x)] : []) + (s.plotsY ? [("y", \Point.y)] : [])
            var lo = Double.infinity, hi = -Double.infinity
            for (_, k) in axes {
                for v in [s.start[keyPath: k]] + s.reports.map({ $0.offset[keyPath: k] }) where v.isFinite {
                    lo = min(lo, v); hi = max(hi, v)
                }
            }
            if !lo.isFinite { lo = 0; hi = 0 }
            if hi - lo < 1 { hi = lo + 1 }
            let plotTop = y + 8, plotBottom = y + Self.offsetLaneHeight - 10
            func vy(_ v: Double) -> Double {
                let p = plotBottom - (v - lo) / (hi - lo) * (plotBottom - plotTop)
                return p.isFinite ? min(max(p, plotTop), plotBottom) : plotBottom
            }
            let axisNames = axes.map(\.0).joined(separator: ", ")
            raw("<g class=\"lane offset\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 16); raw("\">")
            name(Self.short(s.name, 20)); raw(" offset "); raw(axisNames); raw("<title>"); name(s.name)
            raw(": contentOffset "); raw(axisNames); raw(" over time, points</title></text>\n")
            raw("<text x=\""); num(Self.margin); raw("\" y=\""); num(y + 30); raw("\" font-size=\"9\" fill=\"#555\">")
            raw(Self.fixed(lo, 1, trim: true)); raw(" (bottom) to "); raw(Self.fixed(hi, 1, trim: true)); raw(" pt (top)")
            if axes.count == 2 { raw(", x grey") }
            raw("</text>\n")
            raw("<path d=\"M"); num(left); raw(","); num(plotTop); raw("H"); num(right); raw("M"); num(left); raw(","); num(plotBottom)
            raw("H"); num(right); raw("\" stroke=\"#e5e5e5\"/>\n")
            // Pages as grid lines.
            if s.isPagingEnabled {
                let horizontal = s.plotsX && !s.plotsY
                let size = horizontal ? s.boundsSize.width : s.boundsSize.height
                if size > 0 {
                    var k = (lo / size).rounded(.up)
                    var count = 0
                    while k * size <= hi + 1e-9 && count < 40 {
                        let gy = vy(k * size)
                        raw("<path class=\"page\" d=\"M"); num(left); raw(","); num(gy); raw("H"); num(right)
                        raw("\" stroke=\"#b8c2d0\" stroke-dasharray=\"2,3\"/>")
                        let t = "page " + String(Int(k) + 1)
                        let w = LabelPlacer.width(t, size: 9)
                        if case let (lx, ly)? = timelinePlacer.place(width: w, size: 9, candidates: [(left - 4 - w, gy + 3)]) {
                            label(t, x: lx, y: ly, size: 9, fill: "#52627a")
                        }
                        raw("\n")
                        k += 1; count += 1
                    }
                }
            }
            for (n, (_, k)) in axes.enumerated() {
                let colour = axes.count == 2 && n == 0 ? "#777" : "#222"
                offsetPath(s, k, colour: colour, t0: t0, t1: t1, tx: tx, vy: vy)
            }
            // Where it came to rest: a dot and the value (the page).
            let k = axes.last!.1
            var lastLabelX = -Double.infinity
            for r in s.reports where r.phase == .resting {
                let x = tx(r.time), py = vy(r.offset[keyPath: k])
                raw("<g class=\"rest\"><title>"); name(s.name); raw(" at rest at "); time(r.time); raw(" s, content offset ")
                pair(r.offset.x, r.offset.y)
                if s.isPagingEnabled { raw(", page "); out.append(Self.page(r.offset, s)) }
                raw("</title><circle cx=\""); num(x); raw("\" cy=\""); num(py); raw("\" r=\"3.5\" fill=\"#222\"/></g>\n")
                guard x - lastLabelX >= 3 else { continue }
                lastLabelX = x
                let t = s.isPagingEnabled ? "page " + String(Self.page(r.offset, s)) : Self.offsetText(r.offset, s)
                let w = LabelPlacer.width(t, size: 9)
                if case let (lx, ly)? = timelinePlacer.place(
                    width: w, size: 9, candidates: [(x + 6, py - 4), (x + 6, py + 11), (x - 6 - w, py - 4), (x - 6 - w, py + 11)])
                {
                    label(t, x: lx, y: ly, size: 9, fill: "#222", bold: true)
                    raw("\n")
                }
            }
            raw("</g>\n")
            y += Self.offsetLaneHeight
        }
        if d.scrollViews.count > Self.maximumScrollLanes {
            notes.append(
                "timeline: \(d.scrollViews.count - Self.maximumScrollLanes) more scroll views without an offset lane (at most \(Self.maximumScrollLanes))"
            )
        }
        return y
    }

    /// One axis of a scroll view's offset as paths, one per run of a style: the offset holds (grey)
    /// from the window's start and after each rest until the content moves again, then follows each
    /// report (the style of its phase).
    mutating func offsetPath(
        _ s: PictureData.ScrollTrack, _ k: KeyPath<Point, Double>, colour: String, t0: Double, t1: Double, tx: (Double) -> Double,
        vy: (Double) -> Double
    ) {
        enum Style: String { case rest, dragging, decelerating, bouncing }
        var points: [(Double, Double, Style)] = [(tx(t0), vy(s.start[keyPath: k]), .rest)]
        var resting = true
        var previous = s.start[keyPath: k]
        for r in s.reports {
            let x = tx(r.time), v = r.offset[keyPath: k]
            if resting { points.append((x, vy(previous), .rest)) }
            let style: Style =
                switch r.phase {
                case .dragging: .dragging
                case .bouncing: .bouncing
                case .decelerating, .paging, .resting: .decelerating
                }
            points.append((x, vy(v), style))
            resting = r.phase == .resting
            previous = v
        }
        points.append((tx(t1), vy(previous), .rest))
        var i = 1
        while i < points.count {
            let style = points[i].2
            raw("<path class=\"offset "); raw(style.rawValue); raw("\" fill=\"none\" stroke=\""); raw(style == .rest ? "#9a9a9a" : colour)
            raw("\" stroke-width=\""); raw(style == .dragging ? "2.5" : style == .rest ? "1" : "1.5"); raw("\"")
            if style == .bouncing { raw(" stroke-dasharray=\"3,2\"") }
            raw(" stroke-linejoin=\"round\" d=\"M"); num(points[i - 1].0); raw(","); num(points[i - 1].1)
            while i < points.count && points[i].2 == style {
                raw("L"); num(points[i].0); raw(","); num(points[i].1)
                i += 1
            }
            raw("\"/>\n")
        }
    }
}
