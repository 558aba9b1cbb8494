import GestureEngine

/// Reads a UI-test gesture description as a trace: W3C WebDriver actions (``TraceFormat/w3cActions``),
/// Appium touch actions and `mobile:` gestures (``TraceFormat/appium``), WebKit `sendEventStream`
/// JSON (``TraceFormat/webkitEvents``).
///
/// The whole document is parsed when the reader is made (these descriptions are small: a gesture or
/// a few), turned into rows by the format's importer, and the rows handed out in time order. Rows
/// are the same ``TraceRow``s every reader produces (seconds from the start of the description,
/// points, touch ids 1, 2, ... in order of touch-down), each positioned at the JSON value it comes
/// from, so replay, check, test, render, stats and convert treat a description like any trace.
public final class UITestTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public let path: String
    /// Unused (touch ids are integers), for ``TraceReader``.
    public let touchNames: TouchNameTable
    /// The description's format.
    public let format: TraceFormat
    private let rows: [TraceRow]
    private var index = 0

    /// Reads `source` as `format` (one of the UI-test formats). `density` divides Appium
    /// coordinates (pixels); `screen` places an application-wide `mobile: twoFingerTap`.
    public init(
        source: ByteSource, format: TraceFormat, options: UITestImportOptions = UITestImportOptions(),
        density: Double? = nil, screen: Size? = nil,
        touchNames: TouchNameTable = TouchNameTable(), warn: (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) {
        precondition(format.isUITest, "not a UI-test format: \(format)")
        self.path = source.path
        self.format = format
        self.touchNames = touchNames
        try source.readToEnd()
        let root = try JSONParser().parseDocument(base: source.base + source.start, count: source.available, path: source.path)
        switch format {
        case .w3cActions: rows = try W3CActionsImport.rows(root, path: path, options: options, warn: warn)
        case .appium:
            rows = try AppiumImport.rows(root, path: path, options: options, density: density, screen: screen, warn: warn)
        default: rows = try WebKitEventStreamImport.rows(root, path: path, options: options, warn: warn)
        }
        if rows.isEmpty { throw .invalidTrace("the \(format) description has no touch (no pointer goes down)", at: root.location) }
    }

    /// The rows made, in order (tests).
    public var allRows: [TraceRow] { rows }

    public func next() throws(TraceError) -> TraceRow? {
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return rows[index]
    }
}
