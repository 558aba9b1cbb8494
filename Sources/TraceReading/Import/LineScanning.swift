/// Byte-level helpers for the line-oriented recording formats. All work on `p[i..<end]` of the
/// reader's buffer: no `String` per line.
enum LineScan {
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    @inline(__always) static func skipSpaces(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end && isSpace(p[i]) { i += 1 }
    }

    /// The next run of non-space bytes: (start, count); count 0 at the end of the line.
    @inline(__always) static func token(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> (Int, Int) {
        skipSpaces(p, &i, end)
        let s = i
        while i < end && !isSpace(p[i]) { i += 1 }
        return (s, i - s)
    }

    static func hasPrefix(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard end - i >= n else { return false }
        let q = prefix.utf8Start
        for k in 0..<n where p[i + k] != q[k] { return false }
        return true
    }

    /// Index of `needle` in `p[i..<end]`, or nil.
    static func find(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ needle: StaticString) -> Int? {
        let n = needle.utf8CodeUnitCount
        let q = needle.utf8Start
        var k = i
        while k + n <= end {
            if p[k] == q[0] {
                var ok = true
                for j in 1..<n where p[k + j] != q[j] { ok = false; break }
                if ok { return k }
            }
            k += 1
        }
        return nil
    }

    /// Hexadecimal digits `p[s..<s+n]`: the value, `nil` if a byte is not a hex digit, or
    /// `.max` when there are more than 16 digits (the caller checks its own width).
    static func hex(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int) -> UInt64? {
        guard n > 0 else { return nil }
        var v: UInt64 = 0
        var significant = 0
        for k in s..<(s + n) {
            let c = p[k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            if significant > 0 || d != 0 { significant += 1 }
            if significant > 16 { v = .max; continue }
            if v != .max { v = v << 4 | UInt64(d) }
        }
        return v
    }

    /// A decimal integer with an optional sign, `p[s..<s+n]`; nil if not one or beyond 64 bits.
    static func decimal(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int) -> Int64? {
        var k = s
        let e = s + n
        var negative = false
        if k < e && (p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: "+")) { negative = p[k] == UInt8(ascii: "-"); k += 1 }
        guard k < e else { return nil }
        var v: Int64 = 0
        while k < e {
            let d = p[k] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(d))
            if o1 || o2 { return nil }
            v = a
            k += 1
        }
        return negative ? -v : v
    }

    /// `seconds.fraction` (up to 9 fraction digits, more are cut) as nanoseconds; nil if not one.
    static func timestamp(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int) -> Int64? {
        var k = s
        let e = s + n
        var secs: Int64 = 0
        var digits = 0
        while k < e, p[k] &- UInt8(ascii: "0") < 10 {
            guard digits < 11 else { return nil }
            secs = secs * 10 + Int64(p[k] - UInt8(ascii: "0"))
            digits += 1
            k += 1
        }
        // At most 9e9 s (285 years of uptime or 2255 in Unix time), so that nanoseconds fit in 64 bits.
        guard digits > 0, secs <= 9_000_000_000 else { return nil }
        var nanos: Int64 = 0
        var scale: Int64 = 100_000_000
        if k < e && p[k] == UInt8(ascii: ".") {
            k += 1
            guard k < e else { return nil }
            while k < e, p[k] &- UInt8(ascii: "0") < 10 {
                nanos += Int64(p[k] - UInt8(ascii: "0")) * scale
                scale /= 10
                k += 1
            }
        }
        guard k == e else { return nil }
        return secs * 1_000_000_000 + nanos
    }

    /// The text of `p[s..<s+n]` for a message (shortened).
    static func text(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int) -> String {
        ReaderText.quote(p + s, n)
    }
}
