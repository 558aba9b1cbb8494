/// Reads a device recording as a trace: Android `getevent -lt`/`-t` (with the `getevent -lp`/`-p`
/// header for axis ranges), `evemu-record`, `libinput record`, `evtest` (one ``EvdevDecoder``
/// behind the four) and Android `MotionEvent.toString()` logcat dumps: one ``RecordingGrammar`` per
/// format reads its lines, ``RecordingCore`` does the rest (devices, mapping, frames, diagnostics).
///
/// Streaming: one line at a time from the reusable ``ByteSource`` buffer, rows handed out from a
/// reused queue; memory stays at one chunk plus the longest line. Rows are the same ``TraceRow``s
/// the CSV and JSON readers produce (times in seconds from the recording's first event, points
/// after ``RecordingImportOptions``' mapping, touch ids 1, 2, ... in order of touch-down), so the
/// replay, check, test, render and convert paths treat a recording like any trace. Errors and warnings point at
/// the recording's own lines.
public final class RecordingTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public let path: String
    /// Unused (recording touch ids are integers), for ``TraceReader``.
    public let touchNames: TouchNameTable
    /// The recording format.
    public let format: TraceFormat

    private let core: CoreBox<RecordingCore>

    /// Reads `source` as `format` (one of the recording formats). The header (device list, axis
    /// ranges) is read here; `warn` receives the reader's warnings (no mapping, unknown codes,
    /// mid-touch start, a truncated last line).
    public init(
        source: ByteSource, format: TraceFormat, options: RecordingImportOptions = RecordingImportOptions(),
        touchNames: TouchNameTable = TouchNameTable(), warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) {
        precondition(format.isRecording, "not a recording format: \(format)")
        self.path = source.path
        self.format = format
        self.touchNames = touchNames
        self.core = CoreBox(RecordingCore(source: source, format: format, options: options, warn: warn))
        // On error `deinit` still runs (every stored property is set) and releases the core.
        try core.value.readHeader()
    }

    /// The screen in points, when the mapping knows it (`--screen`, or `--density` with axis ranges).
    public var screen: Size? { core.value.decoder.mapping.screen }
    /// Device path comparisons made so far (tests: linear in the lines, however many devices).
    var devicePathComparisons: Int { core.value.devicePathComparisons }

    /// The mapping used, in one line (`mapping: raw x 0...1079, y 0...2339 (phone.txt:5) -> 360 x 780
    /// pt (--screen)`); `--summary` prints it as a note.
    public var mappingSummary: String { core.value.mappingSummary.description }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        try core.value.next()
    }

    var corePointer: UnsafeMutablePointer<RecordingCore> { core.pointer }

    deinit { core.release() }
}
