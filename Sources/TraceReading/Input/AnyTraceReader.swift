/// A reader for any ``TraceFormat``, chosen when the input is opened.
///
/// Format selection: the explicit `format` (`--input-format`) if given;
/// otherwise the path's extension (`.json`, `.jsonl`/`.ndjson`, `.csv`, and the recordings
/// `.evemu`, `.getevent`, `.evtest`); otherwise (standard input, other extensions such as `.txt`)
/// the content is sniffed (device recordings too) with
/// ``TraceFormat/sniff(_:)-(UnsafeBufferPointer<UInt8>)`` over the first 64 KiB.
///
/// ``next()`` calls the concrete reader directly (no existential call, no
/// retain), so the wrapper costs next to nothing per row.
public final class AnyTraceReader: TraceReader {
    /// The concrete reader.
    public enum Base {
        case csv(CSVTraceReader)
        case jsonl(JSONLinesTraceReader)
        case json(JSONTraceReader)
        case recording(RecordingTraceReader)
        /// A UI-test gesture description (W3C actions, Appium, WebKit event stream).
        case uiTest(UITestTraceReader)
    }

    /// The concrete reader.
    public let base: Base

    // The same readers outside the enum, for a cheap switch in `next()`.
    // Rows are read through the readers' state pointers (kept alive by
    // `base`), so a row costs no retain and release of the reader; the JSON
    // reader itself is only called once its events array is done.
    private let kind: TraceFormat
    private let csv: UnsafeMutablePointer<CSVTraceCore>?
    private let jsonl: UnsafeMutablePointer<JSONLinesCore>?
    private let json: JSONTraceReader?
    private let jsonEvents: UnsafeMutablePointer<JSONEventStream>?
    private let recording: UnsafeMutablePointer<RecordingCore>?
    private let uiTest: UITestTraceReader?

    /// Wraps a concrete reader.
    public init(_ base: Base) {
        self.base = base
        if case .uiTest(let r) = base { uiTest = r } else { uiTest = nil }
        switch base {
        case .csv(let r): (kind, csv, jsonl, json, jsonEvents, recording) = (.csv, r.corePointer, nil, nil, nil, nil)
        case .jsonl(let r): (kind, csv, jsonl, json, jsonEvents, recording) = (.jsonl, nil, r.corePointer, nil, nil, nil)
        case .json(let r): (kind, csv, jsonl, json, jsonEvents, recording) = (.json, nil, nil, r, r.streamPointer, nil)
        case .recording(let r): (kind, csv, jsonl, json, jsonEvents, recording) = (r.format, nil, nil, nil, nil, r.corePointer)
        case .uiTest(let r):
            (kind, csv, jsonl, json, jsonEvents, recording) = (r.format, nil, nil, nil, nil, nil)
        }
    }

    /// Opens `path` (`-` for standard input) as `format`, or as detected.
    /// A device recording (``TraceFormat/isRecording``) is read with `recording`'s device and mapping
    /// options, its warnings going to `warn`.
    public convenience init(
        path: String, format: TraceFormat? = nil, timeUnit: TimeUnit = .seconds,
        touchNames: TouchNameTable = TouchNameTable(),
        recording: RecordingImportOptions = RecordingImportOptions(),
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) {
        let source = try ByteSource(path: path)
        var detected = format
        if detected == nil && path != "-" { detected = TraceFormat(pathExtensionOf: path) }
        try self.init(source: source, format: detected, timeUnit: timeUnit, touchNames: touchNames, recording: recording, warn: warn)
    }

    /// Reads `source` as `format` (sniffed from the content if `nil`).
    public convenience init(
        source: ByteSource, format: TraceFormat?, timeUnit: TimeUnit = .seconds,
        touchNames: TouchNameTable = TouchNameTable(),
        recording: RecordingImportOptions = RecordingImportOptions(),
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) {
        var detected: TraceFormat
        if let format { detected = format } else { detected = try Self.sniff(source) }
        // A `.json` file may hold a UI-test description (which can never be a valid JSON trace).
        if detected == .json, let uiTest = try UITestSniffer.sniff(source) { detected = uiTest }
        var mapping = recording
        mapping.screen = nil
        // UI-test options and Appium's --density are not recording options.
        mapping.uiTests = UITestImportOptions()
        if detected == .appium { mapping.density = nil }
        if !detected.isUITest && !recording.uiTests.isDefault {
            throw .usage(
                "\(option: .moveInterval) and \(option: .element) apply to UI-test descriptions (w3c-actions, appium, webkit-events); '\(source.path)' is read as \(detected)"
            )
        }
        if !detected.isRecording && !mapping.isDefault {
            // Never ignored silently: they mean nothing for a trace in points.
            throw .usage(
                "\(option: .device), \(option: .deviceDescription), \(option: .rawSize), \(option: .density), \(option: .rotation), \(option: .flipX) and \(option: .flipY) apply to device recordings (\(TraceFormat.allCases.filter(\.isRecording).map(\.name).joined(separator: ", "))); '\(source.path)' is read as \(detected)"
            )
        }
        switch detected.family {
        case .canonical where detected == .csv:
            self.init(.csv(try CSVTraceReader(source: source, timeUnit: timeUnit, touchNames: touchNames)))
        case .canonical where detected == .jsonl:
            self.init(.jsonl(JSONLinesTraceReader(source: source, timeUnit: timeUnit, touchNames: touchNames)))
        case .canonical:
            self.init(.json(try JSONTraceReader(source: source, timeUnit: timeUnit, touchNames: touchNames)))
        case .recording:
            self.init(
                .recording(
                    try RecordingTraceReader(source: source, format: detected, options: recording, touchNames: touchNames, warn: warn)))
        case .uiTest:
            self.init(
                .uiTest(
                    try UITestTraceReader(
                        source: source, format: detected, options: recording.uiTests, density: recording.density, screen: recording.screen,
                        touchNames: touchNames, warn: warn)))
        }
    }

    /// Guesses the format of `source` from its first 64 KiB (read ahead, not consumed).
    public static func sniff(_ source: ByteSource) throws(TraceError) -> TraceFormat {
        try source.prefetch(64 * 1024)
        return TraceFormat.sniff(UnsafeBufferPointer(start: source.base + source.start, count: min(source.available, 64 * 1024)))
    }

    /// The format being read.
    public var format: TraceFormat { kind }

    /// The JSON document's `screen`, if any (other formats have none).
    public var screen: TraceScreen? {
        if case .json(let r) = base { return r.screen }
        if case .recording(let r) = base, let size = r.screen { return TraceScreen(size: size, location: .file(r.path)) }
        return nil
    }

    /// The JSON document's raw `scene`, if any (other formats have none).
    public var scene: JSONValue? {
        if case .json(let r) = base { return r.scene }
        return nil
    }

    /// The JSON document's raw `expect`, if any (other formats have none).
    public var expect: JSONValue? {
        if case .json(let r) = base { return r.expect }
        return nil
    }

    public var path: String {
        switch base {
        case .csv(let r): r.path
        case .jsonl(let r): r.path
        case .json(let r): r.path
        case .recording(let r): r.path
        case .uiTest(let r): r.path
        }
    }

    public var touchNames: TouchNameTable {
        switch base {
        case .csv(let r): r.touchNames
        case .jsonl(let r): r.touchNames
        case .json(let r): r.touchNames
        case .recording(let r): r.touchNames
        case .uiTest(let r): r.touchNames
        }
    }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        switch kind {
        case .csv: return try csv.unsafelyUnwrapped.pointee.next()
        case .jsonl: return try jsonl.unsafelyUnwrapped.pointee.next()
        case .json:
            if let row = try jsonEvents.unsafelyUnwrapped.pointee.next() { return row }
            // After the array (the stream keeps answering nil): the rest of the document.
            return try json.unsafelyUnwrapped.next()
        case .w3cActions, .appium, .webkitEvents: return try uiTest.unsafelyUnwrapped.next()
        default: return try recording.unsafelyUnwrapped.pointee.next()
        }
    }
}
