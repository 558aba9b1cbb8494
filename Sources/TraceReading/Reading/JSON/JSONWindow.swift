#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``JSONScanner`` gets its bytes: asked before each token is read.
protocol JSONInput {
    /// Makes the token at `s.i` (after any whitespace) complete in the
    /// scanner's buffer, followed by ``JSONWindow/lookahead`` more bytes or by
    /// the end of the input.
    mutating func fill(_ s: inout JSONScanner) throws(TraceError)
}

/// The whole input is in the buffer: nothing to do.
struct JSONWholeInput: JSONInput {
    @inline(__always)
    mutating func fill(_ s: inout JSONScanner) throws(TraceError) {}
}

/// A window over a streamed JSON input: the scanner's buffer is the
/// ``ByteSource``'s, which holds the bytes from the scanner's position on (one
/// chunk, or more while one token or value is longer than that); bytes before
/// the position are dropped when more are read.
///
/// The scanner's `end` is the end of the buffer. A token is only read once it
/// is in the buffer in full with ``lookahead`` bytes after it, or once the
/// buffer holds the rest of the input (``eof``): every byte the scanner looks
/// at, and every comparison with `end` it makes, is then the same as with the
/// whole input in memory, so results, messages and positions are too.
struct JSONWindow: JSONInput {
    let source: ByteSource
    /// True when the buffer holds all the rest of the input.
    private(set) var eof: Bool
    /// Input offset of buffer index 0 (a file offset when the input is a seekable file).
    private(set) var offset: Int

    /// Bytes a token must have after it in the buffer (more than any look-ahead of the scanner: 8-byte loads, literals).
    static let lookahead = 64

    init(source: ByteSource, offset: Int) {
        self.source = source
        self.eof = source.isAtEOF
        self.offset = offset
    }

    /// Drops the bytes before `keep`, reads more behind the rest. Returns how
    /// far indices moved back (indices in the buffer must be reduced by it) and
    /// whether anything was read.
    mutating func refill(keeping keep: Int) throws(TraceError) -> (shift: Int, more: Bool) {
        if eof { return (0, false) }
        source.start = keep
        let more = try source.refill()
        let shift = keep &- source.start
        offset &+= shift
        if !more { eof = true }
        return (shift, more)
    }

    /// ``refill(keeping:)`` from `s.i`, moving `s` along.
    @discardableResult
    mutating func refill(_ s: inout JSONScanner) throws(TraceError) -> Bool {
        let (shift, more) = try refill(keeping: s.i)
        s.base = source.base
        s.i &-= shift
        s.lineStart &-= shift
        s.end = source.end
        return more
    }

    /// Skips whitespace, reading on at the end of the buffer.
    mutating func skipWhitespace(_ s: inout JSONScanner) throws(TraceError) {
        s.skipWhitespace()
        while s.atEnd && !eof {
            try refill(&s)
            s.skipWhitespace()
        }
    }

    @inline(never)
    mutating func fill(_ s: inout JSONScanner) throws(TraceError) {
        if eof { return }
        try skipWhitespace(&s)
        var scan = TokenScan()
        while !eof {
            if let tokenEnd = scan.end(of: s.base, from: s.i, to: s.end), tokenEnd &+ Self.lookahead <= s.end { return }
            try refill(&s)
        }
    }

    /// Like ``fill(_:)`` for a whole value: an array or object is brought into
    /// the buffer up to its matching bracket (found by the fast bracket
    /// matching; memory is then the value's size).
    mutating func fillValue(_ s: inout JSONScanner) throws(TraceError) {
        if eof { return }
        try skipWhitespace(&s)
        let c = s.current
        guard c == UInt8(ascii: "{") || c == UInt8(ascii: "[") else {
            try fill(&s)
            return
        }
        var st = FastSkipState(depth: 1, line: 0, lineStart: 0)
        var k = s.i &+ 1
        while true {
            if let after = JSONScanner.fastSkip(s.base, &k, s.end, final: eof, &st) {
                if after &+ Self.lookahead <= s.end || eof { return }
                // The value is in; read until the look-ahead is too. A live input with no more
                // bytes for now (docs/live.md) is not waited for: the value is parsed as it would
                // be at the end of the input (the bytes after the buffer's end read as zeros, as
                // there), so an event is delivered when it is complete, not one event later.
                let from = s.i
                while !eof && after &- from &+ Self.lookahead > s.end &- s.i {
                    if source.isIdleNow { return }
                    try refill(&s)
                }
                return
            }
            if eof { return }
            // A live input with no more bytes for now: a value that ends in the last bytes (which
            // the pass above leaves for the next read) is complete; parse it (as above).
            if source.isIdleNow {
                var probe = st, kk = k
                if JSONScanner.fastSkip(s.base, &kk, s.end, final: true, &probe) != nil { return }
            }
            let before = s.i
            try refill(&s)
            k &-= before &- s.i
        }
    }

    /// Moves `s` from the `[` or `{` at `s.i` to just after its matching
    /// bracket with the fast bracket matching of
    /// ``JSONScanner/skipContainerFast()`` (no validation; lines counted),
    /// reading on and dropping what it passed, and copying every byte it passed
    /// to `spool` if given. Returns false if the input ends first (everything
    /// to the end is then spooled).
    mutating func skipContainer(_ s: inout JSONScanner, spool: JSONSpool?) throws(TraceError) -> Bool {
        var st = FastSkipState(depth: 1, line: s.line, lineStart: s.lineStart)
        var k = s.i &+ 1
        var spooled = s.i
        while true {
            if let after = JSONScanner.fastSkip(s.base, &k, s.end, final: eof, &st) {
                try spool?.write(s.base + spooled, after &- spooled)
                s.i = after
                s.line = st.line
                s.lineStart = st.lineStart
                return true
            }
            if eof {
                try spool?.write(s.base + spooled, s.end &- spooled)
                return false
            }
            try spool?.write(s.base + spooled, k &- spooled)
            let (shift, _) = try refill(keeping: k)
            k &-= shift
            spooled = k
            st.lineStart &-= shift
            s.base = source.base
            s.i = k
            s.lineStart &-= shift
            s.end = source.end
        }
    }
}

/// Finds the end of the token at a position, resumably (the buffer grows behind it).
private struct TokenScan {
    /// Bytes of the token already examined.
    private var scanned = 0
    private var escaped = false

    /// The index after the token starting at `from`, or `nil` if it runs to `to`.
    /// A string ends after its closing quote (escapes skipped); a number or a
    /// literal (or any other run) at the next whitespace or punctuation; a
    /// punctuation byte is a token of its own.
    mutating func end(of base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        if from >= end { return nil }
        let first = base[from]
        var k = from &+ max(scanned, 1)
        if first == UInt8(ascii: "\"") {
            while k < end {
                let c = base[k]
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    return k &+ 1
                }
                k &+= 1
            }
        } else if Self.isDelimiter(first) {
            return from &+ 1
        } else {
            while k < end {
                if Self.isDelimiter(base[k]) { return k }
                k &+= 1
            }
        }
        scanned = k &- from
        return nil
    }

    private static func isDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""):
            return true
        default:
            return false
        }
    }
}

/// An unlinked temporary file holding a JSON trace's events array when the
/// input cannot be read twice (a pipe, standard input) and other members come
/// after the array: the array is copied there as it is skipped, then read back.
final class JSONSpool {
    let fd: Int32
    private let path: String

    /// Creates the file in `$TMPDIR` (or `/tmp`) and unlinks it at once. `path` names the input in errors.
    init(for path: String) throws(TraceError) {
        self.path = path
        var directory = "/tmp"
        if let tmp = getenv("TMPDIR"), tmp.pointee != 0 { directory = String(cString: tmp) }
        var template = Array("\(directory)/gesturereplay-json-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 {
            throw TraceError.ioError(
                path, "cannot create a temporary file in '\(directory)' for the events of '\(path)': \(ByteSource.errorText(errno))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `count` bytes.
    func write(_ p: UnsafePointer<UInt8>, _ count: Int) throws(TraceError) {
        var done = 0
        while done < count {
            let n = posixWrite(fd, p + done, count - done)
            if n > 0 {
                done += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                throw TraceError.ioError(path, "cannot write the temporary copy of the events of '\(path)': \(ByteSource.errorText(errno))")
            }
        }
    }

    /// A source reading the spooled bytes from the start.
    func reader() throws(TraceError) -> ByteSource {
        if lseek(fd, 0, SEEK_SET) < 0 {
            throw TraceError.ioError(path, "cannot read back the temporary copy of the events of '\(path)': \(ByteSource.errorText(errno))")
        }
        return ByteSource(fileDescriptor: fd, name: path, closeOnDeinit: false)
    }
}

/// `write(2)` (the name is taken inside ``JSONSpool``).
private func posixWrite(_ fd: Int32, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    write(fd, p, n)
}
