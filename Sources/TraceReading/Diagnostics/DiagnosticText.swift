/// A diagnostic's text with the options it names kept apart as ``OptionHint``s, so that the text is
/// written once and each reader spells the options its own way (``OptionSpelling``).
///
/// Written as a string literal whose options are interpolated with `option:`:
///
/// ```swift
/// let text: DiagnosticText = "if they are in ms, use \(option: .timeUnit, "ms")"
/// text.spelled(.library)  // "if they are in ms, use ReplayOptions.reading.timeUnit = ms"
/// ```
///
/// The command line's spelling gives `--time-unit ms` for the same text. Any other interpolated
/// value is written as `String(describing:)` writes it, and a ``DiagnosticText`` interpolated into
/// another keeps its options.
public struct DiagnosticText: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A run of text, or an option with its value as the message gives it.
    public enum Segment: Hashable, Sendable {
        /// Text written as it is.
        case text(String)
        /// An option (`--device`), with the value the message suggests (`PATH|NAME`), if any.
        case option(OptionHint, value: String?)
    }

    /// The text and options in order; adjacent text is kept in one segment.
    public private(set) var segments: [Segment] = []

    /// Plain text, naming no option.
    public init(_ text: String) {
        if !text.isEmpty { segments = [.text(text)] }
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.text.segments }

    /// The options named, in order (an option named twice is listed twice).
    public var hints: [OptionHint] {
        segments.compactMap { if case .option(let hint, _) = $0 { hint } else { nil } }
    }

    /// The text with each option spelled by `spelling`.
    public func spelled(_ spelling: OptionSpelling) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let s): out += s
            case .option(let hint, let value): out += spelling.spell(hint, value: value)
            }
        }
        return out
    }

    /// The text as the library spells it (``OptionSpelling/library``).
    public var description: String { spelled(.library) }

    /// Appends text.
    public mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        if case .text(let last)? = segments.last {
            segments[segments.count - 1] = .text(last + text)
        } else {
            segments.append(.text(text))
        }
    }

    /// Appends another text, keeping its options.
    public mutating func append(_ other: DiagnosticText) {
        for segment in other.segments {
            switch segment {
            case .text(let s): append(s)
            case .option: segments.append(segment)
            }
        }
    }

    /// `a` followed by `b`.
    public static func + (a: DiagnosticText, b: DiagnosticText) -> DiagnosticText {
        var r = a
        r.append(b)
        return r
    }

    /// Builds a ``DiagnosticText`` from a string literal: `\(option: hint)` and
    /// `\(option: hint, "value")` name an option, `\(text)` of a ``DiagnosticText`` keeps its
    /// options, any other value is written as `String(describing:)` writes it.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = DiagnosticText("")

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text.append(literal) }

        /// An option, with the value the message suggests for it (`ms`, `PATH|NAME`), if any.
        public mutating func appendInterpolation(option hint: OptionHint, _ value: String? = nil) {
            text.segments.append(.option(hint, value: value))
        }

        /// Another text, with its options.
        public mutating func appendInterpolation(_ other: DiagnosticText) { text.append(other) }

        /// A string as it is.
        public mutating func appendInterpolation(_ value: String) { text.append(value) }

        /// Any other value, as `String(describing:)` writes it (as a `String` interpolation does).
        public mutating func appendInterpolation<T>(_ value: T) { text.append(String(describing: value)) }
    }
}
