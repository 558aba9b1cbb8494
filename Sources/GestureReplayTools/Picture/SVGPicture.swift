@_spi(Formatting) import GestureEngine
import TraceKit

/// Draws one picture from recorded data (docs/pictures.md).
///
/// Top left: the screen and the scene's views, each touch's path (a colour per touch, dashed
/// past the palette; a dot per sample, start and end marked, round time ticks), per recognizer a
/// marker where it began, ended, failed or was cancelled (successes drawn above failures, each
/// outcome numbered), a velocity arrow, the marquee's selection rectangle, and a scale bar. Beside
/// it (below it for a wide scene): an inset of a small gesture, the numbered outcomes with their
/// reasons, the key. Below: the timeline, one lane per recognizer (began/changed as spans, ended,
/// failed and cancelled as instants) and lanes of touches (reused once free).
///
/// Deterministic bytes: every number goes through the project's fixed-point formatter, everything
/// is drawn in scene, transition and trace order (no dictionary is iterated).
struct SVGPicture {
    var data: PictureData
    var out = OutputBuffer(fileDescriptor: nil)

    // Layout (px).
    static let margin = 16.0
    static let headerHeight = 44.0
    static let sceneBox = 520.0
    static let panelWidth = 420.0
    static let gap = 28.0
    static let labelWidth = 210.0
    static let laneHeight = 18.0
    static let minimumWidth = 760.0
    static let insetBox = 200.0
    /// A gesture whose samples span fewer pixels than this gets an inset.
    static let smallGesture = 80.0
    /// Recognizer lanes drawn at most.
    static let maximumRecognizerLanes = 60
    /// Views drawn at most.
    static let maximumViews = 400

    /// The touch colours: dark, saturated, none of them the state colours' blues, red or amber.
    /// Touches past the palette are dashed (`dash`).
    static let palette = ["#7b3294", "#1b7837", "#8c510a", "#c51b7d", "#4d4d4d", "#35978f", "#7f6a00", "#de77ae", "#01665e", "#9970ab"]
    static func touchColour(_ ordinal: Int) -> String { palette[ordinal % palette.count] }
    /// The dash of a touch: solid for the first round of the palette, then dashes.
    static func dash(_ ordinal: Int) -> String? {
        switch (ordinal / palette.count) % 4 {
        case 1: "8,4"
        case 2: "2,3"
        case 3: "9,3,2,3"
        default: nil
        }
    }

    /// State colours: light blue in progress, dark blue recognized, red failed, amber cancelled
    /// (told apart under the common colour-vision deficiencies by lightness and by shape too).
    static func colour(_ s: GestureRecognizerState) -> String {
        switch s {
        case .possible: "#dddddd"
        case .began, .changed: "#7fb2e5"
        case .ended: "#1c4e9c"
        case .failed: "#d0312d"
        case .cancelled: "#e8a33a"
        }
    }

    var scene = PictureMapping(world: Rect(x: 0, y: 0, width: 1, height: 1), left: margin, top: headerHeight, scale: 1)
    var inset: PictureMapping?
    var width = 0.0
    var panelLeft = 0.0
    var panelTop = 0.0
    var notes: [String] = []
    var placer = LabelPlacer()
    /// The outcome number of each step (0: none).
    var numbers: [Int] = []
    var outcomes: [Int] = []
    /// What to point at, and the step it is (nil: none, or not in this replay).
    var highlight: PictureHighlight?
    var highlighted: Int?

    init(_ data: PictureData) {
        self.data = data
    }

    // MARK: Layout

    /// The world: the screen when it has a usable size, else the views and samples with a margin.
    mutating func layout() {
        var world: Rect
        if let s = data.screen, s.width.isFinite, s.height.isFinite, s.width >= 1, s.height >= 1, s.width <= 1e7, s.height <= 1e7 {
            world = Rect(x: 0, y: 0, width: s.width, height: s.height)
        } else {
            if let s = data.screen {
                notes.append(
                    "screen \(Self.fixed(s.width, 1))x\(Self.fixed(s.height, 1)) cannot be drawn: the picture fits the samples and views")
                data.screen = nil
            }
            var b = data.sampleBounds
            for v in data.views.prefix(Self.maximumViews) {
                let f = v.frame
                guard f.minX.isFinite, f.minY.isFinite, f.maxX.isFinite, f.maxY.isFinite else { continue }
                b =
                    b.map { (min($0.minX, f.minX), min($0.minY, f.minY), max($0.maxX, f.maxX), max($0.maxY, f.maxY)) }
                    ?? (f.minX, f.minY, f.maxX, f.maxY)
            }
            var (x0, y0, x1, y1) = b ?? (0, 0, 100, 100)
            // Far samples would shrink the rest to nothing: a bound (the picture counts what lies beyond).
            let limit = 1e6
            x0 = min(max(x0, -limit), limit); x1 = min(max(x1, -limit), limit)
            y0 = min(max(y0, -limit), limit); y1 = min(max(y1, -limit), limit)
            let pad = max(10, 0.08 * max(x1 - x0, y1 - y0))
            world = Rect(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
        }
        let scale = Self.sceneBox / max(world.size.width, world.size.height)
        scene = PictureMapping(world: world, left: Self.margin, top: Self.headerHeight, scale: scale)
        if scene.width <= Self.sceneBox - Self.panelWidth / 4 {
            panelLeft = scene.right + Self.gap
            panelTop = Self.headerHeight
            width = max(Self.minimumWidth, panelLeft + Self.panelWidth + Self.margin)
        } else {
            // A wide scene: the panel goes below it.
            panelLeft = Self.margin
            panelTop = scene.bottom + 40
            width = max(Self.minimumWidth, scene.right + Self.margin)
        }
        // A small gesture: an inset around its samples.
        if let b = data.sampleBounds {
            let extent = max(b.maxX - b.minX, b.maxY - b.minY)
            if extent * scale < Self.smallGesture && extent.isFinite {
                let side = max(extent * 1.6, 30)
                let cx = (b.minX + b.maxX) / 2, cy = (b.minY + b.maxY) / 2
                if side * scale * 1.5 < Self.insetBox {
                    inset = PictureMapping(
                        world: Rect(x: cx - side / 2, y: cy - side / 2, width: side, height: side), left: panelLeft,
                        top: panelTop + 18, scale: Self.insetBox / side)
                }
            }
        }
    }

    // MARK: Writing

    mutating func raw(_ s: StaticString) { out.append(s) }
    mutating func raw(_ s: String) { out.append(s) }
    /// A pixel coordinate or length: 1 decimal, trimmed.
    mutating func num(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.point, trim: true) }
    mutating func time(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.time, trim: false) }
    mutating func ratio(_ v: Double) { out.appendNumber(v, decimals: DisplayPrecision.ratio, trim: false) }

    /// Text content or an attribute value, XML-escaped; characters XML 1.0 forbids become U+FFFD.
    mutating func text(_ s: String) {
        out.append(Self.escaped(s))
    }

    /// A name (view, recognizer, touch, path) in text: escaped and isolated (U+2068 ... U+2069), so
    /// bidirectional controls in it cannot reorder the text around it.
    mutating func name(_ s: String) {
        out.append("\u{2068}")
        out.append(Self.escaped(s))
        out.append("\u{2069}")
    }

    static func escaped(_ s: String) -> String {
        var needs = false
        for u in s.unicodeScalars
        where u == "&" || u == "<" || u == ">" || u == "\"" || u == "'" || (u.value < 0x20 && u != "\n" && u != "\t") || u.value == 0xFFFE
            || u.value == 0xFFFF
        {
            needs = true
            break
        }
        if !needs { return s }
        var r = ""
        r.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            switch u {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            case "'": r += "&apos;"
            case "\n", "\t": r.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { r += "\u{FFFD}" } else { r.unicodeScalars.append(u) }
            }
        }
        return r
    }

    /// A name shortened to `limit` characters (an ellipsis at the end), for a label.
    static func short(_ s: String, _ limit: Int) -> String {
        s.count <= limit ? s : String(s.prefix(max(1, limit - 1))) + "…"
    }

    /// A point for `<title>`s: `(x, y)`, 1 decimal.
    mutating func pair(_ x: Double, _ y: Double) {
        raw("(")
        out.appendNumber(x, decimals: DisplayPrecision.point)
        raw(", ")
        out.appendNumber(y, decimals: DisplayPrecision.point)
        raw(")")
    }

    /// A number as the project's formatter writes it.
    static func fixed(_ v: Double, _ decimals: Int, trim: Bool = false) -> String {
        var b = OutputBuffer(fileDescriptor: nil)
        b.appendNumber(v, decimals: decimals, trim: trim)
        return b.text
    }

    /// A label with a white halo (readable over paths and markers).
    mutating func label(
        _ s: String, x: Double, y: Double, size: Double = 11, fill: String = "#222", bold: Bool = false, anchor: String? = nil,
        isName: Bool = false
    ) {
        raw("<text x=\""); num(x); raw("\" y=\""); num(y); raw("\"")
        if size != 11 { raw(" font-size=\""); num(size); raw("\"") }
        raw(" fill=\""); raw(fill); raw("\"")
        if bold { raw(" font-weight=\"bold\"") }
        if let anchor { raw(" text-anchor=\""); raw(anchor); raw("\"") }
        raw(" class=\"halo\">")
        if isName { name(s) } else { text(s) }
        raw("</text>")
    }

    /// An outcome's number (and values) as a badge: white bold text on the state's colour,
    /// darkened where white text needs it. `(x, y)`: the text's start and baseline.
    mutating func badge(_ s: String, x: Double, y: Double, width: Double, state: GestureRecognizerState) {
        let fill = state == .ended ? Self.colour(.ended) : state == .failed ? "#b3261e" : "#93600c"
        raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 10); raw("\" width=\""); num(width); raw("\" height=\"13\" rx=\"3\" fill=\"")
        raw(fill); raw("\"/><text x=\""); num(x + 3); raw("\" y=\""); num(y);
        raw("\" font-size=\"10\" font-weight=\"bold\" fill=\"#fff\" class=\"badge\">")
        text(s); raw("</text>")
    }

    // MARK: Drawing

    mutating func render() -> String {
        layout()
        numberOutcomes()
        if let h = highlight {
            highlighted = data.steps.indices.first {
                Self.fixed(data.steps[$0].time, 3) == h.time && data.recognizers[data.steps[$0].lane].name == h.recognizer
            }
        }
        // Labels stay by the scene, clear of the header and of the scale bar's label.
        placer.bounds = .init(x0: 0, y0: Self.headerHeight - 6, x1: min(scene.right + Self.gap - 4, width - 2), y1: scene.bottom + 9)
        placer.reserve(.init(x0: scene.left, y0: scene.bottom + 8, x1: scene.left + 220, y1: scene.bottom + 30))
        drawScene(scene, main: true)
        let sceneBottom = drawScaleBar()
        if let inset { drawInset(inset) }
        let panelBottom = drawPanel()
        let (t0, t1) = timeRange()
        let timelineTop = max(sceneBottom + 44, panelBottom + 44)
        let legendY = drawTimeline(top: timelineTop, t0: t0, t1: t1)
        var y = legendY + 24
        collectNotes()
        raw("<g class=\"notes\" fill=\"#555\">\n")
        for note in notes {
            raw("<text x=\""); num(Self.margin); raw("\" y=\""); num(y); raw("\">"); text(note); raw("</text>\n")
            y += 15
        }
        raw("</g>\n</svg>\n")
        let height = y + 4
        let body = out
        out = OutputBuffer(fileDescriptor: nil)
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        num(width); raw("\" height=\""); num(height); raw("\" viewBox=\"0 0 "); num(width); raw(" "); num(height)
        raw("\" font-family=\"sans-serif\" font-size=\"11\">\n<title>gesturereplay: ")
        name(data.tracePath)
        raw(
            "</title>\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#333\"/></marker></defs>\n"
        )
        raw(
            "<style>.halo { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }</style>\n"
        )
        raw("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n")
        raw("<text x=\""); num(Self.margin); raw("\" y=\"22\" font-size=\"14\" font-weight=\"bold\">"); name(data.tracePath)
        raw("</text>\n")
        if data.window.from != nil || data.window.to != nil {
            raw("<text x=\""); num(Self.margin); raw("\" y=\"37\" fill=\"#555\">trace times ")
            raw(data.window.from.map { Self.fixed($0, 3) + " s" } ?? "start"); raw(" to ")
            raw(data.window.to.map { Self.fixed($0, 3) + " s" } ?? "end"); raw(" (--from/--to)</text>\n")
        }
        if let h = highlight {
            raw("<text x=\""); num(Self.margin); raw("\" y=\"37\" fill=\"#222\">")
            if highlighted != nil {
                raw(
                    "<tspan font-weight=\"bold\" fill=\"#8a6d00\">ringed in yellow:</tspan> the first transition that differs from the golden file: "
                )
            } else {
                raw("the first line that differs from the golden file is not a transition of this replay: ")
            }
            text(Self.short(h.line, 64)); raw("</text>\n")
        }
        return out.text + body.text
    }

    /// Numbers the outcomes (ended, failed, cancelled) in transition order.
    mutating func numberOutcomes() {
        numbers = [Int](repeating: 0, count: data.steps.count)
        for (i, s) in data.steps.enumerated() where s.state.isTerminal {
            outcomes.append(i)
            numbers[i] = outcomes.count
        }
    }

    /// The window, or the first sample or transition to the last one.
    func timeRange() -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity
        if case let (a, b)? = data.sampleTimes {
            if a.isFinite { lo = min(lo, a) }
            if b.isFinite { hi = max(hi, b) }
        }
        for s in data.steps where s.time.isFinite {
            lo = min(lo, s.time); hi = max(hi, s.time)
        }
        // The content moves on after the last touch (deceleration, paging): its frames count.
        for s in data.scrollViews {
            for r in [s.reports.first, s.reports.last] where r != nil && r!.time.isFinite {
                lo = min(lo, r!.time); hi = max(hi, r!.time)
            }
        }
        for e in data.controlEvents where e.time.isFinite {
            lo = min(lo, e.time); hi = max(hi, e.time)
        }
        if let f = data.window.from { lo = f }
        if let t = data.window.to { hi = t }
        if !lo.isFinite { lo = 0 }
        if !hi.isFinite || hi < lo { hi = lo }
        if hi - lo < 0.001 { hi = lo + 0.001 }
        return (lo, hi)
    }

    mutating func collectNotes() {
        if data.touchCount > data.touches.count {
            notes.append(
                "\(data.touchCount - data.touches.count) touches after the first \(data.touches.count) not drawn (at most \(Picture.maximumDrawnTouches); --from/--to shows a later part)"
            )
        }
        if data.stride > 1 {
            notes.append(
                "decimated: every \(data.stride)th sample of each touch drawn, and its last (at most \(Picture.maximumDrawnSamples) in all)"
            )
        }
        if data.touchesWithoutLane > 0 {
            notes.append(
                "timeline: \(data.touchesWithoutLane) touches down while \(Picture.maximumTouchLanes) lanes were taken have no lane")
        }
        if data.droppedSteps > 0 {
            notes.append(
                "\(data.droppedSteps) transitions from \(Self.fixed(data.firstDroppedTime, 3)) s on not drawn (at most \(Picture.maximumSteps); --from shows them)"
            )
        }
        collectScrollAndControlNotes()
        if data.nonFiniteSamples > 0 { notes.append("\(data.nonFiniteSamples) samples with a non-finite coordinate drawn at the edge") }
        if outcomes.count > Picture.maximumListedOutcomes {
            notes.append(
                "outcomes: the first \(Picture.maximumListedOutcomes) of \(outcomes.count) listed and numbered (hover a marker for the others)"
            )
        }
    }

    // MARK: The scene

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
    var insetPlacer = LabelPlacer()

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
        var numberSpots: [(Int, Double, Double, String)] = []
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
                if main { placer.reserve(.init(x0: x - 7, y0: y - 7, x1: x + 7, y1: y + 7)) }
                if numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes {
                    var text = String(numbers[i])
                    if s.state == .ended {
                        if let sc = s.values.scale { text += " ×" + Self.fixed(sc, 2) }
                        if let ro = s.values.rotation { text += " " + Self.fixed(ro, 2) + " rad" }
                        if let d = s.values.direction { text += " " + String(describing: d) }
                    }
                    numberSpots.append((i, x, y, text))
                }
            }
        }
        // Numbers last, successes first (they were drawn last: on top): badges in the state's colour.
        for (i, x, y, s) in numberSpots.reversed() {
            let w = LabelPlacer.width(s, size: 10) + 6
            if case let (lx, ly)? = place(width: w, size: 11, candidates: LabelPlacer.around(x, y, width: w, size: 11, gap: 10), main: main)
            {
                raw("<g class=\"number\">")
                badge(s, x: lx, y: ly, width: w, state: data.steps[i].state)
                raw("</g>\n")
            }
        }
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

    // MARK: The panel

    /// Beside the scene (below a wide one): the numbered outcomes with their reasons, then the key
    /// and the recognizers' counts. Returns its bottom.
    mutating func drawPanel() -> Double {
        var y = panelTop + 12
        if let inset { y = inset.bottom + 40 }
        let left = panelLeft
        raw("<g class=\"outcomes\">\n<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">")
        raw(outcomes.isEmpty ? "no recognizer ended, failed or was cancelled" : "outcomes (numbered on the picture)"); raw("</text>\n")
        let chars = Int(Self.panelWidth / (11 * 0.56))
        for (n, i) in outcomes.prefix(Picture.maximumListedOutcomes).enumerated() {
            let s = data.steps[i]
            y += 16
            raw("<g class=\"outcome "); raw(s.state.description); raw("\"><title>"); describe(s); raw("</title>")
            if i == highlighted {
                raw("<rect class=\"differs\" x=\""); num(left - 3); raw("\" y=\""); num(y - 12); raw("\" width=\""); num(Self.panelWidth)
                raw("\" height=\""); num(s.reason == nil ? 16 : 30); raw("\" fill=\"#ffe14d\"/>")
            }
            let number = String(n + 1)
            let w = LabelPlacer.width(number, size: 10) + 6
            badge(number, x: left, y: y, width: w, state: s.state)
            raw("<text x=\""); num(left + w + 5); raw("\" y=\""); num(y); raw("\"><tspan font-weight=\"bold\" fill=\"")
            raw(s.state == .cancelled ? "#93600c" : Self.colour(s.state)); raw("\">");
            raw(s.state == .ended ? "recognized" : s.state.description)
            raw("</tspan> "); time(s.time); raw(" s  "); name(Self.short(data.recognizers[s.lane].name, 30)); raw("</text>")
            if let reason = s.reason {
                y += 14
                raw("<text x=\""); num(left + 14); raw("\" y=\""); num(y); raw("\" fill=\"#333\">"); text(Self.short(reason, chars - 3));
                raw("</text>")
            }
            raw("</g>\n")
        }
        if outcomes.count > Picture.maximumListedOutcomes {
            y += 16
            raw("<text x=\""); num(left); raw("\" y=\""); num(y);
            raw("\" fill=\"#555\">and \(outcomes.count - Picture.maximumListedOutcomes) more (hover the markers)</text>\n")
        }
        raw("</g>\n")
        y += 30
        raw("<g class=\"key\">\n<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">key</text>\n")
        var shapes: [(String, String)] = [
            (
                "<circle cx=\"6\" cy=\"0\" r=\"5\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>",
                "a touch starts (a dot per sample, ticks: time since)"
            ),
            (
                "<rect x=\"2\" y=\"-4\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>",
                "a touch ends (a cross: cancelled)"
            ),
            ("<path d=\"M6,-6l6,11h-12z\" fill=\"none\" stroke=\"\(Self.colour(.began))\" stroke-width=\"2\"/>", "a recognizer began"),
            ("<circle cx=\"6\" cy=\"0\" r=\"6\" fill=\"\(Self.colour(.ended))\"/>", "recognized (ended)"),
            ("<path d=\"M1,-5l10,10m0,-10l-10,10\" stroke=\"\(Self.colour(.failed))\" stroke-width=\"3\"/>", "failed"),
            (
                "<circle cx=\"6\" cy=\"0\" r=\"5\" fill=\"none\" stroke=\"\(Self.colour(.cancelled))\" stroke-width=\"2.5\"/><path d=\"M2,4l8,-8\" stroke=\"\(Self.colour(.cancelled))\" stroke-width=\"2.5\"/>",
                "cancelled"
            ),
            (
                "<line x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\" stroke=\"#333\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>",
                "velocity: 0.1 s of travel"
            ),
        ]
        shapes += scrollAndControlKey
        for (shape, meaning) in shapes {
            y += 17
            raw("<g transform=\"translate("); num(left); raw(","); num(y - 4); raw(")\">"); raw(shape); raw("</g><text x=\"");
            num(left + 22)
            raw("\" y=\""); num(y); raw("\">"); raw(meaning); raw("</text>\n")
        }
        // Per recognizer: the --summary counts (ReplaySummary.outcome's rule).
        y += 24
        raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">recognizers</text>\n")
        var counts = [[Int]](repeating: [0, 0, 0], count: data.recognizers.count)
        for step in data.steps {
            switch ReplaySummary.outcome(previous: step.previous, state: step.state) {
            case .recognized: counts[step.lane][0] += 1
            case .failed: counts[step.lane][1] += 1
            case .cancelled: counts[step.lane][2] += 1
            case nil: break
            }
        }
        for (lane, r) in data.recognizers.enumerated().prefix(12) {
            y += 15
            var words: [String] = []
            for (n, word) in zip(counts[lane], ["recognized", "failed", "cancelled"]) where n > 0 { words.append("\(word) \(n)") }
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\">"); name(Self.short(r.name, 28)); raw(": ")
            raw(words.isEmpty ? "no outcome" : words.joined(separator: ", ")); raw("</text>\n")
        }
        if data.recognizers.count > 12 {
            y += 15
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" fill=\"#555\">and \(data.recognizers.count - 12) more</text>\n")
        }
        y = drawControlCounts(left: left, y: y)
        raw("</g>\n")
        return y
    }

    // MARK: The timeline

    mutating func drawTimeline(top: Double, t0: Double, t1: Double) -> Double {
        let left = Self.margin + Self.labelWidth, right = width - Self.margin
        let span = t1 - t0
        func tx(_ t: Double) -> Double {
            let v = left + (t - t0) / span * (right - left)
            return v.isFinite ? min(max(v, left), right) : left
        }
        raw("<g class=\"timeline\">\n<text x=\""); num(Self.margin); raw("\" y=\""); num(top - 10)
        raw("\" font-weight=\"bold\">timeline (s of trace time)</text>\n")
        let lanes = min(data.recognizers.count, Self.maximumRecognizerLanes)
        let touchLanes = data.touchLanes
        let lanesBottom = top + 6 + Double(lanes + touchLanes) * Self.laneHeight + scrollAndControlLanesHeight
        // Axis ticks: round times at least 70 px apart.
        let step = roundStep(atLeast: span * 70 / max(1, right - left))
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        var k = (t0 / step).rounded(.up)
        var ticks = 0
        while k * step <= t1 + step * 1e-9 && ticks < 40 {
            let x = tx(k * step)
            raw("<line x1=\""); num(x); raw("\" y1=\""); num(top); raw("\" x2=\""); num(x); raw("\" y2=\""); num(lanesBottom)
            raw("\" stroke=\"#e5e5e5\"/><text x=\""); num(x); raw("\" y=\""); num(top)
            raw("\" font-size=\"9\" text-anchor=\"middle\" fill=\"#777\">"); raw(Self.fixed(k * step, decimals)); raw("</text>\n")
            k += 1; ticks += 1
        }
        if let h = highlighted {
            let x = tx(data.steps[h].time)
            raw("<rect class=\"differs\" x=\""); num(x - 4); raw("\" y=\""); num(top + 2); raw("\" width=\"8\" height=\"");
            num(lanesBottom - top - 2)
            raw("\" fill=\"#ffd400\" fill-opacity=\"0.6\"/>\n")
        }
        var y = top + 6
        var hidden = 0
        var timelinePlacer = LabelPlacer()
        timelinePlacer.bounds = .init(x0: 0, y0: top - 30, x1: width - 2, y1: .infinity)
        // Recognizer lanes: began/changed as a span, the terminal states as instants (the engine resets
        // the recognizer in the same step), every transition a mark.
        for lane in 0..<lanes {
            let r = data.recognizers[lane]
            raw("<g class=\"lane recognizer\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\">")
            name(Self.short(r.name + " (" + r.kind + ")", 34)); raw("<title>"); name(r.name); raw(" ("); text(r.kind);
            raw(")</title></text>\n")
            raw("<rect x=\""); num(left); raw("\" y=\""); num(y + 8); raw("\" width=\""); num(right - left); raw("\" height=\"2\" fill=\"")
            raw(Self.colour(.possible)); raw("\"/>\n")
            var since: Double? = data.initialStates[lane] == .began || data.initialStates[lane] == .changed ? t0 : nil
            var lastSpanPixel = -Double.infinity, lastMarkPixel = -Double.infinity
            func endSpan(_ at: Double, _ pic: inout SVGPicture) {
                guard let from = since else { return }
                since = nil
                let x0 = tx(from), x1 = max(tx(at), x0 + 2)
                if x0 - lastSpanPixel < 3 { hidden += 1; return }
                lastSpanPixel = x0
                pic.raw("<rect x=\""); pic.num(x0); pic.raw("\" y=\""); pic.num(y + 3); pic.raw("\" width=\""); pic.num(x1 - x0)
                pic.raw("\" height=\"12\" fill=\""); pic.raw(Self.colour(.changed)); pic.raw("\"><title>"); pic.name(r.name)
                pic.raw(" in progress from "); pic.time(from); pic.raw(" s to "); pic.time(at); pic.raw(" s</title></rect>\n")
            }
            for (i, s) in data.steps.enumerated() where s.lane == lane {
                switch s.state {
                case .began:
                    endSpan(s.time, &self)
                    since = s.time
                case .changed, .possible:
                    if since == nil && s.state == .changed { since = s.time }
                    continue
                case .ended, .failed, .cancelled:
                    endSpan(s.time, &self)
                }
                // A mark per transition (began, ended, failed, cancelled), one per pixel column and kind.
                let x = tx(s.time)
                let listed = numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes
                if x - lastMarkPixel < 3 && !listed { hidden += 1; continue }
                lastMarkPixel = x
                let c = Self.colour(s.state), my = y + 9
                // A short title (the scene's marker has every value).
                raw("<g class=\"mark "); raw(s.state.description); raw("\"><title>")
                if numbers[i] > 0 { raw("("); out.append(numbers[i]); raw(") ") }
                name(r.name); raw(" "); raw(s.state.description); raw(" at "); time(s.time); raw(" s")
                if let reason = s.reason { raw("; reason: "); text(reason) }
                raw("</title>")
                switch s.state {
                case .began:
                    raw("<path d=\"M"); num(x); raw(","); num(my - 7); raw("v14\" stroke=\"#2b5d9a\" stroke-width=\"2\"/>")
                case .ended:
                    raw("<circle cx=\""); num(x); raw("\" cy=\""); num(my); raw("\" r=\"5\" fill=\""); raw(c); raw("\" stroke=\"#fff\"/>")
                case .failed:
                    raw("<path d=\"M"); num(x - 4.5); raw(","); num(my - 4.5); raw("l9,9m0,-9l-9,9\" stroke=\""); raw(c)
                    raw("\" stroke-width=\"2.5\"/>")
                default:
                    raw("<circle cx=\""); num(x); raw("\" cy=\""); num(my); raw("\" r=\"4\" fill=\"#fff\" stroke=\""); raw(c)
                    raw("\" stroke-width=\"2\"/><path d=\"M"); num(x - 3); raw(","); num(my + 3); raw("l6,-6\" stroke=\""); raw(c);
                    raw("\" stroke-width=\"2\"/>")
                }
                raw("</g>\n")
                if numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes {
                    let s = String(numbers[i])
                    let w = LabelPlacer.width(s, size: 9)
                    if case let (lx, ly)? = timelinePlacer.place(width: w, size: 9, candidates: [(x + 6, my - 3), (x - 6 - w, my - 3)]) {
                        label(s, x: lx, y: ly, size: 9, fill: "#333")
                        raw("\n")
                    }
                }
            }
            endSpan(t1, &self)
            raw("</g>\n")
            y += Self.laneHeight
        }
        if data.recognizers.count > lanes {
            notes.append(
                "timeline: \(data.recognizers.count - lanes) more recognizers without a lane (at most \(Self.maximumRecognizerLanes))")
        }
        y = drawControlLanes(top: y, left: left, right: right, tx: tx, placer: &timelinePlacer)
        y = drawOffsetLanes(top: y, left: left, right: right, t0: t0, t1: t1, tx: tx, placer: &timelinePlacer)
        // Touch lanes (reused once free): a bar per touch in its colour.
        for lane in 0..<touchLanes {
            raw("<g class=\"lane touch\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\" fill=\"#555\">touches, lane ")
            out.append(lane + 1); raw("</text>")
            for t in data.touches where t.lane == lane {
                guard let a = t.drawnTimes.first else { continue }
                let x0 = tx(a), x1 = max(tx(t.lastTime), x0 + 2)
                raw("<rect x=\""); num(x0); raw("\" y=\""); num(y + 5); raw("\" width=\""); num(x1 - x0); raw("\" height=\"8\" fill=\"")
                raw(Self.touchColour(t.ordinal)); raw("\"><title>touch "); name(t.label); raw(" "); time(a); raw(" s to "); time(t.lastTime)
                raw(" s</title></rect>")
                let s = Self.short(t.label, 12)
                let w = LabelPlacer.width(s, size: 9)
                if case let (lx, ly)? = timelinePlacer.place(width: w, size: 9, candidates: [(x0 + 2, y + 3)]) {
                    label(s, x: lx, y: ly, size: 9, fill: Self.touchColour(t.ordinal), isName: true)
                }
            }
            raw("</g>\n")
            y += Self.laneHeight
        }
        if hidden > 0 { notes.append("timeline: \(hidden) marks or spans closer than 3 px to the one before not drawn") }
        // Legend.
        y += 16
        var x = Self.margin
        for (word, state) in [
            ("possible", GestureRecognizerState.possible), ("began/changed", .began), ("recognized", .ended), ("failed", .failed),
            ("cancelled", .cancelled),
        ] {
            raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 9); raw("\" width=\"10\" height=\"10\" fill=\""); raw(Self.colour(state))
            raw("\"/><text x=\""); num(x + 14); raw("\" y=\""); num(y); raw("\">"); raw(word); raw("</text>")
            x += 26 + Double(word.count) * 6.5
        }
        raw("\n</g>\n")
        return y
    }
}
