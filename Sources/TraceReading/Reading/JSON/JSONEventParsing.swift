import GestureEngine

/// Reads one trace event object straight from JSON bytes (shared by the JSON
/// and JSON Lines readers).
///
/// Keys are matched exactly (JSON is case-sensitive): `t`/`timestamp`/`time`,
/// `id`/`touch`/`touchId`/`touch_id`/`finger`/`pointer`, `phase`/`type`/`action`,
/// `x`, `y`. Other keys are skipped (their values are still validated). A
/// field given twice (including through two aliases) is an error.
/// Phase values match ignoring ASCII case.
struct JSONEventParser {
    var timeUnit: TimeUnit
    let names: TouchNameTable
    /// Scratch for decoding escaped strings (rare).
    var scratch: [UInt8] = []

    init(timeUnit: TimeUnit, names: TouchNameTable) {
        self.timeUnit = timeUnit
        self.names = names
    }

    /// Parses the event object at `s.i` (which must be at a non-whitespace byte).
    @inline(__always)
    mutating func parseEvent(_ s: inout JSONScanner) throws(TraceError) -> TraceRow {
        if let row = fastEvent(&s) { return row }
        return try parseGeneral(&s)
    }

    /// The common event shape in one pass, or `nil` with `s` untouched.
    ///
    /// Accepts an object of exactly the five fields under their short keys
    /// (`"t":`, `"id":`, `"phase":`, `"x":`, `"y":`, in any order), each key
    /// recognised as one word with its closing quote and colon, with no
    /// whitespace anywhere; times and coordinates of the short number shape
    /// (``DecimalParsing/scanShort(_:_:_:json:zeroPadded:)``), a touch id of 1-18 digits
    /// without a leading zero, a phase name (or raw value string such as `"1"`)
    /// of under 8 bytes without escapes.
    /// Anything else (whitespace, aliases, unknown or repeated keys, strings
    /// as ids, `cancelled`, numeric phases, long numbers, every error) returns `nil`, and the
    /// general parser reads the object from its start, so results, messages
    /// and positions are those of the general parser. Reads up to 8 bytes
    /// past `s.end` (see ``ByteSource/padding``).
    @inline(__always)
    func fastEvent(_ s: inout JSONScanner) -> TraceRow? {
        let base = s.base, end = s.end
        var k = s.i
        guard k < end && base[k] == UInt8(ascii: "{") else { return nil }
        let line = s.line, lineStart = s.lineStart
        @inline(__always) func at(_ index: Int) -> TextPosition {
            TextPosition(line: line, column: index &- lineStart &+ 1)
        }
        var positions = TraceRow.Positions(all: at(k))
        var time = 0.0, x = 0.0, y = 0.0
        var touch: Int64 = 0
        var phase = TouchPhase.began
        var seen: UInt8 = 0
        k &+= 1
        while true {
            guard k < end else { return nil }
            let w = SWAR.load(base + k)
            let field: TraceField
            switch w & 0xFFFF_FFFF {
            case 0x3A22_7422: field = .time; k &+= 4  // "t":
            case 0x3A22_7822: field = .x; k &+= 4  // "x":
            case 0x3A22_7922: field = .y; k &+= 4  // "y":
            default:
                if w & 0xFF_FFFF_FFFF == 0x3A_2264_6922 {  // "id":
                    field = .touch; k &+= 5
                } else if w == 0x3A22_6573_6168_7022 {  // "phase":
                    field = .phase; k &+= 8
                } else {
                    return nil
                }
            }
            let bit: UInt8 = 1 << field.rawValue
            guard seen & bit == 0, k < end else { return nil }
            seen |= bit
            let valuePosition = at(k)
            switch field {
            case .time, .x, .y:
                let value: Double
                if let word = Self.wordNumber(base, k) {
                    value = word.value
                    k = word.end
                } else if let short = DecimalParsing.scanShort(base, k, end, json: true) {
                    value = short.value
                    k = short.end
                } else {
                    return nil
                }
                switch field {
                case .time: positions.time = valuePosition; time = timeUnit.seconds(value)
                case .x: positions.x = valuePosition; x = value
                default: positions.y = valuePosition; y = value
                }
            case .touch:
                let w = SWAR.load(base + k)
                guard (UInt8(truncatingIfNeeded: w) &- UInt8(ascii: "1")) < 9 else { return nil }
                let digits = SWAR.digitPrefixLength(w)
                let start = k
                var v: Int64 = 0
                if digits < 8 {
                    // Up to 7 digits at once; the byte after them must be a delimiter (checked below).
                    v = Int64(SWAR.parseDigits(w, count: digits))
                    k &+= digits
                } else {
                    while k < end, k &- start < 18 {
                        let d = base[k] &- UInt8(ascii: "0")
                        if d >= 10 { break }
                        v = v &* 10 &+ Int64(d)
                        k &+= 1
                    }
                }
                positions.touch = valuePosition
                touch = v
            case .phase:
                guard base[k] == UInt8(ascii: "\"") else { return nil }
                let name = SWAR.load(base + (k &+ 1))
                let quotes = SWAR.bytes(name, equalTo: UInt8(ascii: "\""))
                let special = SWAR.bytes(name, equalTo: UInt8(ascii: "\\")) | SWAR.bytes(name, lessThan: 0x20) | (name & SWAR.highs)
                guard quotes != 0 else { return nil }
                let n = SWAR.firstIndex(quotes)
                guard n < SWAR.firstIndex(special), k &+ 1 &+ n < end,
                    let p = PhaseNames.matchPadded(base + (k &+ 1), n)
                else { return nil }
                k &+= n &+ 2
                positions.phase = valuePosition
                phase = p
            }
            guard k < end else { return nil }
            let c = base[k]
            k &+= 1
            if c == UInt8(ascii: ",") { continue }
            guard c == UInt8(ascii: "}"), seen == 0x1F else { return nil }
            break
        }
        s.i = k
        return TraceRow(time: time, touch: .integer(touch), phase: phase, x: x, y: y, positions: positions)
    }

    /// A number of the shape `-?D{1,7}(.D{1,7})?` at `k` (no leading zero
    /// before another digit) read as one or two 8-byte words, with the value
    /// ``DecimalParsing/scanShort(_:_:_:json:zeroPadded:)`` gives it (all the digits as
    /// one integer, divided by the power of ten of the fraction's length); `nil`
    /// for anything else. The byte at `end` is not checked (the caller requires
    /// a delimiter there, before the scanner's end, so every digit is before
    /// it too). Reads up to 8 bytes past `end`.
    @inline(__always)
    private static func wordNumber(_ base: UnsafePointer<UInt8>, _ k: Int) -> (value: Double, end: Int)? {
        let negative = base[k] == UInt8(ascii: "-")
        let p = negative ? k &+ 1 : k
        let w = SWAR.load(base + p)
        let n = SWAR.digitPrefixLength(w)
        guard UInt(bitPattern: n &- 1) < 7 else { return nil }  // 1...7 digits
        if n > 1 && UInt8(truncatingIfNeeded: w) == UInt8(ascii: "0") { return nil }  // leading zero
        var m = SWAR.parseDigits(w, count: n)
        var value: Double
        var e = p &+ n
        if UInt8(truncatingIfNeeded: w &>> UInt64(n &* 8)) == UInt8(ascii: ".") {
            let f = SWAR.load(base + (e &+ 1))
            let nf = SWAR.digitPrefixLength(f)
            guard UInt(bitPattern: nf &- 1) < 7 else { return nil }
            m = m &* DecimalParsing.integerPowerOfTen(nf) &+ SWAR.parseDigits(f, count: nf)
            value = Double(m) / DecimalParsing.powerOfTen(nf)
            e &+= nf &+ 1
        } else {
            value = Double(m)
        }
        return (negative ? -value : value, e)
    }

    /// The general event parser: any whitespace, aliases, unknown members, and
    /// every diagnostic. (Internal for the tests that compare it with
    /// ``parseEvent(_:)``'s fast path.)
    @inline(never)
    mutating func parseGeneral(_ s: inout JSONScanner) throws(TraceError) -> TraceRow {
        let objectStart = s.i
        guard s.current == UInt8(ascii: "{") else {
            throw s.error("expected an event object, found \(s.describeValue(at: s.i))", at: s.i)
        }
        var positions = TraceRow.Positions(all: s.position(at: objectStart))
        var time = 0.0, x = 0.0, y = 0.0
        var touch = TouchID.integer(0)
        var phase = TouchPhase.began
        s.i += 1
        s.skipWhitespace()
        var seen: UInt8 = 0
        if s.current == UInt8(ascii: "}") {
            s.i += 1
        } else {
            while true {
                guard s.current == UInt8(ascii: "\"") else {
                    throw s.unexpected("a field name in double quotes", at: s.i)
                }
                let keyStart = s.i
                // The key's line (whitespace before the value may move the scanner to a later one).
                let keyLine = s.line, keyLineStart = s.lineStart
                let field: TraceField?
                if let fast = Self.shortKey(&s) {
                    field = fast
                } else {
                    let key = try s.scanString()
                    if key.hasEscapes {
                        scratch.removeAll(keepingCapacity: true)
                        s.decode(key, into: &scratch)
                        field = scratch.withUnsafeBufferPointer { TraceField.match($0.baseAddress ?? s.base, $0.count) }
                    } else {
                        field = TraceField.match(s.base + key.start, key.count)
                    }
                }
                if s.i &+ 1 < s.end && s.base[s.i] == UInt8(ascii: ":") && s.base[s.i &+ 1] > 0x20 {
                    // The usual `"key":value`: no whitespace to skip.
                    s.i &+= 1
                } else {
                    s.skipWhitespace()
                    try s.expect(UInt8(ascii: ":"), "':' after a field name")
                    s.skipWhitespace()
                }
                if let field {
                    let bit: UInt8 = 1 << field.rawValue
                    if seen & bit != 0 {
                        let previous = positions[field]
                        var k = keyStart + 1
                        while k < s.end && s.base[k] != UInt8(ascii: "\"") { k += 1 }
                        throw TraceError.invalidTrace(
                            "duplicate \(field.displayName) field \(ReaderText.quote(s.base + keyStart + 1, k - keyStart - 1)) in an event",
                            at: SourceLocation(path: s.path, line: keyLine, column: keyStart - keyLineStart + 1),
                            notes: [.note("first given here", at: SourceLocation(path: s.path, position: previous))])
                    }
                    seen |= bit
                    let valuePosition = s.position
                    switch field {
                    case .time:
                        positions.time = valuePosition
                        time = timeUnit.seconds(try Self.number(&s, field))
                    case .x:
                        positions.x = valuePosition
                        x = try Self.number(&s, field)
                    case .y:
                        positions.y = valuePosition
                        y = try Self.number(&s, field)
                    case .touch:
                        positions.touch = valuePosition
                        touch = try Self.touchID(&s, names, &scratch)
                    case .phase:
                        positions.phase = valuePosition
                        phase = try Self.phase(&s, &scratch)
                    }
                } else {
                    try s.skipValue()
                }
                s.skipWhitespace()
                let c = s.current
                if c == UInt8(ascii: ",") && s.i < s.end {
                    s.i += 1
                    s.skipWhitespace()
                    continue
                }
                if c == UInt8(ascii: "}") && s.i < s.end {
                    s.i += 1
                    break
                }
                throw s.unexpected("',' or '}' after a field value", at: s.i)
            }
        }
        if seen != 0x1F {
            // Point at the event's opening brace (possibly on an earlier line).
            var message = ReaderText.missingFields(seen)
            if let hint = ReaderText.caseHint(s.base, objectStart, s.i, seen: seen) { message += " (\(hint))" }
            throw TraceError.invalidTrace(message, at: SourceLocation(path: s.path, position: positions.row))
        }
        return TraceRow(time: time, touch: touch, phase: phase, x: x, y: y, positions: positions)
    }

    /// Fast path for a key of at most 7 plain ASCII bytes at `s.i` (its
    /// opening quote): returns its field and moves past the closing quote, or
    /// returns `nil` without moving (longer, escaped or unknown keys, which
    /// the caller scans in full).
    @inline(__always)
    private static func shortKey(_ s: inout JSONScanner) -> TraceField? {
        let w = SWAR.load(s.base + (s.i &+ 1))
        let quotes = SWAR.bytes(w, equalTo: UInt8(ascii: "\""))
        let special = SWAR.bytes(w, equalTo: UInt8(ascii: "\\")) | SWAR.bytes(w, lessThan: 0x20) | (w & SWAR.highs)
        guard quotes != 0 else { return nil }
        let k = SWAR.firstIndex(quotes)
        guard k < SWAR.firstIndex(special), s.i &+ 1 &+ k < s.end else { return nil }
        let key = k == 0 ? 0 : w & (UInt64.max >> UInt64(64 &- 8 &* k))
        let field: TraceField
        switch key {
        case 0x74, 0x656d_6974: field = .time  // t, time
        case 0x78: field = .x  // x
        case 0x79: field = .y  // y
        // id, touch, finger, pointer, touchId
        case 0x6469, 0x68_6375_6f74, 0x7265_676e_6966, 0x7265_746e_696f70, 0x6449_6863_756f74: field = .touch
        case 0x6570_7974, 0x65_7361_6870, 0x6e6f_6974_6361: field = .phase  // type, phase, action
        default: return nil
        }
        s.i &+= k &+ 2
        return field
    }

    /// A finite number for `field` at `s.i`.
    @inline(__always)
    private static func number(_ s: inout JSONScanner, _ field: TraceField) throws(TraceError) -> Double {
        let start = s.i
        // The common short shape: finite, no error possible.
        if let short = DecimalParsing.scanShort(s.base, start, s.end, json: true) {
            s.i = short.end
            return short.value
        }
        let c = s.current
        if (c == UInt8(ascii: "-") || (c &- UInt8(ascii: "0")) < 10) && s.i < s.end {
            if c == UInt8(ascii: "-") && s.i + 1 < s.end && s.base[s.i + 1] == UInt8(ascii: "I") {
                throw s.error("'\(field.name)' must be a finite number; -Infinity is not a JSON number", at: start)
            }
            let scan = try s.scanNumber()
            guard scan.value.isFinite else {
                throw s.error(
                    "'\(field.name)' value \(ReaderText.quote(s.base + start, s.i - start)) is not a finite number (out of range)",
                    at: start)
            }
            return scan.value
        }
        if c == UInt8(ascii: "N") || c == UInt8(ascii: "I") {
            throw s.error("'\(field.name)' must be a finite number; NaN and Infinity are not JSON numbers", at: start)
        }
        if c == UInt8(ascii: "\"") {
            // Name the string in the message (helps with "12" vs 12).
            let token = try s.scanString()
            throw s.error(
                "'\(field.name)' must be a number, found the string \(ReaderText.quote(s.base + token.start, token.count))", at: start)
        }
        throw s.error("'\(field.name)' must be a number, found \(s.describeValue(at: start))", at: start)
    }

    /// A touch id at `s.i`: an integer or a string.
    @inline(__always)
    private static func touchID(_ s: inout JSONScanner, _ names: TouchNameTable, _ scratch: inout [UInt8]) throws(TraceError) -> TouchID {
        let start = s.i
        let c = s.current
        if c == UInt8(ascii: "\"") && s.i < s.end {
            let token = try s.scanString()
            if token.count == 0 { throw s.error("empty touch id", at: start) }
            if !token.hasEscapes {
                return names.makeID(s.base + token.start, token.count)
            }
            scratch.removeAll(keepingCapacity: true)
            s.decode(token, into: &scratch)
            return scratch.withUnsafeBufferPointer { names.makeID($0.baseAddress!, $0.count) }
        }
        if (c &- UInt8(ascii: "1")) < 9 && s.i < s.end {
            // Fast path: a small positive integer followed by a delimiter.
            var v: Int64 = 0
            var k = s.i
            while k < s.end, k - start < 18 {
                let d = s.base[k] &- UInt8(ascii: "0")
                if d >= 10 { break }
                v = v &* 10 &+ Int64(d)
                k &+= 1
            }
            let next = k < s.end ? s.base[k] : 0
            if next != UInt8(ascii: ".") && next != UInt8(ascii: "e") && next != UInt8(ascii: "E") && (next &- UInt8(ascii: "0")) >= 10 {
                s.i = k
                return .integer(v)
            }
        }
        if (c == UInt8(ascii: "-") || (c &- UInt8(ascii: "0")) < 10) && s.i < s.end {
            let scan = try s.scanNumber()
            let n = s.i - start
            guard scan.isIntegerLiteral else {
                throw s.error("touch id must be an integer or a string, found \(ReaderText.quote(s.base + start, n))", at: start)
            }
            if let v = parseCanonicalInt64(s.base + start, n) { return .integer(v) }
            if n == 2 { return .integer(0) }  // "-0"
            throw s.error("touch id \(ReaderText.quote(s.base + start, n)) is out of range (64-bit integer)", at: start)
        }
        throw s.error("touch id must be an integer or a string, found \(s.describeValue(at: start))", at: start)
    }

    /// A phase at `s.i`: a name, or a `UITouch.Phase` raw value (a number `0`...`4`,
    /// or the string `"0"`...`"4"`). Numbers never take the fast path.
    @inline(__always)
    private static func phase(_ s: inout JSONScanner, _ scratch: inout [UInt8]) throws(TraceError) -> TouchPhase {
        let start = s.i
        let c = s.current
        if (c == UInt8(ascii: "-") || (c &- UInt8(ascii: "0")) < 10) && s.i < s.end {
            _ = try s.scanNumber()
            if s.i - start == 1, let p = PhaseNames.rawValue(c) { return p }
            throw s.error(ReaderText.unknownPhase(s.base + start, s.i - start), at: start)
        }
        guard c == UInt8(ascii: "\"") && s.i < s.end else {
            throw s.error(
                "'phase' must be a string or a number, found \(s.describeValue(at: start)); expected one of: \(PhaseNames.expectedList), or a UITouch.Phase raw value: \(PhaseNames.expectedRawValues)",
                at: start)
        }
        let token = try s.scanString()
        if !token.hasEscapes {
            if let p = PhaseNames.matchPadded(s.base + token.start, token.count) { return p }
            throw s.error(ReaderText.unknownPhase(s.base + token.start, token.count), at: start)
        }
        scratch.removeAll(keepingCapacity: true)
        s.decode(token, into: &scratch)
        let result = scratch.withUnsafeBufferPointer { buf -> TouchPhase? in
            guard let b = buf.baseAddress else { return nil }
            return PhaseNames.match(b, buf.count)
        }
        if let result { return result }
        let message = scratch.withUnsafeBufferPointer { buf in
            ReaderText.unknownPhase(buf.baseAddress ?? s.base, buf.count)
        }
        throw s.error(message, at: start)
    }
}
