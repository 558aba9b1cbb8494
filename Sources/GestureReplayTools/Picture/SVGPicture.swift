@_spi(Formatting) import GestureEngine
import TraceReplay

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
    /// The outcomes list, in its order (row n is numbered n + 1).
    var rows: [OutcomeRow] = []
    /// List every recognizer's outcome (a scroll view's own are folded into its gestures without it).
    var listsEveryOutcome = false
    /// What to point at, and the step it is (nil: none, or not in this replay).
    var highlight: PictureHighlight?
    var highlighted: Int?
    /// How the notes name the options that show more (`--from`, ``OptionSpelling/library``'s `PictureWindow.from`).
    var spelling: OptionSpelling = .library

    init(_ data: PictureData) {
        self.data = data
    }

    /// `text` with its options as ``spelling`` writes them.
    func spelled(_ text: DiagnosticText) -> String { text.spelled(spelling) }

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

    /// The inset's own label placer (its labels are placed in the inset alone).
    var insetPlacer = LabelPlacer()

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
            raw(data.window.to.map { Self.fixed($0, 3) + " s" } ?? "end")
            raw(" (" + spelled("\(option: .pictureFrom)/\(option: .pictureTo)") + ")</text>\n")
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

    /// Numbers the outcomes list's rows (`OutcomeList`): every transition a row stands for carries its number.
    mutating func numberOutcomes() {
        numbers = [Int](repeating: 0, count: data.steps.count)
        rows = OutcomeList.rows(data, all: listsEveryOutcome)
        for (n, row) in rows.enumerated() {
            for i in row.steps { numbers[i] = n + 1 }
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
        return TimeAxis.widened(lo, hi)
    }

    mutating func collectNotes() {
        if let empty = data.windowMissesTrace { notes.append(empty) }
        if data.touchCount > data.touches.count {
            notes.append(
                spelled(
                    "\(data.touchCount - data.touches.count) touches after the first \(data.touches.count) not drawn (at most \(Picture.maximumDrawnTouches); \(option: .pictureFrom)/\(option: .pictureTo) shows a later part)"
                ))
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
                spelled(
                    "\(data.droppedSteps) transitions from \(Self.fixed(data.firstDroppedTime, 3)) s on not drawn (at most \(Picture.maximumSteps); \(option: .pictureFrom) shows them)"
                ))
        }
        collectScrollAndControlNotes()
        if data.nonFiniteSamples > 0 { notes.append("\(data.nonFiniteSamples) samples with a non-finite coordinate drawn at the edge") }
        if rows.count > Picture.maximumListedOutcomes {
            notes.append(
                "outcomes: the first \(Picture.maximumListedOutcomes) of \(rows.count) listed and numbered (hover a marker for the others)"
            )
        }
    }
}
