import GestureEngine
import TraceReading

/// Observes an environment and renders what it reports into an output buffer.
package final class ReplayOutput<Renderer: ReplayRenderer>: GestureEnvironmentObserver {
    // Touched once or twice per event, each time in one short access (a render into the buffer, an
    // id lookup) that never reaches back here: no run-time exclusivity check (docs/engine.md, "Cost").
    @exclusivity(unchecked) package var renderer: Renderer
    @exclusivity(unchecked) package var buffer: OutputBuffer
    @exclusivity(unchecked) package var touchIDs: TouchIdentifierMap
    let reportTouches: Bool
    let reportViews: Bool
    let velocityEstimator: VelocityEstimatorKind
    // Read at every transition of a filtered replay and set before it starts: no run-time
    // exclusivity check (with one, each read cost ~100 instructions, twice per line).
    /// `--states`/`--show`: nil when every line is printed.
    @exclusivity(unchecked) package var filter: OutputFilter? {
        didSet { rendersEveryTransition = filter == nil && summary == nil }
    }
    /// `--summary`: counts every transition (filtered or not).
    @exclusivity(unchecked) package var summary: ReplaySummary? {
        didSet { rendersEveryTransition = filter == nil && summary == nil }
    }
    /// True without a filter and a summary: a transition goes straight to the renderer (one flag
    /// tested per transition; the filtered path is out of line).
    @exclusivity(unchecked) private var rendersEveryTransition = true
    /// Per-touch velocity trackers (only with `--touches`), keyed by engine touch id.
    var trackers: [Int: VelocityTracker] = [:]
    /// How many touches ended (lifted, cancelled, or cancelled at the end), and whether one of them
    /// reached the scene (``missedEveryTouch(_:path:)``): counted per touch, not per event.
    private var endedTouches = 0
    private var reachedScene = false

    package init(renderer: Renderer, buffer: OutputBuffer, touchIDs: TouchIdentifierMap, options: ReplayOptions) {
        self.renderer = renderer
        self.buffer = buffer
        self.touchIDs = touchIDs
        self.reportTouches = options.output.reportTouches
        self.reportViews = options.output.reportViews
        self.velocityEstimator = options.scene.velocityEstimator
    }

    /// A trace row as the engine's touch change (its id mapped, its position fed to the touch's
    /// velocity tracker with `--touches`): the one per-row step of every replay loop.
    @inline(__always)
    package func touchChange(_ touch: TouchID, _ phase: TouchPhase, _ location: Point, at time: Double) -> TouchChange {
        let id = touchIDs.engineID(touch)
        if reportTouches { track(id, phase, time, location) }
        return TouchChange(id: id, phase: phase, location: location)
    }

    /// Feeds a row's position to its touch's velocity tracker (lifts add no sample, see `VelocityTracker`).
    func track(_ id: Int, _ phase: TouchPhase, _ time: Double, _ location: Point) {
        switch phase {
        case .began:
            var t = VelocityTracker(kind: velocityEstimator)
            t.addSample(time: time, position: location)
            trackers[id] = t
        case .moved, .stationary:
            trackers[id]?.addSample(time: time, position: location)
        case .ended, .cancelled:
            trackers[id]?.addLift(time: time, position: location)
        }
    }

    /// The end of a replay that delivered at least one frame: the environment finishes (touches still
    /// down are cancelled, pending timers fire), then the `--summary` and the renderer's closing lines.
    package func finish(_ environment: GestureEnvironment, format: OutputFormat) {
        environment.finish()
        if let summary {
            switch format {
            case .text: summary.renderText(into: &buffer)
            case .jsonl: summary.renderJSONLines(into: &buffer)
            }
        }
        renderer.end(into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {
        guard rendersEveryTransition else {
            filteredTransition(transition)
            return
        }
        renderer.transition(transition, into: &buffer)
    }

    /// A transition with `--summary` or a filter: counted, then rendered if the filter shows it.
    @inline(never)
    private func filteredTransition(_ transition: Transition) {
        if let summary { summary.record(transition) }
        if let filter, !filter.shows(transition) { return }
        renderer.transition(transition, into: &buffer)
    }

    /// The engine's fast path: the transition rendered in place (no `Transition` built); with
    /// `--summary` or a filter, out of line.
    package func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
        guard rendersEveryTransition else {
            filteredTransition(report)
            return
        }
        renderer.transition(report, into: &buffer)
    }

    /// `filteredTransition(_:)` for a report: a `Transition` is built only for `--summary`.
    @inline(never)
    private func filteredTransition(_ report: borrowing TransitionReport) {
        if let summary { summary.record(report.transition) }
        if let filter, !filter.shows(report.state, report.unmanagedRecognizer) { return }
        renderer.transition(report, into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        if let filter, !filter.shows(diagnostic) { return }
        renderer.diagnostic(diagnostic, into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        guard reportViews else { return }
        renderer.viewDelivery(delivery, touch: touchIDs.label(delivery.touch.id), into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage) {
        if let filter, !filter.shows(message) { return }
        renderer.message(message, into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport) {
        summary?.record(report)
        renderer.controlEvent(report, into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport) {
        renderer.scroll(report, into: &buffer)
    }

    package func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        endedTouches &+= 1
        if !reachedScene, Self.reachesScene(touch, root: environment.rootView) { reachedScene = true }
        defer { if touch.id >= TouchIdentifierMap.base { touchIDs.release(touch.id, keepsLabel: reportViews) } }
        guard reportTouches else { return }
        let tracker = trackers.removeValue(forKey: touch.id)
        renderer.touchEnded(
            TouchEndRecord(
                time: touch.timestamp, touch: touchIDs.label(touch.id), phase: touch.phase,
                location: touch.windowLocation, velocity: tracker?.velocity(), tapCount: touch.tapCount), into: &buffer)
    }

    /// Whether `touch` reached the scene: it landed on a view the scene defines, or on the root view
    /// when recognizers are attached to it (or it was held back by an exclusive-touch view, which a
    /// view of the scene caused). A touch outside every view (`view` nil), or on a bare root whose
    /// recognizers sit on other views, reached nothing.
    static func reachesScene(_ touch: Touch, root: View) -> Bool {
        if touch.isBlockedByExclusiveTouch { return true }
        guard let view = touch.view else { return false }
        return view !== root || !root.gestureRecognizers.isEmpty
    }

    /// The warning for a replay whose touches all missed the scene's views (none reached a
    /// recognizer or a view: the output shows nothing, and would pass a golden that records
    /// nothing), naming where the views are; nil when a touch reached the scene, when there was no
    /// touch, or when the scene has nothing a touch could reach (no recognizer, no view).
    package func missedEveryTouch(_ environment: GestureEnvironment, path: String) -> Diagnostic? {
        let root = environment.rootView
        guard endedTouches > 0, !reachedScene, !(root.gestureRecognizers.isEmpty && root.subviews.isEmpty) else { return nil }
        func pt(_ v: Double) -> String { formatShort(v, decimals: 1) }
        var places: [String] = []
        if root.isBounded && !root.gestureRecognizers.isEmpty {
            places.append("the window is \(pt(root.frame.size.width)) x \(pt(root.frame.size.height)) pt")
        }
        let views = root.subviews
        if !views.isEmpty {
            let shown = views.prefix(5).map { v in
                "\(v.name) (\(pt(v.frame.origin.x)), \(pt(v.frame.origin.y)), \(pt(v.frame.size.width)) x \(pt(v.frame.size.height)))"
            }
            places.append("views: " + shown.joined(separator: ", ") + (views.count > 5 ? ", ..." : ""))
        }
        let touches = endedTouches == 1 ? "its 1 touch" : "all \(endedTouches) touches"
        return .warning(
            "no touch reached the scene's views (\(touches) began outside them\(places.isEmpty ? "" : "; " + places.joined(separator: "; "))): "
                + "no recognizer or view received a touch; check the trace's coordinates (window points, not pixels) and the scene's frames",
            at: .file(path))
    }
}
