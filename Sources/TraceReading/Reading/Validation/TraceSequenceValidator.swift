import GestureEngine

/// How the frame assembler and sequence validator treat inconsistencies.
public enum TraceValidationMode: Hashable, Sendable {
    /// Every inconsistency is an error.
    case strict
    /// Inconsistencies are repaired and reported as warnings:
    /// - a timestamp going backwards is clamped to the previous time;
    /// - `moved`/`stationary` for a touch that is not down becomes `began`;
    /// - `ended`/`cancelled` for a touch that is not down is dropped;
    /// - `began` for a touch that is already down becomes `moved`.
    case lenient
}

/// Checks that each touch's phases form a valid life: `began`, then any
/// number of `moved`/`stationary`, then `ended` or `cancelled`; an id may be
/// reused after its touch ended.
///
/// Rows are checked one at a time in file order (so a touch may move and lift
/// at the same timestamp). In ``TraceValidationMode/lenient`` mode rows are
/// repaired instead (see there). Touches still down at the end produce a
/// warning from ``finish()`` in both modes.
package struct TraceSequenceValidator {
    /// Strict or lenient.
    package var mode: TraceValidationMode
    /// Input name for diagnostics.
    package let path: String
    /// Gives string ids their text in messages.
    package let touchNames: TouchNameTable

    /// Touches that are down, with the position of their `began`. A short
    /// array searched linearly: a handful of fingers are down at once, and
    /// this avoids hashing every row.
    private var down: [(id: TouchID, began: TextPosition)] = []
    /// Where recently ended touches ended (for notes). Bounded: cleared when
    /// it reaches ``endedMemory`` entries, so memory stays flat on long traces
    /// with ever-new ids.
    private var ended: [TouchID: TextPosition] = [:]
    private static let endedMemory = 1024

    /// The most touches down at once, 10,000 (issue 44, D16): a touch screen reports a few dozen at
    /// most, and every event costs the recognizers a look at each touch down (as in UIKit), so a
    /// trace that adds touches one per frame while thousands are down replays in time quadratic in
    /// their number (10,000 such touches: 1.4 s in a release build; 200,000 ran for more than 12
    /// minutes without a word). One more is an error at its row, in strict and lenient mode alike.
    package static let maximumTouchesDown = 10_000

    /// Creates a validator for rows read from `path`.
    package init(mode: TraceValidationMode = .strict, path: String, touchNames: TouchNameTable) {
        self.mode = mode
        self.path = path
        self.touchNames = touchNames
    }

    /// Number of touches currently down.
    package var activeTouchCount: Int { down.count }

    /// While more than ``indexThreshold`` touches are down (a palm, a stress trace), where each
    /// is in `down`: a linear search per row would cost n^2 there.
    private var index: [TouchID: Int] = [:]
    private static let indexThreshold = 32

    @inline(__always)
    private func downIndex(_ id: TouchID) -> Int? {
        if down.count > Self.indexThreshold { return index[id] }
        return scannedIndex(id)
    }

    /// Where `id` is in `down`, found by a scan (`downIndex(_:)` for a few touches down).
    @inline(__always)
    private func scannedIndex(_ id: TouchID) -> Int? {
        for k in down.indices where down[k].id == id { return k }
        return nil
    }

    private mutating func addDown(_ id: TouchID, _ began: TextPosition) {
        down.append((id, began))
        if down.count == Self.indexThreshold + 1 {
            for k in down.indices { index[down[k].id] = k }
        } else if down.count > Self.indexThreshold {
            index[id] = down.count - 1
        }
    }

    /// Removes `down[k]` (order does not matter: ``finish()`` sorts by position).
    private mutating func removeDown(at k: Int) {
        let indexed = down.count > Self.indexThreshold
        let last = down.count - 1
        if k != last { down.swapAt(k, last) }
        let removed = down.removeLast()
        guard indexed else { return }
        if down.count <= Self.indexThreshold {
            index.removeAll(keepingCapacity: true)
            return
        }
        index[removed.id] = nil
        if k != last { index[down[k].id] = k }
    }

    /// Checks `row`. Strict: throws on a violation. Lenient: repairs `row`
    /// (reporting a warning through `warn`) and returns `false` if it must be dropped.
    @inline(__always)
    package mutating func check(_ row: inout TraceRow, warn: (Diagnostic) -> Void) throws(TraceError) -> Bool {
        // Most rows: a move of a touch that is down, nothing to check or repair (a few touches
        // down: scanned here; the index's lookup stays out of line).
        if row.phase == .moved && down.count <= Self.indexThreshold && scannedIndex(row.touch) != nil { return true }
        return try checkAnyRow(&row, warn: warn)
    }

    @inline(never)
    private mutating func checkAnyRow(_ row: inout TraceRow, warn: (Diagnostic) -> Void) throws(TraceError) -> Bool {
        let id = row.touch
        switch row.phase {
        case .began:
            if let k = downIndex(id) {
                let began = down[k].began
                let message = "touch \(describe(id)) began while it is already down"
                let note = Diagnostic.note("touch \(describe(id)) began here", at: location(began))
                if mode == .strict {
                    throw TraceError.invalidTrace(message, at: location(row.positions.phase), notes: [note])
                }
                warn(.warning(message + "; treated as moved", at: location(row.positions.phase), notes: [note]))
                row.phase = .moved
            } else {
                try checkRoom(for: row)
                addDown(id, row.positions.phase)
                if !ended.isEmpty { ended[id] = nil }
            }
        case .moved, .stationary:
            if downIndex(id) == nil {
                let message = "touch \(describe(id)) \(row.phase == .moved ? "moved" : "is stationary") but is not down"
                let notes = notDownNotes(id)
                if mode == .strict {
                    throw TraceError.invalidTrace(
                        message, at: location(row.positions.phase),
                        notes: notes + [TraceHints.unsortedOrLenient(lenient: "treats the move as a touch-down")])
                }
                try checkRoom(for: row)
                warn(.warning(message + "; treated as began", at: location(row.positions.phase), notes: notes))
                row.phase = .began
                addDown(id, row.positions.phase)
                ended[id] = nil
            }
        case .ended, .cancelled:
            guard let k = downIndex(id) else {
                let message = "touch \(describe(id)) \(row.phase == .ended ? "ended" : "was cancelled") but is not down"
                let notes = notDownNotes(id)
                if mode == .strict {
                    throw TraceError.invalidTrace(message, at: location(row.positions.phase), notes: notes)
                }
                warn(.warning(message + "; row ignored", at: location(row.positions.phase), notes: notes))
                return false
            }
            removeDown(at: k)
            if ended.count >= Self.endedMemory {
                ended.removeAll(keepingCapacity: true)
                touchNames.forgetEndNotes()
            }
            ended[id] = row.positions.phase
            if case .name(let index) = id { touchNames.noteEnd(of: index) }
        }
        return true
    }

    /// The error for a touch-down past ``maximumTouchesDown``.
    private func checkRoom(for row: TraceRow) throws(TraceError) {
        guard down.count >= Self.maximumTouchesDown else { return }
        throw TraceError.invalidTrace(
            "touch \(describe(row.touch)) begins while \(down.count) touches are down: gesturereplay replays at most \(Self.maximumTouchesDown) touches down at once (a touch screen reports a few dozen; each event costs every recognizer a look at every touch down)",
            at: location(row.positions.phase),
            notes: [.note("the first touch still down began here", at: location(down.min { $0.began < $1.began }!.began))])
    }

    /// Warnings for touches still down (call at the end of the trace), in began order.
    package func finish() -> [Diagnostic] {
        down.sorted { $0.began < $1.began }.map { id, began in
            .warning("touch \(describe(id)) never ended (no 'ended' or 'cancelled' before the end of the trace)", at: location(began))
        }
    }

    private func notDownNotes(_ id: TouchID) -> [Diagnostic] {
        if let end = ended[id] {
            return [.note("touch \(describe(id)) ended here", at: location(end))]
        }
        return [.note("no 'began' for touch \(describe(id)) before this row", at: nil)]
    }

    private func describe(_ id: TouchID) -> String {
        switch id {
        case .integer(let v): String(v)
        case .name: "'\(touchNames.text(of: id))'"
        }
    }

    private func location(_ p: TextPosition) -> SourceLocation {
        SourceLocation(path: path, position: p)
    }
}
