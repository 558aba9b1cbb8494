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
    /// What is wrong, without location or severity prefix and without a final period.
    public var message: String
    /// Where it applies, or `nil` when it concerns no file (a bad option, for example).
    public var location: SourceLocation?
    /// Notes printed after this diagnostic (for example where a previous definition is).
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(severity: Severity, message: String, location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// An error at `location`.
    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .error, message: message, location: location, notes: notes)
    }

    /// A warning at `location`.
    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity: .warning, message: message, location: location, notes: notes)
    }

    /// A note at `location`.
    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(severity: .note, message: message, location: location)
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

    /// Invalid input at `location`.
    public static func invalidTrace(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) -> TraceError {
        TraceError(.invalidTrace, .error(message, at: location, notes: notes))
    }

    /// A trace with nothing to replay (`[]`, `{"events":[]}`, a CSV header without rows, an empty
    /// JSON Lines file): all the same error, at the file's first line, so it never passes silently.
    public static func emptyTrace(_ path: String) -> TraceError {
        invalidTrace("empty trace: no events", at: SourceLocation(path: path, line: 1, column: 1))
    }

    /// `path` cannot be opened.
    public static func cannotOpen(_ path: String, _ message: String) -> TraceError {
        TraceError(.cannotOpen, .error(message, at: .file(path)))
    }

    /// Reading `path` failed.
    public static func ioError(_ path: String, _ message: String) -> TraceError {
        TraceError(.ioError, .error(message, at: .file(path)))
    }

    /// A bad command line (no location).
    public static func usage(_ message: String) -> TraceError {
        TraceError(.usage, .error(message, at: nil))
    }

    /// The formatted diagnostic (see ``DiagnosticFormatter``).
    public var description: String { DiagnosticFormatter().format(diagnostic) }
}
