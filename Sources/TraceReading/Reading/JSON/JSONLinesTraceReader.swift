#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON Lines / NDJSON traces: one event object per line, streamed.
///
/// Each line is located with `memchr` in the reusable ``ByteSource`` buffer
/// and parsed in place; memory stays at one chunk plus the longest line.
/// Blank lines (only whitespace) are skipped; a line holding anything but one
/// event object (plus whitespace, including a CR before the LF) is an error.
/// An object may not span lines. A UTF-8 BOM at the start is skipped. A file
/// with no non-blank line is an "empty trace" error.
public final class JSONLinesTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public var path: String { core.value.source.path }
    /// String touch ids.
    public let touchNames: TouchNameTable

    private let core: CoreBox<JSONLinesCore>

    /// Reads from `source`, converting times from `timeUnit`.
    public init(source: ByteSource, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) {
        self.touchNames = touchNames
        self.core = CoreBox(JSONLinesCore(source: source, parser: JSONEventParser(timeUnit: timeUnit, names: touchNames)))
    }

    /// Opens `path` (`-` for standard input).
    public convenience init(path: String, timeUnit: TimeUnit = .seconds, touchNames: TouchNameTable = TouchNameTable()) throws(TraceError) {
        self.init(source: try ByteSource(path: path), timeUnit: timeUnit, touchNames: touchNames)
    }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        try core.value.next()
    }

    /// The reader's state, for ``AnyTraceReader`` (valid while `self` lives).
    var corePointer: UnsafeMutablePointer<JSONLinesCore> { core.pointer }

    deinit { core.release() }
}

/// The JSON Lines reader's state and hot loop, as a value type.
struct JSONLinesCore {
    let source: ByteSource
    var parser: JSONEventParser
    private var base: UnsafePointer<UInt8>
    private var start: Int
    private var end: Int
    private var line = 1
    private var started = false
    private var sawContent = false
    /// Reused for every line (re-pointed, so the path is not copied per row).
    private var scanner: JSONScanner

    init(source: ByteSource, parser: JSONEventParser) {
        self.source = source
        self.parser = parser
        self.base = source.base
        self.start = source.start
        self.end = source.end
        self.scanner = JSONScanner(base: source.base, start: 0, end: 0, path: source.path, endIsEndOfLine: true)
    }

    private mutating func refill() throws(TraceError) -> Bool {
        source.start = start
        let more = try source.refill()
        base = source.base
        start = source.start
        end = source.end
        return more
    }

    @inline(__always)
    mutating func next() throws(TraceError) -> TraceRow? {
        if !started {
            started = true
            start = try source.startSkippingByteOrderMark(from: start)
            base = source.base
            end = source.end
        }
        // Bytes after `start` already searched for a line feed: a long line arriving in chunks (a
        // pipe gives 64 KiB per read) is searched once, not again from its start after each refill.
        var searched = 0
        while true {
            let lineEnd: Int
            if let hit = memchr(base + start + searched, 0x0A, end - start - searched) {
                lineEnd = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            } else {
                searched = end - start
                if try refill() { continue }
                if start == end {
                    if !sawContent {
                        throw TraceError.emptyTrace(source.path)
                    }
                    return nil
                }
                lineEnd = end
            }
            scanner.base = base
            scanner.i = start
            scanner.end = lineEnd
            scanner.line = line
            scanner.lineStart = start
            scanner.skipWhitespace()
            if scanner.atEnd {
                start = min(lineEnd + 1, end)
                line += 1
                searched = 0
                continue
            }
            sawContent = true
            // Past the line before it is parsed: after an error in it the next call reads the
            // next line (a live replay with --lenient skips it, docs/live.md).
            start = min(lineEnd + 1, end)
            line += 1
            let row = try parser.parseEvent(&scanner)
            scanner.skipWhitespace()
            if !scanner.atEnd {
                throw scanner.error(
                    "unexpected \(scanner.describe(at: scanner.i)) after the event object (JSON Lines holds one event per line)",
                    at: scanner.i)
            }
            return row
        }
    }
}
