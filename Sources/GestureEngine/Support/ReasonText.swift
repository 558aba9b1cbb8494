/// A failure reason written into a byte buffer: `makeReason("moved \(short: d) pt > \(n) pt")`.
///
/// Failure reasons are built at almost every gesture (a trace fails most recognizers all the
/// time), and `String` interpolation costs several hundred instructions per segment (each append
/// goes through `String`'s general growth path). This interpolation appends the literal segments'
/// bytes and formats the numbers straight into one buffer, then makes the `String` once. The text is
/// exactly what `String` interpolation gives: `\(short: x)` is `\(formatShort(x))`,
/// `\(short: x, decimals: 3)` is `\(formatShort(x, decimals: 3))`, an `Int` prints its
/// `description`, a `String` itself, and anything else `String(describing:)`.
struct ReasonText: ExpressibleByStringInterpolation {
    let string: String

    init(stringLiteral value: StaticString) {
        string = value.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    init(stringInterpolation: Builder) {
        string = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    struct Builder: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + interpolationCount * 12)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// As `\(formatShort(value, decimals: decimals))`; points by default (`DisplayPrecision`).
        mutating func appendInterpolation(short value: Double, decimals: Int = DisplayPrecision.point) {
            appendFixed(value, decimals: decimals, trim: true, to: &bytes)
        }

        /// As `\(value)` for an `Int` (its `description`).
        mutating func appendInterpolation(_ value: Int) {
            appendInteger(value, to: &bytes)
        }

        mutating func appendInterpolation(_ value: String) {
            bytes.append(contentsOf: value.utf8)
        }

        /// Anything else, as `String` interpolation prints it.
        mutating func appendInterpolation<T>(_ value: T) {
            bytes.append(contentsOf: String(describing: value).utf8)
        }
    }
}

/// The text of a failure reason built with `ReasonText`'s interpolation (see there).
@inline(__always)
func makeReason(_ reason: ReasonText) -> String {
    reason.string
}
