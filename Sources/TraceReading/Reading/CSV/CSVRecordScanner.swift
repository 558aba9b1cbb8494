#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one CSV field's content lies in the reader's buffer.
struct CSVFieldSpan {
    /// Content start (after the opening quote for a quoted field).
    var start: Int
    /// Content end (before the closing quote).
    var end: Int
    /// The field was quoted.
    var quoted: Bool
    /// The content contains doubled quotes (`""`) to undo.
    var escapedQuotes: Bool
    /// Where the field starts (its opening quote if quoted).
    var position: TextPosition

    var count: Int { end - start }
}

/// Splits a byte stream into CSV records (RFC 4180), streaming over a
/// ``ByteSource``: the field boundaries of the current record are written to
/// a reusable array of spans, nothing is copied.
///
/// - Fields are separated by `,`; records end with LF or CRLF (a CR directly
///   before the LF is not part of the field); the last record may lack a line break.
/// - A field starting with `"` (after optional spaces or tabs, which are then
///   dropped, as are spaces or tabs after the closing quote) is quoted: it
///   runs to the next lone `"`, may contain `,`, line breaks and doubled `""`.
///   Anything else after the closing quote is an error. A `"` inside an
///   unquoted field is kept as data.
/// - A UTF-8 BOM at the start is skipped.
/// - Optionally, lines starting with `#` (outside quoted fields) and blank
///   lines are skipped.
///
/// A value type so that the hot loop works on plain stored properties (no
/// class exclusivity checks); the owner calls ``deallocate()``.
struct CSVRecordScanner {
    let source: ByteSource
    let skipsComments: Bool
    let skipsBlankLines: Bool

    /// Cached window of the source's buffer: `base[start..<end]` unconsumed.
    private(set) var base: UnsafePointer<UInt8>
    private var start: Int
    private var end: Int
    private var atEOF: Bool

    /// Spans of the current record's fields.
    private(set) var fields: UnsafeMutablePointer<CSVFieldSpan>
    private var capacity = 16
    /// Number of fields in the current record.
    private(set) var count = 0
    /// Where the current record starts.
    private(set) var recordPosition = TextPosition.start
    /// Where the current record ends (its line break, or the end of input).
    private(set) var endPosition = TextPosition.start

    private var line = 1
    private var pendingConsume = 0
    private var started = false

    init(source: ByteSource, skipsComments: Bool, skipsBlankLines: Bool) {
        self.source = source
        self.skipsComments = skipsComments
        self.skipsBlankLines = skipsBlankLines
        self.fields = .allocate(capacity: capacity)
        self.base = source.base
        self.start = source.start
        self.end = source.end
        self.atEOF = source.isAtEOF
    }

    /// Frees the span storage (call once, from the owner's `deinit`).
    func deallocate() { fields.deallocate() }

    var path: String { source.path }

    /// Hands the consumed bytes back to the source and reads more.
    private mutating func refill() throws(TraceError) -> Bool {
        source.start = start
        let more = try source.refill()
        base = source.base
        start = source.start
        end = source.end
        atEOF = source.isAtEOF
        return more
    }

    /// Reads until the unconsumed bytes are twice what the last scan saw, the input ends, or a live
    /// source pauses (docs/robustness.md, "What is bounded").
    @inline(never)
    private mutating func refillForRescan() throws(TraceError) {
        let scanned = end - start
        while try refill() {
            if end - start >= 2 * scanned || source.isIdleNow { return }
        }
    }

    private enum Outcome {
        case needMore
        case record(next: Int, nextLine: Int)
    }

    /// Moves to the next record; `false` at the end of the input.
    @inline(__always)
    mutating func nextRecord() throws(TraceError) -> Bool {
        start = pendingConsume
        if !started {
            started = true
            start = try source.startSkippingByteOrderMark(from: start)
            base = source.base
            end = source.end
            atEOF = source.isAtEOF
        }
        while true {
            if start >= end {
                if try refill() { continue }
                pendingConsume = start
                return false
            }
            let first = base[start]
            if (skipsComments && first == UInt8(ascii: "#")) || (skipsBlankLines && (first == 0x0A || first == 0x0D)) {
                // Skip to the end of the line (a blank line is at most "\r\n").
                if let hit = memchr(base + start, 0x0A, end - start) {
                    let nl = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if first == UInt8(ascii: "#") || nl - start <= 1 {
                        start = nl + 1
                        line += 1
                        continue
                    }
                    // A CR followed by more than the LF: not blank; scan it as a record.
                } else if try refill() {
                    continue
                } else if first == UInt8(ascii: "#") || end - start == 1 {
                    start = end
                    continue
                }
            }
            switch try scan(start) {
            case .needMore:
                // More bytes, or the end of the input is now known: scan again, once the record's
                // bytes have doubled (or the input ended, or a live source has nothing more for
                // now). Each scan starts from the record's start, so a long record arriving in
                // pipe-sized chunks is scanned a linear number of bytes in all, not once per chunk.
                try refillForRescan()
                continue
            case .record(let next, let nextLine):
                recordPosition = TextPosition(line: line, column: 1)
                line = nextLine
                if skipsBlankLines && count == 1 && !fields[0].quoted && isBlank(fields[0]) {
                    start = next
                    continue
                }
                pendingConsume = next
                return true
            }
        }
    }

    /// The bytes read so far from where the next record starts, and that record's line, for a
    /// caller that reads a record of a shape it knows in one pass (``CSVTraceCore``'s common row);
    /// nil before the first record. The caller hands what it read back with ``takeRecord(through:)``,
    /// or calls ``nextRecord()`` as if it had not looked.
    @inline(__always)
    func unreadBytes() -> (base: UnsafePointer<UInt8>, start: Int, end: Int, line: Int)? {
        started ? (base, pendingConsume, end, line) : nil
    }

    /// Takes the record the caller read from ``unreadBytes()``: one line, ending before `next`
    /// (after its LF). Its ``recordPosition`` is set; its field spans are not (``count`` is 0).
    @inline(__always)
    mutating func takeRecord(through next: Int) {
        recordPosition = TextPosition(line: line, column: 1)
        line &+= 1
        start = next
        pendingConsume = next
        count = 0
    }

    private func isBlank(_ f: CSVFieldSpan) -> Bool {
        for k in f.start..<f.end where base[k] != 0x20 && base[k] != 0x09 && base[k] != 0x0D { return false }
        return true
    }

    private mutating func growFields() {
        let bigger = UnsafeMutablePointer<CSVFieldSpan>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: fields, count: capacity)
        fields.deallocate()
        fields = bigger
        capacity *= 2
    }

    /// Index of the first `,` or LF at or after `j`, or `end` (8 bytes at a
    /// time; may read into the buffer's padding).
    @inline(__always)
    private func delimiter(from j: Int) -> Int {
        var j = j
        while j < end {
            let w = SWAR.load(base + j)
            let mask = SWAR.bytes(w, equalTo: UInt8(ascii: ",")) | SWAR.bytes(w, equalTo: 0x0A)
            if mask != 0 {
                let r = j &+ SWAR.firstIndex(mask)
                return r < end ? r : end
            }
            j &+= 8
        }
        return end
    }

    /// Scans one record at `base[start...]`.
    @inline(__always)
    private mutating func scan(_ recordStart: Int) throws(TraceError) -> Outcome {
        if let outcome = scanUnquoted(recordStart) { return outcome }
        return try scanGeneral(recordStart)
    }

    /// The common record: one line, complete in the buffer, without any `"`.
    /// Its fields are split in one pass over 8-byte words (every `,`, LF and
    /// `"` flagged exactly), with the same spans and positions as
    /// ``scanGeneral(_:)`` gives such a record (no quoted field, so no field
    /// spans lines and leading spaces are data). `nil` for anything else: a
    /// quote, no LF before the end of the buffer, more fields than the span
    /// storage holds; ``scanGeneral(_:)`` then scans the record from its start.
    @inline(__always)
    private mutating func scanUnquoted(_ recordStart: Int) -> Outcome? {
        let base = self.base
        let end = self.end
        let fields = self.fields
        let capacity = self.capacity
        let line = self.line
        let lineStart = recordStart
        var n = 0
        var fieldStart = recordStart
        var word = recordStart
        while word < end {
            let w = SWAR.load(base + word)
            var hits =
                SWAR.exactBytes(w, equalTo: UInt8(ascii: ",")) | SWAR.exactBytes(w, equalTo: 0x0A)
                | SWAR.exactBytes(w, equalTo: UInt8(ascii: "\""))
            while hits != 0 {
                let j = word &+ SWAR.firstIndex(hits)
                hits &= hits &- 1
                if j >= end { return nil }
                let c = base[j]
                if c == UInt8(ascii: "\"") || n == capacity { return nil }
                let position = TextPosition(line: line, column: fieldStart &- lineStart &+ 1)
                if c == UInt8(ascii: ",") {
                    fields[n] = CSVFieldSpan(start: fieldStart, end: j, quoted: false, escapedQuotes: false, position: position)
                    n &+= 1
                    fieldStart = j &+ 1
                    continue
                }
                // The LF: the record ends here (a CR before it is not part of the field).
                var fieldEnd = j
                if fieldEnd > fieldStart && base[fieldEnd &- 1] == 0x0D { fieldEnd &-= 1 }
                fields[n] = CSVFieldSpan(start: fieldStart, end: fieldEnd, quoted: false, escapedQuotes: false, position: position)
                count = n &+ 1
                endPosition = TextPosition(line: line, column: fieldEnd &- lineStart &+ 1)
                return .record(next: j &+ 1, nextLine: line &+ 1)
            }
            word &+= 8
        }
        return nil
    }

    /// Scans one record at `base[start...]`, any shape (quoted fields, line
    /// breaks in quotes, a record cut by the end of the buffer or input).
    private mutating func scanGeneral(_ recordStart: Int) throws(TraceError) -> Outcome {
        let base = self.base
        let end = self.end
        let atEOF = self.atEOF
        var n = 0
        var i = recordStart
        var line = self.line
        var lineStart = recordStart
        while true {
            if n == capacity { growFields() }
            var c: UInt8 = i < end ? base[i] : 0
            var j = i
            if c == 0x20 || c == 0x09 {
                // Spaces before a quoted field are dropped; before anything else they are data.
                while j < end && (base[j] == 0x20 || base[j] == 0x09) { j &+= 1 }
                if j >= end && !atEOF { return .needMore }
                c = j < end ? base[j] : 0
            }
            if c == UInt8(ascii: "\"") {
                let quote = j
                let position = TextPosition(line: line, column: quote &- lineStart &+ 1)
                j &+= 1
                let contentStart = j
                var escaped = false
                var contentEnd = 0
                while true {
                    if j >= end {
                        if !atEOF { return .needMore }
                        throw TraceError.invalidTrace(
                            "unterminated quoted field: no closing quote before the end of the input",
                            at: SourceLocation(path: source.path, position: position))
                    }
                    let c = base[j]
                    if c == UInt8(ascii: "\"") {
                        if j &+ 1 < end {
                            if base[j &+ 1] == UInt8(ascii: "\"") {
                                escaped = true
                                j &+= 2
                                continue
                            }
                        } else if !atEOF {
                            return .needMore
                        }
                        contentEnd = j
                        j &+= 1
                        break
                    }
                    if c == 0x0A {
                        line &+= 1
                        lineStart = j &+ 1
                    }
                    j &+= 1
                }
                while j < end && (base[j] == 0x20 || base[j] == 0x09) { j &+= 1 }
                if j >= end && !atEOF { return .needMore }
                fields[n] = CSVFieldSpan(start: contentStart, end: contentEnd, quoted: true, escapedQuotes: escaped, position: position)
                n &+= 1
                if j >= end {
                    count = n
                    endPosition = TextPosition(line: line, column: j &- lineStart &+ 1)
                    return .record(next: end, nextLine: line)
                }
                let c = base[j]
                if c == UInt8(ascii: ",") {
                    i = j &+ 1
                    continue
                }
                if c == 0x0A {
                    count = n
                    endPosition = TextPosition(line: line, column: j &- lineStart &+ 1)
                    return .record(next: j &+ 1, nextLine: line &+ 1)
                }
                if c == 0x0D {
                    if j &+ 1 < end {
                        if base[j &+ 1] == 0x0A {
                            count = n
                            endPosition = TextPosition(line: line, column: j &- lineStart &+ 1)
                            return .record(next: j &+ 2, nextLine: line &+ 1)
                        }
                    } else if !atEOF {
                        return .needMore
                    } else {
                        count = n
                        endPosition = TextPosition(line: line, column: j &- lineStart &+ 1)
                        return .record(next: end, nextLine: line)
                    }
                }
                throw TraceError.invalidTrace(
                    "unexpected \(JSONScanner.describe(byte: c)) after the closing quote of a field (expected ',' or a line break; write a quote inside a quoted field as \"\")",
                    at: SourceLocation(path: source.path, line: line, column: j &- lineStart &+ 1))
            }
            j = delimiter(from: i)
            if j >= end && !atEOF { return .needMore }
            var fieldEnd = j
            if fieldEnd > i && base[fieldEnd &- 1] == 0x0D && (j >= end || base[j] == 0x0A) { fieldEnd &-= 1 }
            fields[n] = CSVFieldSpan(
                start: i, end: fieldEnd, quoted: false, escapedQuotes: false,
                position: TextPosition(line: line, column: i &- lineStart &+ 1))
            n &+= 1
            if j >= end {
                count = n
                endPosition = TextPosition(line: line, column: fieldEnd &- lineStart &+ 1)
                return .record(next: end, nextLine: line)
            }
            if base[j] == UInt8(ascii: ",") {
                i = j &+ 1
                continue
            }
            count = n
            endPosition = TextPosition(line: line, column: fieldEnd &- lineStart &+ 1)
            return .record(next: j &+ 1, nextLine: line &+ 1)
        }
    }

    /// The decoded content of field `k` (quotes undone), appended to `out`.
    func decode(_ k: Int, into out: inout [UInt8]) {
        let f = fields[k]
        var j = f.start
        while j < f.end {
            let c = base[j]
            out.append(c)
            j += (c == UInt8(ascii: "\"") && f.escapedQuotes) ? 2 : 1
        }
    }

    /// The decoded content of field `k` as a `String`.
    func string(_ k: Int) -> String {
        var bytes: [UInt8] = []
        decode(k, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Splits CSV text into records of fields, with the same tokenizer as
/// ``CSVTraceReader`` (see its rules there). Values are returned exactly as
/// written (quotes undone, nothing trimmed). For tools and tests; the trace
/// reader itself never builds `String`s per field.
package final class CSVFieldSplitter {
    private var reader: CSVRecordScanner

    /// Splits `source`. With `skipsCommentsAndBlankLines`, lines starting
    /// with `#` and blank lines are skipped (as the trace reader does).
    package init(source: ByteSource, skipsCommentsAndBlankLines: Bool = false) {
        reader = CSVRecordScanner(source: source, skipsComments: skipsCommentsAndBlankLines, skipsBlankLines: skipsCommentsAndBlankLines)
    }

    deinit { reader.deallocate() }

    /// The next record's fields, or `nil` at the end of the input.
    package func nextRecord() throws(TraceError) -> [String]? {
        guard try reader.nextRecord() else { return nil }
        return (0..<reader.count).map { reader.string($0) }
    }

    /// Where the record last returned by ``nextRecord()`` starts.
    package var recordPosition: TextPosition { reader.recordPosition }

    /// All remaining records.
    package func readAll() throws(TraceError) -> [[String]] {
        var records: [[String]] = []
        while let r = try nextRecord() { records.append(r) }
        return records
    }
}
