#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte buffer that output is built in and written to a file descriptor in large blocks.
/// Numbers are formatted straight into it, without Foundation or intermediate strings.
///
/// It is a value: copies do not share writes (the storage is copied on the first write to a
/// shared copy). The renderers write whole lines through a `ByteWriter` after one `reserve`, so a
/// line costs one capacity check, not one per byte.
public struct OutputBuffer {
    /// Owns the allocation; the buffer keeps the pointer and capacity beside it so that writing
    /// touches no reference-counted state.
    @usableFromInline final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written and not yet flushed.
    public private(set) var count: Int = 0
    /// The file descriptor written to on `flush()`; nil keeps everything in memory (tests, golden checks).
    let fileDescriptor: Int32?
    let flushThreshold: Int
    /// The `errno` of the first write that failed (0: none). After a failure the buffer drops what
    /// it is given, so a replay into a full disk or a closed pipe ends normally and the caller
    /// reports the error once (`gesturereplay`: exit 74, or quietly for a closed pipe).
    public private(set) var writeError: Int32 = 0

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
    @inline(__always) mutating func writer(reserving n: Int) -> ByteWriter {
        reserve(n)
        return ByteWriter(base + count)
    }

    /// Takes the bytes written through `w` (obtained from `writer(reserving:)` with no other write since).
    @inline(__always) mutating func commit(_ w: ByteWriter) {
        count = w.p - base
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

    /// Appends `s` as a JSON string literal, quoted and escaped (RFC 8259: quote, backslash and
    /// control characters; everything else as UTF-8).
    public mutating func appendJSONString(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            var w = writer(reserving: ByteWriter.maximumJSONStringLength(utf8.count))
            w.jsonString(utf8)
            commit(w)
        }
    }

    // MARK: Writing out

    /// Writes out pending bytes when more than the threshold are waiting.
    @inline(__always) public mutating func flushIfNeeded() {
        if count >= flushThreshold { flush() }
    }

    /// Writes every pending byte to the file descriptor (retrying short writes).
    public mutating func flush() {
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
        count = 0
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(capacity: capacity)
            base = storage.base
        }
    }
}

/// A number of decimals known at compile time (`ByteWriter.number` is specialized for each).
protocol FixedDecimals {
    static var decimals: Int { get }
    static var scale: UInt64 { get }
}
enum OneDecimal: FixedDecimals { static var decimals: Int { 1 }; static var scale: UInt64 { 10 } }
enum ThreeDecimals: FixedDecimals { static var decimals: Int { 3 }; static var scale: UInt64 { 1000 } }
enum FourDecimals: FixedDecimals { static var decimals: Int { 4 }; static var scale: UInt64 { 10_000 } }
enum SixDecimals: FixedDecimals { static var decimals: Int { 6 }; static var scale: UInt64 { 1_000_000 } }

/// Writes bytes at a raw position with no bounds checks: the caller reserved room first
/// (`OutputBuffer.writer(reserving:)`). Every number written takes at most
/// `maximumNumberLength(decimals:)` bytes.
struct ByteWriter {
    var p: UnsafeMutablePointer<UInt8>

    @inline(__always) init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    /// The most bytes `number(_:decimals:trim:)` writes: a sign, 19 integer digits, a point and
    /// the decimals, or `null`, or the shortest round-trip form of a huge number (at most 24).
    static func maximumNumberLength(decimals: Int) -> Int { max(21 + decimals, 32) }

    /// The most bytes `jsonString` writes for `n` UTF-8 bytes (every byte escaped as `\u00XX`, quotes).
    static func maximumJSONStringLength(_ n: Int) -> Int { 6 * n + 2 }

    @inline(__always) mutating func byte(_ b: UInt8) {
        p.pointee = b
        p += 1
    }

    /// A literal: its length is known where this is inlined, so the copy becomes a few moves.
    @inline(__always) mutating func bytes(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        UnsafeMutableRawPointer(p).copyMemory(from: s.utf8Start, byteCount: n)
        p += n
    }

    @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        // Short runs (names, kinds) are copied 8 bytes at a time; memcpy's call costs more than that.
        let n = b.count
        guard let src = b.baseAddress else { return }
        if n <= 64 {
            let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(p)
            var i = 0
            while i &+ 8 <= n {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
                i &+= 8
            }
            while i < n {
                p[i] = src[i]
                i &+= 1
            }
        } else {
            p.update(from: src, count: n)
        }
        p += n
    }

    /// A label from `RecognizerLabels`, copied in whole 8-byte words: its block is padded to a
    /// multiple of 8 bytes, and the caller reserved room for the label's length rounded up to 8.
    @inline(__always) mutating func labelBytes(_ b: UnsafeBufferPointer<UInt8>) {
        let n = b.count
        guard let src = b.baseAddress else { return }
        let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(p)
        var i = 0
        repeat {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i &+= 8
        } while i < n
        p += n
    }

    @inline(__always) mutating func bytes(_ a: [UInt8]) {
        a.withUnsafeBufferPointer { bytes($0) }
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { bytes($0) }
    }

    @inline(__always) mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        p.update(repeating: UInt8(ascii: " "), count: n)
        p += n
    }

    /// Two ASCII digits for every value 0...99, "00" to "99".
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Number of decimal digits of `v` (1 for 0).
    @inline(__always) static func digitCount(_ v: UInt64) -> Int {
        var n = 1
        var x = v
        while x >= 10_000 {
            x /= 10_000
            n &+= 4
        }
        if x >= 100 { n &+= (x >= 1000 ? 3 : 2) } else if x >= 10 { n &+= 1 }
        return n
    }

    /// Writes the `count` lowest decimal digits of `v` (zero-padded), ending just before `end`.
    @inline(__always) static func digits(_ v: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var v = v
        var q = end
        var left = count
        let pairs = digitPairs.utf8Start
        while left >= 2 {
            let r = Int(v % 100)
            v /= 100
            q -= 2
            q[0] = pairs[2 &* r]
            q[1] = pairs[2 &* r &+ 1]
            left &-= 2
        }
        if left == 1 {
            q -= 1
            q[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
        }
    }

    @inline(__always) mutating func uint(_ v: UInt64) {
        let n = Self.digitCount(v)
        Self.digits(v, count: n, endingAt: p + n)
        p += n
    }

    @inline(__always) mutating func int(_ v: Int) {
        // Touch and tap counts: one digit, without counting digits.
        if UInt(bitPattern: v) < 10 {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v))
            return
        }
        if v < 0 { byte(UInt8(ascii: "-")) }
        uint(UInt64(v.magnitude))
    }

    private static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(UInt64(1)) { r, _ in r * 10 } }

    /// A finite number with `decimals` digits after the point, rounded half away from zero, `null`
    /// when not finite; with `trim`, trailing zeros of the fraction (and a bare point) are dropped.
    /// `-0` and negative numbers that round to zero print without a sign.
    @inline(__always) mutating func number(_ value: Double, decimals: Int, trim: Bool) {
        switch decimals {
        // The common precisions get their own specialization, with the scale a constant (a
        // multiply instead of a 64-bit division).
        case 1: fixed(value, OneDecimal.self, trim: trim)
        case 3: fixed(value, ThreeDecimals.self, trim: trim)
        case 4: fixed(value, FourDecimals.self, trim: trim)
        case 6: fixed(value, SixDecimals.self, trim: trim)
        default: fixed(value, decimals: max(0, min(decimals, 19)), scale: Self.powersOfTen[max(0, min(decimals, 19))], trim: trim)
        }
    }

    private mutating func fixed<D: FixedDecimals>(_ value: Double, _: D.Type, trim: Bool) {
        fixedInline(value, D.self, trim: trim)
    }

    /// `fixed` for a precision known at compile time, inlined: the common case (a scaled magnitude
    /// below 2^32 - 1, NaN excluded) takes one comparison to reach; the rest is out of line.
    @inline(__always) private mutating func fixedInline<D: FixedDecimals>(_ value: Double, _: D.Type, trim: Bool) {
        let magnitude = value.magnitude * Double(D.scale)
        guard _fastPath(magnitude < 4_294_967_295.0) else {
            fixedOutOfLine(value, decimals: D.decimals, scale: D.scale, trim: trim)
            return
        }
        // Adding 2^52 rounds to an integer (half to even) held in the low mantissa bits; a tie that
        // went down is moved up, which gives half away from zero. Every step is exact.
        let biased = magnitude + 0x1p52
        var scaled = UInt32(truncatingIfNeeded: biased.bitPattern)
        if magnitude - (biased - 0x1p52) == 0.5 { scaled &+= 1 }
        if value < 0 && scaled != 0 { byte(UInt8(ascii: "-")) }
        small(scaled, decimals: D.decimals, scale: UInt32(truncatingIfNeeded: D.scale), trim: trim)
    }

    @inline(never) private mutating func fixedOutOfLine(_ value: Double, decimals: Int, scale: UInt64, trim: Bool) {
        fixed(value, decimals: decimals, scale: scale, trim: trim)
    }

    /// A JSON point, `{"x":X,"y":Y}`, 4 decimals, trimmed: both numbers in one call.
    @inline(never) mutating func jsonPoint(_ x: Double, _ y: Double) {
        bytes("{\"x\":")
        fixedInline(x, FourDecimals.self, trim: true)
        bytes(",\"y\":")
        fixedInline(y, FourDecimals.self, trim: true)
        byte(UInt8(ascii: "}"))
    }

    /// A text rectangle, `(X, Y) WxH`, 1 decimal, in one call.
    @inline(never) mutating func textRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        byte(UInt8(ascii: "("))
        fixedInline(x, OneDecimal.self, trim: false)
        bytes(", ")
        fixedInline(y, OneDecimal.self, trim: false)
        bytes(") ")
        fixedInline(width, OneDecimal.self, trim: false)
        byte(UInt8(ascii: "x"))
        fixedInline(height, OneDecimal.self, trim: false)
    }

    /// A text time column: 3 decimals, right-aligned in 8 characters (longer times widen it), and
    /// the two spaces after it.
    @inline(never) mutating func textTime(_ t: Double) {
        let start = p
        fixedInline(t, ThreeDecimals.self, trim: false)
        let width = p - start
        if width < 8 {
            // Shifted right over 8 spaces: the 8 bytes at `start` hold the number and what follows
            // it (room the caller reserved), moved as one word.
            let raw = UnsafeMutableRawPointer(start)
            let number = raw.loadUnaligned(as: UInt64.self)
            raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            raw.storeBytes(of: number, toByteOffset: 8 &- width, as: UInt64.self)
            p = start + 8
        }
        bytes("  ")
    }

    /// A text pair, `(X, Y)`, 1 decimal: both numbers in one call.
    @inline(never) mutating func textPair(_ x: Double, _ y: Double) {
        byte(UInt8(ascii: "("))
        fixedInline(x, OneDecimal.self, trim: false)
        bytes(", ")
        fixedInline(y, OneDecimal.self, trim: false)
        byte(UInt8(ascii: ")"))
    }

    @inline(__always) private mutating func fixed(_ value: Double, decimals: Int, scale: UInt64, trim: Bool) {
        let magnitude = value.magnitude * Double(scale)
        // False for NaN and infinities too.
        guard magnitude < 9.0e18 else {
            nonFixed(value)
            return
        }
        var scaled: UInt64
        if _fastPath(magnitude < 0x1p52) {
            // Adding 2^52 rounds to an integer (half to even) held in the low mantissa bits; a tie
            // that went down is moved up, which gives half away from zero. Every step is exact.
            let biased = magnitude + 0x1p52
            scaled = biased.bitPattern &- (0x1p52 as Double).bitPattern
            if magnitude - (biased - 0x1p52) == 0.5 { scaled &+= 1 }
        } else {
            // Up to 9e18: truncation is exact below 2^63, and so is the fraction left.
            scaled = UInt64(Int64(magnitude))
            if magnitude - Double(Int64(scaled)) >= 0.5 { scaled &+= 1 }
        }
        if value < 0 && scaled != 0 { byte(UInt8(ascii: "-")) }
        if decimals == 0 {
            uint(scaled)
            return
        }
        if scaled < 1 << 32 && scale < 1 << 32 {
            // Nearly every number in a trace: 32-bit arithmetic, digits written in pairs.
            small(UInt32(truncatingIfNeeded: scaled), decimals: decimals, scale: UInt32(truncatingIfNeeded: scale), trim: trim)
            return
        }
        let whole = scaled / scale
        let fraction = scaled &- whole &* scale
        uint(whole)
        if trim && fraction == 0 { return }
        p[0] = UInt8(ascii: ".")
        let end = p + 1 + decimals
        Self.digits(fraction, count: decimals, endingAt: end)
        p = end
        if trim {
            while p[-1] == UInt8(ascii: "0") { p -= 1 }
        }
    }

    @inline(__always) private mutating func small(_ s: UInt32, decimals: Int, scale: UInt32, trim: Bool) {
        let whole = s / scale
        let fraction = s &- whole &* scale
        uint32(whole)
        if trim && fraction == 0 { return }
        p[0] = UInt8(ascii: ".")
        let end = p + 1 + decimals
        var v = fraction
        var q = end
        var left = decimals
        while left >= 2 {
            let r = v % 100
            v /= 100
            q -= 2
            Self.pair(r, at: q)
            left &-= 2
        }
        if left == 1 { (q - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v) }
        p = end
        if trim {
            while p[-1] == UInt8(ascii: "0") { p -= 1 }
        }
    }

    /// Two ASCII digits of `r` (0...99) at `q`.
    @inline(__always) private static func pair(_ r: UInt32, at q: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(q).copyMemory(from: digitPairs.utf8Start + Int(r &* 2), byteCount: 2)
    }

    /// A value below 2^32 in decimal, the common short ones without a loop.
    @inline(__always) private mutating func uint32(_ v: UInt32) {
        if v < 10 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)
            p += 1
        } else if v < 100 {
            Self.pair(v, at: p)
            p += 2
        } else if v < 1000 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 100)
            Self.pair(v % 100, at: p + 1)
            p += 3
        } else if v < 10_000 {
            Self.pair(v / 100, at: p)
            Self.pair(v % 100, at: p + 2)
            p += 4
        } else {
            uint(UInt64(v))
        }
    }

    /// `null` for a value that is not finite; the shortest round-trip form beyond 64-bit fixed point.
    @inline(never) private mutating func nonFixed(_ value: Double) {
        if value.isFinite { string(value.description) } else { bytes("null") }
    }

    /// `utf8` as a JSON string literal, quoted and escaped (RFC 8259: quote, backslash and control
    /// characters as escapes; everything else as it is). Runs of 8 bytes that need no escape (the
    /// usual case: ASCII reasons and names) are copied as one word.
    mutating func jsonString(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        if let src = utf8.baseAddress {
            let n = utf8.count
            var i = 0
            // Whether the last 8 bytes were copied as they are (so output and input agree there).
            var lastWordCopied = false
            while i &+ 8 <= n {
                let word = UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self)
                lastWordCopied = !Self.needsEscape(word)
                if _fastPath(lastWordCopied) {
                    UnsafeMutableRawPointer(p).storeBytes(of: word, as: UInt64.self)
                    p += 8
                } else {
                    for k in i ..< i &+ 8 { escaped(src[k]) }
                }
                i &+= 8
            }
            if i < n && lastWordCopied {
                // The tail as the string's last 8 bytes, overlapping the word before it, which was
                // copied as it is: the overlap is rewritten with the same bytes.
                let rest = n &- i
                let word = UnsafeRawPointer(src + (n &- 8)).loadUnaligned(as: UInt64.self)
                if !Self.needsEscape(word) {
                    UnsafeMutableRawPointer(p - (8 &- rest)).storeBytes(of: word, as: UInt64.self)
                    p += rest
                    i = n
                }
            }
            while i < n {
                escaped(src[i])
                i &+= 1
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// Whether any byte of `word` needs an escape: below 0x20, `"`, `\\` or 0x7F. Each test is the
    /// exact "has a zero byte" (or "has a byte below n") bit trick, so a clean word is never missed.
    @inline(__always) static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = hasZero(word ^ (0x22 &* ones))
        let backslash = hasZero(word ^ (0x5C &* ones))
        let delete = hasZero(word ^ (0x7F &* ones))
        return control | quote | backslash | delete != 0
    }

    /// One byte of a JSON string, escaped if it needs to be.
    @inline(__always) private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes("\\\"")
        case UInt8(ascii: "\\"): bytes("\\\\")
        case 0x0A: bytes("\\n")
        case 0x0D: bytes("\\r")
        case 0x09: bytes("\\t")
        case 0..<0x20, 0x7F:
            bytes("\\u00")
            let hex: StaticString = "0123456789abcdef"
            self.byte(hex.utf8Start[Int(byte >> 4)])
            self.byte(hex.utf8Start[Int(byte & 0xF)])
        default: self.byte(byte)
        }
    }
}
