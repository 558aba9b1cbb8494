import GestureEngine
import TraceReading

/// Where a trace comes from.
public enum TraceInput {
    /// A file (`-` for standard input); the format comes from the extension unless
    /// `ReplayOptions.reading.inputFormat` forces one (standard input is sniffed).
    case path(String)
    /// Bytes in memory; `name` is used in error positions, and its extension (if any) picks the
    /// format unless `ReplayOptions.reading.inputFormat` forces one (otherwise sniffed).
    case bytes([UInt8], name: String)
    /// A reader opened elsewhere (read from its current position).
    case reader(AnyTraceReader)

    /// The file's path (`-`: standard input), or nil for bytes and a reader opened elsewhere.
    package var filePath: String? {
        if case .path(let path) = self { return path }
        return nil
    }

    /// The input's name in messages: the path (standard input's name for `-`), the bytes' name,
    /// the reader's path.
    package var name: String {
        switch self {
        case .path(let path): return path == "-" ? ByteSource.standardInputName : path
        case .bytes(_, let name): return name
        case .reader(let reader): return reader.path
        }
    }

    /// The unit the reader parses with (`--time-unit auto` reads seconds and rescales).
    private func unit(_ options: ReplayOptions) -> TimeUnit {
        options.reading.detectsTimeUnit ? .seconds : options.reading.timeUnit
    }

    /// A device recording is read with `options.recordingOptions`, its warnings going to `warn`.
    func open(_ options: ReplayOptions, warn: @escaping (Diagnostic) -> Void = { _ in }) throws(TraceError) -> AnyTraceReader {
        switch self {
        case .path(let path):
            return try AnyTraceReader(
                path: path, format: options.reading.inputFormat, timeUnit: unit(options),
                recording: options.recordingOptions, warn: warn)
        case .bytes(let bytes, let name):
            let format = options.reading.inputFormat ?? TraceFormat(pathExtensionOf: name)
            return try AnyTraceReader(
                source: ByteSource(bytes: bytes, name: name), format: format, timeUnit: unit(options),
                recording: options.recordingOptions, warn: warn)
        case .reader(let reader):
            return reader
        }
    }
}

/// Something a replay reports, in the order the command line prints it.
public enum ReplayEvent {
    /// A recognizer's state transition.
    case transition(Transition)
    /// A note from the engine (an illegal transition, a touch still down at the end).
    case note(EngineDiagnostic)
    /// A touch ended or was cancelled, with its release velocity (only with `reportTouches`).
    case touchEnded(TouchEndRecord)
    /// A view received a touch message (only with `reportViews`).
    case viewDelivery(ViewDelivery, touch: TouchLabel)
    /// User code printed a line with `replayPrint(_:)`.
    case message(ReplayMessage)
    /// A control sent a control event.
    case control(ControlEventReport)
    /// A scroll view's content offset changed or came to rest.
    case scroll(ScrollReport)
}

/// What a replay produced: every transition and note, in order, the warnings of lenient repairs,
/// and the scene it ran in. `text` is exactly what `gesturereplay` prints on standard output for
/// the same trace and options (warnings go to standard error).
///
/// ```swift
/// var catalog = RecognizerCatalog.builtIn
/// try catalog.register(kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) })
/// var options = ReplayOptions()
/// options.scene.catalog = catalog
/// let result = try Replayer.replay(.path("Traces/wiggle.json"), options: options)
/// print(result.text)
/// let report = try result.evaluate(Expectations(text: #"[{"recognizer": "wiggle", "state": "ended"}]"#))
/// ```
public final class ReplayResult {
    /// The scene the trace ran in (after `recognizerFilter`); it keeps the recognizers alive.
    public let scene: Scene
    /// Everything the replay reported, in order, unfiltered (`shownStates` and `shownRecognizers`
    /// apply to `text` only, as on the command line).
    public let events: [ReplayEvent]
    /// Lenient repairs and `--recognizers` warnings, in order (the CLI prints them on standard error).
    public let warnings: [Diagnostic]
    /// The options it ran with.
    public let options: ReplayOptions
    /// The expectations written in the trace and its scene, checked (nil when there are none).
    public let expectations: ExpectationReport?

    init(scene: Scene, events: [ReplayEvent], warnings: [Diagnostic], options: ReplayOptions, expectations: ExpectationReport?) {
        self.scene = scene
        self.events = events
        self.warnings = warnings
        self.options = options
        self.expectations = expectations
    }

    /// Every transition, in order.
    public var transitions: [Transition] {
        events.compactMap { if case .transition(let t) = $0 { t } else { nil } }
    }

    /// The transitions of the recognizer named `name`.
    public func transitions(of name: String) -> [Transition] {
        transitions.filter { $0.recognizer.name == name }
    }

    /// Every line user code printed with `replayPrint(_:)`, in order.
    public var messages: [ReplayMessage] {
        events.compactMap { if case .message(let m) = $0 { m } else { nil } }
    }

    /// Every engine note, in order.
    public var notes: [EngineDiagnostic] {
        events.compactMap { if case .note(let n) = $0 { n } else { nil } }
    }

    /// The output in the options' format, as the command line prints it.
    public var text: String { render(options.output.format) }

    /// The output in `format`, exactly as `gesturereplay --format FORMAT` prints it (with the
    /// options' output filters and `--summary`).
    public func render(_ format: OutputFormat) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        switch format {
        case .text: render(TextRenderer(scene: scene), into: &out)
        case .jsonl: render(JSONLinesRenderer(), into: &out)
        }
        return out.text
    }

    private func render<R: ReplayRenderer>(_ renderer: R, into out: inout OutputBuffer) {
        var renderer = renderer
        // The options were checked against this scene when the replay started.
        let filter = try? OutputFilter.make(options, scene: scene)
        let summary = options.output.summary ? ReplaySummary(scene: scene, filter: filter) : nil
        renderer.begin(into: &out)
        for event in events {
            switch event {
            case .transition(let t):
                summary?.record(t)
                if filter?.shows(t) ?? true { renderer.transition(t, into: &out) }
            case .note(let n):
                if filter?.shows(n) ?? true { renderer.diagnostic(n, into: &out) }
            case .touchEnded(let record):
                renderer.touchEnded(record, into: &out)
            case .viewDelivery(let delivery, let touch):
                renderer.viewDelivery(delivery, touch: touch, into: &out)
            case .message(let m):
                if filter?.shows(m) ?? true { renderer.message(m, into: &out) }
            case .control(let c):
                summary?.record(c)
                renderer.controlEvent(c, into: &out)
            case .scroll(let s):
                renderer.scroll(s, into: &out)
            }
        }
        if let summary {
            switch R.self {
            case is JSONLinesRenderer.Type: summary.renderJSONLines(into: &out)
            default: summary.renderText(into: &out)
            }
        }
        renderer.end(into: &out)
    }

    /// Checks `expectations` against this replay, with the same messages as `gesturereplay check`.
    /// Throws when one names a recognizer the scene does not have.
    public func evaluate(_ expectations: Expectations) throws(TraceError) -> ExpectationReport {
        try ExpectationParser.validate(expectations.list, recognizers: scene.recognizers.map(\.name))
        return ExpectationEvaluator(
            transitions: transitions,
            nameWidth: scene.recognizers.map(\.name.count).max() ?? 0,
            kindWidth: scene.recognizers.map(\.kind.count).max() ?? 0
        ).evaluate(expectations.list)
    }
}

/// Expectations written as in a trace's or scene's `"expect"` block (`docs/expectations.md`),
/// to check a `ReplayResult` from code.
public struct Expectations: Sendable {
    /// The expectations, in the order written.
    public var list: [TraceExpectation]

    /// Reads an `"expect"` value (an array of expectation objects). Errors are positioned.
    public init(_ json: JSONValue) throws(TraceError) {
        list = try ExpectationParser.parse(json)
    }

    /// Expectations already parsed (`shrink` checks a trace's own).
    package init(list: [TraceExpectation]) {
        self.list = list
    }

    /// Parses `text` (a JSON array of expectation objects); `path` names it in errors.
    public init(text: String, path: String = "<expectations>") throws(TraceError) {
        try self.init(try JSONParser().parse(text, path: path))
    }

    /// The `"expect"` block of a scene or trace file (none: empty).
    public init(contentsOf path: String) throws(TraceError) {
        let json = try JSONParser().parse(contentsOf: path)
        list = try json["expect"].map { v throws(TraceError) in try ExpectationParser.parse(v) } ?? []
    }
}

extension Replayer {
    /// Replays `input` and returns everything it reported (`ReplayResult`; `result.text` is what
    /// the command line prints). The scene is `scene` when given (`options.scene.path` and the
    /// trace's own are then ignored), else as on the command line: `options.scene.path`, the
    /// trace's `scene`, or the default scene, loaded with `options.scene.catalog`. `observer`, when
    /// given, sees the scene before the first event and then every transition and note as it
    /// happens. Throws the first error, positioned (a malformed
    /// `expect` block too).
    public static func replay(
        _ input: TraceInput, scene: Scene? = nil, options: ReplayOptions = ReplayOptions(),
        observer: ReplayObserver? = nil
    ) throws(TraceError) -> ReplayResult {
        var warnings: [Diagnostic] = []
        let reader = try input.open(options, warn: { warnings.append($0) })
        let collector = ExpectationCollector()
        let tee = ObserverPair(collector, observer)
        let run = try prepare(reader, scene: scene, options, warn: { warnings.append($0) }, observer: tee)
        let recorder = RecordingRenderer()
        let sink = ReplayOutput(renderer: recorder, buffer: OutputBuffer(fileDescriptor: nil), touchIDs: run.touchIDs, options: options)
        var output = OutputBuffer(fileDescriptor: nil)
        try replay(reader, input.filePath, run, sink, options, &output, { warnings.append($0) })
        return ReplayResult(
            scene: run.scene, events: recorder.box.events, warnings: warnings, options: options,
            expectations: collector.evaluate())
    }
}

/// The expectation collector and a caller's observer, as one.
private final class ObserverPair: ReplayObserver {
    let collector: ExpectationCollector
    let other: ReplayObserver?

    init(_ collector: ExpectationCollector, _ other: ReplayObserver?) {
        self.collector = collector
        self.other = other
    }

    func replayWillStart(_ start: ReplayStart) throws(TraceError) {
        try collector.replayWillStart(start)
        try other?.replayWillStart(start)
    }

    var observesTransitions: Bool { collector.observesTransitions || other?.observesTransitions == true }

    func replay(didTransition transition: Transition) {
        if collector.observesTransitions { collector.replay(didTransition: transition) }
        if other?.observesTransitions == true { other?.replay(didTransition: transition) }
    }

    func replay(didReport note: EngineDiagnostic) {
        if other?.observesTransitions == true { other?.replay(didReport: note) }
    }

    func replay(didSendControlEvent report: ControlEventReport) {
        if other?.observesTransitions == true { other?.replay(didSendControlEvent: report) }
    }

    func replay(didScroll report: ScrollReport) {
        if other?.observesTransitions == true { other?.replay(didScroll: report) }
    }
}

/// A renderer that keeps what it is given instead of printing it.
struct RecordingRenderer: ReplayRenderer {
    final class Box {
        var events: [ReplayEvent] = []
    }
    let box = Box()

    mutating func begin(into out: inout OutputBuffer) {}
    mutating func transition(_ transition: Transition, into out: inout OutputBuffer) { box.events.append(.transition(transition)) }
    mutating func diagnostic(_ diagnostic: EngineDiagnostic, into out: inout OutputBuffer) { box.events.append(.note(diagnostic)) }
    mutating func touchEnded(_ record: TouchEndRecord, into out: inout OutputBuffer) { box.events.append(.touchEnded(record)) }
    mutating func viewDelivery(_ delivery: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {
        box.events.append(.viewDelivery(delivery, touch: touch))
    }
    mutating func message(_ message: ReplayMessage, into out: inout OutputBuffer) { box.events.append(.message(message)) }
    mutating func controlEvent(_ report: ControlEventReport, into out: inout OutputBuffer) { box.events.append(.control(report)) }
    mutating func scroll(_ report: ScrollReport, into out: inout OutputBuffer) { box.events.append(.scroll(report)) }
    mutating func end(into out: inout OutputBuffer) {}
}

extension TextRenderer {
    /// Columns as wide as the scene's longest recognizer name and kind.
    package init(scene: Scene) {
        self.init(
            nameWidth: scene.recognizers.map(\.name.count).max() ?? 0,
            kindWidth: scene.recognizers.map(\.kind.count).max() ?? 0)
    }
}
