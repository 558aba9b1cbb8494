/// Formats `value` with exactly `decimals` digits after the point, rounding half away from zero,
/// without Foundation (`"14.2"`, `"-0.5"`, `"10"` for 0 decimals). Non-finite values print as `nan`,
/// `inf` or `-inf`; callers that must never print those check `isFinite` first.
///
/// Used for failure reasons ("moved 14.2 pt > allowableMovement 10 pt") and by the text writer.
public func formatDecimal(_ value: Double, decimals: Int) -> String {
    formatFixed(value, decimals: decimals, trim: false)
}

/// Appends `value` formatted as in `formatDecimal(_:decimals:)` to `out`.
public func appendDecimal(_ value: Double, decimals: Int, to out: inout String) {
    out += formatFixed(value, decimals: decimals, trim: false)
}

/// A short human number for reasons: at most `decimals` decimals, trailing zeros removed (`"10"`, `"14.2"`).
public func formatShort(_ value: Double, decimals: Int = 1) -> String {
    formatFixed(value, decimals: decimals, trim: true)
}

/// The digits are written into a small buffer and made into one `String` (a short one is stored
/// inline, without allocating): failure reasons format several numbers each, and a trace fails
/// recognizers all the time.
private func formatFixed(_ value: Double, decimals: Int, trim: Bool) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let decimals = max(0, min(decimals, 9))
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = abs(value) * Double(scale)
    guard magnitude < 9.0e18 else {
        var s = value.description
        if trim && s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }
    let scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
    // Sign, up to 19 integer digits, the point and up to 9 decimals: at most 30 bytes.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        let base = buffer.baseAddress!
        var end = 32
        var fraction = scaled % scale
        var digits = decimals
        if trim {
            while digits > 0 && fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
        }
        if digits > 0 {
            for _ in 0..<digits {
                end -= 1
                base[end] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            end -= 1
            base[end] = UInt8(ascii: ".")
        }
        var whole = scaled / scale
        repeat {
            end -= 1
            base[end] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        } while whole > 0
        if value < 0 && scaled != 0 {
            end -= 1
            base[end] = UInt8(ascii: "-")
        }
        return String(decoding: UnsafeBufferPointer(start: base + end, count: 32 - end), as: UTF8.self)
    }
}
