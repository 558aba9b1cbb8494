import GestureEngine

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
}

/// Records the replay for a picture: the scene before the first event, then every transition in
/// the window (at most `Picture.maximumSteps` of them).
final class PictureRecorder: ReplayObserver {
    var data: PictureData
    /// Lane of each recognizer (looked up, never iterated: output order is the scene's).
    private var lanes: [ObjectIdentifier: Int] = [:]

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
        collectViews(start.scene.rootView, depth: 0)
    }

    private func collectViews(_ view: View, depth: Int) {
        var depth = depth
        if view.isBounded {
            data.views.append((view.name, Rect(origin: view.originInWindow, size: view.frame.size), depth))
            depth += 1
        }
        for sub in view.subviews { collectViews(sub, depth: depth) }
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
        }
        if let from = data.window.from, t.time < from {
            // Before the window: only the state it leaves (a terminal state is reset in the same step).
            data.initialStates[lane] = t.state.isTerminal ? .possible : t.state
            return
        }
        if let to = data.window.to, t.time > to { return }
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
