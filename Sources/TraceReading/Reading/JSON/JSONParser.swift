/// A general-purpose JSON parser (RFC 8259) that builds ``JSONValue`` trees
/// with positions, reporting every error as `path:line:column: error: ...`.
///
/// - Iterative (explicit stack): deep nesting cannot overflow the call stack.
///   ``maxDepth`` (default 512) still bounds nesting, because code that walks
///   or destroys a tree recursively would not survive 100,000 levels.
/// - Strict: the whole input must be one value plus whitespace; a UTF-8 BOM at
///   the start is skipped. Strings must be valid UTF-8; `\u` escapes must form
///   valid surrogate pairs (lone surrogates are rejected); raw control
///   characters are rejected.
/// - Numbers that overflow `Double` (`1e400`) are rejected; underflow gives 0.
///
/// On nst/JSONTestSuite: accepts every `y_` file, rejects every `n_` file; of
/// the `i_` files it rejects invalid UTF-8, lone surrogates, UTF-16 input and
/// overflowing numbers, and accepts the BOM, underflow and 500 nested arrays.
package struct JSONParser {
    /// Largest accepted nesting depth of arrays and objects.
    package var maxDepth: Int

    /// The default ``maxDepth``.
    package static let defaultMaxDepth = 512  // also JSONTraceReader.init(source:...)'s public default

    /// Creates a parser.
    package init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    /// Parses `bytes` (a whole document). `path` names the input in diagnostics.
    package func parse(_ bytes: some Collection<UInt8>, path: String) throws(TraceError) -> JSONValue {
        var array = Array(bytes)
        let count = array.count
        // Padding: a non-nil base even for an empty input, and room for 8-byte loads.
        array.append(contentsOf: repeatElement(0, count: ByteSource.padding))
        return try array.withUnsafeBufferPointer { (buf) throws(TraceError) -> JSONValue in
            try parseDocument(base: buf.baseAddress!, count: count, path: path)
        }
    }

    /// Parses the UTF-8 of `text`.
    package func parse(_ text: String, path: String) throws(TraceError) -> JSONValue {
        try parse(Array(text.utf8), path: path)
    }

    /// Reads and parses the file at `path` (`-` for standard input).
    package func parse(contentsOf path: String) throws(TraceError) -> JSONValue {
        let source = try ByteSource(path: path)
        try source.readToEnd()
        return try parseDocument(base: source.base, count: source.available, path: source.path)
    }

    func parseDocument(base: UnsafePointer<UInt8>, count: Int, path: String) throws(TraceError) -> JSONValue {
        var scanner = JSONScanner(base: base, start: 0, end: count, path: path)
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            scanner.i = 3
            scanner.lineStart = 3
        }
        scanner.skipWhitespace()
        if scanner.atEnd {
            throw scanner.error("empty input: expected a JSON value", at: scanner.i)
        }
        let value = try parseValue(&scanner)
        scanner.skipWhitespace()
        if !scanner.atEnd {
            throw scanner.error("unexpected \(scanner.describe(at: scanner.i)) after the JSON value", at: scanner.i)
        }
        return value
    }

    private enum Container {
        case array(start: SourceLocation, elements: [JSONValue])
        case object(start: SourceLocation, members: [JSONMember], key: String, keyLocation: SourceLocation)
    }

    /// Parses one value at the scanner's position (after whitespace), leaving
    /// the scanner after it.
    func parseValue(_ s: inout JSONScanner) throws(TraceError) -> JSONValue {
        var stack: [Container] = []
        while true {
            s.skipWhitespace()
            guard !s.atEnd else { throw s.unexpected("a value", at: s.i) }
            let loc = s.location(at: s.i)
            var value: JSONValue
            switch s.base[s.i] {
            case UInt8(ascii: "{"):
                if stack.count >= maxDepth {
                    throw s.error("nesting too deep (more than \(maxDepth) levels of arrays and objects)", at: s.i)
                }
                s.i += 1
                s.skipWhitespace()
                if s.current == UInt8(ascii: "}") {
                    s.i += 1
                    value = JSONValue(.object([]), at: loc)
                } else {
                    let (key, keyLoc) = try parseKey(&s)
                    stack.append(.object(start: loc, members: [], key: key, keyLocation: keyLoc))
                    continue
                }
            case UInt8(ascii: "["):
                if stack.count >= maxDepth {
                    throw s.error("nesting too deep (more than \(maxDepth) levels of arrays and objects)", at: s.i)
                }
                s.i += 1
                s.skipWhitespace()
                if s.current == UInt8(ascii: "]") {
                    s.i += 1
                    value = JSONValue(.array([]), at: loc)
                } else {
                    stack.append(.array(start: loc, elements: []))
                    continue
                }
            case UInt8(ascii: "\""):
                let token = try s.scanString()
                value = JSONValue(.string(s.string(token)), at: loc)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = s.i
                let n = try s.scanNumber()
                guard n.value.isFinite else {
                    throw s.error(
                        "number out of range: \(String(decoding: UnsafeBufferPointer(start: s.base + start, count: s.i - start), as: UTF8.self))",
                        at: start)
                }
                value = JSONValue(.number(n.value), at: loc)
            default:
                switch try s.scanLiteral() {
                case .true: value = JSONValue(.bool(true), at: loc)
                case .false: value = JSONValue(.bool(false), at: loc)
                case .null: value = JSONValue(.null, at: loc)
                }
            }
            // Attach `value` to the enclosing containers, closing those that end here.
            while true {
                guard let top = stack.popLast() else { return value }
                s.skipWhitespace()
                switch consume top {
                case .array(let start, var elements):
                    elements.append(value)
                    if s.current == UInt8(ascii: ",") {
                        s.i += 1
                        stack.append(.array(start: start, elements: elements))
                    } else if s.current == UInt8(ascii: "]") {
                        s.i += 1
                        value = JSONValue(.array(elements), at: start)
                        continue
                    } else {
                        throw s.unexpected("',' or ']' after an array element", at: s.i)
                    }
                case .object(let start, var members, let key, let keyLoc):
                    members.append(JSONMember(key: key, keyLocation: keyLoc, value: value))
                    if s.current == UInt8(ascii: ",") {
                        s.i += 1
                        s.skipWhitespace()
                        let (nextKey, nextLoc) = try parseKey(&s)
                        stack.append(.object(start: start, members: members, key: nextKey, keyLocation: nextLoc))
                    } else if s.current == UInt8(ascii: "}") {
                        s.i += 1
                        value = JSONValue(.object(members), at: start)
                        continue
                    } else {
                        throw s.unexpected("',' or '}' after an object member", at: s.i)
                    }
                }
                break
            }
        }
    }

    private func parseKey(_ s: inout JSONScanner) throws(TraceError) -> (String, SourceLocation) {
        guard s.current == UInt8(ascii: "\"") else {
            throw s.unexpected("a member name in double quotes", at: s.i)
        }
        let loc = s.location(at: s.i)
        let token = try s.scanString()
        s.skipWhitespace()
        try s.expect(UInt8(ascii: ":"), "':' after a member name")
        return (s.string(token), loc)
    }
}
