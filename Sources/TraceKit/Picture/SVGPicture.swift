@_spi(Formatting) import GestureEngine

/// `gesturereplay render`: one self-contained SVG picture of a replay (docs/pictures.md).
///
/// Top: the screen and the scene's views, each touch's path (a colour per touch, a dot per sample,
/// start and end marked, time ticks) and, per recognizer, markers where it began, ended, failed or
/// was cancelled (hover: a `<title>` with the reason and values; a velocity arrow, the marquee's
/// selection rectangle). Below: a timeline with one lane per recognizer (its state as coloured
/// spans) and one lane per touch.
///
/// Deterministic bytes: every number goes through the project's fixed-point formatter, everything
/// is drawn in scene, transition and trace order (no dictionary is iterated).
public enum Picture {
    /// Beyond this many samples in all, each touch's drawn points are decimated (every k-th, first
    /// and last kept) and the picture says so.
    public static let maximumDrawnSamples = 4000
    /// Touch lanes drawn in the timeline at most (the picture names how many more there were).
    public static let maximumTouchLanes = 48
    /// Recognizer markers drawn at most (the picture says how many were left out).
    public static let maximumMarkers = 1500

    /// Replays `options.inputPath` and returns the picture, headed `title` (default: the path).
    /// Throws what the replay throws; standard input is refused (the trace is read twice: once
    /// replayed, once for its samples).
    public static func svg(
        _ options: ReplayOptions, title: String? = nil,
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> String {
        if options.inputPath == "-" {
            throw .usage("render needs a trace file, not standard input (the trace is read twice)")
        }
        let recorder = PictureRecorder(tracePath: title ?? options.inputPath)
        var sink = OutputBuffer(fileDescriptor: nil)
        var quiet = options
        quiet.summary = false
        try Replayer.run(quiet, output: &sink, warn: warn, observer: recorder)
        var data = recorder.data
        data.touches = try samples(options)
        var picture = SVGPicture(data)
        return picture.render()
    }

    /// The trace's touches, each with its samples, in order of first appearance.
    static func samples(_ options: ReplayOptions) throws(TraceError) -> [PictureData.TouchPath] {
        let reader = try AnyTraceReader(
            path: options.inputPath, format: options.inputFormat,
            timeUnit: options.detectsTimeUnit ? .seconds : options.timeUnit, recording: options.recordingOptions)
        var paths: [PictureData.TouchPath] = []
        var index: [TouchID: Int] = [:]
        func add<R: TraceReader>(_ r: R) throws(TraceError) {
            let frames = FrameAssembler(reader: r, mode: options.lenient ? .lenient : .strict, checksTouchSequence: true)
            while let frame = try frames.next() {
                for row in frame.rows {
                    let i: Int
                    if let known = index[row.touch],
                        row.phase != .began || paths[known].lastPhase != .ended && paths[known].lastPhase != .cancelled
                    {
                        i = known
                    } else {
                        // A new touch (or an id used again after it lifted: a new path).
                        i = paths.count
                        index[row.touch] = i
                        paths.append(PictureData.TouchPath(label: reader.touchNames.text(of: row.touch)))
                    }
                    paths[i].times.append(frame.time)
                    paths[i].points.append(row.location)
                    paths[i].lastPhase = row.phase
                }
            }
        }
        if options.sortsByTime || options.detectsTimeUnit {
            try add(try ReadAheadTraceReader(reader, sort: options.sortsByTime, detectUnit: options.detectsTimeUnit, note: { _ in }))
        } else {
            try add(reader)
        }
        return paths
    }
}

/// Draws one picture from recorded data.
struct SVGPicture {
    let data: PictureData
    var out = OutputBuffer(fileDescriptor: nil)

    // Layout (px).
    static let margin = 16.0
    static let headerHeight = 34.0
    static let sceneBox = 560.0
    static let labelWidth = 150.0
    static let laneHeight = 16.0
    static let minimumWidth = 720.0

    /// The touch colours (colour-blind-friendly, Okabe-Ito first), cycled.
    static let palette = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7b3294", "#1b7837", "#a6611a", "#4d4d4d"]
    /// State colours in the timeline and the markers.
    static func colour(_ s: GestureRecognizerState) -> String {
        switch s {
        case .possible: "#d9d9d9"
        case .began, .changed: "#4a90d9"
        case .ended: "#2ca02c"
        case .failed: "#d62728"
        case .cancelled: "#ff7f0e"
        }
    }

    /// The part of the world drawn (scene coordinates) and its scale to pixels.
    var world = Rect(origin: .zero, size: Size(width: 1, height: 1))
    var scale = 1.0
    var width = 0.0
    var sceneTop = headerHeight
    var notes: [String] = []

    init(_ data: PictureData) {
        self.data = data
    }

    // MARK: Layout

    /// The world: the screen if known, else the views and samples; never empty, always finite.
    mutating func layout() {
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        if let s = data.screen {
            maxX = s.width; maxY = s.height
        } else {
            var first = true
            func include(_ x: Double, _ y: Double) {
                guard x.isFinite, y.isFinite else { return }
                if first { minX = x; maxX = x; minY = y; maxY = y; first = false; return }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            for v in data.views {
                include(v.frame.origin.x, v.frame.origin.y)
                include(v.frame.origin.x + v.frame.size.width, v.frame.origin.y + v.frame.size.height)
            }
            for t in data.touches { for p in t.points { include(p.x, p.y) } }
            // Samples far from everything else would shrink the picture to nothing: a bound.
            minX = max(minX, -100_000); minY = max(minY, -100_000); maxX = min(maxX, 100_000); maxY = min(maxY, 100_000)
            minX = min(minX, 0); minY = min(minY, 0)
        }
        if maxX - minX < 1 { maxX = minX + 1 }
        if maxY - minY < 1 { maxY = minY + 1 }
        world = Rect(origin: Point(x: minX, y: minY), size: Size(width: maxX - minX, height: maxY - minY))
        scale = Self.sceneBox / max(world.size.width, world.size.height)
        width = max(Self.minimumWidth, world.size.width * scale + 2 * Self.margin)
    }

    /// Pixel x of a scene x (clamped a little outside the drawn world: far off-screen points are
    /// drawn at the edge, and the picture counts them).
    func px(_ x: Double) -> Double {
        let v = Self.margin + (x - world.origin.x) * scale
        return v.isFinite ? min(max(v, -8), width + 8) : -8
    }
    func py(_ y: Double) -> Double {
        let v = sceneTop + (y - world.origin.y) * scale
        let bottom = sceneTop + world.size.height * scale
        return v.isFinite ? min(max(v, sceneTop - 8), bottom + 8) : sceneTop - 8
    }
    func isOutside(_ p: Point) -> Bool {
        !(p.x.isFinite && p.y.isFinite) || p.x < world.origin.x - 8 / scale || p.y < world.origin.y - 8 / scale
            || p.x > world.origin.x + world.size.width + 8 / scale || p.y > world.origin.y + world.size.height + 8 / scale
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

    /// A point for `<title>`s: `(x, y)`, 1 decimal.
    mutating func pair(_ x: Double, _ y: Double) {
        raw("(")
        out.appendNumber(x, decimals: DisplayPrecision.point)
        raw(", ")
        out.appendNumber(y, decimals: DisplayPrecision.point)
        raw(")")
    }

    // MARK: Drawing

    mutating func render() -> String {
        layout()
        let sceneHeight = world.size.height * scale
        let (t0, t1) = timeRange()
        let shownTouches = min(data.touches.count, Picture.maximumTouchLanes)
        let timelineTop = sceneTop + sceneHeight + 40
        // The body first (it finds the notes), then the header that knows the height.
        drawScene()
        drawPaths()
        drawMarkers()
        drawKey()
        let legendY = drawTimeline(top: timelineTop, t0: t0, t1: t1, shownTouches: shownTouches)
        var y = legendY + 22
        raw("<g class=\"notes\" fill=\"#555\">\n")
        for note in notes {
            raw("<text x=\""); num(Self.margin); raw("\" y=\""); num(y); raw("\">"); text(note); raw("</text>\n")
            y += 14
        }
        raw("</g>\n</svg>\n")
        let height = y + 4
        let body = out
        out = OutputBuffer(fileDescriptor: nil)
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        num(width); raw("\" height=\""); num(height); raw("\" viewBox=\"0 0 "); num(width); raw(" "); num(height)
        raw("\" font-family=\"sans-serif\" font-size=\"11\">\n<title>gesturereplay: ")
        text(data.tracePath)
        raw(
            "</title>\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#333\"/></marker></defs>\n"
        )
        raw("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n")
        raw("<text x=\""); num(Self.margin); raw("\" y=\"22\" font-size=\"14\" font-weight=\"bold\">"); text(data.tracePath);
        raw("</text>\n")
        return out.text + body.text
    }

    /// The first sample or transition to the last one.
    func timeRange() -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity
        for t in data.touches {
            if let f = t.times.first, f.isFinite { lo = min(lo, f) }
            if let l = t.times.last, l.isFinite { hi = max(hi, l) }
        }
        for s in data.steps where s.time.isFinite {
            lo = min(lo, s.time); hi = max(hi, s.time)
        }
        if !lo.isFinite { lo = 0 }
        if !hi.isFinite || hi < lo { hi = lo }
        if hi - lo < 0.001 { hi = lo + 0.001 }
        return (lo, hi)
    }

    mutating func drawScene() {
        raw("<g class=\"scene\">\n<rect x=\""); num(px(world.origin.x)); raw("\" y=\""); num(py(world.origin.y))
        raw("\" width=\""); num(world.size.width * scale); raw("\" height=\""); num(world.size.height * scale)
        raw("\" fill=\"#f7f7f7\" stroke=\"#999\"><title>")
        if let s = data.screen {
            raw("screen "); num(s.width); raw("x"); num(s.height); raw(" pt")
        } else {
            raw("no screen size: the views' and samples' extent")
        }
        raw("</title></rect>\n")
        for v in data.views {
            let f = v.frame
            raw("<g class=\"view\"><rect x=\""); num(px(f.origin.x)); raw("\" y=\""); num(py(f.origin.y))
            raw("\" width=\""); num(max(0, px(f.origin.x + f.size.width) - px(f.origin.x)))
            raw("\" height=\""); num(max(0, py(f.origin.y + f.size.height) - py(f.origin.y)))
            raw("\" fill=\""); raw(v.depth == 0 ? "#eef2f7" : "#e3e9f2"); raw("\" stroke=\"#7f8fa6\"><title>view ")
            text(v.name); raw(" frame "); pair(f.origin.x, f.origin.y); raw(" "); num(f.size.width); raw("x"); num(f.size.height)
            raw("</title></rect><text x=\""); num(px(f.origin.x) + 3); raw("\" y=\""); num(py(f.origin.y) + 12)
            raw("\" fill=\"#52627a\">"); text(v.name); raw("</text></g>\n")
        }
        raw("</g>\n")
    }

    /// Every k-th sample index of a path of `n` samples, first and last kept.
    static func drawnIndices(_ n: Int, every k: Int) -> [Int] {
        guard n > 0 else { return [] }
        var r = Array(stride(from: 0, to: n, by: k))
        if r.last != n - 1 { r.append(n - 1) }
        return r
    }

    /// The decimation step: 1 when every sample fits the bound.
    var decimation: Int {
        let total = data.touches.reduce(0) { $0 + $1.points.count }
        guard total > Picture.maximumDrawnSamples else { return 1 }
        return (total + Picture.maximumDrawnSamples - 1) / Picture.maximumDrawnSamples
    }

    mutating func drawPaths() {
        let k = decimation
        let total = data.touches.reduce(0) { $0 + $1.points.count }
        var drawn = 0, outside = 0
        raw("<g class=\"touches\" fill=\"none\">\n")
        for (i, t) in data.touches.enumerated() {
            let colour = Self.palette[i % Self.palette.count]
            let idx = Self.drawnIndices(t.points.count, every: k)
            drawn += idx.count
            raw("<g class=\"touch\" stroke=\""); raw(colour); raw("\"><title>touch "); text(t.label); raw(": ")
            out.append(t.points.count); raw(t.points.count == 1 ? " sample" : " samples"); raw(", ")
            time(t.times.first ?? 0); raw(" s to "); time(t.times.last ?? 0); raw(" s, ")
            raw(t.lastPhase == .cancelled ? "cancelled" : t.lastPhase == .ended ? "ended" : "still down at the end")
            raw("</title>\n<polyline stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"")
            for (n, j) in idx.enumerated() {
                if n > 0 { raw(" ") }
                num(px(t.points[j].x)); raw(","); num(py(t.points[j].y))
                if isOutside(t.points[j]) { outside += 1 }
            }
            raw("\"/>\n")
            // A dot per drawn sample.
            raw("<path stroke-width=\"3.5\" stroke-linecap=\"round\" d=\"")
            for j in idx {
                raw("M"); num(px(t.points[j].x)); raw(","); num(py(t.points[j].y)); raw("h0")
            }
            raw("\"/>\n")
            if let first = t.points.first, let last = t.points.last {
                // Start: a ring; end: a square (a cross when cancelled).
                raw("<circle class=\"start\" cx=\""); num(px(first.x)); raw("\" cy=\""); num(py(first.y));
                raw("\" r=\"6\" stroke-width=\"2\"/>\n")
                if t.lastPhase == .cancelled {
                    raw("<path class=\"end\" stroke-width=\"2\" d=\"M"); num(px(last.x) - 5); raw(","); num(py(last.y) - 5);
                    raw("l10,10m0,-10l-10,10\"/>\n")
                } else {
                    raw("<rect class=\"end\" x=\""); num(px(last.x) - 4.5); raw("\" y=\""); num(py(last.y) - 4.5)
                    raw("\" width=\"9\" height=\"9\" stroke-width=\"2\"/>\n")
                }
                if i < Picture.maximumTouchLanes {
                    raw("<text x=\""); num(px(first.x) + 8); raw("\" y=\""); num(py(first.y) - 8); raw("\" fill=\""); raw(colour)
                    raw("\" stroke=\"none\">"); text(t.label); raw("</text>\n")
                }
            }
            if i < Picture.maximumTouchLanes { drawTicks(t, colour: colour) }
            raw("</g>\n")
        }
        raw("</g>\n")
        if k > 1 {
            notes.append("decimated: \(drawn) of \(total) samples drawn (every \(k)th of each touch, first and last kept)")
        }
        if data.touches.count > Picture.maximumTouchLanes {
            notes.append("touches after the first \(Picture.maximumTouchLanes): no name labels or time ticks")
        }
        if outside > 0 {
            notes.append("\(outside) drawn samples lie outside the picture and are drawn at its edge")
        }
    }

    /// Time ticks along a path: a short mark and its time at the first sample of each step (at most
    /// 10 per touch).
    mutating func drawTicks(_ t: PictureData.TouchPath, colour: String) {
        guard let start = t.times.first, let end = t.times.last, end > start, t.times.count > 2 else { return }
        let steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 600, 3600]
        let step = steps.first { (end - start) / $0 <= 10 } ?? (end - start) / 10
        var next = start + step
        var ticks = 0
        var lastX = px(t.points[0].x), lastY = py(t.points[0].y)
        for (j, time) in t.times.enumerated() where time >= next && j < t.times.count - 1 {
            let p = t.points[j]
            // Labels closer than 24 px to the previous one would overlap: skipped.
            let dx = px(p.x) - lastX, dy = py(p.y) - lastY
            guard dx * dx + dy * dy >= 24 * 24 else { continue }
            lastX = px(p.x); lastY = py(p.y)
            raw("<circle class=\"tick\" cx=\""); num(px(p.x)); raw("\" cy=\""); num(py(p.y));
            raw("\" r=\"2.5\" fill=\"#fff\" stroke-width=\"1.5\"/>")
            raw("<text x=\""); num(px(p.x) + 5); raw("\" y=\""); num(py(p.y) + 12); raw("\" font-size=\"9\" fill=\""); raw(colour);
            raw("\" stroke=\"none\">")
            out.appendNumber(time - start, decimals: 2, trim: true); raw(" s</text>\n")
            while next <= time { next += step }
            ticks += 1
            if ticks >= 10 { break }
        }
    }

    /// The transition's values, for a `<title>`.
    mutating func describe(_ s: PictureData.Step) {
        let r = data.recognizers[s.lane]
        text(r.name); raw(" ("); text(r.kind); raw(") "); raw(s.previous.description); raw(" -> "); raw(s.state.description)
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
        }
        for (name, value) in v.extra {
            raw(", "); text(name); raw(" ")
            switch value {
            case .integer(let i): out.append(i)
            case .number(let d): ratio(d)
            case .text(let t): text(t)
            case .point(let p): pair(p.x, p.y)
            }
        }
        if let reason = s.reason { raw("; reason: "); text(reason) }
    }

    /// Beside the scene, where there is room: what the marks mean, each recognizer's outcomes and
    /// the touches (as many as fit beside the scene).
    mutating func drawKey() {
        let left = px(world.origin.x + world.size.width) + 28
        let bottom = sceneTop + world.size.height * scale
        guard width - left >= 220 else { return }
        var y = sceneTop + 12
        raw("<g class=\"key\">\n<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">key</text>\n")
        let shapes: [(String, String)] = [
            ("<circle cx=\"6\" cy=\"0\" r=\"5\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>", "a touch starts (a dot per sample)"),
            (
                "<rect x=\"2\" y=\"-4\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>",
                "a touch ends (a cross: cancelled)"
            ),
            ("<path d=\"M6,-6l6,11h-12z\" fill=\"none\" stroke=\"#4a90d9\" stroke-width=\"2\"/>", "a recognizer began"),
            ("<circle cx=\"6\" cy=\"0\" r=\"5.5\" fill=\"#2ca02c\"/>", "ended (recognized)"),
            ("<path d=\"M1,-5l10,10m0,-10l-10,10\" stroke=\"#d62728\" stroke-width=\"3\"/>", "failed (hover: the reason)"),
            ("<path d=\"M1,-5l10,10m0,-10l-10,10\" stroke=\"#ff7f0e\" stroke-width=\"3\"/>", "cancelled"),
            (
                "<line x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\" stroke=\"#333\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>",
                "velocity: 0.1 s of travel"
            ),
        ]
        for (shape, meaning) in shapes {
            y += 17
            raw("<g transform=\"translate("); num(left); raw(","); num(y - 4); raw(")\">"); raw(shape); raw("</g><text x=\"");
            num(left + 22)
            raw("\" y=\""); num(y); raw("\">"); raw(meaning); raw("</text>\n")
        }
        // Per recognizer: how often it reached each state.
        y += 26
        raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">recognizers</text>\n")
        var counts = [[Int]](repeating: [0, 0, 0, 0], count: data.recognizers.count)
        for step in data.steps {
            switch step.state {
            case .began: counts[step.lane][0] += 1
            case .ended: counts[step.lane][1] += 1
            case .failed: counts[step.lane][2] += 1
            case .cancelled: counts[step.lane][3] += 1
            case .possible, .changed: break
            }
        }
        for (lane, r) in data.recognizers.enumerated() {
            guard y + 30 < bottom else { break }
            y += 15
            var words: [String] = []
            for (n, name) in zip(counts[lane], ["began", "ended", "failed", "cancelled"]) where n > 0 { words.append("\(name) \(n)") }
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\">"); text(r.name); raw(": ")
            raw(words.isEmpty ? "no transition" : words.joined(separator: ", ")); raw("</text>\n")
        }
        y += 26
        if y + 15 < bottom {
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">touches</text>\n")
        }
        for (i, t) in data.touches.enumerated() {
            guard y + 30 < bottom else { break }
            y += 15
            raw("<rect x=\""); num(left); raw("\" y=\""); num(y - 9); raw("\" width=\"14\" height=\"10\" fill=\"");
            raw(Self.palette[i % Self.palette.count])
            raw("\"/><text x=\""); num(left + 20); raw("\" y=\""); num(y); raw("\">"); text(t.label); raw(": ")
            out.append(t.points.count); raw(t.points.count == 1 ? " sample, " : " samples, "); time(t.times.first ?? 0); raw(" to ");
            time(t.times.last ?? 0); raw(" s</text>\n")
        }
        raw("</g>\n")
    }

    mutating func drawMarkers() {
        raw("<g class=\"recognizers\">\n")
        var drawn = 0, skipped = 0
        for s in data.steps {
            // `changed` is drawn only where the gesture ends (its arrow): markers for began, ended,
            // failed and cancelled.
            guard s.state != .changed && s.state != .possible else { continue }
            guard drawn < Picture.maximumMarkers else { skipped += 1; continue }
            drawn += 1
            let x = px(s.values.location.x), y = py(s.values.location.y)
            let colour = Self.colour(s.state)
            raw("<g class=\"marker "); raw(s.state.description); raw("\"><title>"); describe(s); raw("</title>")
            switch s.state {
            case .began:
                raw("<path d=\"M"); num(x); raw(","); num(y - 7); raw("l6,11h-12z\" fill=\"none\" stroke=\""); raw(colour);
                raw("\" stroke-width=\"2\"/>")
            case .ended:
                if let sel = s.values.selectionRect {
                    raw("<rect x=\""); num(px(sel.origin.x)); raw("\" y=\""); num(py(sel.origin.y))
                    raw("\" width=\""); num(max(0, px(sel.origin.x + sel.size.width) - px(sel.origin.x)))
                    raw("\" height=\""); num(max(0, py(sel.origin.y + sel.size.height) - py(sel.origin.y)))
                    raw("\" fill=\"#2ca02c\" fill-opacity=\"0.12\" stroke=\"#2ca02c\" stroke-dasharray=\"5,3\"/>")
                }
                raw("<circle cx=\""); num(x); raw("\" cy=\""); num(y); raw("\" r=\"6\" fill=\""); raw(colour);
                raw("\" fill-opacity=\"0.85\" stroke=\"#fff\" stroke-width=\"1.5\"/>")
            case .failed, .cancelled:
                raw("<path d=\"M"); num(x - 6); raw(","); num(y - 6); raw("l12,12m0,-12l-12,12\" stroke=\""); raw(colour);
                raw("\" stroke-width=\"3\" stroke-linecap=\"round\"/>")
            case .possible, .changed:
                break
            }
            // A velocity arrow (0.1 s of travel) where a gesture ends.
            if s.state == .ended, let v = s.values.velocity, v.dx.isFinite, v.dy.isFinite, abs(v.dx) + abs(v.dy) > 1 {
                let ex = px(s.values.location.x + v.dx * 0.1), ey = py(s.values.location.y + v.dy * 0.1)
                raw("<line x1=\""); num(x); raw("\" y1=\""); num(y); raw("\" x2=\""); num(ex); raw("\" y2=\""); num(ey)
                raw("\" stroke=\"#333\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>")
            }
            if s.state == .ended {
                var label = ""
                if let sc = s.values.scale { label += "×" + Self.fixed(sc, 2) }
                if let ro = s.values.rotation { label += (label.isEmpty ? "" : " ") + Self.fixed(ro, 2) + " rad" }
                if let d = s.values.direction { label += (label.isEmpty ? "" : " ") + String(describing: d) }
                if !label.isEmpty {
                    raw("<text x=\""); num(x + 8); raw("\" y=\""); num(y - 9); raw("\" fill=\"#1b5e20\" font-weight=\"bold\">");
                    text(label); raw("</text>")
                }
            }
            raw("</g>\n")
        }
        raw("</g>\n")
        if skipped > 0 { notes.append("\(skipped) more recognizer markers not drawn (at most \(Picture.maximumMarkers))") }
    }

    /// A number as the project's formatter writes it.
    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var b = OutputBuffer(fileDescriptor: nil)
        b.appendNumber(v, decimals: decimals, trim: false)
        return b.text
    }

    mutating func drawTimeline(top: Double, t0: Double, t1: Double, shownTouches: Int) -> Double {
        let left = Self.margin + Self.labelWidth, right = width - Self.margin
        let span = t1 - t0
        func tx(_ t: Double) -> Double {
            let v = left + (t - t0) / span * (right - left)
            return v.isFinite ? min(max(v, left), right) : left
        }
        raw("<g class=\"timeline\">\n<text x=\""); num(Self.margin); raw("\" y=\""); num(top - 8);
        raw("\" font-weight=\"bold\">timeline (s)</text>\n")
        // Axis ticks.
        let steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 600, 3600]
        let step = steps.first { span / $0 <= 10 } ?? span / 10
        var k = (t0 / step).rounded(.up)
        let lanesBottom = top + 6 + Double(data.recognizers.count + shownTouches) * Self.laneHeight
        var ticks = 0
        while k * step <= t1 + 1e-9 && ticks < 40 {
            let x = tx(k * step)
            raw("<line x1=\""); num(x); raw("\" y1=\""); num(top); raw("\" x2=\""); num(x); raw("\" y2=\""); num(lanesBottom)
            raw("\" stroke=\"#e5e5e5\"/><text x=\""); num(x); raw("\" y=\""); num(top);
            raw("\" font-size=\"9\" text-anchor=\"middle\" fill=\"#777\">")
            out.appendNumber(k * step, decimals: 3, trim: true); raw("</text>\n")
            k += 1; ticks += 1
        }
        var y = top + 6
        // Recognizer lanes: the state held from each transition to the next.
        var current = [(state: GestureRecognizerState, since: Double, reason: String?)](
            repeating: (.possible, t0, nil), count: data.recognizers.count)
        var spans = [[(state: GestureRecognizerState, from: Double, to: Double, reason: String?)]](
            repeating: [], count: data.recognizers.count)
        for s in data.steps {
            let c = current[s.lane]
            // began -> changed -> changed ... is one span (one colour).
            if (c.state == .began || c.state == .changed) && s.state == .changed { continue }
            if s.time > c.since || c.state != .possible { spans[s.lane].append((c.state, c.since, s.time, c.reason)) }
            current[s.lane] = (s.state, s.time, s.reason)
        }
        var hiddenSpans = 0
        for (lane, r) in data.recognizers.enumerated() {
            let c = current[lane]
            spans[lane].append((c.state, c.since, t1, c.reason))
            raw("<g class=\"lane recognizer\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 11); raw("\">"); text(r.name);
            raw(" ("); text(r.kind); raw(")</text>\n")
            var lastPixel = -Double.infinity
            for sp in spans[lane] {
                let x0 = tx(sp.from), x1 = max(tx(sp.to), x0 + 1.5)
                // Spans starting in the pixel column of the one before are hidden by it: skipped
                // (counted), so a lane holds at most about one span per pixel.
                if x0.rounded(.down) == lastPixel { hiddenSpans += 1; continue }
                lastPixel = x0.rounded(.down)
                raw("<rect x=\""); num(x0); raw("\" y=\""); num(y + 2); raw("\" width=\""); num(x1 - x0); raw("\" height=\"");
                num(Self.laneHeight - 4)
                raw("\" fill=\""); raw(Self.colour(sp.state)); raw("\"><title>"); text(r.name); raw(" "); raw(sp.state.description);
                raw(" from "); time(sp.from); raw(" s to "); time(sp.to); raw(" s")
                if let reason = sp.reason { raw("; reason: "); text(reason) }
                raw("</title></rect>\n")
            }
            raw("</g>\n")
            y += Self.laneHeight
        }
        if hiddenSpans > 0 { notes.append("timeline: \(hiddenSpans) spans starting in the same pixel as the one before not drawn") }
        // Touch lanes.
        for (i, t) in data.touches.prefix(shownTouches).enumerated() {
            let colour = Self.palette[i % Self.palette.count]
            raw("<g class=\"lane touch\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 11); raw("\" fill=\""); raw(colour);
            raw("\">touch "); text(t.label); raw("</text>")
            if let a = t.times.first, let b = t.times.last {
                raw("<rect x=\""); num(tx(a)); raw("\" y=\""); num(y + 4); raw("\" width=\""); num(max(tx(b) - tx(a), 1.5));
                raw("\" height=\""); num(Self.laneHeight - 8)
                raw("\" fill=\""); raw(colour); raw("\"><title>touch "); text(t.label); raw(" "); time(a); raw(" s to "); time(b);
                raw(" s</title></rect>")
            }
            raw("</g>\n")
            y += Self.laneHeight
        }
        if data.touches.count > shownTouches {
            notes.append(
                "timeline: \(data.touches.count - shownTouches) more touches not shown (at most \(Picture.maximumTouchLanes) lanes)")
        }
        // Legend.
        y += 14
        var x = Self.margin
        for (name, state) in [
            ("possible", GestureRecognizerState.possible), ("began/changed", .began), ("ended", .ended), ("failed", .failed),
            ("cancelled", .cancelled),
        ] {
            raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 9); raw("\" width=\"10\" height=\"10\" fill=\""); raw(Self.colour(state));
            raw("\"/><text x=\""); num(x + 14); raw("\" y=\""); num(y); raw("\">"); raw(name); raw("</text>")
            x += 24 + Double(name.count) * 6.5
        }
        raw("\n</g>\n")
        return y
    }
}
