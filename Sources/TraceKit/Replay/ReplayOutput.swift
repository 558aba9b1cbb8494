import GestureEngine

/// Observes an environment and renders what it reports into an output buffer.
final class ReplayOutput<Renderer: ReplayRenderer>: GestureEnvironmentObserver {
    // Touched once or twice per event, each time in one short access (a render into the buffer, an
    // id lookup) that never reaches back here: no run-time exclusivity check (docs/engine.md, "Cost").
    @exclusivity(unchecked) var renderer: Renderer
    @exclusivity(unchecked) var buffer: OutputBuffer
    @exclusivity(unchecked) var touchIDs: TouchIdentifierMap
    let reportTouches: Bool
    let reportViews: Bool
    let velocityEstimator: VelocityEstimatorKind
    /// `--states`/`--show`: nil when every line is printed.
    var filter: OutputFilter? { didSet { rendersEveryTransition = filter == nil && summary == nil } }
    /// `--summary`: counts every transition (filtered or not).
    var summary: ReplaySummary? { didSet { rendersEveryTransition = filter == nil && summary == nil } }
    /// True without a filter and a summary: a transition goes straight to the renderer (one flag
    /// tested per transition; the filtered path is out of line).
    @exclusivity(unchecked) private var rendersEveryTransition = true
    /// Per-touch velocity trackers (only with `--touches`), keyed by engine touch id.
    var trackers: [Int: VelocityTracker] = [:]

    init(renderer: Renderer, buffer: OutputBuffer, touchIDs: TouchIdentifierMap, options: ReplayOptions) {
        self.renderer = renderer
        self.buffer = buffer
        self.touchIDs = touchIDs
        self.reportTouches = options.reportTouches
        self.reportViews = options.reportViews
        self.velocityEstimator = options.velocityEstimator
    }

    /// A trace row as the engine's touch change (its id mapped, its position fed to the touch's
    /// velocity tracker with `--touches`): the one per-row step of every replay loop.
    @inline(__always)
    func touchChange(_ touch: TouchID, _ phase: TouchPhase, _ location: Point, at time: Double) -> TouchChange {
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
    func finish(_ environment: GestureEnvironment, format: OutputFormat) {
        environment.finish()
        if let summary {
            switch format {
            case .text: summary.renderText(into: &buffer)
            case .jsonl: summary.renderJSONLines(into: &buffer)
            }
        }
        renderer.end(into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {
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

    func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        if let filter, !filter.shows(diagnostic) { return }
        renderer.diagnostic(diagnostic, into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        guard reportViews else { return }
        renderer.viewDelivery(delivery, touch: touchIDs.label(delivery.touch.id), into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage) {
        if let filter, !filter.shows(message) { return }
        renderer.message(message, into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport) {
        summary?.record(report)
        renderer.controlEvent(report, into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport) {
        renderer.scroll(report, into: &buffer)
    }

    func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        guard reportTouches else { return }
        let tracker = trackers.removeValue(forKey: touch.id)
        renderer.touchEnded(
            TouchEndRecord(
                time: touch.timestamp, touch: touchIDs.label(touch.id), phase: touch.phase,
                location: touch.windowLocation, velocity: tracker?.velocity(), tapCount: touch.tapCount), into: &buffer)
    }
}
