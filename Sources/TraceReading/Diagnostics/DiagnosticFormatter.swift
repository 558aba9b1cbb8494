/// Turns diagnostics into text. This is the only place that knows the
/// `path:line:column: error: message` layout.
///
/// - `path:line:column: severity: message` when the location has a line and column,
/// - `path:line: severity: message` without a column,
/// - `path: severity: message` for a whole file,
/// - `program: severity: message` (or `severity: message`) without a location.
///
/// Notes follow on their own lines in the same layout. No trailing newline.
///
/// The options a message names (``OptionHint``) are written in ``spelling``: the library's
/// property names by default; the command line passes its flags.
public struct DiagnosticFormatter: Sendable {
    /// Prefix for diagnostics without a location (for example `gesturereplay`).
    public var programName: String?
    /// How the options a message names are written.
    public var spelling: OptionSpelling

    /// Creates a formatter.
    public init(programName: String? = nil, spelling: OptionSpelling = .library) {
        self.programName = programName
        self.spelling = spelling
    }

    /// The message of `diagnostic` (without location, severity or notes) in this formatter's
    /// spelling, not yet made terminal-safe: for a caller that puts it into a message of its own.
    public func message(_ diagnostic: Diagnostic) -> String {
        diagnostic.text.spelled(spelling)
    }

    /// The text for `diagnostic` and its notes, one line each, no final newline.
    public func format(_ diagnostic: Diagnostic) -> String {
        var out = ""
        append(diagnostic, to: &out)
        for note in diagnostic.notes {
            out += "\n"
            append(note, to: &out)
        }
        return out
    }

    /// The text for an error's diagnostic.
    public func format(_ error: TraceError) -> String {
        format(error.diagnostic)
    }

    /// The `path:line:column` prefix of `location` (without the trailing `: `).
    public func format(_ location: SourceLocation) -> String {
        location.description
    }

    /// The path and the message are written for a terminal (`TerminalSafe`): a control character in
    /// a file name or a quoted value is `\u{XX}`, so a diagnostic is one line that cannot drive the
    /// terminal.
    private func append(_ d: Diagnostic, to out: inout String) {
        if let location = d.location {
            out += TerminalSafe.escaped(format(location))
            out += ": "
        } else if let programName {
            out += programName
            out += ": "
        }
        out += d.severity.rawValue
        out += ": "
        out += TerminalSafe.escaped(message(d))
    }
}
