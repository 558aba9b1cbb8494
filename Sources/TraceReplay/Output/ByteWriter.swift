@_spi(Formatting) import GestureEngine
import TraceReading

/// Writes bytes at a raw position with no bounds checks in release builds: the caller reserved
/// room first (`OutputBuffer.writer(reserving:)`, with hand-computed bounds such as a renderer's
/// `transitionBound`). Debug builds check every write against the reservation (`room(_:)`), so a
/// bound that is too small fails the tests instead of writing past the buffer; `commit` checks the
/// end in every build. Every number written takes at most `maximumNumberLength(decimals:)` bytes.
struct ByteWriter {
    /// The position, held by the number writer so that numbers are written in place (no copy of
    /// the position in and out of a separate writer, which cost a stack round trip per number).
    var numbers: DecimalWriter
    @inline(__always) var p: UnsafeMutablePointer<UInt8> {
        get { numbers.p }
        set { numbers.p = newValue }
    }
    #if DEBUG
    /// The end of the reserved room (debug builds only).
    let limit: UnsafeMutablePointer<UInt8>
    #endif

    @inline(__always) init(_ p: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>) {
        numbers = DecimalWriter(p)
        #if DEBUG
        self.limit = limit
        #endif
    }

    /// Debug builds: stops if `n` more bytes would not fit in the reserved room. Release: nothing.
    @inline(__always) func room(_ n: Int) {
        #if DEBUG
        precondition(n <= limit - p, "ByteWriter: writing \(n) bytes with \(limit - p) reserved")
        #endif
    }

    /// The most bytes `number(_:decimals:trim:)` writes (`DecimalWriter.maximumNumberLength`).
    static func maximumNumberLength(decimals: Int) -> Int { DecimalWriter.maximumNumberLength(decimals: decimals) }

    @inline(__always) mutating func byte(_ b: UInt8) {
        room(1)
        p.pointee = b
        p += 1
    }

    /// A literal: its length is known where this is inlined, so the copy becomes a few moves.
    @inline(__always) mutating func bytes(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        room(n)
        UnsafeMutableRawPointer(p).copyMemory(from: s.utf8Start, byteCount: n)
        p += n
    }

    @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        // Short runs (names, kinds) are copied 8 bytes at a time; memcpy's call costs more than that.
        let n = b.count
        guard let src = b.baseAddress else { return }
        room(n)
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
        room((n + 7) & ~7)
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
        room(n)
        p.update(repeating: UInt8(ascii: " "), count: n)
        p += n
    }

    // MARK: Numbers (GestureEngine's DecimalWriter: the one formatter)

    @inline(__always) mutating func uint(_ v: UInt64) {
        room(20)
        numbers.uint(v)
    }

    @inline(__always) mutating func int(_ v: Int) {
        room(20)
        numbers.int(v)
    }

    /// A finite number with `decimals` digits after the point, rounded half away from zero, `null`
    /// when not finite; with `trim`, trailing zeros of the fraction (and a bare point) are dropped.
    /// `-0` and negative numbers that round to zero print without a sign.
    @inline(__always) mutating func number(_ value: Double, decimals: Int, trim: Bool) {
        room(Self.maximumNumberLength(decimals: decimals))
        numbers.number(value, decimals: decimals, trim: trim)
    }

    /// `number` for a precision known at compile time, inlined (the line layouts' common case).
    @inline(__always) mutating func fixed<D: FixedDecimals>(_ value: Double, _: D.Type, trim: Bool) {
        room(Self.maximumNumberLength(decimals: D.decimals))
        numbers.fixed(value, D.self, trim: trim)
    }
}
