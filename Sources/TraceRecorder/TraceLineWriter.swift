// The platform-independent part of the recorder: one touch sample as one JSON Lines row of
// gesturereplay's trace format (docs/trace-format.md). Swift standard library only, so it builds
// and is tested on Linux; the UIKit part (RecordingWindow.swift) only feeds it.

/// A touch's phase, with `UITouch.Phase`'s raw values.
public enum RecordedPhase: Int, Sendable, CaseIterable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4

    /// The name written in a trace: `began`, `moved`, `stationary`, `ended`, `cancelled`.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// One row of a trace: a touch at an instant.
public struct TraceLine: Hashable, Sendable {
    /// Seconds since the recording's first row.
    public var time: Double
    /// The touch id (a small integer, stable for the touch's life).
    public var touch: Int
    /// The phase.
    public var phase: RecordedPhase
    /// Window coordinates, points.
    public var x: Double
    /// Window coordinates, points.
    public var y: Double

    public init(time: Double, touch: Int, phase: RecordedPhase, x: Double, y: Double) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
    }
}

/// Formats rows as JSON Lines in gesturereplay's trace format:
///
///     {"t":0.008333,"id":1,"phase":"moved","x":195.45,"y":420.55}
///
/// Numbers are written in fixed point, rounded half away from zero to `timeDecimals` (time) or
/// `pointDecimals` (x, y) places, trailing zeros dropped (`12`, `0.5`, `-3.25`): the same value
/// always gives the same text, on every platform, with no locale and no Foundation. A magnitude too
/// large for that (2^53 units of the last place and beyond) is written in Swift's shortest
/// round-trip form (`1e+20`), which is also a JSON number. The reader gets back exactly
/// ``written(_:decimals:)``.
public struct TraceLineWriter: Hashable, Sendable {
    /// Decimal places of times (seconds), 0...9. Default 6: a microsecond, a few thousandths of a
    /// 240 Hz sampling interval.
    public var timeDecimals: Int
    /// Decimal places of x and y (points), 0...9. Default 3: a thousandth of a point, a few
    /// hundred times finer than a 3x screen's pixel.
    public var pointDecimals: Int

    /// A writer; decimal counts are clamped to 0...9.
    public init(timeDecimals: Int = 6, pointDecimals: Int = 3) {
        self.timeDecimals = min(max(timeDecimals, 0), 9)
        self.pointDecimals = min(max(pointDecimals, 0), 9)
    }

    /// The row as one line, without the line break; `nil` if a number is not finite (JSON has no
    /// NaN or infinity, and the reader rejects them).
    public func line(_ row: TraceLine) -> String? {
        guard let t = Self.format(row.time, decimals: timeDecimals),
            let x = Self.format(row.x, decimals: pointDecimals),
            let y = Self.format(row.y, decimals: pointDecimals)
        else { return nil }
        return "{\"t\":\(t),\"id\":\(row.touch),\"phase\":\"\(row.phase.name)\",\"x\":\(x),\"y\":\(y)}"
    }

    /// Appends the row's line and a line feed to `text`; returns `false` (appending nothing) if a
    /// number is not finite.
    @discardableResult
    public func append(_ row: TraceLine, to text: inout String) -> Bool {
        guard let line = line(row) else { return false }
        text += line
        text += "\n"
        return true
    }

    /// `value` in fixed point with at most `decimals` places (0...9), or `nil` if it is not finite.
    public static func format(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite else { return nil }
        let d = min(max(decimals, 0), 9)
        guard let units = fixedUnits(value, d) else { return value.description }
        let scale = powersOfTen[d]
        var text = value < 0 && units != 0 ? "-" : ""
        text += String(units / scale)
        var fraction = units % scale
        if fraction != 0 {
            var places = d
            while fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
            let digits = String(fraction)
            text += "."
            text += String(repeating: "0", count: places - digits.count)
            text += digits
        }
        return text
    }

    /// The value a correctly rounding reader gets from ``format(_:decimals:)``'s text (`nil` if
    /// `value` is not finite).
    public static func written(_ value: Double, decimals: Int) -> Double? {
        guard value.isFinite else { return nil }
        let d = min(max(decimals, 0), 9)
        guard let units = fixedUnits(value, d) else { return value }
        // units < 2^53 and 10^d are exact doubles: one correctly rounded division.
        let magnitude = Double(units) / Double(powersOfTen[d])
        return value < 0 && units != 0 ? -magnitude : magnitude
    }

    /// |value| in units of 10^-d, rounded half away from zero, if below 2^53.
    private static func fixedUnits(_ value: Double, _ d: Int) -> UInt64? {
        let scaled = (value.magnitude * Double(powersOfTen[d])).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9_007_199_254_740_992 else { return nil }
        return UInt64(scaled)
    }

    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000, 1_000_000_000,
    ]
}
