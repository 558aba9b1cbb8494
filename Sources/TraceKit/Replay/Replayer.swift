import GestureEngine

/// Replays one trace: reads it (streaming), loads its scene, feeds every frame through a
/// `GestureEnvironment`, and renders what happens.
public enum Replayer {
    /// Replays the trace named in `options`, writing output to `output` (flushed as it fills).
    /// Warnings (lenient repairs) go to `warn`. Throws the first error, positioned.
    /// `observer`, when given, is told the scene before the first event and sees every transition
    /// (expectations use it); without one the replay runs exactly as before.
    public static func run(_ options: ReplayOptions, output: inout OutputBuffer,
                           warn: @escaping (Diagnostic) -> Void = { _ in },
                           observer: ReplayObserver? = nil) throws(TraceError) {
        let reader = try AnyTraceReader(path: options.inputPath, format: options.inputFormat, timeUnit: options.timeUnit,
                                        recording: options.recordingOptions, warn: warn)
        let screen = options.screen ?? reader.screen?.size
        var scene: Scene
        var sceneJSON: JSONValue?
        let loader = SceneLoader(screen: screen, velocityEstimator: options.velocityEstimator)
        if let path = options.scenePath {
            sceneJSON = try JSONParser().parse(contentsOf: path)
            scene = try loader.load(sceneJSON!)
        } else if let json = reader.scene {
            sceneJSON = json
            scene = try loader.load(json)
        } else {
            scene = Scene.makeDefault(screen: screen, velocityEstimator: options.velocityEstimator)
        }
        if let names = options.recognizerFilter {
            scene = try scene.keepOnly(names)
            for message in scene.brokenRelations { warn(.warning(message, at: nil)) }
        }
        let filter = try OutputFilter.make(options, scene: scene)
        let summary = options.summary ? ReplaySummary(scene: scene, filter: filter) : nil
        try observer?.replayWillStart(ReplayStart(scene: scene, traceExpect: reader.expect, sceneExpect: sceneJSON?["expect"]))
        // Transitions go through the observer only if it wants them (a trace without expectations
        // replays exactly as without one).
        let observer = observer?.observesTransitions == true ? observer : nil

        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.deliversTouchesToViews = options.reportViews
        let touchIDs = TouchIdentifierMap(names: reader.touchNames)
        switch options.outputFormat {
        case .text:
            let renderer = TextRenderer(
                nameWidth: scene.recognizers.map(\.name.count).max() ?? 0,
                kindWidth: scene.recognizers.map(\.kind.count).max() ?? 0)
            let sink = ReplayOutput(renderer: renderer, buffer: output, touchIDs: touchIDs, options: options)
            sink.filter = filter
            sink.summary = summary
            try replay(reader, environment, sink, options, observer, &output, warn)
        case .jsonl:
            let sink = ReplayOutput(renderer: JSONLinesRenderer(), buffer: output, touchIDs: touchIDs, options: options)
            sink.filter = filter
            sink.summary = summary
            try replay(reader, environment, sink, options, observer, &output, warn)
        }
        withExtendedLifetime(scene) {}
    }

    private static func replay<R: ReplayRenderer>(
        _ reader: AnyTraceReader, _ environment: GestureEnvironment, _ sink: ReplayOutput<R>,
        _ options: ReplayOptions, _ observer: ReplayObserver?, _ output: inout OutputBuffer,
        _ warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        // The sink owns the buffer while the replay runs; it is handed back at the end, also on error.
        output = OutputBuffer(fileDescriptor: nil)
        defer { output = sink.buffer }
        environment.observer = observer.map { ObservingTee(sink: sink, observer: $0) } ?? sink
        defer { environment.observer = nil }
        sink.renderer.begin(into: &sink.buffer)
        let frames = FrameAssembler(reader: reader, mode: options.lenient ? .lenient : .strict,
                                    checksTouchSequence: true, onWarning: warn)
        var changes: [TouchChange] = []
        changes.reserveCapacity(16)
        var frameCount = 0
        while let frame = try frames.next() {
            frameCount &+= 1
            changes.removeAll(keepingCapacity: true)
            for row in frame.rows {
                let id = sink.touchIDs.engineID(row.touch)
                changes.append(TouchChange(id: id, phase: row.phase, location: row.location))
                if options.reportTouches { sink.track(id, row.phase, frame.time, row.location) }
            }
            environment.send(changes, at: frame.time)
            sink.buffer.flushIfNeeded()
        }
        // `[]`, `{"events":[]}`, a CSV header without rows and an empty JSON Lines file are all the
        // same error: a trace with nothing to replay never passes silently.
        if frameCount == 0 {
            throw .invalidTrace("empty trace: no events", at: SourceLocation(path: reader.path, line: 1, column: 1))
        }
        environment.finish()
        if let summary = sink.summary {
            switch options.outputFormat {
            case .text: summary.renderText(into: &sink.buffer)
            case .jsonl: summary.renderJSONLines(into: &sink.buffer)
            }
        }
        sink.renderer.end(into: &sink.buffer)
        sink.buffer.flushIfNeeded()
    }
}

/// Watches a replay beside its output: `gesturereplay check`/`test` use it to check a trace's
/// expectations against the transitions it produces.
public protocol ReplayObserver: AnyObject {
    /// Once, after the trace's header and its scene are read and before the first event. Throwing
    /// stops the replay with that error.
    func replayWillStart(_ start: ReplayStart) throws(TraceError)
    /// Read after `replayWillStart`: whether to receive the transitions at all.
    var observesTransitions: Bool { get }
    /// Every transition, after it was rendered (only if `observesTransitions`).
    func replay(didTransition transition: Transition)
}

/// What a `ReplayObserver` learns before the first event.
public struct ReplayStart {
    /// The scene the trace runs in (after `--recognizers`).
    public var scene: Scene
    /// The trace's own top-level `expect` member (JSON traces only).
    public var traceExpect: JSONValue?
    /// The scene's `expect` member (the trace's `scene` or the `--scene` file).
    public var sceneExpect: JSONValue?
}

/// Forwards the environment's output to the renderer, and its transitions to a `ReplayObserver`
/// too (only used when there is an observer, so a plain replay pays nothing for it).
private final class ObservingTee: GestureEnvironmentObserver {
    let sink: GestureEnvironmentObserver
    let observer: ReplayObserver

    init(sink: GestureEnvironmentObserver, observer: ReplayObserver) {
        self.sink = sink
        self.observer = observer
    }

    func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {
        sink.environment(environment, didTransition: transition)
        observer.replay(didTransition: transition)
    }
    func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        sink.environment(environment, didReport: diagnostic)
    }
    func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        sink.environment(environment, didDeliver: delivery)
    }
    func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        sink.environment(environment, touchDidEnd: touch)
    }
}
