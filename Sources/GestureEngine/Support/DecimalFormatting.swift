/// Formats `value` with exactly `decimals` digits after the point, rounding half away from zero,
/// without Foundation (`"14.2"`, `"-0.5"`, `"10"` for 0 decimals). Non-finite values print as `nan`,
/// `inf` or `-inf`; callers that must never print those check `isFinite` first.
///
/// Used for failure reasons ("moved 14.2 pt > allowableMovement 10 pt") and by the text writer.
public func formatDecimal(_ value: Double, decimals: Int) -> String {
    var out = ""
    appendDecimal(value, decimals: decimals, to: &out)
    return out
}

/// Appends `value` formatted as in `formatDecimal(_:decimals:)` to `out`.
public func appendDecimal(_ value: Double, decimals: Int, to out: inout String) {
    guard value.isFinite else {
        out += value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
        return
    }
    let decimals = max(0, min(decimals, 9))
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = abs(value) * Double(scale)
    guard magnitude < 9.0e18 else {
        out += value.description
        return
    }
    var scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
    if scaled == 0 && value.sign == .minus { scaled = 0 }
    if value < 0 && scaled != 0 { out += "-" }
    let whole = scaled / scale
    out += String(whole)
    if decimals > 0 {
        out += "."
        let frac = String(scaled % scale)
        for _ in frac.count..<decimals { out += "0" }
        out += frac
    }
}

/// A short human number for reasons: at most `decimals` decimals, trailing zeros removed (`"10"`, `"14.2"`).
public func formatShort(_ value: Double, decimals: Int = 1) -> String {
    var s = formatDecimal(value, decimals: decimals)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s
}
