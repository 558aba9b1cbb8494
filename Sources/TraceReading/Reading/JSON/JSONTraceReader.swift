#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// The `screen` of a JSON trace: the recorded screen size in points.
public struct TraceScreen: Hashable, Sendable {
    /// Width and height, points (both positive and finite).
    public var size: Size
    /// Where the `screen` object starts.
    public var location: SourceLocation

    /// Creates a screen.
    public init(size: Size, location: SourceLocation) {
        self.size = size
        self.location = location
    }

    /// Interprets a `{"width": W, "height": H}` value; other keys are ignored.
    public init(_ value: JSONValue) throws(TraceError) {
        guard value.objectValue != nil else {
            throw TraceError.invalidTrace(
                "'screen' must be an object {\"width\": W, \"height\": H}, found \(value.typeDescription)", at: value.location)
        }
        func dimension(_ key: String) throws(TraceError) -> Double {
            guard let v = value[key] else {
                throw TraceError.invalidTrace("'screen' is missing '\(key)'", at: value.location)
            }
            guard let d = v.doubleValue else {
                throw TraceError.invalidTrace("screen '\(key)' must be a number, found \(v.typeDescription)", at: v.location)
            }
            guard d > 0 else {
                throw TraceError.invalidTrace("screen '\(key)' must be positive, found \(d)", at: v.location)
            }
            return d
        }
        self.size = Size(width: try dimension("width"), height: try dimension("height"))
        self.location = value.location
    }
}

/// Reads a JSON trace: `{"events": [...], "screen": {...}, "scene": {...}}`
/// (only `events` required, keys in any order, unknown keys validated and
/// ignored) or a bare array of events.
///
/// Memory is flat, whatever the length of the trace: the input is read in
/// chunks (``ByteSource``, 64 KiB) through a ``JSONWindow``, events are parsed
/// one at a time straight from the buffer by ``next()`` and never stored as
/// Swift values. The buffer holds more than a chunk only while one event, or
/// one top-level member other than `events`, is longer than that. Only
/// `screen`, `scene` and `expect` become ``JSONValue`` trees.
///
/// `screen` and `scene` are available as soon as the reader is created, even
/// when they come after `events` in the input. For the object form the reader
/// first reads the top-level object, passing over the events array with a
/// fast bracket-matching pass (brackets, quotes and escapes only, 8 bytes at a
/// time), then reads the events array again from its `[` and streams the
/// events: from the file itself when the input is a regular file (read twice),
/// from an unlinked temporary file the array was copied to while it was passed
/// over when the input is a pipe or a terminal (``JSONSpool``), or from memory
/// when the whole input was in the buffer anyway. A bare array is streamed in
/// one pass.
///
/// Structural problems are therefore reported when the reader is created,
/// before any event is returned: an unbalanced or truncated events array, or
/// an error after it (when that look-ahead fails, the events array is
/// validated first so that an earlier syntax error in it wins). Errors inside
/// individual events (an unknown phase, a missing field, a stray comma) are
/// reported by ``next()`` when the event is reached. Messages and positions
/// are those the whole document in memory gives.
public final class JSONTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public var path: String { source.path }
    /// String touch ids.
    public let touchNames: TouchNameTable
    /// The recorded screen, if the document has a `screen` member.
    public private(set) var screen: TraceScreen?
    /// The raw `scene` member, if any (interpreted by the scene loader).
    public private(set) var scene: JSONValue?
    /// The raw `expect` member, if any (interpreted by the expectations of `check` and `test`).
    public private(set) var expect: JSONValue?
    /// True if the document is an object (`{"events": ...}`), false for a bare array.
    public private(set) var isObjectForm = false

    private let source: ByteSource
    private let sceneParser: JSONParser
    /// True if `source` is a regular file that can be read again from an offset.
    private let seekable: Bool
    private var stream: CoreBox<JSONEventStream>?
    private var finished = false
    /// Input offset just after the events array, per the look-ahead (-1 if not done).
    private var afterEvents = -1
    /// The events array's copy when the input cannot be read twice.
    private var spool: JSONSpool?

    /// Where the events array starts: the scanner at its `[` and the window's offset then.
    private struct Mark {
        var index: Int
        var line: Int
        var lineStart: Int
        var offset: Int
        /// The buffer held the rest of the input: `index` stays valid.
        var inMemory: Bool

        init(_ s: JSONScanner, _ w: JSONWindow) {
            (index, line, lineStart, offset, inMemory) = (s.i, s.line, s.lineStart, w.offset, w.eof)
        }
    }

    /// Reads `source` up to the events and parses everything but the events. `sceneMaxDepth` limits the
    /// nesting of the embedded scene (default 512, the JSON parser's own limit).
    public init(
        source: ByteSource, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable(), sceneMaxDepth: Int = 512
    ) throws(TraceError) {
        self.source = source
        self.touchNames = touchNames
        self.sceneParser = JSONParser(maxDepth: sceneMaxDepth)
        let first = try source.startSkippingByteOrderMark(from: source.start)
        var offset = 0
        seekable = !source.isAtEOF && Self.isSeekable(source, offsetOfBuffer: &offset)
        var w = JSONWindow(source: source, offset: offset)
        // Columns start after a BOM.
        var s = JSONScanner(base: source.base, start: first, end: source.end, path: source.path)
        try w.fill(&s)
        s.skipWhitespace()
        if s.atEnd {
            throw TraceError.emptyTrace(source.path)
        }
        switch s.current {
        case UInt8(ascii: "["):
            break
        case UInt8(ascii: "{"):
            isObjectForm = true
            let mark = try parseTopLevelObject(&s, &w)
            (s, w) = try openEvents(at: mark, window: w)
        default:
            throw s.error("expected an array of events or an object with an \"events\" array, found \(s.describeValue(at: s.i))", at: s.i)
        }
        // `s` is now at the events array's '['.
        s.i += 1
        stream = CoreBox(JSONEventStream(scanner: s, window: w, parser: JSONEventParser(timeUnit: timeUnit, names: touchNames)))
    }

    deinit { stream?.release() }

    /// The events' stream state, for ``AnyTraceReader`` (valid while `self` lives).
    var streamPointer: UnsafeMutablePointer<JSONEventStream> { stream.unsafelyUnwrapped.pointer }

    /// Opens and reads `path` (`-` for standard input).
    public convenience init(path: String, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) throws(TraceError) {
        try self.init(source: try ByteSource(path: path), timeUnit: timeUnit, touchNames: touchNames)
    }

    /// True if `source` reads a regular file that can be repositioned; `offset` is then the file offset of buffer index 0.
    private static func isSeekable(_ source: ByteSource, offsetOfBuffer offset: inout Int) -> Bool {
        guard source.fd >= 0 else { return false }
        var st = stat()
        guard fstat(source.fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        let position = lseek(source.fd, 0, SEEK_CUR)
        guard position >= 0 else { return false }
        offset = Int(position) - source.end
        return true
    }

    /// A scanner at the events array's `[` and its window: the same buffer if
    /// it held the whole rest of the input, else the file read again from the
    /// `[`, else the spooled copy of the array.
    private func openEvents(at mark: Mark, window: JSONWindow) throws(TraceError) -> (JSONScanner, JSONWindow) {
        if mark.inMemory {
            return (
                JSONScanner(base: source.base, start: mark.index, end: source.end, line: mark.line, lineStart: mark.lineStart, path: path),
                window
            )
        }
        let offset = mark.offset + mark.index
        let events: ByteSource
        if let spool {
            events = try spool.reader()
        } else {
            if lseek(source.fd, off_t(offset), SEEK_SET) < 0 {
                throw TraceError.ioError(path, "cannot read '\(path)' again: \(ByteSource.errorText(errno))")
            }
            events = ByteSource(fileDescriptor: source.fd, name: path, closeOnDeinit: false)
        }
        var w = JSONWindow(source: events, offset: offset)
        var s = JSONScanner(
            base: events.base, start: 0, end: events.end, line: mark.line, lineStart: mark.offset + mark.lineStart - offset, path: path)
        try w.fill(&s)
        return (s, w)
    }

    /// At the top-level `{`: handles members before `events` immediately,
    /// looks ahead past `events`, and returns where the events array starts.
    private func parseTopLevelObject(_ s: inout JSONScanner, _ w: inout JSONWindow) throws(TraceError) -> Mark {
        let objectLocation = s.location(at: s.i)
        s.i += 1
        try w.fill(&s)
        s.skipWhitespace()
        var eventsKey: SourceLocation?
        if s.current == UInt8(ascii: "}") && !s.atEnd {
            throw TraceError.invalidTrace("missing \"events\" array in the trace object", at: objectLocation)
        }
        while true {
            try w.fill(&s)
            guard s.current == UInt8(ascii: "\"") && !s.atEnd else {
                throw s.unexpected("a member name in double quotes", at: s.i)
            }
            let keyLocation = s.location(at: s.i)
            let token = try s.scanString()
            let key = s.string(token)
            try w.fill(&s)
            s.skipWhitespace()
            try s.expect(UInt8(ascii: ":"), "':' after a member name")
            try w.fill(&s)
            s.skipWhitespace()
            switch key {
            case "events":
                if let eventsKey {
                    throw TraceError.invalidTrace(
                        "duplicate \"events\" member", at: keyLocation,
                        notes: [.note("first \"events\" here", at: eventsKey)])
                }
                eventsKey = keyLocation
                guard s.current == UInt8(ascii: "[") && !s.atEnd else {
                    throw s.error("\"events\" must be an array of event objects, found \(s.describeValue(at: s.i))", at: s.i)
                }
                let mark = Mark(s, w)
                if !w.eof && !seekable { spool = try JSONSpool(for: path) }
                if try w.skipContainer(&s, spool: spool) {
                    afterEvents = w.offset + s.i
                    do {
                        try parseRemainingMembers(&s, &w)
                    } catch {
                        // A syntax error in the events (which can mislead the
                        // bracket matching) comes first in the file: report it.
                        var (probe, input) = try openEvents(at: mark, window: w)
                        try probe.skipValue(&input)
                        throw error
                    }
                } else {
                    // Unbalanced: the events array is broken or truncated; find the error now.
                    var (probe, input) = try openEvents(at: mark, window: w)
                    try probe.skipValue(&input)
                }
                return mark
            case "screen":
                try w.fillValue(&s)
                screen = try TraceScreen(try sceneParser.parseValue(&s))
            case "scene":
                try w.fillValue(&s)
                scene = try sceneParser.parseValue(&s)
            case "expect":
                try w.fillValue(&s)
                expect = try sceneParser.parseValue(&s)
            default:
                try s.skipValue(&w)
            }
            try w.fill(&s)
            s.skipWhitespace()
            if s.current == UInt8(ascii: ",") && !s.atEnd {
                s.i += 1
                try w.fill(&s)
                s.skipWhitespace()
                continue
            }
            if s.current == UInt8(ascii: "}") && !s.atEnd {
                // Closed without "events".
                throw TraceError.invalidTrace("missing \"events\" array in the trace object", at: objectLocation)
            }
            throw s.unexpected("',' or '}' after an object member", at: s.i)
        }
    }

    /// After the events array: the remaining members, the closing `}` and
    /// the end of the input.
    private func parseRemainingMembers(_ s: inout JSONScanner, _ w: inout JSONWindow) throws(TraceError) {
        while true {
            try w.fill(&s)
            s.skipWhitespace()
            if s.current == UInt8(ascii: "}") && !s.atEnd {
                s.i += 1
                break
            }
            try s.expect(UInt8(ascii: ","), "',' or '}' after an object member")
            try w.fill(&s)
            s.skipWhitespace()
            guard s.current == UInt8(ascii: "\"") && !s.atEnd else {
                throw s.unexpected("a member name in double quotes", at: s.i)
            }
            let keyLocation = s.location(at: s.i)
            let token = try s.scanString()
            let key = s.string(token)
            try w.fill(&s)
            s.skipWhitespace()
            try s.expect(UInt8(ascii: ":"), "':' after a member name")
            try w.fill(&s)
            s.skipWhitespace()
            switch key {
            case "events":
                throw TraceError.invalidTrace("duplicate \"events\" member", at: keyLocation)
            case "screen":
                try w.fillValue(&s)
                screen = try TraceScreen(try sceneParser.parseValue(&s))
            case "scene":
                try w.fillValue(&s)
                scene = try sceneParser.parseValue(&s)
            case "expect":
                try w.fillValue(&s)
                expect = try sceneParser.parseValue(&s)
            default:
                try s.skipValue(&w)
            }
        }
        try expectEndOfInput(&s, &w)
    }

    private func expectEndOfInput(_ s: inout JSONScanner, _ w: inout JSONWindow) throws(TraceError) {
        try w.fill(&s)
        s.skipWhitespace()
        if !s.atEnd {
            throw s.error("unexpected \(s.describe(at: s.i)) after the end of the JSON document", at: s.i)
        }
    }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        if let row = try stream.unsafelyUnwrapped.value.next() { return row }
        if !finished {
            finished = true
            try finishEvents()
        }
        return nil
    }

    /// After the events array's `]`.
    private func finishEvents() throws(TraceError) {
        var s = stream.unsafelyUnwrapped.value.scanner
        var w = stream.unsafelyUnwrapped.value.window
        if !isObjectForm {
            try expectEndOfInput(&s, &w)
            return
        }
        if w.offset + s.i == afterEvents { return }
        // The look-ahead did not run or disagreed: parse the rest now.
        try parseRemainingMembers(&s, &w)
    }
}

/// Streams the events of a JSON array, one per call, from a ``JSONWindow``.
struct JSONEventStream {
    var scanner: JSONScanner
    private(set) var window: JSONWindow
    var parser: JSONEventParser
    private var first = true
    private var done = false

    /// The buffer is refilled before an event when fewer bytes than this are left in it.
    static let refillBelow = 4096
    /// The index from which the buffer is refilled before an event (`Int.max` once it holds the rest of the input).
    private var refillAt: Int

    init(scanner: JSONScanner, window: JSONWindow, parser: JSONEventParser) {
        self.scanner = scanner
        self.window = window
        self.parser = parser
        self.refillAt = 0
        updateRefillAt()
    }

    private mutating func updateRefillAt() {
        refillAt = window.eof ? Int.max : scanner.end &- Self.refillBelow
    }

    /// The next event, or `nil` after the closing `]` (the scanner is then just after it).
    @inline(__always)
    mutating func next() throws(TraceError) -> TraceRow? {
        if done { return nil }
        if scanner.i > refillAt { try refill() }
        scanner.skipWhitespace()
        if scanner.atEnd { try skipWhitespace() }
        let c = scanner.current
        if first {
            first = false
            if c == UInt8(ascii: "]") && !scanner.atEnd {
                scanner.i += 1
                done = true
                return nil
            }
        } else if c == UInt8(ascii: ",") && !scanner.atEnd {
            scanner.i += 1
            scanner.skipWhitespace()
            if scanner.atEnd { try skipWhitespace() }
        } else if c == UInt8(ascii: "]") && !scanner.atEnd {
            scanner.i += 1
            done = true
            return nil
        } else {
            throw scanner.unexpected("',' or ']' after an event", at: scanner.i)
        }
        if scanner.atEnd { throw scanner.unexpected("an event object", at: scanner.i) }
        // Optimistic: most events are in the buffer with room to spare. If
        // not, or on an error (whose message must not depend on where the
        // buffer ends), the whole event is brought in and parsed again; with
        // the rest of the input in the buffer, the first result stands.
        // (The fast path moves only the index, and only when it succeeds.)
        let i = scanner.i
        if let row = parser.fastEvent(&scanner) {
            if scanner.i &+ JSONWindow.lookahead <= scanner.end || window.eof { return row }
            scanner.i = i
            return try parseFilled()
        }
        return try parseGeneral()
    }

    /// An event the fast path did not take: the general parser (which gives
    /// the fast path's results where both apply), optimistically as in ``next()``.
    @inline(never)
    private mutating func parseGeneral() throws(TraceError) -> TraceRow {
        if window.eof { return try parser.parseGeneral(&scanner) }
        let i = scanner.i, line = scanner.line, lineStart = scanner.lineStart
        do {
            let row = try parser.parseGeneral(&scanner)
            if scanner.i &+ JSONWindow.lookahead <= scanner.end { return row }
        } catch {}
        scanner.i = i
        scanner.line = line
        scanner.lineStart = lineStart
        return try parseFilled()
    }

    @inline(never)
    private mutating func refill() throws(TraceError) {
        // A live input with no more bytes for now: go on with the events in the buffer (the
        // refill would wait for the next ones; `skipWhitespace` waits when the buffer runs out).
        if window.source.isIdleNow { return }
        try window.refill(&scanner)
        updateRefillAt()
    }

    @inline(never)
    private mutating func skipWhitespace() throws(TraceError) {
        try window.skipWhitespace(&scanner)
        updateRefillAt()
    }

    @inline(never)
    private mutating func parseFilled() throws(TraceError) -> TraceRow {
        try window.fillValue(&scanner)
        updateRefillAt()
        return try parser.parseGeneral(&scanner)
    }
}
