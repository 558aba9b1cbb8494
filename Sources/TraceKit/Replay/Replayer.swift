import GestureEngine

/// Replays one trace: reads it (streaming), loads its scene, feeds every frame through a
/// `GestureEnvironment`, and renders what happens.
public enum Replayer {
    /// Replays the trace named in `options`, writing output to `output` (flushed as it fills).
    /// Warnings (lenient repairs) go to `warn`. Throws the first error, positioned.
    public static func run(_ options: ReplayOptions, output: inout OutputBuffer,
                           warn: @escaping (Diagnostic) -> Void = { _ in }) throws(TraceError) {
        let reader = try AnyTraceReader(path: options.inputPath, format: options.inputFormat, timeUnit: options.timeUnit)
        let screen = options.screen ?? reader.screen?.size
        var scene: Scene
        let loader = SceneLoader(screen: screen, velocityEstimator: options.velocityEstimator)
        if let path = options.scenePath {
            scene = try loader.load(contentsOf: path)
        } else if let json = reader.scene {
            scene = try loader.load(json)
        } else {
            scene = Scene.makeDefault(screen: screen, velocityEstimator: options.velocityEstimator)
        }
        if let names = options.recognizerFilter { scene = try scene.keepOnly(names) }

        let environment = GestureEnvironment(rootView: scene.rootView)
        environment.deliversTouchesToViews = options.reportViews
        let touchIDs = TouchIdentifierMap(names: reader.touchNames)
        switch options.outputFormat {
        case .text:
            let renderer = TextRenderer(
                nameWidth: scene.recognizers.map(\.name.count).max() ?? 0,
                kindWidth: scene.recognizers.map(\.kind.count).max() ?? 0)
            try replay(reader, environment, ReplayOutput(renderer: renderer, buffer: output, touchIDs: touchIDs, options: options), options, &output, warn)
        case .jsonl:
            try replay(reader, environment, ReplayOutput(renderer: JSONLinesRenderer(), buffer: output, touchIDs: touchIDs, options: options), options, &output, warn)
        }
        withExtendedLifetime(scene) {}
    }

    private static func replay<R: ReplayRenderer>(
        _ reader: AnyTraceReader, _ environment: GestureEnvironment, _ sink: ReplayOutput<R>,
        _ options: ReplayOptions, _ output: inout OutputBuffer, _ warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        // The sink owns the buffer while the replay runs; it is handed back at the end, also on error.
        output = OutputBuffer(fileDescriptor: nil)
        defer { output = sink.buffer }
        environment.observer = sink
        defer { environment.observer = nil }
        sink.renderer.begin(into: &sink.buffer)
        let frames = FrameAssembler(reader: reader, mode: options.lenient ? .lenient : .strict,
                                    checksTouchSequence: true, onWarning: warn)
        var changes: [TouchChange] = []
        changes.reserveCapacity(16)
        while let frame = try frames.next() {
            changes.removeAll(keepingCapacity: true)
            for row in frame.rows {
                let id = sink.touchIDs.engineID(row.touch)
                changes.append(TouchChange(id: id, phase: row.phase, location: row.location))
                if options.reportTouches { sink.track(id, row.phase, frame.time, row.location) }
            }
            environment.send(changes, at: frame.time)
            sink.buffer.flushIfNeeded()
        }
        environment.finish()
        sink.renderer.end(into: &sink.buffer)
        sink.buffer.flushIfNeeded()
    }
}
