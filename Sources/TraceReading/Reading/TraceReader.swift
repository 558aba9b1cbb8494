/// A source of ``TraceRow``s in file order.
///
/// Readers are pull-based: ``next()`` parses one row straight from the
/// reader's byte buffer and returns it by value, with no per-row allocation.
/// Errors carry `path:line:column` of the offending value.
///
/// Readers check each row on its own (syntax, field types, known phase,
/// finite numbers). Grouping rows into frames and checking that time does not
/// go backwards is ``FrameAssembler``'s job; touch-sequence rules are
/// ``TraceSequenceValidator``'s.
public protocol TraceReader: AnyObject {
    /// The input's name in diagnostics (`<stdin>` for standard input).
    var path: String { get }
    /// The table that gives string touch ids back their text.
    var touchNames: TouchNameTable { get }
    /// The next row, or `nil` at the end of the trace.
    func next() throws(TraceError) -> TraceRow?
}

extension TraceReader {
    /// `position` in this reader's input.
    public func location(_ position: TextPosition) -> SourceLocation {
        SourceLocation(path: path, position: position)
    }

    /// Reads all remaining rows into an array (convenient for tests and small
    /// traces; the streaming ``next()`` is the way to read large ones).
    public func readAll() throws(TraceError) -> [TraceRow] {
        var rows: [TraceRow] = []
        while let row = try next() { rows.append(row) }
        return rows
    }
}

/// Shared helpers for the readers' error messages.
enum ReaderText {
    /// `p[0..<n]` as text for a message: invalid UTF-8 repaired, long values shortened.
    static func quote(_ p: UnsafePointer<UInt8>, _ n: Int, limit: Int = QuotedValue.maximumBytes) -> String {
        let shown = min(n, limit)
        var text = String(decoding: UnsafeBufferPointer(start: p, count: shown), as: UTF8.self)
        if shown < n { text += "..." }
        return "'\(text)'"
    }

    /// The message for an unknown phase; a number (`5`, `-1`, `1.0`) is told
    /// the accepted `UITouch.Phase` raw values first.
    static func unknownPhase(_ p: UnsafePointer<UInt8>, _ n: Int) -> String {
        if looksNumeric(p, n) {
            return
                "phase \(quote(p, n)) is not a UITouch.Phase raw value; expected one of: \(PhaseNames.expectedRawValues), or a name: \(PhaseNames.expectedList)"
        }
        return "unknown phase \(quote(p, n)); expected one of: \(PhaseNames.expectedList)"
    }

    /// Whether `p[0..<n]` starts like a number: an optional sign, then a digit
    /// or a `.` and a digit.
    private static func looksNumeric(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var k = 0
        if k < n && (p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: "+")) { k += 1 }
        if k < n && p[k] == UInt8(ascii: ".") { k += 1 }
        return k < n && (p[k] &- UInt8(ascii: "0")) < 10
    }

    /// "missing field 'x'" / "missing fields 't', 'x'" for a JSON event.
    static func missingFields(_ seen: UInt8) -> String {
        let missing = TraceField.allCases.filter { seen & (1 << $0.rawValue) == 0 }
        let names = missing.map(\.quotedWithAliases)
        return "event is missing \(missing.count == 1 ? "field" : "fields") \(names.joined(separator: ", "))"
    }
}
