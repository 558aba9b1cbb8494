import GestureEngine

/// What a picture is drawn from: the scene, every transition of the replay (the stream the text
/// and JSON Lines renderers print) and every touch sample of the trace.
struct PictureData {
    /// One recorded transition (names copied when it happened: a recognizer may be renamed later).
    struct Step {
        var time: Double
        var lane: Int
        var previous: GestureRecognizerState
        var state: GestureRecognizerState
        var values: GestureValues
        var reason: String?
    }

    /// One touch: its label and samples in trace order.
    struct TouchPath {
        var label: String
        var times: [Double] = []
        var points: [Point] = []
        /// How it ended: `.ended`, `.cancelled`, or another phase when the trace stopped with it down.
        var lastPhase: TouchPhase = .began
    }

    var tracePath: String
    var screen: Size?
    /// Bounded views, outermost first, with frames in window coordinates.
    var views: [(name: String, frame: Rect, depth: Int)] = []
    /// Lanes: one per recognizer of the scene, in scene order.
    var recognizers: [(name: String, kind: String)] = []
    var steps: [Step] = []
    var touches: [TouchPath] = []
}

/// Records the replay for a picture: the scene before the first event, then every transition.
final class PictureRecorder: ReplayObserver {
    var data: PictureData
    /// Lane of each recognizer (looked up, never iterated: output order is the scene's).
    private var lanes: [ObjectIdentifier: Int] = [:]

    init(tracePath: String) {
        data = PictureData(tracePath: tracePath)
    }

    func replayWillStart(_ start: ReplayStart) throws(TraceError) {
        data.screen = start.scene.screen
        for (i, r) in start.scene.recognizers.enumerated() {
            lanes[ObjectIdentifier(r)] = i
            data.recognizers.append((r.name, r.kind))
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
        }
        data.steps.append(
            PictureData.Step(
                time: t.time, lane: lane, previous: t.previous, state: t.state,
                values: t.values, reason: t.reason))
    }
}
