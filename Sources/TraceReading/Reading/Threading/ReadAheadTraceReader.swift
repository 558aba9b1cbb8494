/// A reader that reads ahead: the whole trace to sort it by time (`--sort`), or the first rows to
/// choose the time unit (`--time-unit auto`; the source is read in seconds, that is in its own
/// numbers, and every time is divided into the chosen unit).
package final class ReadAheadTraceReader<Base: TraceReader>: TraceReader {
    let base: Base
    private var rows: [TraceRow]
    private var index = 0
    private var streaming: Bool
    /// The chosen unit (`--time-unit auto`), or nil to keep the times as read.
    private(set) var unit: TimeUnit?

    /// How many rows `--time-unit auto` reads ahead.
    static var autoRows: Int { 64 }

    package init(_ base: Base, sort: Bool, detectUnit: Bool, note: (Diagnostic) -> Void) throws(TraceError) {
        self.base = base
        rows = []
        if sort {
            rows = Self.sortedByTime(try base.readAll())
            streaming = false
        } else {
            while rows.count < Self.autoRows, let row = try base.next() { rows.append(row) }
            streaming = rows.count == Self.autoRows
        }
        guard detectUnit else { return }
        var intervals: [Double] = []
        var last = -Double.infinity
        for row in rows.prefix(Self.autoRows) {
            if row.time > last && last > -Double.infinity { intervals.append(row.time - last) }
            last = row.time
        }
        if let median = TimeUnitGuess.median(intervals) {
            let chosen = TimeUnitGuess.bestUnit(forRawInterval: median)
            unit = chosen
            note(
                .note(
                    "\(option: .timeUnitDetection): reading the timestamps as \(TimeUnitGuess.describe(chosen)) (the first rows are a median \(TimeUnitGuess.format(median)) apart)",
                    at: .file(base.path)))
        } else {
            note(
                .note(
                    "\(option: .timeUnitDetection): too few rows to tell the unit; reading the timestamps as seconds (s)",
                    at: .file(base.path)))
        }
        if unit == .seconds { unit = nil }
    }

    /// `rows` ordered by time, stably (equal times keep their file order). Peak memory: the rows
    /// twice (`MemoryLayout<TraceRow>.stride`, 88 bytes, each) plus 4 bytes of index per row.
    static func sortedByTime(_ rows: [TraceRow]) -> [TraceRow] {
        var order = Array(0..<UInt32(truncatingIfNeeded: rows.count))
        order.sort { a, b in
            let ta = rows[Int(a)].time, tb = rows[Int(b)].time
            return ta < tb || (ta == tb && a < b)
        }
        return order.map { rows[Int($0)] }
    }

    package var path: String { base.path }
    package var touchNames: TouchNameTable { base.touchNames }

    package func next() throws(TraceError) -> TraceRow? {
        var row: TraceRow
        if index < rows.count {
            row = rows[index]
            index += 1
        } else if streaming, let r = try base.next() {
            row = r
        } else {
            return nil
        }
        if let unit { row.time = unit.seconds(row.time) }
        return row
    }
}
