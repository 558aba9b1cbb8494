import GestureEngine
@testable import TraceReplay
@testable import TraceReading

// The whole-document JSON trace reader as it was before JSON was streamed
// (commit e18797b, Sources/TraceReplay/Reading/JSON/JSONTraceReader.swift),
// kept here only as the plain reference for JSONStreamingEquivalenceTests:
// it reads the whole input into memory, then parses it.

/// Reads a JSON trace: `{"events": [...], "screen": {...}, "scene": {...}}`
/// (only `events` required, keys in any order, unknown keys validated and
/// ignored) or a bare array of events.
///
/// Memory: the whole file is read into one buffer (its size in bytes); events
/// are then parsed one at a time straight from that buffer by ``next()`` and
/// never stored as Swift values. Only `screen`, `scene` and `expect` become
/// ``JSONValue`` trees.
///
/// `screen` and `scene` are available as soon as the reader is created, even
/// when they come after `events` in the file: the reader locates the end of
/// the events array with a fast bracket-matching pass (brackets, quotes and
/// escapes only, 8 bytes at a time), parses the members after it, then
/// streams the events. Structural problems are therefore reported when the
/// reader is created, before any event is returned: an unbalanced or
/// truncated events array, or an error after it (when that look-ahead fails,
/// the events array is validated first so that an earlier syntax error in it
/// wins). Errors inside individual events (an unknown phase, a missing field,
/// a stray comma) are reported by ``next()`` when the event is reached.
final class ReferenceJSONTraceReader: TraceReader {
    /// The input's name in diagnostics.
    var path: String { source.path }
    /// String touch ids.
    let touchNames: TouchNameTable
    /// The recorded screen, if the document has a `screen` member.
    private(set) var screen: TraceScreen?
    /// The raw `scene` member, if any (interpreted by the scene loader).
    private(set) var scene: JSONValue?
    /// The raw `expect` member, if any (interpreted by the expectations of `check` and `test`).
    private(set) var expect: JSONValue?
    /// True if the document is an object (`{"events": ...}`), false for a bare array.
    private(set) var isObjectForm = false

    private let source: ByteSource
    private let sceneParser: JSONParser
    /// Set during `init` (top level), then owned by `stream`.
    private var scanner: JSONScanner
    private var stream: CoreBox<ReferenceJSONEventStream>?
    private var finished = false
    /// Index just after the events array, per the look-ahead (-1 if not done).
    private var afterEvents = -1

    /// Reads the whole of `source` and parses everything but the events. `sceneMaxDepth` limits the
    /// nesting of the embedded scene (default 512, the JSON parser's own limit).
    init(
        source: ByteSource, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable(), sceneMaxDepth: Int = 512
    ) throws(TraceError) {
        self.source = source
        self.touchNames = touchNames
        self.sceneParser = JSONParser(maxDepth: sceneMaxDepth)
        try source.readToEnd()
        let start = source.start
        var s = JSONScanner(base: source.base, start: start, end: source.end, path: source.path)
        if source.available >= 3 && s.base[start] == 0xEF && s.base[start + 1] == 0xBB && s.base[start + 2] == 0xBF {
            s.i += 3
            s.lineStart = s.i
        }
        s.skipWhitespace()
        if s.atEnd {
            throw TraceError.invalidTrace("empty trace: no events", at: SourceLocation(path: source.path, line: 1, column: 1))
        }
        self.scanner = s
        switch s.current {
        case UInt8(ascii: "["):
            break
        case UInt8(ascii: "{"):
            isObjectForm = true
            try parseTopLevelObject()
        default:
            throw s.error("expected an array of events or an object with an \"events\" array, found \(s.describeValue(at: s.i))", at: s.i)
        }
        // `scanner` is now at the events array's '['.
        scanner.i += 1
        stream = CoreBox(ReferenceJSONEventStream(scanner: scanner, parser: JSONEventParser(timeUnit: timeUnit, names: touchNames)))
    }

    deinit { stream?.release() }

    /// The events' stream state, for ``AnyTraceReader`` (valid while `self` lives).
    var streamPointer: UnsafeMutablePointer<ReferenceJSONEventStream> { stream.unsafelyUnwrapped.pointer }

    /// Opens and reads `path` (`-` for standard input).
    convenience init(path: String, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) throws(TraceError) {
        try self.init(source: try ByteSource(path: path), timeUnit: timeUnit, touchNames: touchNames)
    }

    /// At the top-level `{`: handles members before `events` immediately,
    /// looks ahead past `events`, and leaves the scanner at its `[`.
    private func parseTopLevelObject() throws(TraceError) {
        var s = scanner
        let objectLocation = s.location(at: s.i)
        s.i += 1
        s.skipWhitespace()
        var eventsKey: SourceLocation?
        if s.current == UInt8(ascii: "}") && !s.atEnd {
            throw TraceError.invalidTrace("missing \"events\" array in the trace object", at: objectLocation)
        }
        while true {
            guard s.current == UInt8(ascii: "\"") && !s.atEnd else {
                throw s.unexpected("a member name in double quotes", at: s.i)
            }
            let keyLocation = s.location(at: s.i)
            let token = try s.scanString()
            let key = s.string(token)
            s.skipWhitespace()
            try s.expect(UInt8(ascii: ":"), "':' after a member name")
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
                let atArray = s
                if s.skipContainerFast() {
                    afterEvents = s.i
                    do {
                        try parseRemainingMembers(&s)
                    } catch {
                        // A syntax error in the events (which can mislead the
                        // bracket matching) comes first in the file: report it.
                        var probe = atArray
                        try probe.skipValue()
                        throw error
                    }
                } else {
                    // Unbalanced: the events array is broken or truncated; find the error now.
                    var probe = atArray
                    try probe.skipValue()
                }
                scanner = atArray
                return
            case "screen":
                screen = try TraceScreen(try sceneParser.parseValue(&s))
            case "scene":
                scene = try sceneParser.parseValue(&s)
            case "expect":
                expect = try sceneParser.parseValue(&s)
            default:
                try s.skipValue()
            }
            s.skipWhitespace()
            if s.current == UInt8(ascii: ",") && !s.atEnd {
                s.i += 1
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
    private func parseRemainingMembers(_ s: inout JSONScanner) throws(TraceError) {
        while true {
            s.skipWhitespace()
            if s.current == UInt8(ascii: "}") && !s.atEnd {
                s.i += 1
                break
            }
            try s.expect(UInt8(ascii: ","), "',' or '}' after an object member")
            s.skipWhitespace()
            guard s.current == UInt8(ascii: "\"") && !s.atEnd else {
                throw s.unexpected("a member name in double quotes", at: s.i)
            }
            let keyLocation = s.location(at: s.i)
            let token = try s.scanString()
            let key = s.string(token)
            s.skipWhitespace()
            try s.expect(UInt8(ascii: ":"), "':' after a member name")
            s.skipWhitespace()
            switch key {
            case "events":
                throw TraceError.invalidTrace("duplicate \"events\" member", at: keyLocation)
            case "screen":
                screen = try TraceScreen(try sceneParser.parseValue(&s))
            case "scene":
                scene = try sceneParser.parseValue(&s)
            case "expect":
                expect = try sceneParser.parseValue(&s)
            default:
                try s.skipValue()
            }
        }
        try expectEndOfInput(&s)
    }

    private func expectEndOfInput(_ s: inout JSONScanner) throws(TraceError) {
        s.skipWhitespace()
        if !s.atEnd {
            throw s.error("unexpected \(s.describe(at: s.i)) after the end of the JSON document", at: s.i)
        }
    }

    @inline(__always)
    func next() throws(TraceError) -> TraceRow? {
        if let row = try stream.unsafelyUnwrapped.value.next() { return row }
        if !finished {
            finished = true
            try finishEvents()
        }
        return nil
    }

    /// After the events array's `]`.
    private func finishEvents() throws(TraceError) {
        scanner = stream.unsafelyUnwrapped.value.scanner
        if !isObjectForm {
            try expectEndOfInput(&scanner)
            return
        }
        if scanner.i == afterEvents { return }
        // The look-ahead did not run or disagreed: parse the rest now.
        try parseRemainingMembers(&scanner)
    }
}

/// Streams the events of a JSON array, one per call.
struct ReferenceJSONEventStream {
    var scanner: JSONScanner
    var parser: JSONEventParser
    private var first = true
    private var done = false

    init(scanner: JSONScanner, parser: JSONEventParser) {
        self.scanner = scanner
        self.parser = parser
    }

    /// The next event, or `nil` after the closing `]` (the scanner is then just after it).
    @inline(__always)
    mutating func next() throws(TraceError) -> TraceRow? {
        if done { return nil }
        scanner.skipWhitespace()
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
        } else if c == UInt8(ascii: "]") && !scanner.atEnd {
            scanner.i += 1
            done = true
            return nil
        } else {
            throw scanner.unexpected("',' or ']' after an event", at: scanner.i)
        }
        if scanner.atEnd { throw scanner.unexpected("an event object", at: scanner.i) }
        return try parser.parseEvent(&scanner)
    }
}
