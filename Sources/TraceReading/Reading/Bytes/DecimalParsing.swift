/// Decimal text to `Double`, byte-level, without allocation on the common path.
///
/// The digits (up to 19, read 8 at a time with ``SWAR``) are accumulated into
/// a 64-bit integer `m` and a decimal exponent `e`. When `m <= 2^53` and
/// `10^|e|` is exactly representable (|e| <= 22, or a little more when `m` is
/// small), `m * 10^e` or `m / 10^e` is one correctly rounded IEEE operation on
/// exact operands, hence the correctly rounded result (Clinger's fast path).
/// That covers the numbers found in traces (up to 15-16 significant digits).
/// Anything else (more than 19 digits, large exponents) falls back to the
/// standard library's correctly rounded `Double(String)`, which allocates.
enum DecimalParsing {
    /// Why a number failed to parse.
    enum Failure: Equatable {
        /// No digits where digits were required (`-`, `.`, `e`, text).
        case noDigits
        /// JSON: `.` not followed by a digit.
        case missingFractionDigits
        /// `e` not followed by a digit.
        case missingExponentDigits
        /// JSON: `0` followed by another digit.
        case leadingZero
        /// JSON: a leading `+`.
        case leadingPlus
        /// JSON: a leading `.`.
        case leadingDot

        var message: String {
            switch self {
            case .noDigits: "expected a digit"
            case .missingFractionDigits: "expected a digit after the decimal point"
            case .missingExponentDigits: "expected a digit in the exponent"
            case .leadingZero: "leading zeros are not allowed in JSON numbers"
            case .leadingPlus: "a leading '+' is not allowed in JSON numbers"
            case .leadingDot: "JSON numbers must start with a digit before the decimal point"
            }
        }
    }

    /// The result of scanning a number.
    struct Scan {
        /// The value (infinite on overflow; the caller decides).
        var value: Double
        /// Index after the last byte of the number.
        var end: Int
        /// True if the text had no fraction and no exponent.
        var isIntegerLiteral: Bool
        /// Set if the text is not a number; `end` is then the index of the offending byte.
        var failure: Failure?
    }

    /// 10^k, k = 0...22 (the exact powers of ten representable in a `Double`).
    ///
    /// A `switch` rather than a `static let` array: no lazy-global access
    /// check and no bounds check on the hot path (the compiler turns it into
    /// a constant table).
    @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// 10^k as an integer, k = 0...8.
    @inline(__always)
    static func integerPowerOfTen(_ k: Int) -> UInt64 {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// Reads the run of digits at `p[i..<end]` into `m`, counting them in
    /// `count` (digits beyond 19 are counted but not accumulated).
    /// Reads up to 8 bytes past `end` (see ``ByteSource/padding``).
    @inline(__always)
    static func digits(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _ m: inout UInt64, _ count: inout Int) {
        while i < end {
            let w = SWAR.load(p + i)
            var k = SWAR.digitPrefixLength(w)
            let available = end &- i
            if k > available { k = available }
            if k == 0 { return }
            if count &+ k <= 19 {
                m = m &* integerPowerOfTen(k) &+ SWAR.parseDigits(w, count: k)
            }
            count &+= k
            i &+= k
            if k < 8 { return }
        }
    }

    /// Scans the longest number at `p[start..<end]`. `p` must be readable up
    /// to 8 bytes past `end` (see ``ByteSource/padding``).
    ///
    /// - `json == true`: RFC 8259 grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// - `json == false` (CSV): `[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`.
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, json: Bool) -> Scan {
        if let short = scanShort(p, start, end, json: json) { return short }
        return scanGeneral(p, start, end, json: json)
    }

    /// The common short shape `-?D+(.D+)?` with at most 15 digits (no
    /// exponent, no `+`, no JSON leading zero), read in one scalar pass (cheaper
    /// than 8-byte loads for the 4-8 byte numbers of traces); `nil` for anything
    /// else, which ``scanGeneral(_:_:_:json:)`` then handles. The result is
    /// exactly the general path's: 15 digits make an exact `m < 2^53` and the
    /// divisor an exact power of ten, which is Clinger's fast path with the
    /// same operations.
    ///
    /// `@inline(always)` (SE-0496), not `@inline(__always)`, which Swift 6.3's optimizer takes as a
    /// hint: it declined to inline this into the CSV reader's one pass ("not profitable", cost 199,
    /// benefit 95, `-Rpass-missed=sil-inliner`), a call per number (-41 instructions per event inlined).
    ///
    /// With `zeroPadded` the caller guarantees that the bytes from `end` on are zeros (the CSV
    /// reader's buffer: ``ByteSource/padding``, kept zeroed): a zero ends the number as `end` would,
    /// so the digit loop does not test `end` (-41 instructions per event on the heavy mix, callgrind).
    @inline(always)
    static func scanShort(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, json: Bool, zeroPadded: Bool = false) -> Scan? {
        var i = start
        guard i < end else { return nil }
        let negative = p[i] == UInt8(ascii: "-")
        if negative { i &+= 1 }
        let digitsStart = i
        var m: UInt64 = 0
        var dot = -1
        while zeroPadded || i < end {
            let c = p[i]
            let d = c &- UInt8(ascii: "0")
            if d < 10 {
                m = m &* 10 &+ UInt64(d)
            } else if c == UInt8(ascii: ".") && dot < 0 {
                dot = i
            } else {
                if (c | 0x20) == UInt8(ascii: "e") { return nil }
                break
            }
            i &+= 1
        }
        let intEnd = dot < 0 ? i : dot
        let intDigits = intEnd &- digitsStart
        let fraction = dot < 0 ? 0 : i &- dot &- 1
        guard intDigits > 0, intDigits &+ fraction <= 15 else { return nil }
        if dot >= 0 && fraction == 0 { return nil }
        if json && intDigits > 1 && p[digitsStart] == UInt8(ascii: "0") { return nil }
        var d = Double(m)
        if fraction > 0 { d /= powerOfTen(fraction) }
        return Scan(value: negative ? -d : d, end: i, isIntegerLiteral: dot < 0, failure: nil)
    }

    /// ``scan(_:_:_:json:)`` for any input.
    static func scanGeneral(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, json: Bool) -> Scan {
        var i = start
        var negative = false
        if i < end {
            let c = p[i]
            if c == UInt8(ascii: "-") {
                negative = true
                i &+= 1
            } else if c == UInt8(ascii: "+") {
                if json { return Scan(value: 0, end: i, isIntegerLiteral: false, failure: .leadingPlus) }
                i &+= 1
            }
        }
        var m: UInt64 = 0
        var count = 0
        let intStart = i
        digits(p, &i, end, &m, &count)
        let intDigits = count
        if json {
            if intDigits == 0 {
                let failure: Failure = i < end && p[i] == UInt8(ascii: ".") ? .leadingDot : .noDigits
                return Scan(value: 0, end: i, isIntegerLiteral: false, failure: failure)
            }
            if intDigits > 1 && p[intStart] == UInt8(ascii: "0") {
                return Scan(value: 0, end: intStart &+ 1, isIntegerLiteral: false, failure: .leadingZero)
            }
        }
        var isInteger = true
        var exponent = 0
        if i < end && p[i] == UInt8(ascii: ".") {
            isInteger = false
            i &+= 1
            digits(p, &i, end, &m, &count)
            let fractionDigits = count &- intDigits
            if json && fractionDigits == 0 {
                return Scan(value: 0, end: i, isIntegerLiteral: false, failure: .missingFractionDigits)
            }
            exponent = -fractionDigits
        }
        if count == 0 {
            return Scan(value: 0, end: i, isIntegerLiteral: false, failure: .noDigits)
        }
        if i < end && (p[i] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            i &+= 1
            var expNegative = false
            if i < end && (p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+")) {
                expNegative = p[i] == UInt8(ascii: "-")
                i &+= 1
            }
            let expStart = i
            var e = 0
            while i < end {
                let d = p[i] &- UInt8(ascii: "0")
                if d >= 10 { break }
                if e < 100_000_000 { e = e &* 10 &+ Int(d) }
                i &+= 1
            }
            if i == expStart {
                return Scan(value: 0, end: i, isIntegerLiteral: false, failure: .missingExponentDigits)
            }
            exponent &+= expNegative ? -e : e
        }
        let value: Double
        if count <= 19, let fast = fastPath(m, exponent, negative) {
            value = fast
        } else {
            value = slowPath(p + start, i &- start)
        }
        return Scan(value: value, end: i, isIntegerLiteral: isInteger, failure: nil)
    }

    /// Clinger's fast path: exact when the mantissa and power of ten are exact.
    @inline(__always)
    static func fastPath(_ m: UInt64, _ e: Int, _ negative: Bool) -> Double? {
        if m == 0 { return negative ? -0.0 : 0.0 }
        guard m <= 1 << 53 else { return nil }
        var d = Double(m)
        if e == 0 {
        } else if e < 0 {
            guard e >= -22 else { return nil }
            d /= powerOfTen(-e)
        } else if e <= 22 {
            d *= powerOfTen(e)
        } else if e <= 22 + 15 {
            // m * 10^(e-22) may still be an exact integer below 2^53.
            let (scaled, overflow) = m.multipliedReportingOverflow(by: UInt64(powerOfTen(e - 22)))
            guard !overflow, scaled <= 1 << 53 else { return nil }
            d = Double(scaled) * 1e22
        } else {
            return nil
        }
        return negative ? -d : d
    }

    /// Correctly rounded conversion by the standard library (allocates a String).
    @inline(never)
    static func slowPath(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        return Double(text) ?? .nan
    }

    /// The outcome of parsing a whole CSV field as a number.
    enum ParsedNumber {
        case value(Double)
        case notANumber
        case nonFinite
    }

    /// Parses all of `p[0..<n]` (already trimmed) as a CSV number
    /// (`p` readable 8 bytes past `n`).
    /// `nan`, `inf`, `infinity` (any case, signed) and overflow are non-finite.
    @inline(__always)
    static func parseField(_ p: UnsafePointer<UInt8>, _ n: Int) -> ParsedNumber {
        let s = scan(p, 0, n, json: false)
        if s.failure == nil && s.end == n {
            return s.value.isFinite ? .value(s.value) : .nonFinite
        }
        return isNonFiniteWord(p, n) ? .nonFinite : .notANumber
    }

    /// `nan`, `inf`, `infinity`, with an optional sign, any case.
    static func isNonFiniteWord(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        if n > 0 && (p[0] == UInt8(ascii: "-") || p[0] == UInt8(ascii: "+")) { i = 1 }
        let word = String(decoding: UnsafeBufferPointer(start: p + i, count: n - i), as: UTF8.self).lowercased()
        return word == "nan" || word == "inf" || word == "infinity"
    }
}
