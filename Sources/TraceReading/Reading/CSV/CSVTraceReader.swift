import GestureEngine

/// Reads CSV traces, streamed.
///
/// Layout: a header row naming the columns, then one row per event.
/// - Column names (trimmed, any letter case): `t`/`timestamp`/`time`,
///   `id`/`touch`/`touchId`/`touch_id`/`finger`/`pointer`,
///   `phase`/`type`/`action`, `x`, `y`, in any order; other columns are
///   ignored. A missing or duplicated (through an alias) column is an error
///   at the header.
/// - Every row must have as many fields as the header.
/// - Values are trimmed of spaces and tabs. Numbers: `[+-]?` digits with an
///   optional `.` fraction and `e` exponent; `nan`/`inf` and overflow are
///   "not finite" errors. Touch ids: canonical integers become integer ids,
///   anything else (valid UTF-8) a name. Phases ignore letter case.
/// - `#` comment lines and blank lines are skipped anywhere (also before the
///   header); CRLF and LF both work; quoted fields follow RFC 4180
///   (see ``CSVFieldSplitter``). A UTF-8 BOM at the start is skipped.
/// - An input with no header row is an "empty trace" error; a header with no
///   rows reads as zero rows (the replay rejects it: "empty trace: no events").
///
/// Streaming: the bytes go through one reusable ``ByteSource`` buffer; each
/// row is split in place and its values parsed straight from the bytes. A row
/// of the common shape (columns `t,id,phase,x,y` in that order, plain values)
/// is read in one pass with its values; anything else, and every error, takes
/// the general path from the row's start.
public final class CSVTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public var path: String { core.value.records.path }
    /// String touch ids.
    public let touchNames: TouchNameTable
    /// The header's column names as written (quotes undone, trimmed).
    public let columnNames: [String]
    /// The time unit of the time column.
    public let timeUnit: TimeUnit

    private let core: CoreBox<CSVTraceCore>

    /// Reads from `source` and parses its header.
    public init(source: ByteSource, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) throws(TraceError) {
        var records = CSVRecordScanner(source: source, skipsComments: true, skipsBlankLines: true)
        let header: CSVHeader
        do {
            header = try CSVHeader(&records)
        } catch {
            records.deallocate()
            throw error
        }
        self.touchNames = touchNames
        self.timeUnit = timeUnit
        self.columnNames = header.names
        self.core = CoreBox(CSVTraceCore(records: records, header: header, timeUnit: timeUnit, names: touchNames))
    }

    /// Opens `path` (`-` for standard input) and parses its header.
    public convenience init(path: String, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) throws(TraceError) {
        try self.init(source: try ByteSource(path: path), timeUnit: timeUnit, touchNames: touchNames)
    }

    deinit {
        core.value.records.deallocate()
        core.release()
    }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        try core.value.next()
    }

    /// Every row from here on through the general path: the plain reader that `CSVCommonRowTests`
    /// compares the one-pass rows with.
    func readsEveryRowThroughTheGeneralPath() {
        core.value.header.hasCommonOrder = false
    }

    /// The reader's state, for ``AnyTraceReader`` (valid while `self` lives).
    var corePointer: UnsafeMutablePointer<CSVTraceCore> { core.pointer }
}

/// The header row: column names and which column holds each field.
struct CSVHeader {
    var names: [String] = []
    /// Column index of each ``TraceField`` (by raw value).
    var columns: (time: Int, touch: Int, phase: Int, x: Int, y: Int) = (0, 0, 0, 0, 0)
    var count = 0

    init(_ records: inout CSVRecordScanner) throws(TraceError) {
        let path = records.path
        guard try records.nextRecord() else {
            throw TraceError.invalidTrace("empty trace: no header row", at: SourceLocation(path: path, line: 1, column: 1))
        }
        count = records.count
        var columnOf = [Int?](repeating: nil, count: TraceField.allCases.count)
        for k in 0..<count {
            let name = records.string(k).trimmingSpacesAndTabs()
            names.append(name)
            guard let field = TraceField.matchIgnoringCase(name) else { continue }
            if let previous = columnOf[Int(field.rawValue)] {
                throw TraceError.invalidTrace(
                    "duplicate \(field.displayName) column '\(name)' (column \(previous + 1), '\(names[previous])', already gives the \(field.displayName))",
                    at: SourceLocation(path: path, position: records.fields[k].position))
            }
            columnOf[Int(field.rawValue)] = k
        }
        let missing = TraceField.allCases.filter { columnOf[Int($0.rawValue)] == nil }
        if !missing.isEmpty {
            var message = "missing \(missing.count == 1 ? "column" : "columns") " + missing.map(\.quotedWithAliases).joined(separator: ", ")
            let hint = ReaderText.csvHeaderHint(names)
            if missing.count == TraceField.allCases.count && hint.delimiter == nil {
                message += "; the first line must be a header naming the columns"
            }
            message += "; " + hint.text
            throw TraceError.invalidTrace(message, at: SourceLocation(path: path, position: records.recordPosition))
        }
        columns = (columnOf[0]!, columnOf[1]!, columnOf[2]!, columnOf[3]!, columnOf[4]!)
        hasCommonOrder = count == 5 && columns == (0, 1, 2, 3, 4)
    }

    /// The five trace columns and no others, in the order time, touch, phase, x, y (any
    /// aliases): the order ``TraceWriter`` writes and most recordings use, which
    /// ``CSVTraceCore`` reads in one pass.
    var hasCommonOrder = false
}

/// The CSV reader's state and hot loop, as a value type.
struct CSVTraceCore {
    var records: CSVRecordScanner
    var header: CSVHeader
    let timeUnit: TimeUnit
    let names: TouchNameTable
    var scratch: [UInt8] = []

    init(records: CSVRecordScanner, header: CSVHeader, timeUnit: TimeUnit, names: TouchNameTable) {
        self.records = records
        self.header = header
        self.timeUnit = timeUnit
        self.names = names
    }

    @inline(__always)
    mutating func next() throws(TraceError) -> TraceRow? {
        if let row = commonRow() { return row }
        return try anyRow()
    }

    /// The common row, read in one pass with its values: a header of the common order
    /// (``CSVHeader/hasCommonOrder``), and each value ending exactly at its delimiter (`,`, then
    /// the line's LF or CRLF), with no spaces, quotes or escapes, and the line complete in the
    /// buffer. nil for anything else, with the scanner untouched: ``anyRow()`` then reads the
    /// record from its start, so every error and its position comes from the one general path.
    /// A row read here is the row ``anyRow()`` gives (`CSVCommonRowTests` compares the two).
    @inline(__always)
    private mutating func commonRow() -> TraceRow? {
        guard header.hasCommonOrder, let bytes = records.unreadBytes() else { return nil }
        let base = bytes.base, end = bytes.end, rowStart = bytes.start
        @inline(__always) func comma(_ i: Int) -> Bool { i < end && base[i] == UInt8(ascii: ",") }
        guard let t = DecimalParsing.scanShort(base, rowStart, end, json: false, zeroPadded: true), comma(t.end) else { return nil }
        // The touch id: up to a byte that may end or trim a field (`,`, LF, CR, space, tab, `"`).
        // The id and the phase are scanned 8 bytes at a time: the buffer is padded past `end`
        // (`ByteSource.padding`, zeros, which stop both scans).
        let touchStart = t.end &+ 1
        var i = touchStart
        while i < end {
            let w = SWAR.load(base + i)
            let stop = SWAR.firstIndex(SWAR.bytes(w, lessThan: 0x23) | SWAR.bytes(w, equalTo: UInt8(ascii: ",")))
            i &+= stop
            if stop < 8 { break }
        }
        guard comma(i), i > touchStart else { return nil }
        let touchCount = i &- touchStart
        let phaseStart = i &+ 1
        i = phaseStart
        while i < end {
            let stop = SWAR.firstIndex(SWAR.bytes(SWAR.load(base + i), lessThan: UInt8(ascii: "A")))
            i &+= stop
            if stop < 8 { break }
        }
        guard comma(i), let phase = PhaseNames.matchPadded(base + phaseStart, i &- phaseStart) else { return nil }
        guard let x = DecimalParsing.scanShort(base, i &+ 1, end, json: false, zeroPadded: true), comma(x.end),
            let y = DecimalParsing.scanShort(base, x.end &+ 1, end, json: false, zeroPadded: true), y.end < end
        else { return nil }
        var next = y.end &+ 1
        if base[y.end] != 0x0A {
            guard base[y.end] == 0x0D, next < end, base[next] == 0x0A else { return nil }
            next &+= 1
        }
        // The id last: a name is interned (and its use counted) only for a row taken here. A
        // canonical integer of up to 8 digits (no sign, no leading zero) is read in one word.
        let touch: TouchID
        let idWord = SWAR.load(base + touchStart)
        if touchCount <= 8 && SWAR.digitPrefixLength(idWord) >= touchCount
            && (touchCount == 1 || UInt8(truncatingIfNeeded: idWord) != UInt8(ascii: "0"))
        {
            touch = .integer(Int64(SWAR.parseDigits(idWord, count: touchCount)))
        } else {
            guard let id = touchID(base + touchStart, touchCount) else { return nil }
            touch = id
        }
        records.takeRecord(through: next)
        @inline(__always) func at(_ valueStart: Int) -> TextPosition {
            TextPosition(line: bytes.line, column: valueStart &- rowStart &+ 1)
        }
        var positions = TraceRow.Positions(all: at(rowStart))  // the row and its time
        positions.touch = at(touchStart)
        positions.phase = at(phaseStart)
        positions.x = at(i &+ 1)
        positions.y = at(x.end &+ 1)
        return TraceRow(time: timeUnit.seconds(t.value), touch: touch, phase: phase, x: x.value, y: y.value, positions: positions)
    }

    /// Any row (the general path): the record split into fields, then each value read and checked.
    @inline(never)
    private mutating func anyRow() throws(TraceError) -> TraceRow? {
        guard try records.nextRecord() else { return nil }
        let n = records.count
        if n != header.count { throw columnCountError(n) }
        let base = records.base
        let fields = records.fields
        let c = header.columns
        let tf = fields[c.time], idf = fields[c.touch], pf = fields[c.phase], xf = fields[c.x], yf = fields[c.y]
        // Values are parsed without touching any reference (no retain per row);
        // errors are built off the hot path.
        let tv = Self.number(base, tf), xv = Self.number(base, xf), yv = Self.number(base, yf)
        guard case .value(let t) = tv else { throw numberError(tv, tf, .time) }
        guard case .value(let x) = xv else { throw numberError(xv, xf, .x) }
        guard case .value(let y) = yv else { throw numberError(yv, yf, .y) }
        let touch: TouchID
        let (ip, icount) = Self.trimmed(base, idf)
        if !idf.escapedQuotes, let v = parseCanonicalInt64(ip, icount) {
            touch = .integer(v)
        } else {
            touch = try nameID(idf)
        }
        let (pp, pcount) = Self.trimmed(base, pf)
        guard let phase = PhaseNames.matchPadded(pp, pcount) else { throw phaseError(pf) }
        var positions = TraceRow.Positions(all: records.recordPosition)
        positions.time = tf.position
        positions.touch = idf.position
        positions.phase = pf.position
        positions.x = xf.position
        positions.y = yf.position
        return TraceRow(time: timeUnit.seconds(t), touch: touch, phase: phase, x: x, y: y, positions: positions)
    }

    /// The field's bytes without surrounding spaces, tabs (and a stray CR).
    @inline(__always)
    private static func trimmed(_ base: UnsafePointer<UInt8>, _ f: CSVFieldSpan) -> (UnsafePointer<UInt8>, Int) {
        var s = f.start
        var e = f.end
        if s < e && base[s] <= 0x20 {
            while s < e && (base[s] == 0x20 || base[s] == 0x09) { s &+= 1 }
        }
        if e > s && base[e &- 1] <= 0x20 {
            while e > s && (base[e &- 1] == 0x20 || base[e &- 1] == 0x09 || base[e &- 1] == 0x0D) { e &-= 1 }
        }
        return (base + s, e &- s)
    }

    /// The field as a number: the common short shape inline, anything else
    /// (and every error) through ``DecimalParsing/parseField(_:_:)`` out of line.
    @inline(__always)
    private static func number(_ base: UnsafePointer<UInt8>, _ f: CSVFieldSpan) -> DecimalParsing.ParsedNumber {
        let (p, n) = trimmed(base, f)
        if let s = DecimalParsing.scanShort(p, 0, n, json: false), s.end == n { return .value(s.value) }
        return otherNumber(p, n)
    }

    @inline(never)
    private static func otherNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> DecimalParsing.ParsedNumber {
        DecimalParsing.parseField(p, n)
    }

    private func error(_ message: String, _ position: TextPosition) -> TraceError {
        TraceError.invalidTrace(message, at: SourceLocation(path: records.path, position: position))
    }

    @inline(never)
    private func columnCountError(_ n: Int) -> TraceError {
        let position = n > header.count ? records.fields[header.count].position : records.endPosition
        return error("row has \(n) \(n == 1 ? "field" : "fields") but the header has \(header.count) columns", position)
    }

    @inline(never)
    private func numberError(_ value: DecimalParsing.ParsedNumber, _ f: CSVFieldSpan, _ field: TraceField) -> TraceError {
        let (p, n) = Self.trimmed(records.base, f)
        if case .nonFinite = value {
            return error("'\(field.name)' value \(ReaderText.quote(p, n)) is not a finite number", f.position)
        }
        if n == 0 { return error("empty '\(field.name)' value: expected a number", f.position) }
        return error("'\(field.name)' value \(ReaderText.quote(p, n)) is not a number", f.position)
    }

    @inline(never)
    private func phaseError(_ f: CSVFieldSpan) -> TraceError {
        let (p, n) = Self.trimmed(records.base, f)
        return error(n == 0 ? "empty phase; expected one of: \(PhaseNames.expectedList)" : ReaderText.unknownPhase(p, n), f.position)
    }

    /// The id the bytes `p[0..<n]` name: a canonical integer, else a name (one probe of the table,
    /// a new name checked once); nil when a new name is not valid UTF-8. Both paths' one rule.
    @inline(__always)
    private func touchID(_ p: UnsafePointer<UInt8>, _ n: Int) -> TouchID? {
        if let v = parseCanonicalInt64(p, n) { return .integer(v) }
        return names.intern(p, n, ifNew: { JSONScanner.isValidUTF8($0, $1) }).map { .name($0) }
    }

    /// A touch id that is not a plain canonical integer: a name, a quoted
    /// field with doubled quotes, or an error.
    @inline(never)
    private mutating func nameID(_ f: CSVFieldSpan) throws(TraceError) -> TouchID {
        let (p, n) = Self.trimmed(records.base, f)
        if n == 0 { throw error("empty touch id", f.position) }
        if !f.escapedQuotes {
            // The common name: straight from the buffer.
            if let id = touchID(p, n) { return id }
            throw error("touch id \(ReaderText.quote(p, n)) is not valid UTF-8", f.position)
        }
        scratch.removeAll(keepingCapacity: true)
        var j = 0
        while j < n {
            let c = p[j]
            scratch.append(c)
            j += (c == UInt8(ascii: "\"")) ? 2 : 1
        }
        let bytes = scratch
        return try bytes.withUnsafeBufferPointer { (buf) throws(TraceError) -> TouchID in
            let q = buf.baseAddress!
            if let id = touchID(q, buf.count) { return id }
            throw error("touch id \(ReaderText.quote(q, buf.count)) is not valid UTF-8", f.position)
        }
    }
}

extension String {
    /// `self` without leading and trailing spaces and tabs (also the CSV conformance tests' trimming).
    func trimmingSpacesAndTabs() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
