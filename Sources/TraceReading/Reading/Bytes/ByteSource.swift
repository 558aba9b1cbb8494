#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input (file, standard input, pipe or bytes in memory) in chunks
/// into one reusable buffer.
///
/// The readers keep the unconsumed bytes `buffer[start..<end]`; ``refill()``
/// moves them to the front and reads the next chunk behind them, growing the
/// buffer only when a single record is longer than the buffer. Memory use is
/// therefore one chunk (64 KiB by default) plus the longest record, however
/// long the input. ``readToEnd()`` instead loads everything (used by the JSON
/// reader).
///
/// Files are read with POSIX `open`/`read`; nothing here touches Foundation.
public final class ByteSource {
    /// Default chunk size: 64 KiB.
    public static let defaultChunkSize = 64 * 1024

    /// The input's name in diagnostics: the path, or `<stdin>` for `-`.
    public let path: String

    package let fd: Int32
    private let closeOnDeinit: Bool
    private let chunkSize: Int

    /// Readable bytes after `end` (and after the storage's capacity), so that
    /// word-at-a-time loads (``SWAR``) may read up to 8 bytes from any index
    /// below `end`. They are zeros (every change of `end` zeroes them again): a word load clamps
    /// to `end`, and the CSV reader's number scan stops at the first one
    /// (``DecimalParsing/scanShort(_:_:_:json:zeroPadded:)``).
    static let padding = 8

    /// Storage: `capacity` bytes plus ``padding``; the ``padding`` bytes after
    /// `end` are kept zeroed.
    private(set) var storage: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// First byte not yet consumed.
    var start: Int = 0
    /// One past the last valid byte.
    private(set) var end: Int = 0
    /// True once the input has no more bytes to read (all of it is in the buffer, or consumed).
    public private(set) var isAtEOF: Bool = false
    /// Live input only (a pipe, terminal, socket or FIFO read by a live replay, docs/live.md):
    /// waits with `poll(2)` before each `read`, completing idle frames and firing timers. Nil for
    /// files and bytes in memory, which read exactly as without it.
    @exclusivity(unchecked) package var waiter: (any LiveInputWaiter)?

    /// The longest line any reader takes, bytes: 16 MiB (docs/robustness.md, "What is bounded").
    /// The buffer holds the current line whole, so a line without an end (`/dev/zero`, a producer
    /// that never writes a line feed) would grow it until memory runs out; a longer line is an error
    /// at its position instead ("line longer than 16777216 bytes").
    public static let maximumLineLength = 16 * 1024 * 1024

    /// Bytes moved out of the buffer's front so far (the input offset of `storage[0]`).
    private var discarded = 0
    /// The input offset where the last line read so far starts (after the last line feed).
    private var lineStartOffset = 0

    /// The name shown for standard input.
    public static let standardInputName = "<stdin>"

    /// Opens `path` for reading; `-` means standard input.
    ///
    /// - Throws: ``TraceError`` with category `cannotOpen` if the file cannot be
    ///   opened or is a directory.
    public convenience init(path: String, chunkSize: Int = ByteSource.defaultChunkSize) throws(TraceError) {
        if path == "-" {
            self.init(fileDescriptor: 0, name: ByteSource.standardInputName, closeOnDeinit: false, chunkSize: chunkSize)
            return
        }
        var fd: Int32
        repeat {
            fd = open(path, O_RDONLY | O_CLOEXEC)
        } while fd < 0 && errno == EINTR
        if fd < 0 {
            throw TraceError.cannotOpen(path, "cannot open '\(path)': \(Self.errorText(errno))")
        }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw TraceError.cannotOpen(path, "cannot open '\(path)': \(Self.errorText(EISDIR))")
        }
        self.init(fileDescriptor: fd, name: path, closeOnDeinit: true, chunkSize: chunkSize)
    }

    /// Reads from an open file descriptor. `name` is used in diagnostics.
    public init(fileDescriptor: Int32, name: String, closeOnDeinit: Bool, chunkSize: Int = ByteSource.defaultChunkSize) {
        self.path = name
        self.fd = fileDescriptor
        self.closeOnDeinit = closeOnDeinit
        self.chunkSize = max(16, chunkSize)
        self.capacity = self.chunkSize
        self.storage = Self.allocateZeroed(self.capacity)
    }

    /// Reads from bytes in memory (copied once). `name` is used in diagnostics.
    public init(bytes: some Collection<UInt8>, name: String) {
        self.path = name
        self.fd = -1
        self.closeOnDeinit = false
        self.chunkSize = Self.defaultChunkSize
        self.capacity = max(16, bytes.count)
        self.storage = Self.allocateZeroed(self.capacity)
        var i = 0
        for b in bytes { storage[i] = b; i += 1 }
        self.end = i
        self.isAtEOF = true
        zeroPadding()
    }

    /// A new source over the same input from its first byte, when the input can be read twice:
    /// bytes in memory, or a regular file (its descriptor's file opened again, standard input too).
    /// Nil for a pipe, FIFO, socket or terminal. (The getevent reader looks for axis ranges after
    /// the events with it.)
    func reopenedFromStart() -> ByteSource? {
        if fd < 0 {
            guard isAtEOF else { return nil }
            return ByteSource(bytes: UnsafeBufferPointer(start: storage, count: end), name: path)
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        // The descriptor's own file, not `path` (only a name for messages: `<stdin>`, or a name
        // given with `init(fileDescriptor:name:)`); Linux opens it anew, with its own offset.
        #if os(Linux)
        let name = "/proc/self/fd/\(fd)"
        #else
        let name = path
        #endif
        var again: Int32
        repeat {
            again = open(name, O_RDONLY | O_CLOEXEC)
        } while again < 0 && errno == EINTR
        guard again >= 0 else { return nil }
        // The very same file (same device and inode), or nothing.
        var st2 = stat()
        guard fstat(again, &st2) == 0, st2.st_dev == st.st_dev, st2.st_ino == st.st_ino, lseek(again, 0, SEEK_CUR) == 0 else {
            close(again)
            return nil
        }
        return ByteSource(fileDescriptor: again, name: path, closeOnDeinit: true, chunkSize: chunkSize)
    }

    /// Reads from the UTF-8 of `text`. `name` is used in diagnostics.
    public convenience init(text: String, name: String) {
        self.init(bytes: Array(text.utf8), name: name)
    }

    deinit {
        storage.deallocate()
        if closeOnDeinit { close(fd) }
    }

    /// The buffer's first byte (valid until the next ``refill()``).
    var base: UnsafePointer<UInt8> { UnsafePointer(storage) }

    /// Number of unconsumed bytes in the buffer.
    public var available: Int { end - start }

    /// Moves the unconsumed bytes to the front of the buffer and reads more
    /// behind them (one `read`), growing the buffer if it is full.
    ///
    /// Indices into the buffer are invalidated: after the call, the byte that
    /// was at `start` is at index 0. Returns `false` if nothing was added
    /// because the input is exhausted.
    @discardableResult
    public func refill() throws(TraceError) -> Bool {
        if isAtEOF { return false }
        if start > 0 {
            if end > start { memmove(storage, storage + start, end - start) }
            end -= start
            discarded += start
            start = 0
            zeroPadding()
        }
        if end == capacity { grow(to: max(capacity * 2, end + chunkSize)) }
        if _slowPath(waiter != nil), !waitForLiveInput() {
            // A signal or a closed output: the input ends here.
            isAtEOF = true
            return false
        }
        while true {
            let n = read(fd, storage + end, capacity - end)
            if n > 0 {
                // The line length: the last line feed of the new bytes (searched from their end, so
                // a few bytes per chunk), or the line goes on.
                var k = end &+ n
                while k > end && storage[k &- 1] != 0x0A { k &-= 1 }
                if k > end { lineStartOffset = discarded &+ k }
                end += n
                zeroPadding()
                if _slowPath(discarded + end - lineStartOffset > Self.maximumLineLength) { throw lineTooLong() }
                return true
            }
            if n == 0 {
                isAtEOF = true
                return false
            }
            if errno == EINTR { continue }
            throw TraceError.ioError(path, "cannot read '\(path)': \(Self.errorText(errno))")
        }
    }

    /// The error for the line starting at `lineStartOffset`, longer than ``maximumLineLength``: at
    /// its line and column `maximumLineLength + 1` when the line number can be known (everything
    /// before it is in the buffer, or the input is a regular file, read again to count), else at its
    /// byte offset (a pipe).
    @inline(never)
    private func lineTooLong() -> TraceError {
        let message = "line longer than \(Self.maximumLineLength) bytes (the longest line gesturereplay reads)"
        var lines = 0
        if discarded > 0 {
            guard let before = Self.countLineFeeds(fd, upTo: min(discarded, lineStartOffset)) else {
                return .invalidTrace(message + "; it starts at byte \(lineStartOffset)", at: SourceLocation(path: path, position: .unknown))
            }
            lines = before
        }
        if lineStartOffset > discarded {
            var p = storage
            let stop = storage + (lineStartOffset - discarded)
            while p < stop, let hit = memchr(p, 0x0A, stop - p) {
                lines += 1
                p = hit.assumingMemoryBound(to: UInt8.self) + 1
            }
        }
        return .invalidTrace(
            message, at: SourceLocation(path: path, position: TextPosition(line: lines + 1, column: Self.maximumLineLength + 1)))
    }

    /// The line feeds in the first `count` bytes of `fd`'s file, read again with `pread`; nil when
    /// `fd` is not a regular file (a pipe cannot be read twice).
    private static func countLineFeeds(_ fd: Int32, upTo count: Int) -> Int? {
        var st = stat()
        guard fd >= 0, fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let chunk = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        var offset = 0, lines = 0
        while offset < count {
            let n = pread(fd, buffer, min(chunk, count - offset), off_t(offset))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            for k in 0..<n where buffer[k] == 0x0A { lines += 1 }
            offset += n
        }
        return lines
    }

    /// Out of line, so that the readers' loops, into which `refill()` is inlined, stay as they were.
    @inline(never)
    private func waitForLiveInput() -> Bool {
        waiter.unsafelyUnwrapped.waitForInput(fd)
    }

    /// Reads until at least `count` unconsumed bytes are buffered or the input ends.
    /// Live input stops early: after its first complete line, once the input pauses.
    public func prefetch(_ count: Int) throws(TraceError) {
        while available < count {
            if let waiter, memchr(storage + start, 0x0A, available) != nil, !waiter.moreArrivesSoon(fd) { return }
            guard try refill() else { return }
        }
    }

    /// Live input only: true when no byte can be read now (`poll` without waiting): a reader may
    /// then go on with what the buffer holds instead of waiting for more (the JSON reader's
    /// look-ahead after a complete event). Always false for files and bytes in memory.
    var isIdleNow: Bool {
        guard waiter != nil, !isAtEOF else { return false }
        return waiter.unsafelyUnwrapped.isIdleNow(fd)
    }

    /// The line readers' common start: buffers the first bytes from `first` and returns where
    /// reading begins, past a UTF-8 byte order mark when the input starts with one.
    func startSkippingByteOrderMark(from first: Int) throws(TraceError) -> Int {
        start = first
        try prefetch(3)
        let s = start
        if end - s >= 3 && base[s] == 0xEF && base[s + 1] == 0xBB && base[s + 2] == 0xBF { return s + 3 }
        return s
    }

    /// Reads the rest of the input into the buffer (the JSON reader's mode):
    /// memory becomes the input's size. Indices are invalidated as by ``refill()``.
    public func readToEnd() throws(TraceError) {
        if fd >= 0, !isAtEOF {
            var st = stat()
            if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 {
                let want = Int(st.st_size) + 1
                if capacity < want { grow(to: want) }
            }
        }
        while try refill() {}
    }

    private static func allocateZeroed(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + padding)
        p.initialize(repeating: 0, count: padding)
        return p
    }

    /// Zeroes the ``padding`` bytes after `end`.
    private func zeroPadding() {
        (storage + end).initialize(repeating: 0, count: Self.padding)
    }

    private func grow(to newCapacity: Int) {
        let newStorage = Self.allocateZeroed(newCapacity)
        if end > 0 { newStorage.update(from: storage, count: end) }
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
        zeroPadding()
    }

    /// A copy of the unconsumed bytes (at most `limit`), for sniffing.
    public func peek(_ limit: Int = .max) -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage + start, count: min(available, limit)))
    }

    static func errorText(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
