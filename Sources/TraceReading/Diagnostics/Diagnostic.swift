/// A message about an input, with its severity and (usually) where it applies.
///
/// Diagnostics are formatted only by ``DiagnosticFormatter``.
public struct Diagnostic: Hashable, Sendable {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        /// The input cannot be used.
        case error
        /// The input was used, but something looks wrong or was repaired.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, without location or severity prefix and without a final period, with the
    /// options it names kept apart (``OptionHint``).
    public var text: DiagnosticText
    /// ``text`` as the library spells it (``OptionSpelling/library``: an option is the property that
    /// sets it, `ReplayOptions.reading.sortsByTime`, never a command-line flag); setting it replaces the text
    /// with plain text.
    public var message: String {
        get { text.spelled(.library) }
        set { text = DiagnosticText(newValue) }
    }
    /// The options the message names, in order (``DiagnosticText/hints``).
    public var hints: [OptionHint] { text.hints }
    /// Where it applies, or `nil` when it concerns no file (a bad option, for example).
    public var location: SourceLocation?
    /// Notes printed after this diagnostic (for example where a previous definition is).
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(severity: Severity, message: String, location: SourceLocation?, notes: [Diagnostic] = []) {
        self.init(severity: severity, text: DiagnosticText(message), location: location, notes: notes)
    }

    /// Creates a diagnostic whose text may name options.
    public init(severity: Severity, text: DiagnosticText, location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.text = text
        self.location = location
        self.notes = notes
    }

    /// An error at `location`, with a plain message naming no option (a string literal picks the
    /// ``DiagnosticText`` overload, so its `\(option:)` hints are kept).
    @_disfavoredOverload
    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .error, message: message, location: location, notes: notes)
    }

    /// A warning at `location`, with a plain message naming no option (a string literal picks the
    /// ``DiagnosticText`` overload, so its `\(option:)` hints are kept).
    @_disfavoredOverload
    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .warning, message: message, location: location, notes: notes)
    }

    /// A note at `location`, with a plain message naming no option (a string literal picks the
    /// ``DiagnosticText`` overload, so its `\(option:)` hints are kept).
    @_disfavoredOverload
    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(severity: .note, message: message, location: location)
    }

    /// An error at `location` whose text may name options (`"... \(option: .sort) ..."`).
    public static func error(_ text: DiagnosticText, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .error, text: text, location: location, notes: notes)
    }

    /// A warning at `location` whose text may name options.
    public static func warning(_ text: DiagnosticText, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .warning, text: text, location: location, notes: notes)
    }

    /// A note at `location` whose text may name options.
    public static func note(_ text: DiagnosticText, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(severity: .note, text: text, location: location)
    }
}

/// An error that stops processing: a ``Diagnostic`` plus the category that
/// decides the process exit code.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; its raw value is the exit code (sysexits.h).
    public enum Category: Int32, Hashable, Sendable, CaseIterable {
        /// Bad command line (exit 2).
        case usage = 2
        /// The input is not a valid trace or scene: `EX_DATAERR` (65).
        case invalidTrace = 65
        /// The input cannot be opened: `EX_NOINPUT` (66).
        case cannotOpen = 66
        /// Reading failed after the input was opened: `EX_IOERR` (74).
        case ioError = 74
    }

    /// What went wrong and where.
    public var diagnostic: Diagnostic
    /// What kind of failure it is.
    public var category: Category

    /// Creates an error.
    public init(_ category: Category, _ diagnostic: Diagnostic) {
        self.category = category
        self.diagnostic = diagnostic
    }

    /// The process exit code for this error.
    public var exitCode: Int32 { category.rawValue }

    /// Invalid input at `location`. A plain message naming no option (a literal picks the ``DiagnosticText`` overload).
    @_disfavoredOverload
    public static func invalidTrace(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) -> TraceError {
        TraceError(.invalidTrace, .error(message, at: location, notes: notes))
    }

    /// A trace with nothing to replay (`[]`, `{"events":[]}`, a CSV header without rows, an empty
    /// JSON Lines file): all the same error, at the file's first line, so it never passes silently.
    public static func emptyTrace(_ path: String) -> TraceError {
        invalidTrace("empty trace: no events", at: SourceLocation(path: path, line: 1, column: 1))
    }

    /// Invalid input at `location`, with a text that may name options.
    public static func invalidTrace(_ text: DiagnosticText, at location: SourceLocation, notes: [Diagnostic] = []) -> TraceError {
        TraceError(.invalidTrace, .error(text, at: location, notes: notes))
    }

    /// `path` cannot be opened.
    public static func cannotOpen(_ path: String, _ message: String) -> TraceError {
        TraceError(.cannotOpen, .error(message, at: .file(path)))
    }

    /// Reading `path` failed.
    public static func ioError(_ path: String, _ message: String) -> TraceError {
        TraceError(.ioError, .error(message, at: .file(path)))
    }

    /// A bad command line (no location). A plain message naming no option (a literal picks the ``DiagnosticText`` overload).
    @_disfavoredOverload
    public static func usage(_ message: String) -> TraceError {
        TraceError(.usage, .error(message, at: nil))
    }

    /// A bad command line (no location), with a text that may name options.
    public static func usage(_ text: DiagnosticText) -> TraceError {
        TraceError(.usage, .error(text, at: nil))
    }

    /// The formatted diagnostic (see ``DiagnosticFormatter``), options spelled as the library's.
    public var description: String { DiagnosticFormatter().format(diagnostic) }
}
