/// Why a recognizer failed, as given to `GestureRecognizer.fail(_:)`: a string literal whose
/// numbers are formatted as the engine prints them, without `String` interpolation's cost.
///
///     fail("moved \(short: distance) pt > allowableMovement \(short: allowableMovement) pt")
///     fail("lifted after \(short: elapsed, decimals: 3) s with \(numberOfTouches) touches")
///
/// Failure reasons are built at almost every gesture (a trace fails most recognizers all the
/// time), and `String` interpolation costs several hundred instructions per segment (each append
/// goes through `String`'s general growth path). This interpolation appends the literal segments'
/// bytes and formats the numbers straight into one buffer, then makes the `String` once. The text is
/// exactly what `String` interpolation gives: `\(short: x)` is `\(formatShort(x))` (at most one
/// decimal, trailing zeros trimmed: `12.5`, `40`), `\(short: x, decimals: 3)` is
/// `\(formatShort(x, decimals: 3))`, an `Int` prints its `description`, a `String` itself, and
/// anything else `String(describing:)`.
///
/// One exception keeps a comparison true as printed: when two `short:` numbers are separated by
/// text holding `>` or `<` (`moved \(short: d) pt > allowableMovement \(short: limit) pt`) and they
/// would print the same although they differ (40.83 and 40.8 both as `40.8`), both get more
/// decimals, as many as it takes for them to differ (at most 9): `moved 40.83 pt > ... 40.8 pt`.
///
/// A reason already held in a `String` is passed as `FailureReason(text)` (or to `fail(_:)`'s
/// `String` overload).
public struct FailureReason: ExpressibleByStringInterpolation, Sendable, Hashable, CustomStringConvertible {
    /// The reason's text, as printed in a transition's `reason` (made when asked for: the reason
    /// itself holds its UTF-8 bytes).
    public var string: String { text.string }

    /// The text's UTF-8 bytes, held in the value: a reason allocates nothing (unless it is longer
    /// than `ReasonText.inlineCapacity`), and the output copies the bytes without a `String`.
    var text: ReasonText

    /// A reason with the text `string`.
    public init(_ string: String) {
        var string = string
        text = string.withUTF8 { ReasonText($0) }
    }

    public init(stringLiteral value: StaticString) {
        text = value.withUTF8Buffer { ReasonText($0) }
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
    }

    public var description: String { string }

    /// Calls `body` with the text's UTF-8 bytes, in place (what a recognizer's reason buffer,
    /// `ReasonBytes`, copies).
    @inline(__always) func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try text.withUTF8(body)
    }

    public static func == (a: FailureReason, b: FailureReason) -> Bool {
        a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The interpolation behind `FailureReason` literals (see there): literal text as bytes,
    /// numbers formatted straight into the same buffer.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ReasonText()
        /// The last `short:` number: its value, decimals and where its digits are in `text`
        /// (nil after any other interpolation, so only literal text follows it).
        private var lastShort: (value: Double, decimals: Int, start: Int, end: Int)?

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: StaticString) {
            // Whether it holds `>` or `<` is asked only in the rare case that needs it (see
            // `appendInterpolation(short:decimals:)`): scanning every literal cost ~60 instructions.
            literal.withUTF8Buffer { text.append($0) }
        }

        /// `value` with at most `decimals` decimals, trailing zeros trimmed, as
        /// `\(formatShort(value, decimals: decimals))`, with more decimals where a comparison with
        /// the previous number would otherwise read false (see `FailureReason`). The default, 1, is
        /// the engine's point precision (`DisplayPrecision.point`, which a public default cannot name).
        public mutating func appendInterpolation(short value: Double, decimals: Int = 1) {
            let start = text.count
            text.appendFixed(value, decimals: decimals)
            if let last = lastShort, last.value != value, value.isFinite, last.value.isFinite,
                text.bytesEqual(last.start..<last.end, start..<text.count), text.comparesBetween(last.end..<start)
            {
                // Rare: the two numbers print alike although they differ. Both get more decimals.
                var d = max(decimals, last.decimals)
                var earlier = "", later = ""
                repeat {
                    d += 1
                    earlier = formatShort(last.value, decimals: d)
                    later = formatShort(value, decimals: d)
                } while earlier == later && d < 9
                var bytes = text.bytes
                bytes.replaceSubrange(start..., with: later.utf8)
                bytes.replaceSubrange(last.start..<last.end, with: earlier.utf8)
                text = ReasonText(bytes)
                let shift = earlier.utf8.count - (last.end - last.start)
                lastShort = (value, decimals, start + shift, text.count)
            } else {
                lastShort = (value, decimals, start, text.count)
            }
        }

        /// As `\(value)` for an `Int` (its `description`).
        public mutating func appendInterpolation(_ value: Int) {
            lastShort = nil
            text.appendInteger(value)
        }

        /// Another reason's text.
        public mutating func appendInterpolation(_ value: FailureReason) {
            lastShort = nil
            value.withUTF8 { text.append($0) }
        }

        /// The string itself.
        public mutating func appendInterpolation(_ value: String) {
            lastShort = nil
            var value = value
            value.withUTF8 { text.append($0) }
        }

        /// Anything else, as `String` interpolation prints it.
        public mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }
}
