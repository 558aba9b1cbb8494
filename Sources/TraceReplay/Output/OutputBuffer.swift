#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReading

/// A byte buffer that output is built in and written to a file descriptor in large blocks: the
/// storage and the flushing. Numbers are formatted straight into it (GestureEngine's one
/// `DecimalWriter`), JSON strings escaped into it (`JSONEscaping.swift`), and each renderer lays out
/// its own lines (`TextRenderer`, `JSONLinesRenderer`) through the unchecked `ByteWriter`.
///
/// It is a value: copies do not share writes (the storage is copied on the first write to a
/// shared copy). The renderers write whole lines through a `ByteWriter` after one `reserve`, so a
/// line costs one capacity check, not one per byte.
public struct OutputBuffer {
    /// Owns the allocation; the buffer keeps the pointer and capacity beside it so that writing
    /// touches no reference-counted state.
    @usableFromInline final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        /// The values of the last lines written into this storage (`ValueMemo`).
        let valueMemo = ValueMemo()
        /// 16-byte aligned: while a formatting thread runs, the buffer holds 8-byte words and
        /// records (`OutputBuffer+FormattingThread.swift`).
        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16).bindMemory(to: UInt8.self, capacity: capacity)
        }
        deinit {
            UnsafeMutableRawPointer(base).deallocate()
            valueMemo.deallocate()
        }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written and not yet flushed.
    public internal(set) var count: Int = 0
    /// The file descriptor written to on `flush()`; nil keeps everything in memory (tests, golden checks).
    package let fileDescriptor: Int32?
    /// Larger while a formatting thread runs (``FormattingThread/blockSize``).
    package internal(set) var flushThreshold: Int
    /// The `errno` of the first write that failed (0: none). After a failure the buffer drops what
    /// it is given, so a replay into a full disk or a closed pipe ends normally and the caller
    /// reports the error once (`gesturereplay`: exit 74, or quietly for a closed pipe).
    public internal(set) var writeError: Int32 = 0
    /// The thread that formats transition lines and writes the output, while one runs
    /// (``startFormattingThread(_:)``); nil: lines are formatted here and written by `flush()`.
    var formattingThread: FormattingThread?
    /// While a formatting thread runs: where the run of plain bytes being written starts (its
    /// length word).
    var runStart = 0

    /// A buffer that writes to `fileDescriptor` whenever more than `flushThreshold` bytes are pending.
    public init(fileDescriptor: Int32?, flushThreshold: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.flushThreshold = flushThreshold
        capacity = fileDescriptor == nil ? 4096 : flushThreshold + 4096
        storage = Storage(capacity: capacity)
        base = storage.base
    }

    /// Everything written and not yet flushed (everything, for in-memory buffers), as bytes.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Everything written so far, as text (in-memory buffers only).
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    // MARK: Room

    /// Makes room for `n` more bytes (and makes the storage this buffer's own).
    @inline(__always) @usableFromInline mutating func reserve(_ n: Int) {
        if _slowPath(count &+ n > capacity || !isKnownUniquelyReferenced(&storage)) { grow(n) }
    }

    @inline(never) @usableFromInline mutating func grow(_ n: Int) {
        var newCapacity = capacity
        while count + n > newCapacity { newCapacity *= 2 }
        let new = Storage(capacity: newCapacity)
        new.base.update(from: base, count: count)
        storage = new
        base = new.base
        capacity = newCapacity
    }

    /// A writer at the end of the buffer with room for `n` bytes; hand it back with `commit(_:)`.
    /// In debug builds the writer checks every write against those `n` bytes.
    @inline(__always) mutating func writer(reserving n: Int) -> ByteWriter {
        reserve(n)
        return ByteWriter(base + count, limit: base + count + n)
    }

    /// Takes the bytes written through `w` (obtained from `writer(reserving:)` with no other write
    /// since). It must end inside the storage, at or after the bytes already taken: a reservation
    /// that was too small stops here rather than corrupt the count.
    @inline(__always) mutating func commit(_ w: ByteWriter) {
        let end = w.p - base
        precondition(end >= count && end <= capacity, "ByteWriter wrote outside the room it reserved")
        count = end
    }

    // MARK: Appending

    @inline(__always) public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always) public mutating func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// Appends raw bytes.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let b = bytes.baseAddress { (base + count).update(from: b, count: bytes.count) }
        count &+= bytes.count
    }

    /// Appends `n` spaces.
    public mutating func pad(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).update(repeating: UInt8(ascii: " "), count: n)
        count &+= n
    }

    public mutating func append(_ value: Int) {
        var w = writer(reserving: 24)
        w.int(value)
        commit(w)
    }

    mutating func appendUnsigned(_ value: UInt) {
        var w = writer(reserving: 24)
        w.uint(UInt64(value))
        commit(w)
    }

    /// Appends a finite number with exactly `decimals` digits after the point (rounded half away from
    /// zero), or `null` when it is not finite: output never contains `nan` or `inf`.
    /// With `trim`, trailing zeros (and a bare point) are dropped: `1.5`, `2`, `-0.25`.
    public mutating func appendNumber(_ value: Double, decimals: Int, trim: Bool = false) {
        var w = writer(reserving: ByteWriter.maximumNumberLength(decimals: decimals))
        w.number(value, decimals: decimals, trim: trim)
        commit(w)
    }

    // MARK: Writing out

    /// Writes out pending bytes when more than the threshold are waiting.
    @inline(__always) public mutating func flushIfNeeded() {
        if count >= flushThreshold { flush() }
    }

    /// Writes every pending byte to the file descriptor (retrying short writes); while a formatting
    /// thread runs, hands them to it.
    public mutating func flush() {
        if let formattingThread {
            handOver(to: formattingThread)
            return
        }
        guard let fd = fileDescriptor, count > 0 else { return }
        var offset = 0
        while offset < count && writeError == 0 {
            let n = write(fd, base + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                writeError = errno
                break
            }
            offset += n
        }
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(capacity: capacity)
            base = storage.base
        }
        startOver()
    }

    /// Writes from the start of the storage again (what it held is written out or handed over):
    /// the count back to 0, and the storage's memo emptied, since the bytes it points at are written
    /// over from now on (`ValueMemo`). The one place the count goes back to 0 (`closeRun()` takes
    /// back only an empty run's length word, no value's bytes).
    @inline(__always) mutating func startOver() {
        count = 0
        storage.valueMemo.forget()
    }
}
