/// The one decimal formatter: reasons, expectations, JUnit times and both output formats print
/// numbers through `DecimalWriter`, so they cannot disagree. The writer and the precision tables
/// are engine plumbing for TraceReplay, not API: `@_spi(Formatting)`, visible only to an
/// `@_spi(Formatting) import`. (Not `package`: `@inlinable package` code is not inlined across
/// modules with Swift 6.3, which cost 12 to 16 % more instructions per event in the renderers.) Fixed point with exactly `decimals`
/// digits after the point (or trailing zeros trimmed), rounded half away from zero, straight into
/// bytes (no Foundation, no intermediate strings).

/// Formats `value` with exactly `decimals` digits after the point (0 to 9), rounding half away from
/// zero, without Foundation (`"14.2"`, `"-0.5"`, `"10"` for 0 decimals). Non-finite values print as
/// `nan`, `inf` or `-inf`; callers that must never print those check `isFinite` first.
///
/// Used for failure reasons ("moved 14.2 pt > allowableMovement 10 pt") and by the text writer.
/// `package`, like `appendDecimal` and `formatShort`: the engine's and TraceReplay's (cold paths:
/// diagnostics, expectations, JUnit, scene values), not API; a recognizer formats the numbers of
/// its reasons with `FailureReason`'s `\(short:)`.
package func formatDecimal(_ value: Double, decimals: Int) -> String {
    formatFixed(value, decimals: decimals, trim: false)
}

/// Appends `value` formatted as in `formatDecimal(_:decimals:)` to `out`.
package func appendDecimal(_ value: Double, decimals: Int, to out: inout String) {
    out += formatFixed(value, decimals: decimals, trim: false)
}

/// A short human number for reasons: at most `decimals` decimals, trailing zeros removed (`"10"`, `"14.2"`).
package func formatShort(_ value: Double, decimals: Int = 1) -> String {
    formatFixed(value, decimals: decimals, trim: true)
}

/// How many decimals each kind of value is shown with, for people: the text output, the
/// expectations compared against it, the reasons and the JUnit report all use this table.
/// (JSON Lines, for programs, has its own finer one: `MachinePrecision`.) Each precision is a type,
/// so the output writers get code specialized for it, and a number (`point`, ...) for the rest.
@_spi(Formatting) public enum DisplayPrecision {
    /// Points and lengths (pt), translations, velocities (pt/s): 1 decimal.
    @_spi(Formatting) public typealias Point = OneDecimal
    /// Times and durations (s, so milliseconds): 3 decimals.
    @_spi(Formatting) public typealias Time = ThreeDecimals
    /// Scale, rotation (rad) and their velocities: 3 decimals.
    @_spi(Formatting) public typealias Ratio = ThreeDecimals
    /// Trace times in messages about the trace itself (up to microseconds): 6 decimals.
    @_spi(Formatting) public typealias TraceTime = SixDecimals

    @_spi(Formatting) @inlinable public static var point: Int { Point.decimals }
    @_spi(Formatting) @inlinable public static var time: Int { Time.decimals }
    @_spi(Formatting) @inlinable public static var ratio: Int { Ratio.decimals }
    @_spi(Formatting) @inlinable public static var traceTime: Int { TraceTime.decimals }
}

/// Decimals of the machine-readable output (JSON Lines), trailing zeros trimmed.
@_spi(Formatting) public enum MachinePrecision {
    /// Times (s): 6 decimals (microseconds).
    @_spi(Formatting) public typealias Time = SixDecimals
    /// Points and rectangles (pt): 4 decimals.
    @_spi(Formatting) public typealias Point = FourDecimals
    /// Every other value: 6 decimals.
    @_spi(Formatting) public typealias Value = SixDecimals

    @_spi(Formatting) @inlinable public static var time: Int { Time.decimals }
    @_spi(Formatting) @inlinable public static var point: Int { Point.decimals }
    @_spi(Formatting) @inlinable public static var value: Int { Value.decimals }
}

/// `value` as `DecimalWriter` writes it; non-finite values as `nan`, `inf`, `-inf`; decimals
/// clamped to 0...9.
private func formatFixed(_ value: Double, decimals: Int, trim: Bool) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let decimals = max(0, min(decimals, 9))
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalWriter.maximumNumberLength(decimals: 9)) { buffer in
        var w = DecimalWriter(buffer.baseAddress!)
        w.number(value, decimals: decimals, trim: trim)
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: w.p - buffer.baseAddress!), as: UTF8.self)
    }
}

/// A number of decimals known at compile time (`DecimalWriter.fixed` is specialized for each).
@_spi(Formatting) public protocol FixedDecimals {
    static var decimals: Int { get }
    static var scale: UInt64 { get }
}
@_spi(Formatting) public enum OneDecimal: FixedDecimals {
    @_spi(Formatting) @inlinable public static var decimals: Int { 1 }
    @_spi(Formatting) @inlinable public static var scale: UInt64 { 10 }
}
@_spi(Formatting) public enum ThreeDecimals: FixedDecimals {
    @_spi(Formatting) @inlinable public static var decimals: Int { 3 }
    @_spi(Formatting) @inlinable public static var scale: UInt64 { 1000 }
}
@_spi(Formatting) public enum FourDecimals: FixedDecimals {
    @_spi(Formatting) @inlinable public static var decimals: Int { 4 }
    @_spi(Formatting) @inlinable public static var scale: UInt64 { 10_000 }
}
@_spi(Formatting) public enum SixDecimals: FixedDecimals {
    @_spi(Formatting) @inlinable public static var decimals: Int { 6 }
    @_spi(Formatting) @inlinable public static var scale: UInt64 { 1_000_000 }
}

/// Writes decimal numbers at a raw position with no bounds checks: the caller has room for
/// `maximumNumberLength(decimals:)` bytes per number. Inlinable, so the output writers in TraceReplay
/// get the same specialized code they had when this lived among them.
///
/// A finite number gets `decimals` digits after the point, rounded half away from zero (with
/// `trim`, trailing zeros of the fraction and a bare point are dropped); `-0` and negative numbers
/// that round to zero print without a sign; beyond 9e18 (scaled) it prints Swift's shortest
/// round-trip form (trimmed like fixed point unless it has an exponent), and a value that is not finite prints `null` (output never contains `nan` or `inf`).
@_spi(Formatting) public struct DecimalWriter {
    @_spi(Formatting) public var p: UnsafeMutablePointer<UInt8>

    @_spi(Formatting) @inlinable @inline(__always) public init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    /// The most bytes `number(_:decimals:trim:)` writes: a sign, 19 integer digits, a point and
    /// the decimals, or `null`, or the shortest round-trip form of a huge number (at most 24).
    @_spi(Formatting) @inlinable public static func maximumNumberLength(decimals: Int) -> Int { max(21 + decimals, 32) }

    /// Two ASCII digits for every value 0...99, "00" to "99".
    @_spi(Formatting) public static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    @_spi(Formatting) public static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(UInt64(1)) { r, _ in r * 10 } }

    @_spi(Formatting) @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        p.pointee = b
        p += 1
    }

    /// Number of decimal digits of `v` (1 for 0).
    @_spi(Formatting) @inlinable @inline(__always) public static func digitCount(_ v: UInt64) -> Int {
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
    @_spi(Formatting) @inlinable @inline(__always) public static func digits(
        _ v: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
    ) {
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

    @_spi(Formatting) @inlinable @inline(__always) public mutating func uint(_ v: UInt64) {
        let n = Self.digitCount(v)
        Self.digits(v, count: n, endingAt: p + n)
        p += n
    }

    @_spi(Formatting) @inlinable @inline(__always) public mutating func int(_ v: Int) {
        // Touch and tap counts: one digit, without counting digits.
        if UInt(bitPattern: v) < 10 {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v))
            return
        }
        if v < 0 { byte(UInt8(ascii: "-")) }
        uint(UInt64(v.magnitude))
    }

    /// A number with `decimals` digits after the point (see the type's comment).
    @_spi(Formatting) @inlinable @inline(__always) public mutating func number(_ value: Double, decimals: Int, trim: Bool) {
        switch decimals {
        // The common precisions get their own specialization, with the scale a constant (a
        // multiply instead of a 64-bit division).
        case 1: fixedOne(value, trim: trim)
        case 3: fixedThree(value, trim: trim)
        case 4: fixedFour(value, trim: trim)
        case 6: fixedSix(value, trim: trim)
        default: fixed(value, decimals: max(0, min(decimals, 19)), scale: Self.powersOfTen[max(0, min(decimals, 19))], trim: trim)
        }
    }

    // One non-generic function per common precision (not always inlined, so `number` stays small;
    // non-generic, so a client module never falls back to the unspecialized generic).
    @_spi(Formatting) @inlinable public mutating func fixedOne(_ value: Double, trim: Bool) { fixed(value, OneDecimal.self, trim: trim) }
    @_spi(Formatting) @inlinable public mutating func fixedThree(_ value: Double, trim: Bool) {
        fixed(value, ThreeDecimals.self, trim: trim)
    }
    @_spi(Formatting) @inlinable public mutating func fixedFour(_ value: Double, trim: Bool) { fixed(value, FourDecimals.self, trim: trim) }
    @_spi(Formatting) @inlinable public mutating func fixedSix(_ value: Double, trim: Bool) { fixed(value, SixDecimals.self, trim: trim) }

    /// `number` for a precision known at compile time, inlined: the common case (a scaled magnitude
    /// below 2^32 - 1, NaN excluded) takes one comparison to reach; the rest is out of line.
    @_spi(Formatting) @inlinable @inline(__always) public mutating func fixed<D: FixedDecimals>(_ value: Double, _: D.Type, trim: Bool) {
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

    @_spi(Formatting) @inlinable @inline(never) public mutating func fixedOutOfLine(
        _ value: Double, decimals: Int, scale: UInt64, trim: Bool
    ) {
        fixed(value, decimals: decimals, scale: scale, trim: trim)
    }

    @_spi(Formatting) @inlinable @inline(__always) public mutating func fixed(_ value: Double, decimals: Int, scale: UInt64, trim: Bool) {
        let magnitude = value.magnitude * Double(scale)
        // False for NaN and infinities too.
        guard magnitude < 9.0e18 else {
            nonFixed(value, trim: trim)
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
        if trim { trimZeros() }
    }

    /// `s / scale` with `decimals` digits after the point (`scale` is 10^decimals).
    ///
    /// The fraction's digits are built in a register and stored as one word, and with `trim` its
    /// trailing zeros are counted in that register: reading back bytes just stored two at a time
    /// cannot be forwarded from the store buffer (a stall of about a dozen cycles per number: about
    /// 40 % of the JSON point writer's samples under `perf annotate` before). The word may write up
    /// to 2 bytes past the number, inside the room reserved for it.
    @_spi(Formatting) @inlinable @inline(__always) public mutating func small(_ s: UInt32, decimals: Int, scale: UInt32, trim: Bool) {
        let whole = s / scale
        let fraction = s &- whole &* scale
        uint32(whole)
        if trim && fraction == 0 { return }
        p[0] = UInt8(ascii: ".")
        #if _endian(little)
        switch decimals {
        case 3:
            // "d" "dd": a digit and a pair in the low 3 bytes.
            let word = UInt32(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100)) | Self.pairWord(fraction % 100) &<< 8
            UnsafeMutableRawPointer(p + 1).storeBytes(of: word, as: UInt32.self)
            p += 4
            // The unused top byte is 0: counted as a zero byte too.
            if trim { p -= ((word ^ 0x0030_3030).leadingZeroBitCount &- 8) &>> 3 }
            return
        case 4:
            let word = Self.pairWord(fraction / 100) | Self.pairWord(fraction % 100) &<< 16
            UnsafeMutableRawPointer(p + 1).storeBytes(of: word, as: UInt32.self)
            p += 5
            if trim { p -= (word ^ 0x3030_3030).leadingZeroBitCount &>> 3 }
            return
        case 6:
            let high = fraction / 10_000, low = fraction &- high &* 10_000
            let word =
                UInt64(Self.pairWord(high)) | UInt64(Self.pairWord(low / 100)) &<< 16 | UInt64(Self.pairWord(low % 100)) &<< 32
            UnsafeMutableRawPointer(p + 1).storeBytes(of: word, as: UInt64.self)
            p += 7
            // The unused top 2 bytes are 0.
            if trim { p -= ((word ^ 0x3030_3030_3030).leadingZeroBitCount &- 16) &>> 3 }
            return
        default: break
        }
        #endif
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
        if trim { trimZeros() }
    }

    /// Drops the trailing zeros of a fraction that is not zero, just written before `p` after a
    /// point (the precisions `small` has no word for, and fractions beyond 32 bits).
    @_spi(Formatting) @inlinable @inline(__always) public mutating func trimZeros() {
        while p[-1] == UInt8(ascii: "0") { p -= 1 }
    }

    /// The two ASCII digits of `r` (0...99) as a little-endian 16-bit word, the first digit low.
    @_spi(Formatting) @inlinable @inline(__always) public static func pairWord(_ r: UInt32) -> UInt32 {
        UInt32(UnsafeRawPointer(digitPairs.utf8Start + Int(r &* 2)).loadUnaligned(as: UInt16.self))
    }

    /// Two ASCII digits of `r` (0...99) at `q`.
    @_spi(Formatting) @inlinable @inline(__always) public static func pair(_ r: UInt32, at q: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(q).copyMemory(from: digitPairs.utf8Start + Int(r &* 2), byteCount: 2)
    }

    /// A value below 2^32 in decimal, the common short ones without a loop.
    @_spi(Formatting) @inlinable @inline(__always) public mutating func uint32(_ v: UInt32) {
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

    /// `null` for a value that is not finite; the shortest round-trip form beyond 64-bit fixed point
    /// (with `trim`, a fraction's trailing zeros and a bare point dropped, as for fixed point:
    /// `1000000000000000.0` becomes `1000000000000000`; an exponent form is left whole).
    @_spi(Formatting) @inlinable @inline(never) public mutating func nonFixed(_ value: Double, trim: Bool) {
        var text = value.isFinite ? value.description : "null"
        if trim && text.utf8.contains(UInt8(ascii: ".")) && !text.utf8.contains(UInt8(ascii: "e")) {
            while text.utf8.last == UInt8(ascii: "0") { text.removeLast() }
            if text.utf8.last == UInt8(ascii: ".") { text.removeLast() }
        }
        text.withUTF8 { utf8 in
            if let b = utf8.baseAddress { p.update(from: b, count: utf8.count) }
            p += utf8.count
        }
    }
}
