import GestureEngine
import TraceReplay

/// The part of a trace a picture shows: trace times `from...to`, seconds (`render --from/--to`);
/// nil ends are open.
public struct PictureWindow: Hashable, Sendable {
    public var from: Double?
    public var to: Double?

    public init(from: Double? = nil, to: Double? = nil) {
        self.from = from
        self.to = to
    }

    /// Whether trace time `t` is shown.
    func contains(_ t: Double) -> Bool {
        (from.map { t >= $0 } ?? true) && (to.map { t <= $0 } ?? true)
    }
}

/// What a picture is drawn from: the scene, the transitions of the replay (the stream the text and
/// JSON Lines renderers print) and the touch samples of the trace, each bounded (a picture's memory
/// does not grow with the trace: `Picture.maximumSteps`, `maximumDrawnTouches`, `maximumDrawnSamples`).
struct PictureData {
    /// One recorded transition (names copied when it happened: a recognizer may be renamed later).
    struct Step {
        var time: Double
        var lane: Int
        var previous: GestureRecognizerState
        var state: GestureRecognizerState
        var values: GestureValues
        var reason: String?
        /// The marquee's selection rectangle converted from its view's coordinates to the window's
        /// (`View.convert(toWindow:)`, the engine's conversion), nil without one.
        var selectionInWindow: Rect?
    }

    /// One drawn touch: its label and the samples kept (every `PictureData.stride`-th sample of it
    /// in the window, and its last one).
    struct TouchPath {
        var label: String
        /// Its place among the drawn touches (colour, dash).
        var ordinal: Int
        /// Its timeline lane (lanes are reused once their touch lifted), nil when all are taken.
        var lane: Int?
        /// Kept samples (indices 0, stride, 2 stride, ... of the touch's samples in the window).
        var times: [Double] = []
        var points: [Point] = []
        /// Samples of this touch in the window.
        var count = 0
        var lastTime = 0.0
        var last = Point.zero
        /// How it ended: `.ended`, `.cancelled`, or another phase when the trace stopped with it down.
        var lastPhase: TouchPhase = .began

        /// The kept samples and the last one (when it is not kept already).
        /// The index (among this touch's samples in the window) of the last kept sample.
        var lastKeptIndex = -1

        var drawnPoints: [Point] { count - 1 > lastKeptIndex ? points + [last] : points }
        var drawnTimes: [Double] { count - 1 > lastKeptIndex ? times + [lastTime] : times }
    }

    var tracePath: String
    var window = PictureWindow()
    var screen: Size?
    /// Bounded views, outermost first, with frames in window coordinates.
    var views: [(name: String, frame: Rect, depth: Int)] = []
    /// Lanes: one per recognizer of the scene, in scene order.
    var recognizers: [(name: String, kind: String)] = []
    /// For each lane, the scroll view whose own recognizer it is (its content-touch delay, pan or
    /// paging swipe), nil for the app's; empty: none known (a picture made without them).
    var scrollRoles: [ScrollRole?] = []
    /// The outcomes per recognizer and time bucket, over the whole window (kept steps or not).
    var outcomeBuckets: OutcomeBuckets?
    /// When each touch in the window began, seconds (the first `Picture.maximumTouchStarts`).
    var touchStarts: [Double] = []
    /// The state each recognizer held when the window opened (`possible` without `--from`).
    var initialStates: [GestureRecognizerState] = []
    var steps: [Step] = []
    /// Transitions in the window not kept (beyond `Picture.maximumSteps`), and the first one's time.
    var droppedSteps = 0
    var firstDroppedTime = 0.0

    var touches: [TouchPath] = []
    /// Every touch with a sample in the window (drawn or not).
    var touchCount = 0
    /// Every sample in the window.
    var sampleCount = 0
    /// Every `stride`-th sample of each drawn touch is kept (1: all).
    var stride = 1
    /// Touch lanes used.
    var touchLanes = 0
    /// Drawn touches without a lane.
    var touchesWithoutLane = 0
    /// The samples' extent (finite coordinates only), nil without one.
    var sampleBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    /// Samples with a coordinate that is not finite.
    var nonFiniteSamples = 0
    /// The first and last sample time in the window.
    var sampleTimes: (Double, Double)?
    /// The first and last sample time of the whole trace (nil: no sample).
    var traceTimes: (Double, Double)?

    /// Why the window shows none of the trace (it starts after its last sample or ends before its
    /// first), nil when it shows some of it or the trace has no sample.
    var windowMissesTrace: String? {
        guard let (first, last) = traceTimes else { return nil }
        func seconds(_ t: Double) -> String { SVGPicture.fixed(t, 3) + " s" }
        if let from = window.from, from > last {
            return "the picture shows trace times from \(seconds(from)) on, after the trace's last sample at \(seconds(last)): it is empty"
        }
        if let to = window.to, to < first {
            return "the picture shows trace times up to \(seconds(to)), before the trace's first sample at \(seconds(first)): it is empty"
        }
        return nil
    }

    /// The scroll views of the scene, in scene order, with their content offsets over the window.
    var scrollViews: [ScrollTrack] = []
    /// For each entry of `views`: the scroll views (indices into `scrollViews`) it lies in,
    /// outermost first (empty: none, or a picture made without them).
    var viewScrollAncestors: [[Int]] = []
    /// Scroll reports in the window not kept (beyond `Picture.maximumScrollReports`), and the first one's time.
    var droppedScrollReports = 0
    var firstDroppedScrollTime = 0.0
    /// The controls of the scene (`Control`, `Button`), in scene order.
    var controls: [(name: String, className: String)] = []
    /// The control events in the window, in the order sent (at most `Picture.maximumControlEvents`).
    var controlEvents: [(time: Double, control: Int, event: ControlEvent)] = []
    var droppedControlEvents = 0
    var firstDroppedControlTime = 0.0

    /// A recognizer a scroll view adds to itself (`UIScrollView`'s own), folded into the scroll
    /// view's gestures in the outcomes list.
    struct ScrollRole: Equatable {
        enum Part: Equatable {
            /// `delayedTouchesBeganGestureRecognizer`: the content-touch delay.
            case delay
            /// `panGestureRecognizer`: moves the content.
            case pan
            /// `pagingSwipeGestureRecognizer` (with paging).
            case pagingSwipe
        }
        /// Index into `scrollViews`.
        var scrollView: Int
        var part: Part
    }

    /// A scroll view: where it is, its content, and every change of its content offset in the window.
    struct ScrollTrack {
        var name: String
        /// Its index in `views` (nil: beyond the views drawn).
        var viewIndex: Int?
        /// The content size, points (`UIScrollView.contentSize`).
        var contentSize: Size
        /// The bounds size (its frame's size), points: a page with `isPagingEnabled`.
        var boundsSize: Size
        /// The content offset when the scene was built (the views' window frames are at it).
        var sceneOffset: Point
        /// The content offset when the window opened (`sceneOffset` without `--from`).
        var start: Point
        var isPagingEnabled: Bool
        var canScrollX: Bool
        var canScrollY: Bool
        /// Every offset change in the window (`ScrollReport`), in order.
        var reports: [(time: Double, offset: Point, phase: ScrollReport.Phase)] = []

        /// The content offset at the end of the window.
        var end: Point { reports.last?.offset ?? start }
        /// Whether the picture plots x (y): the view can scroll along it, or the offset moved along it.
        var plotsX: Bool { canScrollX || reports.contains { $0.offset.x != start.x } }
        var plotsY: Bool { canScrollY || reports.contains { $0.offset.y != start.y } || !plotsX }
    }

    /// The window frame of view `i` at the content offsets `offset(s)` of the scroll views it lies in.
    func frame(ofView i: Int, at offset: (Int) -> Point) -> Rect {
        var origin = views[i].frame.origin
        if i < viewScrollAncestors.count {
            for a in viewScrollAncestors[i] {
                let o = offset(a), s = scrollViews[a].sceneOffset
                origin = Point(x: origin.x - (o.x - s.x), y: origin.y - (o.y - s.y))
            }
        }
        return Rect(origin: origin, size: views[i].frame.size)
    }

    /// The part of the window where view `i` can be seen at those offsets: the intersection of its
    /// scroll views' frames (they clip their content), nil when it lies in none.
    func clip(ofView i: Int, at offset: (Int) -> Point) -> Rect? {
        guard i < viewScrollAncestors.count, !viewScrollAncestors[i].isEmpty else { return nil }
        var clip: Rect?
        for a in viewScrollAncestors[i] {
            guard let v = scrollViews[a].viewIndex else { continue }
            let f = frame(ofView: v, at: offset)
            clip = clip.map { $0.clipped(to: f) } ?? f
        }
        return clip
    }
}

extension Rect {
    /// The overlap of two rectangles (an empty one at the nearer corner when they do not overlap).
    func clipped(to r: Rect) -> Rect {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.max(x0, Swift.min(maxX, r.maxX)), y1 = Swift.max(y0, Swift.min(maxY, r.maxY))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Records the replay for a picture: the scene before the first event, then every transition in
/// the window (at most `Picture.maximumSteps` of them).
final class PictureRecorder: ReplayObserver {
    var data: PictureData
    /// Lane of each recognizer (looked up, never iterated: output order is the scene's).
    private var lanes: [ObjectIdentifier: Int] = [:]
    /// Index of each scroll view in `data.scrollViews`, of each control in `data.controls`.
    private var scrollIndex: [ObjectIdentifier: Int] = [:]
    private var controlIndex: [ObjectIdentifier: Int] = [:]

    init(_ data: PictureData) {
        self.data = data
    }

    func replayWillStart(_ start: ReplayStart) throws(TraceError) {
        data.screen = start.scene.screen
        for (i, r) in start.scene.recognizers.enumerated() {
            lanes[ObjectIdentifier(r)] = i
            data.recognizers.append((r.name, r.kind))
            data.initialStates.append(.possible)
        }
        collectViews(start.scene.rootView, depth: 0, scrollAncestors: [])
        data.scrollRoles = [PictureData.ScrollRole?](repeating: nil, count: data.recognizers.count)
        for (s, scroll) in scrollViewObjects.enumerated() {
            let parts: [(GestureRecognizer?, PictureData.ScrollRole.Part)] = [
                (scroll.delayedTouchesBeganGestureRecognizer, .delay), (scroll.panGestureRecognizer, .pan),
                (scroll.pagingSwipeGestureRecognizer, .pagingSwipe),
            ]
            for case let (r?, part) in parts {
                if let lane = lanes[ObjectIdentifier(r)] { data.scrollRoles[lane] = .init(scrollView: s, part: part) }
            }
        }
        // The buckets of the timeline's summary: the window, or the samples' times.
        let from = data.window.from ?? data.traceTimes?.0 ?? 0
        let to = data.window.to ?? data.traceTimes?.1 ?? from
        data.outcomeBuckets = OutcomeBuckets(from: from, to: max(from, to))
    }
    /// The scroll views, in `data.scrollViews` order.
    private var scrollViewObjects: [ScrollView] = []

    private func collectViews(_ view: View, depth: Int, scrollAncestors: [Int]) {
        var depth = depth
        var ancestors = scrollAncestors
        var viewIndex: Int?
        if view.isBounded {
            viewIndex = data.views.count
            data.views.append((view.name, Rect(origin: view.originInWindow, size: view.frame.size), depth))
            data.viewScrollAncestors.append(scrollAncestors)
            depth += 1
        }
        if let scroll = view as? ScrollView {
            scrollIndex[ObjectIdentifier(scroll)] = data.scrollViews.count
            scrollViewObjects.append(scroll)
            ancestors.append(data.scrollViews.count)
            data.scrollViews.append(
                PictureData.ScrollTrack(
                    name: scroll.name, viewIndex: viewIndex, contentSize: scroll.contentSize, boundsSize: scroll.frame.size,
                    sceneOffset: scroll.contentOffset, start: scroll.contentOffset, isPagingEnabled: scroll.isPagingEnabled,
                    canScrollX: scroll.canScrollX, canScrollY: scroll.canScrollY))
        }
        if let control = view as? Control {
            controlIndex[ObjectIdentifier(control)] = data.controls.count
            data.controls.append((control.name, control is Button ? "UIButton" : "UIControl"))
        }
        for sub in view.subviews { collectViews(sub, depth: depth, scrollAncestors: ancestors) }
    }

    func replay(didScroll report: ScrollReport) {
        guard let i = scrollIndex[ObjectIdentifier(report.view)] else { return }
        if let from = data.window.from, report.time < from {
            // Before the window: only where the content is when it opens.
            data.scrollViews[i].start = report.contentOffset
            return
        }
        if let to = data.window.to, report.time > to { return }
        guard scrollReportCount < Picture.maximumScrollReports else {
            if data.droppedScrollReports == 0 { data.firstDroppedScrollTime = report.time }
            data.droppedScrollReports += 1
            return
        }
        scrollReportCount += 1
        data.scrollViews[i].reports.append((report.time, report.contentOffset, report.phase))
    }
    private var scrollReportCount = 0

    func replay(didSendControlEvent report: ControlEventReport) {
        guard let i = controlIndex[ObjectIdentifier(report.control)], data.window.contains(report.time) else { return }
        guard data.controlEvents.count < Picture.maximumControlEvents else {
            if data.droppedControlEvents == 0 { data.firstDroppedControlTime = report.time }
            data.droppedControlEvents += 1
            return
        }
        data.controlEvents.append((report.time, i, report.event))
    }

    var observesTransitions: Bool { true }

    func replay(didTransition t: Transition) {
        let lane: Int
        if let known = lanes[ObjectIdentifier(t.recognizer)] {
            lane = known
        } else {
            // A recognizer the scene did not list up front (none today): a lane of its own.
            lane = data.recognizers.count
            lanes[ObjectIdentifier(t.recognizer)] = lane
            data.recognizers.append((t.recognizer.name, t.recognizer.kind))
            data.initialStates.append(.possible)
            data.scrollRoles.append(nil)
        }
        if let from = data.window.from, t.time < from {
            // Before the window: only the state it leaves (a terminal state is reset in the same step).
            data.initialStates[lane] = t.state.isTerminal ? .possible : t.state
            return
        }
        if let to = data.window.to, t.time > to { return }
        data.outcomeBuckets?.add(lane: lane, previous: t.previous, state: t.state, at: t.time)
        guard data.steps.count < Picture.maximumSteps else {
            if data.droppedSteps == 0 { data.firstDroppedTime = t.time }
            data.droppedSteps += 1
            return
        }
        var selection: Rect?
        if let sel = t.values.selectionRect {
            let a = t.recognizer.view?.convert(toWindow: sel.origin) ?? sel.origin
            selection = Rect(origin: a, size: sel.size)
        }
        data.steps.append(
            PictureData.Step(
                time: t.time, lane: lane, previous: t.previous, state: t.state,
                values: t.values, reason: t.reason, selectionInWindow: selection))
    }
}
