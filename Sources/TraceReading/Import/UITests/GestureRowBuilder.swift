import GestureEngine

/// Turns the touch paths a UI-test description implies into trace rows: one touch id per touch-down
/// (1, 2, ... in order, as the recording importers number them), moves sampled every
/// ``UITestImportOptions/moveInterval`` from the move's start (the last sample at the move's end),
/// times and coordinates checked against the limits of docs/ui-tests.md, and the rows handed out in
/// time order (rows at the same instant in the order they were made).
struct GestureRowBuilder {
    /// The input's name (errors).
    let path: String
    /// Seconds between samples of an interpolated move.
    let interval: Double
    private var rows: [(row: TraceRow, order: Int)] = []
    private var nextTouch: Int64 = 1
    /// How many rows were sampled inside interpolated moves (the note that names the step).
    private(set) var samples = 0

    /// The largest coordinate accepted, points (a million: far beyond any screen, far below where
    /// `Double` arithmetic on positions loses precision).
    static let maxCoordinate = 1_000_000.0
    /// The longest description accepted, seconds (a day: a longer one is a mistake, and its samples
    /// would not fit in memory).
    static let maxTime = 86_400.0
    /// The most rows one description may produce (bounds memory and time: a hang is never an answer).
    static let maxRows = 2_000_000

    init(path: String, interval: Double) {
        self.path = path
        self.interval = interval
    }

    func error(_ message: DiagnosticText, _ at: SourceLocation) -> TraceError {
        .invalidTrace(message, at: at)
    }

    /// Checks a point's coordinates (`what` names the value in the message).
    func checkPoint(_ p: Point, _ what: some CustomStringConvertible, _ at: SourceLocation) throws(TraceError) {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= Self.maxCoordinate, abs(p.y) <= Self.maxCoordinate else {
            throw error(
                "\(what): coordinates (\(p.x), \(p.y)) are out of range (at most \(Int(Self.maxCoordinate)) points from the origin)", at)
        }
    }

    /// Checks a time (seconds from the start of the description).
    func checkTime(_ t: Double, _ what: some CustomStringConvertible, _ at: SourceLocation) throws(TraceError) {
        guard t.isFinite, t <= Self.maxTime else {
            throw error("\(what): the gesture would last beyond \(Int(Self.maxTime)) s (the longest description accepted)", at)
        }
    }

    /// A new touch id (a touch-down).
    mutating func newTouch() -> TouchID {
        defer { nextTouch += 1 }
        return .integer(nextTouch)
    }

    /// One row at `time` (rounded to the microsecond, so that sampled times print as written).
    mutating func add(_ time: Double, _ touch: TouchID, _ phase: TouchPhase, _ p: Point, _ at: SourceLocation) throws(TraceError) {
        try checkTime(time, "\(phase) row", at)
        try checkPoint(p, "\(phase) row", at)
        guard rows.count < Self.maxRows else {
            throw error("the description makes more than \(Self.maxRows) rows (a larger \(option: .moveInterval) makes fewer)", at)
        }
        let t = (time * 1_000_000).rounded() / 1_000_000
        let row = TraceRow(time: t, touch: touch, phase: phase, x: p.x, y: p.y, positions: .init(all: at.position))
        rows.append((row, rows.count))
    }

    /// The samples of a move of `touch` from `a` (at `t0`, not emitted) to `b` (at `t1`, emitted):
    /// every ``interval`` after `t0` while before `t1`, positioned by `ease` (linear by default) of
    /// the elapsed fraction, then `b` at `t1`. A move of no duration is one row at `t1`.
    mutating func move(
        _ touch: TouchID, from a: Point, to b: Point, _ t0: Double, _ t1: Double, _ at: SourceLocation,
        ease: (Double) -> Double = { $0 }
    ) throws(TraceError) {
        try checkTime(t1, "move", at)
        try checkPoint(b, "move", at)
        if t1 > t0 {
            let steps = (t1 - t0) / interval
            guard Double(rows.count) + steps < Double(Self.maxRows) else {
                throw error("the description makes more than \(Self.maxRows) rows (a larger \(option: .moveInterval) makes fewer)", at)
            }
            var k = 1
            while true {
                let t = t0 + Double(k) * interval
                // A sample closer than a microsecond to the end is the end.
                if t >= t1 - 0.000_000_5 { break }
                let f = ease(Double(k) * interval / (t1 - t0))
                try add(t, touch, .moved, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), at)
                samples += 1
                k += 1
            }
        }
        try add(t1, touch, .moved, b, at)
    }

    /// Counts a sample made outside ``move(_:from:to:_:_:_:ease:)`` (WebKit's interpolations).
    mutating func countSample() { samples += 1 }

    /// The note that says how moves were sampled, when some were (said once per input).
    func samplingNote(_ what: DiagnosticText, _ at: SourceLocation) -> Diagnostic? {
        guard samples > 0 else { return nil }
        return .note("\(samples) rows sampled inside \(what) (docs/ui-tests.md)", at: at)
    }

    /// The rows in time order (stable: rows at the same instant keep the order they were made in).
    func finish() -> [TraceRow] {
        rows.sorted { $0.row.time != $1.row.time ? $0.row.time < $1.row.time : $0.order < $1.order }.map(\.row)
    }
}

/// The UI-test importers' own messages about a description's values: `path: message`
/// (`actions[0].actions[2]: pointerUp without a pointerDown ...`) at the value's line and column.
/// Typed reads (a string, a number, a member that must be there) are ``JSONValue``'s.
struct UITestJSON {
    let path: String

    func error(_ message: DiagnosticText, _ jsonPath: JSONPath, _ v: JSONValue) -> TraceError {
        .invalidTrace("\(jsonPath): \(message)", at: v.location)
    }

    /// A duration member: a number, not negative, at most a day (in `unit` seconds per value unit).
    func duration(_ v: JSONValue, _ key: String, _ jsonPath: JSONPath, unit: Double) throws(TraceError) -> Double? {
        guard let d = try v.optionalNumber(key, in: jsonPath) else { return nil }
        let m = v[key]!
        if d < 0 { throw error("negative duration \(format(d))", jsonPath.key(key), m) }
        if d * unit > GestureRowBuilder.maxTime {
            throw error(
                "duration \(format(d)) is longer than the longest description accepted (\(Int(GestureRowBuilder.maxTime)) s)",
                jsonPath.key(key), m)
        }
        return d * unit
    }

    func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }
}

extension Rect {
    /// The centre (W3C WebDriver's in-view centre point of an element wholly in view).
    var center: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}
