/// "SIMD within a register": 8 bytes at a time in a `UInt64`, used by the
/// readers' hot loops (delimiter search, digit runs, string scanning).
///
/// Loads are little-endian (byte 0 of the input is the lowest byte). In every
/// mask returned here, only the lowest flagged byte is guaranteed exact (a
/// borrow or carry can flag a later byte spuriously), so callers use
/// `trailingZeroBitCount` and nothing else.
enum SWAR {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The 8 bytes at `p` (unaligned).
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// High bit set in bytes that are zero (lowest one exact).
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- ones) & ~x & highs
    }

    /// High bit set in bytes equal to `c` (lowest one exact).
    @inline(__always)
    static func bytes(_ w: UInt64, equalTo c: UInt8) -> UInt64 {
        zeroBytes(w ^ (ones &* UInt64(c)))
    }

    /// High bit set in bytes below `n` (n <= 128; lowest one exact).
    @inline(__always)
    static func bytes(_ w: UInt64, lessThan n: UInt8) -> UInt64 {
        (w &- ones &* UInt64(n)) & ~w & highs
    }

    /// Index (0...8) of the first byte flagged in `mask`, 8 if none.
    @inline(__always)
    static func firstIndex(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount >> 3
    }

    /// Number of leading ASCII digits in `w` (0...8).
    @inline(__always)
    static func digitPrefixLength(_ w: UInt64) -> Int {
        let a = w & 0xF0F0_F0F0_F0F0_F0F0
        let b = (w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        let x = (a ^ 0x3030_3030_3030_3030) | (b ^ 0x3030_3030_3030_3030)
        // High bit of each byte set iff that byte of x is nonzero (no cross-byte carry).
        let nonzero = (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & highs
        return nonzero.trailingZeroBitCount >> 3
    }

    /// The value of the first `k` (1...8) bytes of `w`, which are ASCII digits.
    @inline(__always)
    static func parseDigits(_ w: UInt64, count k: Int) -> UInt64 {
        // Keep the digit values, with the k digits in the top bytes: the bytes
        // below are zeros, i.e. leading zero digits of an 8-digit number.
        // (k >= 1, so the shift is below 64: a plain machine shift.)
        var v = (w & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64(8 &* (8 &- k))
        v = (v &* 10) &+ (v >> 8)
        v =
            (((v & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
                &+ (((v >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
        return v
    }

    /// High bit set in exactly the bytes equal to `c` (every byte exact).
    @inline(__always)
    static func exactBytes(_ w: UInt64, equalTo c: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(c))
        let t = (x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
        return ~(t | x) & highs
    }

    /// Number of bytes flagged in an exact high-bit mask (a multiply instead
    /// of `nonzeroBitCount`, which is a long software sequence on baseline x86-64).
    @inline(__always)
    static func count(_ m: UInt64) -> Int {
        Int(truncatingIfNeeded: ((m >> 7) &* ones) >> 56)
    }

    /// Prefix XOR over the byte lanes of a high-bit mask: the high bit of
    /// byte j becomes the XOR of the high bits of bytes 0...j.
    @inline(__always)
    static func prefixXOR(_ m: UInt64) -> UInt64 {
        var p = m ^ (m << 8)
        p ^= p << 16
        p ^= p << 32
        return p
    }
}
