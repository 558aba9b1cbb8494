/// The rule that a trace's coordinates are at most ``maximum`` points from the origin: one
/// implementation for the frame assembler and the live replay (every reader and importer).
///
/// A finite coordinate can still make the values derived from it infinite or NaN: ±1.7e308 gives
/// a translation, a centroid (a sum) or a distance (a sum of squares) that overflows, printed as
/// `inf pt` or `null` (issue #30, finding 23). No screen comes near the bound (a 6K display at 1x
/// is 6,016 points wide; UIKit's coordinates are `CGFloat`, points), so a coordinate beyond it is a
/// broken or hostile input, and an error at the value rather than output that breaks the engine's
/// promise that every location, translation and velocity is finite. Within it, squares and sums of
/// a few thousand touches stay far below `Double`'s range.
enum CoordinateRange {
    /// The largest coordinate magnitude, points: 1e9 (the bound synth scripts have for their numbers).
    static let maximum = 1e9

    /// Throws the positioned error when `row`'s x or y is beyond ``maximum``.
    @inline(__always)
    static func check(_ row: TraceRow, in reader: some TraceReader) throws(TraceError) {
        if _slowPath(!(abs(row.x) <= maximum && abs(row.y) <= maximum)) { throw outOfRange(row, reader) }
    }

    @inline(never)
    private static func outOfRange(_ row: TraceRow, _ reader: some TraceReader) -> TraceError {
        let (name, value, position) = abs(row.x) <= maximum ? ("y", row.y, row.positions.y) : ("x", row.x, row.positions.x)
        return .invalidTrace(
            "'\(name)' value \(value) is out of range: coordinates are at most 1e9 points from the origin",
            at: reader.location(position))
    }
}
