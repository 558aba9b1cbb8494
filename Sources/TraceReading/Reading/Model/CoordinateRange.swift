/// The rule that a trace's coordinates are at most ``maximum`` points from the origin: one
/// implementation for the frame assembler and the live replay (every reader and importer).
///
/// A finite coordinate can still make the values derived from it infinite or NaN: ±1.7e308 gives
/// a translation, a centroid (a sum) or a distance (a sum of squares) that overflows, printed as
/// `inf pt` or `null` (issue #30, finding 23). The bound is above any raw device unit (a recording
/// replayed without `--screen` gives its raw units as points, and a 64-bit axis spans at most
/// 1.8e19) and far below where a value derived from coordinates overflows a `Double`: a distance's
/// square (4e40), a velocity over the 1 ns the engine divides by at least (2e29 pt/s) and its
/// square, sums over thousands of touches. A coordinate beyond it is a broken or hostile input:
/// an error at the value rather than output that breaks the engine's promise that every location,
/// translation and velocity is finite.
package enum CoordinateRange {
    /// The largest coordinate magnitude, points: 1e20.
    static let maximum = 1e20

    /// Throws the positioned error when `row`'s x or y is beyond ``maximum``.
    @inline(__always)
    package static func check(_ row: TraceRow, in reader: some TraceReader) throws(TraceError) {
        if _slowPath(!contains(row.x, row.y)) { throw outOfRange(row, reader) }
    }

    /// Whether both magnitudes are at most ``maximum`` (false for NaN): the bit patterns without
    /// the sign compared as integers (the order of non-negative doubles), two comparisons and no
    /// floating-point branch on the path every row takes.
    @inline(__always)
    static func contains(_ x: Double, _ y: Double) -> Bool {
        let magnitudeBits: UInt64 = 0x7FFF_FFFF_FFFF_FFFF
        let limit = maximum.bitPattern
        return (x.bitPattern & magnitudeBits) <= limit && (y.bitPattern & magnitudeBits) <= limit
    }

    @inline(never)
    private static func outOfRange(_ row: TraceRow, _ reader: some TraceReader) -> TraceError {
        let (name, value, position) = abs(row.x) <= maximum ? ("y", row.y, row.positions.y) : ("x", row.x, row.positions.x)
        return .invalidTrace(
            "'\(name)' value \(value) is out of range: coordinates are at most 1e20 points from the origin",
            at: reader.location(position))
    }
}
