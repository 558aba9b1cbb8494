import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

/// `--time-unit auto`'s choice and `--sort`'s order and documented memory bound (issue 15 items 7, 8).
@Suite("Time unit guess and --sort")
struct TimeCheckTests {
    @Test(
        "the unit that puts the median interval closest to 10 ms",
        arguments: [
            (0.0083, TimeUnit.seconds), (16.7, .milliseconds), (8_263.0, .microseconds), (16_667_000.0, .nanoseconds), (0.5, .seconds),
        ])
    func bestUnit(_ raw: Double, _ unit: TimeUnit) {
        #expect(TimeUnitGuess.bestUnit(forRawInterval: raw) == unit)
    }

    @Test("--sort orders by time and keeps the file order of equal times")
    func stableSort() {
        func row(_ t: Double, _ line: Int) -> TraceRow {
            TraceRow(
                time: t, touch: .integer(Int64(line)), phase: .moved, x: 0, y: 0, positions: .init(all: TextPosition(line: line, column: 1))
            )
        }
        let rows = [row(0.2, 1), row(0.1, 2), row(0.2, 3), row(0.0, 4), row(0.1, 5), row(0.2, 6)]
        let sorted = ReadAheadTraceReader<AnyTraceReader>.sortedByTime(rows)
        #expect(sorted.map(\.positions.row.line) == [4, 2, 5, 1, 3, 6])
    }

    @Test("the documented memory bound of --sort (about 180 bytes per row) rests on an 88-byte row")
    func rowSize() {
        // docs/trace-format.md and --help: two copies of the rows plus a 4-byte index at the peak.
        #expect(MemoryLayout<TraceRow>.stride == 88)
    }
}
