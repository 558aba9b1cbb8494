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
    guard let (scaled, scale) = scaledMagnitude(value, decimals: decimals) else {
        return largeDescription(value, trim: trim)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        let start = writeFixed(value, scaled, scale, decimals: decimals, trim: trim, into: buffer.baseAddress!)
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress! + start, count: 32 - start), as: UTF8.self)
    }
}

/// Appends `value` as `formatFixed(value, decimals:trim:)` writes it, without making a `String`.
func appendFixed(_ value: Double, decimals: Int, trim: Bool, to out: inout [UInt8]) {
    let decimals = max(0, min(decimals, 9))
    guard value.isFinite, let (scaled, scale) = scaledMagnitude(value, decimals: decimals) else {
        out.append(contentsOf: formatFixed(value, decimals: decimals, trim: trim).utf8)
        return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        let start = writeFixed(value, scaled, scale, decimals: decimals, trim: trim, into: buffer.baseAddress!)
        out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress! + start, count: 32 - start))
    }
}

/// |value| × 10^decimals rounded half away from zero, and 10^decimals; nil when too large for 64 bits.
private func scaledMagnitude(_ value: Double, decimals: Int) -> (UInt64, UInt64)? {
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = abs(value) * Double(scale)
    guard magnitude < 9.0e18 else { return nil }
    return (UInt64(magnitude.rounded(.toNearestOrAwayFromZero)), scale)
}

/// Very large values: Swift's shortest description, trailing zeros removed when trimming.
private func largeDescription(_ value: Double, trim: Bool) -> String {
    var s = value.description
    if trim && s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s
}

/// Writes the number right-aligned into the 32 bytes at `base`; returns where it starts.
/// Sign, up to 19 integer digits, the point and up to 9 decimals: at most 30 bytes.
private func writeFixed(_ value: Double, _ scaled: UInt64, _ scale: UInt64, decimals: Int, trim: Bool,
                        into base: UnsafeMutablePointer<UInt8>) -> Int {
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
    return end
}
