import TraceReading

/// `NAME.expect` beside a trace: its expectations, for a trace that cannot hold them itself (CSV,
/// JSON Lines, a device recording) without a scene file of its own per trace (`docs/ci.md`,
/// "Expectations"). The file holds exactly what an `"expect"` member holds: a JSON array of
/// expectation objects (or a single one), read by the same parser (``ExpectationParser``), with
/// errors at the file's line and column:
///
/// ```json
/// [
///   {"recognizer": "tickle", "state": "ended", "tickles": 3},
///   {"recognizer": "tickle", "never": "failed"}
/// ]
/// ```
///
/// `check` and `test` read it (``TraceCheck``), after the scene's and the trace's own expectations.
public enum ExpectFile {
    /// `trace.csv` -> `trace.expect` (``TracePath/expectFile``).
    public static func path(forTrace trace: String) -> String {
        TracePath(trace).expectFile
    }

    /// The JSON value in the trace's `NAME.expect`; nil when there is none (or the trace is read
    /// from standard input, `-`). Malformed JSON is an error at its place in the file.
    public static func read(forTrace trace: String) throws(TraceError) -> JSONValue? {
        if trace == "-" { return nil }
        let path = path(forTrace: trace)
        guard let text = try FileIO.readText(path) else { return nil }
        return try JSONParser().parse(text, path: path)
    }
}
