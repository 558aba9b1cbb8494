import GestureEngine
import TraceReading

/// Replays one trace: reads it (streaming), loads its scene, feeds every frame through a
/// `GestureEnvironment`, and renders what happens.
public enum Replayer {
    /// Replays `input` with `options`, writing output to `output` (flushed as it fills).
    /// Warnings (lenient repairs) go to `warn`. Throws the first error, positioned. A pipe or
    /// standard input is read to its end like a file; reading it live (`liveInput.live`, idle
    /// frames, timers on the wall clock) is `LiveReplay.replay` in GestureReplayTools, and
    /// `liveInput.live` set here is a usage error.
    /// `observer`, when given, is told the scene before the first event and sees every transition
    /// (expectations use it); without one the replay runs exactly as before.
    public static func run(
        _ input: TraceInput, options: ReplayOptions, output: inout OutputBuffer,
        warn: @escaping (Diagnostic) -> Void = { _ in },
        observer: ReplayObserver? = nil
    ) throws(TraceError) {
        // A live replay (wall-clock timers, idle frames, signals; docs/live.md) is a tool feature:
        // `LiveReplay.replay` in GestureReplayTools, which the command calls instead of this.
        if options.liveInput.live {
            throw .usage(
                "\(option: .live) is set: a live replay is run by LiveReplay.replay (import GestureReplayTools), not by Replayer.run")
        }
        let reader = try input.open(options, warn: warn)
        let run = try prepare(reader, scene: nil, options, warn: warn, observer: observer)
        switch options.output.format {
        case .text:
            let sink = ReplayOutput(renderer: TextRenderer(scene: run.scene), buffer: output, touchIDs: run.touchIDs, options: options)
            sink.filter = run.filter
            sink.summary = run.summary
            try replay(reader, input.filePath, run, sink, options, &output, warn)
        case .jsonl:
            let sink = ReplayOutput(renderer: JSONLinesRenderer(), buffer: output, touchIDs: run.touchIDs, options: options)
            sink.filter = run.filter
            sink.summary = run.summary
            try replay(reader, input.filePath, run, sink, options, &output, warn)
        }
        withExtendedLifetime(run.scene) {}
    }

    /// A replay ready to start: its scene (after `--recognizers`), environment, output filters and
    /// (with `--sort` or `--time-unit auto`) the reader that reads ahead.
    package struct Prepared {
        package var scene: Scene
        package var environment: GestureEnvironment
        package var touchIDs: TouchIdentifierMap
        package var filter: OutputFilter?
        package var summary: ReplaySummary?
        package var observer: ReplayObserver?
        package var readAhead: ReadAheadTraceReader<AnyTraceReader>?
    }

    /// Picks the scene (`scene` when given, else `--scene`, the trace's own, or the default one),
    /// applies `--recognizers`, and tells the observer.
    package static func prepare(
        _ reader: AnyTraceReader, scene given: Scene?, _ options: ReplayOptions,
        warn: @escaping (Diagnostic) -> Void, observer: ReplayObserver?
    ) throws(TraceError) -> Prepared {
        let screen = options.reading.screen ?? reader.screen?.size
        var scene: Scene
        var sceneJSON: JSONValue?
        let loader = SceneLoader(screen: screen, velocityEstimator: options.scene.velocityEstimator, catalog: options.scene.catalog)
        if let given {
            scene = given
        } else if let path = options.scene.path {
            sceneJSON = try JSONParser().parse(contentsOf: path)
            scene = try loader.load(sceneJSON!)
        } else if let json = reader.scene {
            sceneJSON = json
            scene = try loader.load(json)
        } else {
            scene = Scene.makeDefault(screen: screen, velocityEstimator: options.scene.velocityEstimator)
        }
        if let notes = sceneJSON?["notes"] {
            for note in try SceneNotes.read(notes) { warn(note) }
        }
        if !options.scene.overrides.isEmpty {
            try SceneOverride.apply(options.scene.overrides, to: scene, catalog: options.scene.catalog)
        }
        if let names = options.scene.recognizerFilter {
            scene = try scene.keepOnly(names, locations: options.scene.recognizerFilterLocations)
            for message in scene.brokenRelationTexts { warn(.warning(message, at: nil)) }
        }
        let filter = try OutputFilter.make(options, scene: scene)
        let summary = options.output.summary ? ReplaySummary(scene: scene, filter: filter) : nil
        try observer?.replayWillStart(ReplayStart(scene: scene, traceExpect: reader.expect, sceneExpect: sceneJSON?["expect"]))
        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.deliversTouchesToViews = options.output.reportViews
        // --sort and --time-unit auto read ahead; the plain replay streams.
        let readAhead =
            options.reading.sortsByTime || options.reading.detectsTimeUnit
            ? try ReadAheadTraceReader(reader, sort: options.reading.sortsByTime, detectUnit: options.reading.detectsTimeUnit, note: warn)
            : nil
        // Transitions go through the observer only if it wants them (a trace without expectations
        // replays exactly as without one).
        return Prepared(
            scene: scene, environment: environment, touchIDs: TouchIdentifierMap(names: reader.touchNames),
            filter: filter, summary: summary, observer: observer?.observesTransitions == true ? observer : nil,
            readAhead: readAhead)
    }

    /// Replays `run` from its read-ahead reader if it has one, else from `reader` (read from the
    /// file at `path`, if any: a large regular file is read on a thread of its own).
    static func replay<R: ReplayRenderer>(
        _ reader: AnyTraceReader, _ path: String?, _ run: Prepared, _ sink: ReplayOutput<R>, _ options: ReplayOptions,
        _ output: inout OutputBuffer, _ warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        // The sink owns the buffer while the replay runs; it is handed back at the end, also on error.
        output = OutputBuffer(fileDescriptor: nil)
        let mode: TraceValidationMode = options.reading.lenient ? .lenient : .strict
        let formatsOnThread = options.output.formattingThread.usesThread(for: path)
        let readingThread = run.readAhead == nil && readsOnThread(reader, path: path, options)
        // Both on one thread when two would be one too many (``HelperThread``).
        let helper = formatsOnThread && readingThread && options.reading.helperSharing.sharesHelperThread ? HelperThread() : nil
        defer {
            // Before the renderer goes: the lines the thread writes use its labels.
            sink.buffer.stopFormattingThread()
            output = sink.buffer
            // After the formatting and the reading (their pieces of work are done by then).
            helper?.finish()
        }
        let environment = run.environment
        environment.observer = run.observer.map { ObservingTee(sink: sink, observer: $0) } ?? sink
        OutputFilter.configure(environment, scene: run.scene, filter: run.filter, soleListener: run.observer == nil && run.summary == nil)
        defer { environment.observer = nil }
        sink.renderer.begin(into: &sink.buffer)
        // The output buffer decides whether it can: a file descriptor written in blocks.
        if formatsOnThread, let lineRenderer = R.self as? any TransitionLineRenderer.Type {
            _ = sink.buffer.startFormattingThread(lineRenderer, helper: helper)
        }
        if let readAhead = run.readAhead {
            let frames = FrameAssembler(reader: readAhead, mode: mode, checksTouchSequence: true, onWarning: warn)
            try replay(path: readAhead.path, environment, sink, options, warn) { () throws(TraceError) in try frames.nextRowOfFrames() }
        } else if readingThread, let threaded = ThreadedFrameReader(reader, mode: mode, helper: helper) {
            try replay(threaded, environment, sink, options, warn)
        } else {
            let frames = FrameAssembler(reader: reader, mode: mode, checksTouchSequence: true, onWarning: warn)
            try replay(path: reader.path, environment, sink, options, warn) { () throws(TraceError) in try frames.nextRowOfFrames() }
        }
    }

    /// Whether the plain replay of `reader` (of the file at `path`; nil: bytes in memory or a reader
    /// opened elsewhere) reads on a thread of its own (``ReaderThreading``): CSV, JSON Lines and
    /// JSON (a JSON document's `screen`, `scene` and `expect` were read when the reader opened it,
    /// before the replay starts, so the thread only streams its events and checks what follows
    /// them), not the device recordings and UI-test imports (they report warnings as they read).
    static func readsOnThread(_ reader: AnyTraceReader, path: String?, _ options: ReplayOptions) -> Bool {
        guard reader.format == .csv || reader.format == .jsonl || reader.format == .json else { return false }
        return options.reading.readerThreading.usesThread(for: path)
    }

    /// The plain replay loop over the rows of the frames a `FrameAssembler` groups (the trace at
    /// `path`; `nextRow` is its `nextRowOfFrames()`): a frame is the rows of one time, sent when the
    /// next frame's first row has been read (where the assembler reads it too) or the rows end.
    private static func replay<R: ReplayRenderer>(
        path: String, _ environment: GestureEnvironment, _ sink: ReplayOutput<R>,
        _ options: ReplayOptions, _ warn: @escaping (Diagnostic) -> Void,
        nextRow: () throws(TraceError) -> TraceRow?
    ) throws(TraceError) {
        // The unit in force (`--time-unit`, or the one auto chose: its note already said so).
        var probe = TimeUnitProbe(unit: options.reading.timeUnit, path: path)
        if options.reading.detectsTimeUnit { probe.finish { _ in } }
        var frame = PendingFrame(probe: probe)
        while let row = try nextRow() {
            if frame.isStarted(by: row.time) { frame.start(at: row.time, environment, sink, warn) }
            frame.append(row.touch, row.phase, row.location, sink)
        }
        if frame.count == 0 {
            throw .emptyTrace(path)
        }
        frame.send(environment, sink, warn)
        frame.finish(environment, sink, format: options.output.format, path: path, warn)
    }
}

extension Replayer {
    /// The replay loop of a trace read on a thread of its own, frames assembled there: the same
    /// steps as the plain loop, in the same order (warnings, the rows' touch changes, the complete
    /// frame sent: ``PendingFrame``), with a frame sent when the next one starts or the trace ends.
    private static func replay<Base: TraceReader, R: ReplayRenderer>(
        _ frames: ThreadedFrameReader<Base>, _ environment: GestureEnvironment, _ sink: ReplayOutput<R>,
        _ options: ReplayOptions, _ warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        // Never with `--time-unit auto` (that replays from the read-ahead reader, plainly).
        var frame = PendingFrame(probe: TimeUnitProbe(unit: options.reading.timeUnit, path: frames.path))
        var rowCount = 0
        while let rows = frames.nextBatch() {
            for row in rows {
                if row.startsFrame {
                    // Read plainly, this row and its warnings come before the frame before is sent.
                    frames.reportWarnings(upTo: rowCount, warn)
                    frame.start(at: row.time, environment, sink, warn)
                }
                rowCount &+= 1
                frame.append(row.touch, row.phase, Point(x: row.x, y: row.y), sink)
            }
        }
        // The warnings found at the end come before the last frame; a frame an error cut short is
        // not sent.
        frames.reportWarnings(upTo: Int.max, warn)
        if frame.count > 0 && frames.endedWithTheTrace { frame.send(environment, sink, warn) }
        try frames.end(warn)
        if frame.count == 0 {
            throw .emptyTrace(frames.path)
        }
        frame.finish(environment, sink, format: options.output.format, path: frames.path, warn)
    }
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
    /// The renderer reads the report in place; the observer gets a `Transition`.
    func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
        sink.environment(environment, didTransition: report)
        observer.replay(didTransition: report.transition)
    }
    func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        sink.environment(environment, didReport: diagnostic)
        observer.replay(didReport: diagnostic)
    }
    func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        sink.environment(environment, didDeliver: delivery)
    }
    func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        sink.environment(environment, touchDidEnd: touch)
    }
    func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage) {
        sink.environment(environment, didPrint: message)
    }
    func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport) {
        sink.environment(environment, didSendControlEvent: report)
        observer.replay(didSendControlEvent: report)
    }
    func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport) {
        sink.environment(environment, didScroll: report)
        observer.replay(didScroll: report)
    }
}
