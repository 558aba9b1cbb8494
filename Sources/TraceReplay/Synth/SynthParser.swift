import GestureEngine
import TraceReading

/// Reads gesture scripts (docs/synth.md). Errors are ``TraceError``s of category `invalidTrace`
/// at `script:line:column`, naming what was expected and the line's expected form:
///
///     sweep.synth:2:14: error: expected 'in' and a duration; expected: drag X,Y -> X,Y [-> X,Y ...] in 0.3s
///
/// A line is a gesture (`tap 100,200`), optionally preceded by `at 0.2s` (start at that time) or
/// `with` (start with the previous gesture) and followed by options (`rate 240`, `easing fling`,
/// `jitter 0.5`, `seed 7`, `dwell 0.1s`) for that line only; or options alone, which apply to every
/// later line; or `screen 390x844`. `#` starts a comment. One number anywhere may be a sweep,
/// `{FROM..TO step STEP}`: the document then holds one script per value.
public enum SynthParser {
    /// The verbs and their expected forms, as shown in errors and `--help`.
    public static let forms: [(verb: String, form: String)] = [
        ("tap", "tap X,Y [for 0.05s]"),
        ("tap2", "tap2 X,Y [for 0.05s] [apart 40]"),
        ("doubletap", "doubletap X,Y"),
        ("longpress", "longpress X,Y [for 0.8s]"),
        ("drag", "drag X,Y -> X,Y [-> X,Y ...] in 0.3s"),
        ("drag2", "drag2 X,Y -> X,Y [-> X,Y ...] in 0.3s [apart 40]"),
        ("flick", "flick X,Y -> X,Y [-> X,Y ...] in 0.12s"),
        ("swipe", "swipe left|right|up|down from X,Y [by 150] [in 0.15s]"),
        ("pinch", "pinch X,Y from 100 to 200 in 0.5s"),
        ("rotate", "rotate X,Y by 90 in 0.4s [apart 100]"),
        ("edge", "edge left|right|top|bottom at 400 [by 120] [in 0.2s]"),
        ("wait", "wait 0.5s"),
    ]
    /// The options, with their expected forms.
    public static let optionForms: [(name: String, form: String)] = [
        ("rate", "rate 120 (samples per second, 1 to 2000)"),
        ("easing", "easing linear|ease-in-out|fling"),
        ("jitter", "jitter 0.5 (points)"),
        ("seed", "seed 7 (a whole number)"),
        ("dwell", "dwell 0.1s (rest before lifting)"),
    ]
    /// The largest magnitude of any number in a script (points, seconds, degrees).
    public static let maximumMagnitude = 1e9
    /// The largest number of points of one drag's path (`drag A -> B -> C ...`).
    public static let maximumPathPoints = 1000
    /// The largest number of values in a sweep.
    public static let maximumSweepCount = 1000
    /// The smallest sweep step, and the precision sweep values are rounded to.
    public static let sweepResolution = 1e-9
    /// The largest number of sampling instants in one gesture (duration × rate).
    public static let maximumSamples = 1_000_000.0
    /// The largest number of sampling instants in a whole script (each sweep value's, on its own).
    public static let maximumTotalSamples = 2_000_000.0

    /// Parses `text`, naming it `path` in errors (`<stdin>` for standard input).
    public static func parse(_ text: String, path: String) throws(TraceError) -> SynthDocument {
        var first = Parser(path: path, sweepValue: nil)
        let script = try first.parse(text)
        guard let sweep = first.sweep else {
            return SynthDocument(sweep: nil, variants: [.init(value: nil, label: nil, script: script)])
        }
        var variants: [SynthDocument.Variant] = []
        for value in sweep.values {
            var parser = Parser(path: path, sweepValue: value)
            variants.append(.init(value: value, label: label(value), script: try parser.parse(text)))
        }
        return SynthDocument(sweep: sweep, variants: variants)
    }

    /// `value` as written in file names: `45`, `0.25`, `-3`.
    public static func label(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    private struct Token {
        var text: Substring
        var column: Int
    }

    private struct Parser {
        let path: String
        /// The sweep's value when re-reading the script for one of its values.
        let sweepValue: Double?
        var sweep: SynthSweep?
        /// The sampling instants of the gestures so far (all of them are kept in memory to be sorted).
        var totalSamples = 0.0
        var line = 0
        var tokens: [Token] = []
        var index = 0
        var endColumn = 1
        var form = ""
        var screen: Size?

        init(path: String, sweepValue: Double?) {
            self.path = path
            self.sweepValue = sweepValue
        }

        func error(_ message: String, at column: Int) -> TraceError {
            .invalidTrace(message, at: SourceLocation(path: path, line: line, column: column))
        }

        /// An error with the line's expected form appended.
        func expected(_ what: String, at column: Int) -> TraceError {
            error(form.isEmpty ? what : "\(what); expected: \(form)", at: column)
        }

        mutating func parse(_ text: String) throws(TraceError) -> SynthScript {
            var steps: [SynthStep] = []
            var options = SynthOptions()
            var lineNumber = 0
            // "\r\n" is one Character in Swift: split on it as well as on "\n".
            for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                lineNumber += 1
                line = lineNumber
                var lineText = rawLine
                if lineText.hasSuffix("\r") { lineText = lineText.dropLast() }
                if lineNumber == 1 && lineText.hasPrefix("\u{FEFF}") { lineText = lineText.dropFirst() }
                tokens = try tokenize(lineText)
                index = 0
                form = ""
                if tokens.isEmpty { continue }
                if let step = try parseLine(&options) { steps.append(step) }
            }
            if steps.isEmpty {
                line = max(lineNumber, 1)
                throw .invalidTrace(
                    "the script has no gesture; expected a line such as 'tap 100,200'",
                    at: SourceLocation(path: path, line: 1, column: 1))
            }
            return SynthScript(steps: steps, screen: screen ?? SynthScript.defaultScreen)
        }

        /// Words separated by spaces or tabs; `{...}` (a sweep) is part of its word, spaces and all;
        /// `#` outside braces starts a comment.
        mutating func tokenize(_ text: Substring) throws(TraceError) -> [Token] {
            var result: [Token] = []
            let utf8 = text.utf8
            var i = utf8.startIndex
            var column = 1
            endColumn = 1
            while i < utf8.endIndex {
                let byte = utf8[i]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    i = utf8.index(after: i); column += 1
                    continue
                }
                if byte == UInt8(ascii: "#") { break }
                if byte < 0x20 || byte == 0x7F { throw controlCharacter(byte, at: column) }
                let start = i, startColumn = column
                var braceColumn = 0
                while i < utf8.endIndex {
                    let b = utf8[i]
                    if braceColumn == 0 && (b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "#")) { break }
                    if b < 0x20 && b != UInt8(ascii: "\t") || b == 0x7F { throw controlCharacter(b, at: column) }
                    if b == UInt8(ascii: "{") {
                        if braceColumn != 0 { throw error("'{' inside a sweep; expected {FROM..TO step STEP}", at: column) }
                        braceColumn = column
                    } else if b == UInt8(ascii: "}") {
                        braceColumn = 0
                    }
                    i = utf8.index(after: i); column += 1
                }
                if braceColumn != 0 { throw error("unterminated sweep: no '}'; expected {FROM..TO step STEP}", at: braceColumn) }
                result.append(Token(text: text[start..<i], column: startColumn))
                endColumn = column
            }
            return result
        }

        /// A control character (NUL, ESC, ...) outside a comment: named with its code, at its byte
        /// (it read as part of a number before: "expected a number Y, found '1'", issue #30).
        func controlCharacter(_ byte: UInt8, at column: Int) -> TraceError {
            let hex = String(byte, radix: 16, uppercase: true)
            return error(
                "control character U+\(String(repeating: "0", count: 4 - hex.count) + hex) in the line; a script holds text, spaces and tabs",
                at: column)
        }

        var atEnd: Bool { index >= tokens.count }

        mutating func next(_ what: String) throws(TraceError) -> Token {
            guard index < tokens.count else { throw expected("expected \(what) at the end of the line", at: endColumn) }
            index += 1
            return tokens[index - 1]
        }

        /// Consumes `word` if it is next.
        mutating func accept(_ word: String) -> Token? {
            guard index < tokens.count, tokens[index].text == word else { return nil }
            index += 1
            return tokens[index - 1]
        }

        mutating func keyword(_ word: String, _ what: String) throws(TraceError) {
            let token = try next("'\(word)' \(what)")
            guard token.text == word else { throw expected("expected '\(word)' \(what), found '\(token.text)'", at: token.column) }
        }

        // MARK: Lines

        mutating func parseLine(_ options: inout SynthOptions) throws(TraceError) -> SynthStep? {
            var start = SynthStart.afterPrevious
            if let at = accept("at") {
                form = "at 0.2s GESTURE"
                let t = try duration(try next("a start time such as '0.2s' after 'at'"), "a start time")
                guard t >= 0 else { throw expected("the start time must not be negative", at: at.column) }
                start = .at(t)
            } else if accept("with") != nil {
                start = .withPrevious
            }
            let verbToken = try next("a gesture")
            let verb = String(verbToken.text)
            if verb == "screen" || SynthParser.optionForms.contains(where: { $0.name == verb }) {
                guard start == .afterPrevious else {
                    throw error("'\(verb)' is an option, not a gesture: 'at' and 'with' start gestures", at: verbToken.column)
                }
                index -= 1
                if verb == "screen" {
                    form = "screen 390x844"
                    try parseScreen()
                    if !atEnd { throw expected("unexpected '\(tokens[index].text)' after the screen size", at: tokens[index].column) }
                    return nil
                }
                try parseOptions(&options)
                return nil
            }
            guard let entry = SynthParser.forms.first(where: { $0.verb == verb }) else {
                throw error(
                    "unknown gesture '\(verb)'; expected one of: \(SynthParser.forms.map(\.verb).joined(separator: ", ")), or an option: \(SynthParser.optionForms.map(\.name).joined(separator: ", ")), screen",
                    at: verbToken.column)
            }
            form = entry.form
            let gesture = try parseGesture(verb, verbToken)
            var stepOptions = options
            try parseOptions(&stepOptions)
            try checkSamples(gesture, stepOptions, verbToken.column)
            return SynthStep(gesture, start: start, options: stepOptions)
        }

        mutating func parseScreen() throws(TraceError) {
            let keyword = tokens[index]
            index += 1
            if screen != nil { throw error("the screen size is given twice", at: keyword.column) }
            let token = try next("a size WIDTHxHEIGHT after 'screen'")
            guard let x = token.text.firstIndex(of: "x") else {
                throw expected("expected a size WIDTHxHEIGHT, found '\(token.text)'", at: token.column)
            }
            let offset = token.text.utf8.distance(from: token.text.startIndex, to: x)
            let width = try number(token.text[..<x], token.column, "a width")
            let height = try number(token.text[token.text.index(after: x)...], token.column + offset + 1, "a height")
            guard width > 0 && height > 0 else { throw expected("the screen's width and height must be more than 0", at: token.column) }
            screen = Size(width: width, height: height)
        }

        mutating func parseOptions(_ options: inout SynthOptions) throws(TraceError) {
            while !atEnd {
                let name = tokens[index]
                guard SynthParser.optionForms.contains(where: { $0.name == name.text }) else {
                    let names = SynthParser.optionForms.map(\.name).joined(separator: ", ")
                    throw expected("unexpected '\(name.text)'; options are: \(names)", at: name.column)
                }
                index += 1
                let saved = form
                form = SynthParser.optionForms.first { $0.name == name.text }!.form
                let token = try next("a value after '\(name.text)'")
                switch name.text {
                case "rate":
                    let rate = try quantity(token, units: [("hz", 1), ("Hz", 1)], unitRequired: false, "a rate")
                    guard rate >= 1 && rate <= 2000 else {
                        throw expected("the rate must be 1 to 2000 samples per second", at: token.column)
                    }
                    options.rate = rate
                case "easing":
                    guard let easing = SynthEasing(rawValue: String(token.text)) else {
                        throw expected("unknown easing '\(token.text)'", at: token.column)
                    }
                    options.easing = easing
                case "jitter":
                    let jitter = try quantity(token, units: [("pt", 1)], unitRequired: false, "a distance")
                    guard jitter >= 0 && jitter <= 100 else { throw expected("the jitter must be 0 to 100 points", at: token.column) }
                    options.jitter = jitter
                case "seed":
                    let seed = try number(token.text, token.column, "a seed")
                    guard seed >= 0, seed == seed.rounded(), let value = UInt64(exactly: seed) else {
                        throw expected("the seed must be a whole number, 0 or more", at: token.column)
                    }
                    options.seed = value
                default:  // dwell
                    let dwell = try duration(token, "a dwell")
                    guard dwell >= 0 else { throw expected("the dwell must not be negative", at: token.column) }
                    options.dwell = dwell
                }
                form = saved
            }
        }

        // MARK: Gestures

        mutating func parseGesture(_ verb: String, _ verbToken: Token) throws(TraceError) -> SynthGesture {
            switch verb {
            case "tap", "tap2":
                let p = try point("a point X,Y after '\(verb)'")
                var hold = Synthesizer.tapHold, apart = Synthesizer.fingerSpacing
                while true {
                    if accept("for") != nil {
                        hold = try positiveDuration("a duration after 'for'")
                    } else if verb == "tap2", accept("apart") != nil {
                        apart = try positive("a distance after 'apart'", units: [("pt", 1)])
                    } else {
                        break
                    }
                }
                return .tap(at: p, fingers: verb == "tap" ? 1 : 2, hold: hold, apart: apart)
            case "doubletap":
                return .doubleTap(at: try point("a point X,Y after 'doubletap'"), hold: Synthesizer.tapHold, gap: Synthesizer.doubleTapGap)
            case "longpress":
                let p = try point("a point X,Y after 'longpress'")
                var duration = Synthesizer.longPressDuration
                if accept("for") != nil { duration = try positiveDuration("a duration after 'for'") }
                return .longPress(at: p, duration: duration)
            case "drag", "drag2", "flick":
                let a = try point("a start point X,Y after '\(verb)'")
                try keyword("->", "and an end point after the start point")
                var points = [a, try point("an end point X,Y after '->'")]
                // More points: a path through them (a zigzag).
                while let arrow = accept("->") {
                    guard points.count < SynthParser.maximumPathPoints else {
                        throw expected("a path has at most \(SynthParser.maximumPathPoints) points", at: arrow.column)
                    }
                    points.append(try point("a point X,Y after '->'"))
                }
                try keyword("in", "and a duration after the end point")
                let d = try positiveDuration("a duration after 'in'")
                var apart = Synthesizer.fingerSpacing
                if verb == "drag2", accept("apart") != nil { apart = try positive("a distance after 'apart'", units: [("pt", 1)]) }
                let fingers = verb == "drag2" ? 2 : 1
                if points.count > 2 { return .path(through: points, duration: d, fingers: fingers, apart: apart) }
                return .drag(from: a, to: points[1], duration: d, fingers: fingers, apart: apart)
            case "swipe":
                let direction = try self.direction(["left", "right", "up", "down"], after: "swipe")
                try keyword("from", "and a start point after the direction")
                let p = try point("a start point X,Y after 'from'")
                var distance = Synthesizer.swipeDistance, d = Synthesizer.swipeDuration
                while true {
                    if accept("by") != nil {
                        distance = try positive("a distance after 'by'", units: [("pt", 1)])
                    } else if accept("in") != nil {
                        d = try positiveDuration("a duration after 'in'")
                    } else {
                        break
                    }
                }
                return .swipe(direction, from: p, distance: distance, duration: d)
            case "pinch":
                let c = try point("a centre point X,Y after 'pinch'")
                try keyword("from", "and the fingers' start distance after the centre")
                let from = try positive("a distance after 'from'", units: [("pt", 1)])
                try keyword("to", "and the end distance after the start distance")
                let to = try positive("a distance after 'to'", units: [("pt", 1)])
                try keyword("in", "and a duration after the end distance")
                let d = try positiveDuration("a duration after 'in'")
                return .pinch(center: c, from: from, to: to, duration: d)
            case "rotate":
                let c = try point("a centre point X,Y after 'rotate'")
                try keyword("by", "and an angle in degrees after the centre")
                let angleToken = try next("an angle in degrees after 'by'")
                let degrees = try quantity(angleToken, units: [("deg", 1), ("°", 1)], unitRequired: false, "an angle in degrees")
                try keyword("in", "and a duration after the angle")
                let d = try positiveDuration("a duration after 'in'")
                var apart = Synthesizer.rotationSpacing
                if accept("apart") != nil { apart = try positive("a distance after 'apart'", units: [("pt", 1)]) }
                return .rotate(center: c, degrees: degrees, duration: d, apart: apart)
            case "edge":
                let side = try direction(["left", "right", "top", "bottom"], after: "edge")
                try keyword("at", "and a position along the edge")
                let positionToken = try next("a position after 'at'")
                let position = try quantity(positionToken, units: [("pt", 1)], unitRequired: false, "a position")
                var distance = Synthesizer.edgeDistance, d = Synthesizer.edgeDuration
                while true {
                    if accept("by") != nil {
                        distance = try positive("a distance after 'by'", units: [("pt", 1)])
                    } else if accept("in") != nil {
                        d = try positiveDuration("a duration after 'in'")
                    } else {
                        break
                    }
                }
                return .edge(side, at: position, distance: distance, duration: d)
            default:  // wait
                let token = try next("a duration after 'wait'")
                let d = try duration(token, "a duration")
                guard d >= 0 else { throw expected("the wait must not be negative", at: token.column) }
                return .wait(d)
            }
        }

        mutating func direction(_ words: [String], after verb: String) throws(TraceError) -> SynthDirection {
            let token = try next("a direction (\(words.joined(separator: ", "))) after '\(verb)'")
            guard let k = words.firstIndex(where: { token.text == $0 }) else {
                throw expected("unknown direction '\(token.text)'; expected one of: \(words.joined(separator: ", "))", at: token.column)
            }
            return [SynthDirection.left, .right, .up, .down][k]
        }

        mutating func checkSamples(_ gesture: SynthGesture, _ o: SynthOptions, _ column: Int) throws(TraceError) {
            let seconds: Double
            switch gesture {
            case .tap(_, _, let hold, _): seconds = hold
            case .doubleTap(_, let hold, let gap): seconds = 2 * hold + gap
            case .longPress(_, let d), .drag(_, _, let d, _, _), .path(_, let d, _, _), .swipe(_, _, _, let d), .pinch(_, _, _, let d),
                .rotate(_, _, let d, _), .edge(_, _, _, let d):
                seconds = d
            case .wait:
                return  // no touch: no samples
            }
            // A finger held still reports nothing between touch-down and lift unless there is jitter
            // (`Synthesizer`): a tap, double tap or long press without it is a few rows however long.
            let heldStill: Bool
            switch gesture {
            case .tap, .doubleTap, .longPress: heldStill = o.jitter == 0
            default: heldStill = false
            }
            let samples = heldStill ? 4 : (seconds + o.dwell) * o.rate
            if samples > SynthParser.maximumSamples {
                throw error(
                    "this gesture would have more than \(Int(SynthParser.maximumSamples)) samples; shorten it or lower the rate", at: column
                )
            }
            // The whole trace is bounded too: its rows are kept to be sorted (a 381-byte script of
            // 12 long drags took 2.2 GB, issue #30).
            totalSamples += samples
            if totalSamples > SynthParser.maximumTotalSamples {
                throw error(
                    "the script would have more than \(Int(SynthParser.maximumTotalSamples)) samples in all; shorten its gestures or lower the rate",
                    at: column)
            }
        }

        // MARK: Values

        mutating func point(_ what: String) throws(TraceError) -> Point {
            let token = try next(what)
            var depth = 0
            var comma: Substring.Index?
            for i in token.text.indices {
                switch token.text[i] {
                case "{": depth += 1
                case "}": depth -= 1
                case "," where depth == 0: comma = comma ?? i
                default: break
                }
            }
            guard let comma else { throw expected("\(what), found '\(token.text)'", at: token.column) }
            let offset = token.text.utf8.distance(from: token.text.startIndex, to: comma)
            let x = try number(token.text[..<comma], token.column, "a number X")
            let y = try number(token.text[token.text.index(after: comma)...], token.column + offset + 1, "a number Y")
            return Point(x: x, y: y)
        }

        mutating func positiveDuration(_ what: String) throws(TraceError) -> Double {
            let token = try next(what)
            let d = try duration(token, "a duration")
            guard d > 0 else { throw expected("the duration must be more than 0", at: token.column) }
            return d
        }

        mutating func positive(_ what: String, units: [(String, Double)]) throws(TraceError) -> Double {
            let token = try next(what)
            let v = try quantity(token, units: units, unitRequired: false, "a distance")
            guard v > 0 else { throw expected("the distance must be more than 0", at: token.column) }
            return v
        }

        mutating func duration(_ token: Token, _ what: String) throws(TraceError) -> Double {
            try quantity(token, units: [("ms", 0.001), ("s", 1)], unitRequired: true, what)
        }

        /// A number with a unit suffix (the first unit that matches, so list `ms` before `s`).
        mutating func quantity(_ token: Token, units: [(String, Double)], unitRequired: Bool, _ what: String) throws(TraceError) -> Double {
            for (unit, scale) in units where token.text.hasSuffix(unit) && token.text.count > unit.count {
                let digits = token.text.dropLast(unit.count)
                if let last = digits.last, last.isLetter { continue }
                return try number(digits, token.column, what) * scale
            }
            if unitRequired {
                let example = what == "a duration" || what.hasSuffix("time") || what == "a dwell" ? " such as '0.3s' or '300ms'" : ""
                throw expected("expected \(what) with its unit\(example), found '\(token.text)'", at: token.column)
            }
            return try number(token.text, token.column, what)
        }

        /// A plain number, or a sweep `{FROM..TO step STEP}`.
        mutating func number(_ text: Substring, _ column: Int, _ what: String) throws(TraceError) -> Double {
            if text.hasPrefix("{") { return try sweepNumber(text, column) }
            guard let value = Self.plainNumber(text) else {
                throw expected("expected \(what), found '\(text)'", at: column)
            }
            try checkMagnitude(value, text, column)
            return value
        }

        /// Numbers beyond ±1e9 (points, seconds, degrees) could overflow positions to infinity.
        func checkMagnitude(_ value: Double, _ text: Substring, _ column: Int) throws(TraceError) {
            if abs(value) > SynthParser.maximumMagnitude {
                throw expected("'\(text)' is too large: numbers are limited to ±1000000000", at: column)
            }
        }

        static func plainNumber(_ text: Substring) -> Double? {
            guard let first = text.utf8.first,
                first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                    || (first &- UInt8(ascii: "0")) < 10
            else { return nil }
            guard
                text.utf8.allSatisfy({
                    ($0 &- UInt8(ascii: "0")) < 10 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
                })
            else { return nil }
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }

        mutating func sweepNumber(_ text: Substring, _ column: Int) throws(TraceError) -> Double {
            let location = SourceLocation(path: path, line: line, column: column)
            let form = "{FROM..TO step STEP}, for example {100..160 step 5}"
            guard text.hasSuffix("}") else { throw error("unexpected text after the sweep; expected \(form)", at: column) }
            if let sweep, sweep.location != location {
                throw .invalidTrace(
                    "a second sweep: a script may have only one", at: location,
                    notes: [.note("the first sweep is here", at: sweep.location)])
            }
            if let sweepValue { return sweepValue }
            let inner = text.dropFirst().dropLast()
            let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // FROM may have a fraction (`{0.5..1}`, `{.5..1}`): the separator is the first `..`.
            guard words.count == 1 || (words.count == 3 && words[1] == "step"),
                let dots = words[0].firstRange(of: "..")
            else {
                throw error("malformed sweep '\(text)'; expected \(form)", at: column)
            }
            let fromText = words[0][..<dots.lowerBound], toText = words[0][dots.upperBound...]
            guard let from = Self.plainNumber(fromText), let to = Self.plainNumber(toText) else {
                throw error("malformed sweep '\(text)': FROM and TO must be numbers; expected \(form)", at: column)
            }
            var step = 1.0
            if words.count == 3 {
                guard let s = Self.plainNumber(words[2]) else {
                    throw error("malformed sweep '\(text)': STEP must be a number; expected \(form)", at: column)
                }
                step = s
            }
            try checkMagnitude(from, fromText, column)
            try checkMagnitude(to, toText, column)
            guard step > 0 else { throw error("the sweep's step must be more than 0", at: column) }
            guard to >= from else { throw error("the sweep goes from \(from) down to \(to); FROM must not be more than TO", at: column) }
            // Values are kept to 1e-9 (file names, the re-read script): a finer step would give
            // equal values, one file written several times.
            guard step >= SynthParser.sweepResolution else {
                throw error("the sweep's step \(step) is finer than 0.000000001, the precision of sweep values", at: column)
            }
            // Checked as a Double before any conversion to Int (a tiny step made the count overflow Int).
            let count = ((to - from) / step + 1e-9).rounded(.down) + 1
            guard count.isFinite, count <= Double(SynthParser.maximumSweepCount) else {
                let many = count.isFinite && count < 1e15 ? "\(Int(count))" : "too many"
                throw error("the sweep has \(many) values; at most \(SynthParser.maximumSweepCount) are allowed", at: column)
            }
            let values = (0..<Int(count)).map { k in ((from + Double(k) * step) * 1e9).rounded() / 1e9 }
            sweep = SynthSweep(values: values, location: location)
            return values[0]
        }
    }
}
