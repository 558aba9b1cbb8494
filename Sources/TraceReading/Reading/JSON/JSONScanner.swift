/// Byte-level JSON tokenizer over a buffer, tracking line and column.
///
/// Shared by ``JSONParser`` (value trees), the JSON and JSON Lines trace
/// readers (events, straight from the bytes) and the validating skip of
/// unknown values. It never recurses: nesting is tracked with an explicit bit
/// stack, so any depth is safe. Strings are validated (UTF-8, escapes,
/// surrogate pairs, no raw control characters) but only decoded on request.
///
/// Line tracking is exact because JSON allows line breaks only in whitespace.
struct JSONScanner {
    /// Start of the buffer.
    var base: UnsafePointer<UInt8>
    /// Current index.
    var i: Int
    /// End of the scanned text (end of input, or end of the line for JSON Lines).
    var end: Int
    /// Current 1-based line.
    var line: Int
    /// Index of the first byte of the current line (column 1).
    var lineStart: Int
    /// Input name for diagnostics.
    let path: String
    /// True when `end` is the end of a line rather than of the input (JSON Lines).
    let endIsEndOfLine: Bool

    init(base: UnsafePointer<UInt8>, start: Int, end: Int, line: Int = 1, lineStart: Int? = nil, path: String, endIsEndOfLine: Bool = false)
    {
        self.base = base
        self.i = start
        self.end = end
        self.line = line
        self.lineStart = lineStart ?? start
        self.path = path
        self.endIsEndOfLine = endIsEndOfLine
    }

    // MARK: Positions and errors

    /// Position of the current index.
    @inline(__always) var position: TextPosition { position(at: i) }

    /// Position of `index`, which must be on the current line.
    @inline(__always) func position(at index: Int) -> TextPosition {
        TextPosition(line: line, column: index - lineStart + 1)
    }

    func location(at index: Int) -> SourceLocation {
        SourceLocation(path: path, position: position(at: index))
    }

    /// An error at `index` (on the current line).
    func error(_ message: String, at index: Int) -> TraceError {
        TraceError.invalidTrace(message, at: location(at: index))
    }

    /// "end of input" / "end of line" or a quoted description of the byte at `index`.
    func describe(at index: Int) -> String {
        if index >= end { return endIsEndOfLine ? "end of line" : "end of input" }
        return Self.describe(byte: base[index])
    }

    static func describe(byte c: UInt8) -> String {
        switch c {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        case 0x20: return "' '"
        case 0x0A: return "a line break"
        default:
            let hex = String(c, radix: 16, uppercase: true)
            return c < 0x80 ? "U+\(String(repeating: "0", count: 4 - hex.count))\(hex)" : "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
        }
    }

    /// An error at `index` saying what was expected and what was found there.
    func unexpected(_ expected: String, at index: Int) -> TraceError {
        if index >= end {
            return error("unexpected \(describe(at: index)): expected \(expected)", at: index)
        }
        return error("expected \(expected), found \(describe(at: index))", at: index)
    }

    /// What kind of JSON value starts at `index` ("a string", "an object", ...).
    func describeValue(at index: Int) -> String {
        guard index < end else { return describe(at: index) }
        switch base[index] {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return describe(at: index)
        }
    }

    // MARK: Whitespace and punctuation

    /// Skips JSON whitespace (space, tab, CR, LF), counting lines.
    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find no whitespace: one comparison for that case.
        if i < end && base[i] > 0x20 { return }
        while i < end {
            let c = base[i]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                i += 1
            } else if c == 0x0A {
                i += 1
                line += 1
                lineStart = i
            } else {
                return
            }
        }
    }

    /// True at the end of the scanned text.
    @inline(__always) var atEnd: Bool { i >= end }

    /// The byte at the current index, or 0 at the end.
    @inline(__always) var current: UInt8 { i < end ? base[i] : 0 }

    /// Consumes `c` or throws "expected <what>".
    @inline(__always)
    mutating func expect(_ c: UInt8, _ what: @autoclosure () -> String) throws(TraceError) {
        guard i < end, base[i] == c else { throw unexpected(what(), at: i) }
        i += 1
    }

    // MARK: Strings

    /// A validated string token: content bytes `start..<end` (between the quotes).
    struct StringToken {
        var start: Int
        var end: Int
        var hasEscapes: Bool
        var count: Int { end - start }
    }

    /// Scans the string whose opening quote is at `i`; leaves `i` after the
    /// closing quote. Plain ASCII runs are skipped 8 bytes at a time (the
    /// buffer must be readable 8 bytes past `end`, see ``ByteSource/padding``).
    @inline(__always)
    mutating func scanString() throws(TraceError) -> StringToken {
        i &+= 1
        let start = i
        var escapes = false
        while i < end {
            let w = SWAR.load(base + i)
            let mask =
                SWAR.bytes(w, equalTo: UInt8(ascii: "\"")) | SWAR.bytes(w, equalTo: UInt8(ascii: "\\"))
                | SWAR.bytes(w, lessThan: 0x20) | (w & SWAR.highs)
            if mask == 0 {
                i &+= 8
                continue
            }
            i &+= SWAR.firstIndex(mask)
            if i >= end { break }
            let c = base[i]
            if c == UInt8(ascii: "\"") {
                let token = StringToken(start: start, end: i, hasEscapes: escapes)
                i &+= 1
                return token
            }
            if c == UInt8(ascii: "\\") {
                escapes = true
                try scanEscape()
            } else if c < 0x20 {
                throw error(
                    c == 0x0A || c == 0x0D
                        ? "unterminated string (line break before the closing quote)"
                        : "control character \(Self.describe(byte: c)) must be escaped in a string", at: i)
            } else {
                try scanUTF8()
            }
        }
        i = end
        throw error("unexpected \(describe(at: end)) in a string: missing closing quote", at: end)
    }

    /// Validates the escape at `i` (a backslash) and moves past it.
    private mutating func scanEscape() throws(TraceError) {
        let backslash = i
        i += 1
        guard i < end else { throw error("unexpected \(describe(at: i)) in an escape sequence", at: i) }
        switch base[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
        case UInt8(ascii: "u"):
            i += 1
            let unit = try hex4(escapeAt: backslash)
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard i + 1 < end, base[i] == UInt8(ascii: "\\"), base[i + 1] == UInt8(ascii: "u") else {
                    throw error(
                        "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) (a high surrogate must be followed by a \\u low surrogate)",
                        at: backslash)
                }
                let second = i
                i += 2
                let low = try hex4(escapeAt: second)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error(
                        "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) (followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate)",
                        at: backslash)
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(
                    "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) (a low surrogate without a high one)", at: backslash)
            }
        default:
            throw error("invalid escape sequence '\\\(Self.describe(byte: base[i]).trimmingQuotes)' in a string", at: backslash)
        }
    }

    /// Reads 4 hex digits at `i`.
    private mutating func hex4(escapeAt backslash: Int) throws(TraceError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < end else { throw error("unexpected \(describe(at: i)) in a \\u escape", at: i) }
            let c = base[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected 4 hexadecimal digits, found \(Self.describe(byte: c))", at: i)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// Validates one UTF-8 sequence whose lead byte (>= 0x80) is at `i`.
    @inline(__always)
    private mutating func scanUTF8() throws(TraceError) {
        let n = Self.utf8SequenceLength(base, i, end)
        if n == 0 { throw error("invalid UTF-8 in a string (\(Self.describe(byte: base[i])))", at: i) }
        i += n
    }

    /// Length of the valid UTF-8 sequence at `p[i]`, or 0 if invalid
    /// (overlong forms, surrogates and values above U+10FFFF are invalid).
    @inline(__always)
    static func utf8SequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let c = p[i]
        @inline(__always) func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < end && p[i + k] >= lo && p[i + k] <= hi
        }
        switch c {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    /// True if `p[0..<n]` is valid UTF-8.
    static func isValidUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var k = 0
        while k < n {
            let len = utf8SequenceLength(p, k, n)
            if len == 0 { return false }
            k += len
        }
        return true
    }

    /// Appends the decoded content of a validated string token to `out`.
    func decode(_ token: StringToken, into out: inout [UInt8]) {
        var k = token.start
        while k < token.end {
            let c = base[k]
            if c != UInt8(ascii: "\\") {
                out.append(c)
                k += 1
                continue
            }
            let e = base[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(k)
                k += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hexValue(k + 2)
                    k += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &out)
            default: out.append(e)  // " \ /
            }
        }
    }

    private func hexValue(_ k: Int) -> UInt32 {
        var v: UInt32 = 0
        for j in 0..<4 {
            let c = base[k + j]
            let d: UInt32 = c <= UInt8(ascii: "9") ? UInt32(c - 48) : UInt32((c | 0x20) - 87)
            v = v << 4 | d
        }
        return v
    }

    private func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        switch s {
        case 0..<0x80:
            out.append(UInt8(s))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (s >> 6)))
            out.append(UInt8(0x80 | (s & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (s >> 12)))
            out.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (s & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (s >> 18)))
            out.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (s & 0x3F)))
        }
    }

    /// The decoded text of a token as a `String`.
    func string(_ token: StringToken) -> String {
        if !token.hasEscapes {
            return String(decoding: UnsafeBufferPointer(start: base + token.start, count: token.count), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.count)
        decode(token, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Numbers and literals

    /// Scans a JSON number at `i` (`-` or a digit), leaving `i` after it.
    @inline(__always)
    mutating func scanNumber() throws(TraceError) -> DecimalParsing.Scan {
        let s = DecimalParsing.scan(base, i, end, json: true)
        if let failure = s.failure {
            if s.end >= end { throw error("unexpected \(describe(at: s.end)) in a number: \(failure.message)", at: s.end) }
            throw error("invalid number: \(failure.message), found \(describe(at: s.end))", at: s.end)
        }
        // A number must not run into letters or digits ("1true", "01" is handled above).
        i = s.end
        return s
    }

    /// Scans `true`, `false` or `null` at `i`.
    mutating func scanLiteral() throws(TraceError) -> JSONLiteral {
        let start = i
        @inline(__always) func match(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard start + n <= end else { return false }
            return traceBytesEqual(base + start, n, word)
        }
        if match("true") { i += 4; return .true }
        if match("false") { i += 5; return .false }
        if match("null") { i += 4; return .null }
        throw invalidValue(at: start)
    }

    /// The error for something that does not start a value.
    func invalidValue(at index: Int) -> TraceError {
        guard index < end else { return unexpected("a value", at: index) }
        let c = base[index]
        // Name the common non-JSON words.
        var k = index
        while k < end, k - index < 12, (base[k] | 0x20) >= UInt8(ascii: "a") && (base[k] | 0x20) <= UInt8(ascii: "z") { k += 1 }
        if k > index {
            let word = String(decoding: UnsafeBufferPointer(start: base + index, count: k - index), as: UTF8.self)
            if word == "NaN" || word == "Infinity" {
                return error("\(word) is not a valid JSON value", at: index)
            }
            return error(
                "invalid literal '\(word)': expected a value (true, false, null, a number, a string, an array or an object)", at: index)
        }
        if c == UInt8(ascii: "'") {
            return error("strings must use double quotes", at: index)
        }
        return unexpected("a value", at: index)
    }

    enum JSONLiteral { case `true`, `false`, null }

    // MARK: Skipping values

    /// Skips the value at `i`, fully validating it (iterative; any depth).
    mutating func skipValue() throws(TraceError) {
        var whole = JSONWholeInput()
        try skipValue(&whole)
    }

    /// Skips the value at `i`, fully validating it (iterative; any depth),
    /// asking `input` for each token before reading it (a streamed input
    /// brings it into the buffer; ``JSONWholeInput`` does nothing).
    mutating func skipValue<Input: JSONInput>(_ input: inout Input) throws(TraceError) {
        var stack = NestingStack()
        while true {
            // At a value.
            try input.fill(&self)
            skipWhitespace()
            guard i < end else { throw unexpected("a value", at: i) }
            let c = base[i]
            switch c {
            case UInt8(ascii: "{"):
                i += 1
                try input.fill(&self)
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    i += 1
                } else {
                    stack.push(isObject: true)
                    try scanKeyAndColon(&input)
                    continue
                }
            case UInt8(ascii: "["):
                i += 1
                try input.fill(&self)
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    i += 1
                } else {
                    stack.push(isObject: false)
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try scanNumber()
            default:
                _ = try scanLiteral()
            }
            // After a value: close containers or move to the next element.
            while true {
                if stack.isEmpty { return }
                try input.fill(&self)
                skipWhitespace()
                let isObject = stack.topIsObject
                if current == UInt8(ascii: ",") {
                    i += 1
                    if isObject {
                        try input.fill(&self)
                        skipWhitespace()
                        try scanKeyAndColon(&input)
                    }
                    break
                }
                if isObject && current == UInt8(ascii: "}") || !isObject && current == UInt8(ascii: "]") {
                    i += 1
                    stack.pop()
                    continue
                }
                throw unexpected(isObject ? "',' or '}' after an object member" : "',' or ']' after an array element", at: i)
            }
        }
    }

    /// At a member key: scans `"key"` and `:`, leaving `i` at the value.
    @inline(__always)
    mutating func scanKeyAndColon<Input: JSONInput>(_ input: inout Input) throws(TraceError) {
        guard current == UInt8(ascii: "\"") else { throw unexpected("a member name in double quotes", at: i) }
        _ = try scanString()
        try input.fill(&self)
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after a member name")
    }

    /// Moves from an opening `[` or `{` at `i` to just after its matching
    /// bracket, looking only at brackets, quotes and escapes (no validation).
    /// Returns `false`, leaving `i` unchanged, if the input ends first.
    /// Lines are counted.
    ///
    /// Runs 8 bytes at a time: per word, exact masks of quotes, backslashes,
    /// brackets and line feeds; a prefix XOR of the quotes gives the bytes
    /// inside strings; words without backslashes whose closing brackets cannot
    /// bring the depth to zero are consumed whole, branch-free. Other words
    /// are walked byte by byte.
    mutating func skipContainerFast() -> Bool {
        var st = FastSkipState(depth: 1, line: line, lineStart: lineStart)
        var k = i &+ 1
        guard let after = Self.fastSkip(base, &k, end, final: true, &st) else { return false }
        i = after
        line = st.line
        lineStart = st.lineStart
        return true
    }

    /// The loop of ``skipContainerFast()`` over `base[k..<end]`, resumable:
    /// returns the index after the bracket that brings `st.depth` to zero, or
    /// `nil` with `k` at the first byte not examined. Unless `final`, the
    /// last bytes (fewer than 8) are left for a later call with more input
    /// after them; with `final` every byte is examined.
    @inline(__always)
    static func fastSkip(_ base: UnsafePointer<UInt8>, _ k: inout Int, _ end: Int, final: Bool, _ st: inout FastSkipState) -> Int? {
        let highs = SWAR.highs
        while k &+ 8 <= end {
            let w = SWAR.load(base + k)
            let backslashes = SWAR.exactBytes(w, equalTo: UInt8(ascii: "\\"))
            if backslashes == 0 && !st.escaped {
                let quotes = SWAR.exactBytes(w, equalTo: UInt8(ascii: "\""))
                let folded = w | 0x2020_2020_2020_2020  // '[' -> '{', ']' -> '}'
                let opens = SWAR.exactBytes(folded, equalTo: UInt8(ascii: "{"))
                let closes = SWAR.exactBytes(folded, equalTo: UInt8(ascii: "}"))
                var strings = SWAR.prefixXOR(quotes)
                if st.inString { strings = ~strings }
                strings &= highs
                let closeCount = SWAR.count(closes & ~strings)
                if st.depth &- closeCount > 0 {
                    st.depth = st.depth &+ SWAR.count(opens & ~strings) &- closeCount
                    st.inString = strings >> 63 != 0
                    let newlines = SWAR.exactBytes(w, equalTo: 0x0A)
                    if newlines != 0 {
                        st.line &+= SWAR.count(newlines)
                        st.lineStart = k &+ ((63 &- newlines.leadingZeroBitCount) >> 3) &+ 1
                    }
                    k &+= 8
                    continue
                }
            }
            if let after = st.walk(base, k, k &+ 8) { return after }
            k &+= 8
        }
        guard final else { return nil }
        if let after = st.walk(base, k, end) { return after }
        k = end
        return nil
    }
}

/// State of ``JSONScanner/skipContainerFast()``.
struct FastSkipState {
    var depth: Int
    var line: Int
    var lineStart: Int
    var inString = false
    var escaped = false

    init(depth: Int, line: Int, lineStart: Int) {
        self.depth = depth
        self.line = line
        self.lineStart = lineStart
    }

    /// Walks `base[from..<limit]` byte by byte; returns the index after the
    /// bracket that brings the depth to zero, or `nil`.
    mutating func walk(_ base: UnsafePointer<UInt8>, _ from: Int, _ limit: Int) -> Int? {
        var k = from
        while k < limit {
            let c = base[k]
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch c {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth &+= 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth &-= 1
                    if depth == 0 { return k &+ 1 }
                default: break
                }
            }
            if c == 0x0A {
                line &+= 1
                lineStart = k &+ 1
            }
            k &+= 1
        }
        return nil
    }
}

/// A stack of "object or array" flags, one bit per level; no allocation up to 64 levels.
struct NestingStack {
    private var inline: UInt64 = 0
    private var spill: [UInt64] = []
    private(set) var depth = 0

    var isEmpty: Bool { depth == 0 }

    @inline(__always)
    mutating func push(isObject: Bool) {
        if depth > 0 && depth % 64 == 0 {
            spill.append(inline)
            inline = 0
        }
        inline = inline << 1 | (isObject ? 1 : 0)
        depth += 1
    }

    @inline(__always)
    mutating func pop() {
        depth -= 1
        inline >>= 1
        if depth > 0 && depth % 64 == 0 {
            inline = spill.removeLast()
        }
    }

    @inline(__always)
    var topIsObject: Bool { inline & 1 == 1 }
}

extension String {
    /// `'x'` → `x`.
    fileprivate var trimmingQuotes: String {
        if count >= 2, first == "'", last == "'" { return String(dropFirst().dropLast()) }
        return self
    }
}
