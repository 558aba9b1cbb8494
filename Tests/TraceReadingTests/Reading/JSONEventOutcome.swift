@testable import TraceReplay
@testable import TraceReading

/// What `JSONEventParser` made of one event object: the row or the error,
/// and where the scanner stopped. Compares the parser's one-pass fast path
/// (`parseEvent`) with the general parser alone (`parseGeneral`).
///
/// Shared by `JSONEventFastPathTests` and the `json` / `jsonl` fuzz targets
/// (`fuzz/run.sh` compiles this file into them), so both check the same thing.
struct JSONEventOutcome: Equatable {
    var row: TraceRow?
    var error: TraceError?
    /// The scanner's index after the object; -1 after an error.
    var end: Int

    enum Parser: CaseIterable { case parseEvent, parseGeneral }

    /// Parses the object at `start` of `buffer`, which holds the input up to
    /// `end` followed by at least ``ByteSource/padding`` bytes, as the
    /// readers' buffers do (the fast path reads up to 8 bytes past `end`).
    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int, line: Int = 1, path: String,
        endIsEndOfLine: Bool, unit: TimeUnit, with parser: Parser
    ) -> JSONEventOutcome {
        var scanner = JSONScanner(
            base: buffer.baseAddress!, start: start, end: end, line: line, lineStart: 0,
            path: path, endIsEndOfLine: endIsEndOfLine)
        var events = JSONEventParser(timeUnit: unit, names: TouchNameTable())
        do throws(TraceError) {
            let row =
                switch parser {
                case .parseEvent: try events.parseEvent(&scanner)
                case .parseGeneral: try events.parseGeneral(&scanner)
                }
            return JSONEventOutcome(row: row, error: nil, end: scanner.i)
        } catch {
            return JSONEventOutcome(row: nil, error: error, end: -1)
        }
    }

    /// `bytes` followed by the readers' padding.
    static func padded(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(bytes) + [UInt8](repeating: 0, count: ByteSource.padding)
    }
}
