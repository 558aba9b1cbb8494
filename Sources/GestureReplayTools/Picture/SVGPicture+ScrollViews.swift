import GestureEngine
import TraceReplay

/// The scroll views and controls of a picture in the scene and the panel (docs/pictures.md,
/// docs/scroll-and-controls.md): each scroll view's content where it was at the start (clipped to
/// the scroll view, as UIKit clips it), its content views where they are at the end of the window
/// (dashed), a scroll indicator with the visible part at the start (hollow) and at the end
/// (filled), page ticks with paging, and a caption with the offsets (or pages) it came to rest at;
/// the key's entries and the controls' event counts. Their timeline lanes are in
/// SVGPicture+ScrollAndControlLanes.swift. A picture without scroll views or controls draws none
/// of this (its bytes are those of a picture made before these parts existed).
extension SVGPicture {
    /// Height of a scroll view's content-offset lane on the timeline, px.
    static let offsetLaneHeight = 66.0
    /// Scroll-offset lanes and control lanes drawn at most.
    static let maximumScrollLanes = 8
    static let maximumControlLanes = 24

    /// A control event's name on the picture: UIKit's without `touch` (`touchUpInside`: `upInside`),
    /// `primaryActionTriggered`: `primaryAction`.
    static func shortName(_ e: ControlEvent) -> String {
        switch e {
        case .primaryActionTriggered: return "primaryAction"
        default:
            let s = e.rawValue.dropFirst("touch".count)
            return s.prefix(1).lowercased() + s.dropFirst()
        }
    }

    /// Whether `e` sends the control's action for a completed tap (a filled mark).
    static func sendsAction(_ e: ControlEvent) -> Bool { e == .touchUpInside || e == .primaryActionTriggered }

    /// A content offset along the plotted axes, for captions and titles: `733.7`, or `(0, 733.7)`.
    static func offsetText(_ p: Point, _ s: PictureData.ScrollTrack) -> String {
        switch (s.plotsX, s.plotsY) {
        case (true, false): fixed(p.x, 1, trim: true)
        case (false, true): fixed(p.y, 1, trim: true)
        default: "(" + fixed(p.x, 1, trim: true) + ", " + fixed(p.y, 1, trim: true) + ")"
        }
    }

    /// The page (1-based) offset `p` shows with paging, along the paging axis.
    static func page(_ p: Point, _ s: PictureData.ScrollTrack) -> Int {
        let horizontal = s.plotsX && !s.plotsY
        let size = horizontal ? s.boundsSize.width : s.boundsSize.height
        let v = horizontal ? p.x : p.y
        guard size > 0, v.isFinite else { return 1 }
        return Int(max(0, min(1e6, (v / size).rounded()))) + 1
    }

    /// The pages of the content with paging (along the paging axis).
    static func pageCount(_ s: PictureData.ScrollTrack) -> Int {
        let horizontal = s.plotsX && !s.plotsY
        let size = horizontal ? s.boundsSize.width : s.boundsSize.height
        let content = horizontal ? s.contentSize.width : s.contentSize.height
        guard size > 0, content.isFinite else { return 1 }
        return Int(max(1, min(1e6, (content / size - 1e-9).rounded(.up))))
    }

    /// The offsets the content rested at, in order: the start and each `resting` report, repeats
    /// left out (pages with paging).
    static func restingSequence(_ s: PictureData.ScrollTrack) -> [String] {
        var result: [String] = []
        func add(_ p: Point) {
            let t = s.isPagingEnabled ? String(page(p, s)) : offsetText(p, s)
            if result.last != t { result.append(t) }
        }
        add(s.start)
        for r in s.reports where r.phase == .resting { add(r.offset) }
        if let last = s.reports.last, last.phase != .resting { add(last.offset) }
        return result
    }

    /// The caption inside a scroll view: where its content rested (`offset y 0 → 733.7`, `pages 1 → 2 → 1 of 4`).
    static func caption(_ s: PictureData.ScrollTrack) -> String {
        var seq = restingSequence(s)
        if seq.count > 5 { seq = Array(seq.prefix(3)) + ["…", seq.last!] }
        if s.isPagingEnabled {
            return (seq.count == 1 ? "page " : "pages ") + seq.joined(separator: " → ") + " of " + String(pageCount(s))
        }
        let axis = s.plotsX && s.plotsY ? "" : s.plotsX ? " x" : " y"
        return "offset" + axis + " " + seq.joined(separator: " → ")
    }

    // MARK: The scene

    /// Main scene, before the views are labelled: keeps labels off the strips where the scroll
    /// indicators go (the right edge for vertical scrolling, the bottom for horizontal).
    mutating func reserveScrollIndicators(_ m: PictureMapping) {
        let d = data
        for s in d.scrollViews {
            guard let vi = s.viewIndex, vi < Self.maximumViews else { continue }
            let f = d.frame(ofView: vi) { d.scrollViews[$0].start }
            let x0 = m.x(f.minX), y0 = m.y(f.minY), x1 = m.x(f.maxX), y1 = m.y(f.maxY)
            guard x1 - x0 >= 30, y1 - y0 >= 30 else { continue }
            if s.plotsY { placer.reserve(.init(x0: x1 - 13, y0: y0, x1: x1, y1: y1)) }
            if s.plotsX { placer.reserve(.init(x0: x0, y0: y1 - 13, x1: x1, y1: y1)) }
        }
    }

    /// Main scene only, after the views: each scroll view's content views at the end of the window
    /// (dashed, when the content moved), its indicator and its caption.
    mutating func drawScrollViews(_ m: PictureMapping) {
        guard !data.scrollViews.isEmpty else { return }
        let d = data
        raw("<g class=\"scroll-views\">\n")
        // The content at the end (dashed), when it moved.
        for vi in d.views.indices.prefix(Self.maximumViews) where vi < d.viewScrollAncestors.count {
            let ancestors = d.viewScrollAncestors[vi]
            guard ancestors.contains(where: { d.scrollViews[$0].end != d.scrollViews[$0].start }) else { continue }
            let f = d.frame(ofView: vi) { d.scrollViews[$0].end }
            guard let c = d.clip(ofView: vi, at: { d.scrollViews[$0].end }) else { continue }
            let shown = f.clipped(to: c)
            guard shown.size.width > 0, shown.size.height > 0 else { continue }
            let x0 = m.x(shown.minX), y0 = m.y(shown.minY), x1 = m.x(shown.maxX), y1 = m.y(shown.maxY)
            raw("<g class=\"view at-end\"><rect x=\""); num(x0); raw("\" y=\""); num(y0); raw("\" width=\""); num(max(0, x1 - x0))
            raw("\" height=\""); num(max(0, y1 - y0)); raw("\" fill=\"none\" stroke=\"#52627a\" stroke-dasharray=\"4,3\"><title>view ")
            name(d.views[vi].name); raw(" at the end: frame "); pair(f.origin.x, f.origin.y); raw(" "); num(f.size.width); raw("x")
            num(f.size.height); raw(", content offset of "); name(d.scrollViews[ancestors.last!].name); raw(" ")
            let end = d.scrollViews[ancestors.last!].end
            pair(end.x, end.y); raw("</title></rect>")
            let s = Self.short(d.views[vi].name, 24) + " (end)"
            let w = LabelPlacer.width(s, size: 10)
            if x1 - x0 > 20, y1 - y0 > 14,
                case let (lx, ly)? = placer.place(
                    width: w, size: 10, candidates: [(x0 + 3, y0 + 11), (x0 + 3, y1 - 4), (x1 - w - 3, y0 + 11)].filter { $0.0 + w <= x1 })
            {
                label(s, x: lx, y: ly, size: 10, fill: "#52627a", isName: true)
            }
            raw("</g>\n")
        }
        // Indicators and captions.
        for s in d.scrollViews {
            guard let vi = s.viewIndex, vi < Self.maximumViews else { continue }
            let f = d.frame(ofView: vi) { d.scrollViews[$0].start }
            let x0 = m.x(f.minX), y0 = m.y(f.minY), x1 = m.x(f.maxX), y1 = m.y(f.maxY)
            guard x1 - x0 >= 30, y1 - y0 >= 30 else { continue }
            raw("<g class=\"scroll-indicator\"><title>"); name(s.name); raw(": content "); num(s.contentSize.width); raw("x")
            num(s.contentSize.height); raw(" pt, offset "); pair(s.start.x, s.start.y); raw(" at the start (hollow), ")
            pair(s.end.x, s.end.y); raw(" at the end (filled)")
            if s.isPagingEnabled { raw(", pages of "); num(s.boundsSize.width); raw("x"); num(s.boundsSize.height); raw(" pt (ticks)") }
            raw("</title>")
            if s.plotsY { indicator(s, vertical: true, track: (x1 - 7, y0 + 4, y1 - 4)) }
            if s.plotsX { indicator(s, vertical: false, track: (y1 - 7, x0 + 4, x1 - (s.plotsY ? 14 : 4))) }
            raw("</g>\n")
            let text = Self.caption(s)
            let w = LabelPlacer.width(text, size: 10)
            if case let (lx, ly)? = placer.place(
                width: w, size: 10,
                candidates: [(x0 + 4, y0 + 26), (x0 + 4, y1 - 16), (x1 - w - 14, y0 + 26), (x1 - w - 14, y1 - 16)].filter {
                    $0.0 >= x0 && $0.0 + w <= x1 - 10
                })
            {
                raw("<g class=\"scroll-caption\">")
                label(text, x: lx, y: ly, size: 10, fill: "#222", bold: true)
                raw("</g>\n")
            }
        }
        raw("</g>\n")
    }

    /// A scroll indicator along one axis: `track` is (the cross position, start, end) in px. The
    /// track stands for the content; a hollow thumb is the visible part at the start, a filled one
    /// at the end; ticks mark pages.
    mutating func indicator(_ s: PictureData.ScrollTrack, vertical: Bool, track: (Double, Double, Double)) {
        let (cross, a, b) = track
        let length = b - a
        guard length >= 24 else { return }
        let visible = vertical ? s.boundsSize.height : s.boundsSize.width
        var content = max(vertical ? s.contentSize.height : s.contentSize.width, visible)
        if !content.isFinite || content <= 0 { content = max(1, visible) }
        func pos(_ v: Double) -> Double {
            let p = a + v / content * length
            return p.isFinite ? min(max(p, a), b) : a
        }
        func rect(_ p0: Double, _ p1: Double, width: Double) {
            let q0 = min(p0, p1), q1 = max(max(p0, p1), q0 + 2)
            if vertical {
                raw("<rect x=\""); num(cross - width / 2); raw("\" y=\""); num(q0); raw("\" width=\""); num(width); raw("\" height=\"")
                num(q1 - q0)
            } else {
                raw("<rect x=\""); num(q0); raw("\" y=\""); num(cross - width / 2); raw("\" width=\""); num(q1 - q0); raw("\" height=\"")
                num(width)
            }
        }
        rect(a, b, width: 4); raw("\" rx=\"2\" fill=\"#c9d1dc\"/>")
        if s.isPagingEnabled && visible > 0 {
            var k = 1.0
            while k * visible < content - 1e-9 && k < 60 {
                let p = pos(k * visible)
                if vertical {
                    raw("<path d=\"M"); num(cross - 5); raw(","); num(p); raw("h10\" stroke=\"#52627a\" stroke-width=\"1.5\"/>")
                } else {
                    raw("<path d=\"M"); num(p); raw(","); num(cross - 5); raw("v10\" stroke=\"#52627a\" stroke-width=\"1.5\"/>")
                }
                k += 1
            }
        }
        let start = vertical ? s.start.y : s.start.x, end = vertical ? s.end.y : s.end.x
        rect(pos(end), pos(end + visible), width: 6); raw("\" rx=\"2\" fill=\"#222\" fill-opacity=\"0.75\" class=\"thumb end\"/>")
        rect(pos(start), pos(start + visible), width: 9);
        raw("\" rx=\"2\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\" class=\"thumb start\"/>")
    }

    // MARK: The panel

    /// The key's entries for scroll views and controls (none without them).
    var scrollAndControlKey: [(String, String)] {
        var shapes: [(String, String)] = []
        if !data.scrollViews.isEmpty {
            shapes.append(
                (
                    "<rect x=\"3\" y=\"-6\" width=\"6\" height=\"12\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\"/>",
                    "scroll indicator: visible at the start (hollow), end (filled)"
                ))
            if data.viewScrollAncestors.contains(where: { !$0.isEmpty }) {
                shapes.append(
                    (
                        "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" fill=\"none\" stroke=\"#52627a\" stroke-dasharray=\"4,3\"/>",
                        "content views at the end (dashed)"
                    ))
            }
            shapes += [
                (
                    "<path d=\"M0,4l6,-4\" stroke=\"#222\" stroke-width=\"2.5\"/><path d=\"M6,0l6,-4\" stroke=\"#222\" stroke-width=\"1.5\"/>",
                    "offset: dragging (thick), decelerating, bouncing (dashed)"
                ),
                ("<circle cx=\"6\" cy=\"0\" r=\"3.5\" fill=\"#222\"/>", "the content at rest: its offset or page"),
            ]
        }
        if !data.controls.isEmpty {
            shapes += [
                (
                    "<path d=\"M6,-6l5,6l-5,6l-5,-6z\" fill=\"#222\" stroke=\"#222\" stroke-width=\"1.5\"/>",
                    "control event sending the action (upInside)"
                ),
                (
                    "<path d=\"M6,-6l5,6l-5,6l-5,-6z\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.5\"/>",
                    "other control events (UIKit names without touch)"
                ),
                ("<rect x=\"0\" y=\"-2.5\" width=\"12\" height=\"5\" fill=\"#8a8a8a\"/>", "touchDragInside, one per move (light: Outside)"),
            ]
        }
        return shapes
    }

    /// Per control, its event counts (as `--summary`), below the recognizers' in the panel. Returns the y reached.
    mutating func drawControlCounts(left: Double, y start: Double) -> Double {
        guard !data.controls.isEmpty else { return start }
        var y = start + 24
        raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">controls</text>\n")
        var counts = [[Int]](repeating: [Int](repeating: 0, count: ControlEvent.allCases.count), count: data.controls.count)
        for e in data.controlEvents {
            counts[e.control][ControlEvent.allCases.firstIndex(of: e.event)!] += 1
        }
        for (ci, c) in data.controls.enumerated().prefix(8) {
            y += 15
            var words: [String] = []
            for (n, e) in zip(counts[ci], ControlEvent.allCases) where n > 0 { words.append("\(Self.shortName(e)) \(n)") }
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\">"); name(Self.short(c.name, 20)); raw(": ")
            text(Self.short(words.isEmpty ? "no events" : words.joined(separator: ", "), 52)); raw("</text>\n")
        }
        if data.controls.count > 8 {
            y += 15
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" fill=\"#555\">and \(data.controls.count - 8) more</text>\n")
        }
        return y
    }

    /// Notes on what was left out of the scroll and control parts.
    mutating func collectScrollAndControlNotes() {
        if data.droppedScrollReports > 0 {
            notes.append(
                spelled(
                    "\(data.droppedScrollReports) content-offset changes from \(Self.fixed(data.firstDroppedScrollTime, 3)) s on not drawn (at most \(Picture.maximumScrollReports); \(option: .pictureFrom) shows them)"
                ))
        }
        if data.droppedControlEvents > 0 {
            notes.append(
                spelled(
                    "\(data.droppedControlEvents) control events from \(Self.fixed(data.firstDroppedControlTime, 3)) s on not drawn (at most \(Picture.maximumControlEvents); \(option: .pictureFrom) shows them)"
                ))
        }
    }
}
