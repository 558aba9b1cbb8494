/// The rule that a trace's times never go backwards, with its messages: one implementation for the
/// frame assembler (strict: an error; lenient: clamped to the previous row's time) and the live
/// replay (which may instead restart from a new time origin after a clock reset).
package struct TimeOrder {
    /// The latest time seen in order, seconds.
    package private(set) var lastTime = -Double.infinity
    private var lastPosition = TextPosition.unknown

    package init() {}

    /// A row whose time is before the previous row's.
    package struct Backwards {
        let message: String
        let at: SourceLocation
        let note: Diagnostic

        /// The strict replay's error.
        package var error: TraceError {
            .invalidTrace(message, at: at, notes: [note, TraceHints.unsortedOrLenient(lenient: "clamps the time to the previous row's")])
        }

        /// A lenient repair's warning: the message, then what was done (`repair`).
        package func warning(_ repair: String) -> Diagnostic { .warning(message + "; " + repair, at: at, notes: [note]) }
    }

    /// Records `row`'s time when it is in order (nil); else what is wrong, for the caller to throw
    /// or repair. `shift` is what the caller added to the times, taken off again in the message.
    @inline(__always)
    package mutating func check(_ row: TraceRow, in reader: some TraceReader, shift: Double = 0) -> Backwards? {
        guard row.time < lastTime else {
            lastTime = row.time
            lastPosition = row.positions.time
            return nil
        }
        return backwards(row, reader, shift)
    }

    /// After a repair that moves the time origin: `time` (at `row`'s position) is the latest time.
    package mutating func restart(at time: Double, _ row: TraceRow) {
        lastTime = time
        lastPosition = row.positions.time
    }

    @inline(never)
    private func backwards(_ row: TraceRow, _ reader: some TraceReader, _ shift: Double) -> Backwards {
        Backwards(
            message: "time \(row.time - shift) s goes backwards (the previous row is at \(lastTime - shift) s)",
            at: reader.location(row.positions.time), note: .note("previous time here", at: reader.location(lastPosition)))
    }
}
