import GestureEngine
import TraceReplay

extension GestureHarness {
    /// A harness from `make` (its recognizers attached), sent `rows` one frame at a time (rows
    /// with equal times in one event, in order), then finished (`finish()`). Touch ids that are
    /// whole numbers are used as they are; others get numbers of their own.
    public static func replaying(_ rows: [ShrinkRow], into make: () -> GestureHarness) -> GestureHarness {
        let harness = make()
        var ids: [String: Int] = [:]
        var changes: [TouchChange] = []
        var time = rows.first?.time ?? 0
        for row in rows {
            if row.time != time {
                harness.send(changes, at: time)
                changes = []
                time = row.time
            }
            let id =
                Int(row.touch) ?? ids[row.touch]
                ?? {
                    let n = 1_000_000 + ids.count; ids[row.touch] = n; return n
                }()
            changes.append(TouchChange(id: id, phase: row.phase, location: Point(x: row.x, y: row.y)))
        }
        if !changes.isEmpty { harness.send(changes, at: time) }
        harness.finish()
        return harness
    }

    /// Shrinks a failing sequence (`sentRows` of a harness that failed) with `TraceShrinker`:
    /// every candidate is replayed into a fresh harness from `make` and kept while `fails` says
    /// the harness still fails. The result's rows are a handful; `replaying(_:into:)` shows them.
    ///
    /// ```swift
    /// let result = GestureHarness.shrink(harness.sentRows, make: makeHarness) { $0.states("doubleTap").contains(.ended) }
    /// ```
    public static func shrink(
        _ rows: [ShrinkRow], limits: ShrinkLimits = ShrinkLimits(), make: @escaping @Sendable () -> GestureHarness,
        fails: @escaping @Sendable (GestureHarness) -> Bool
    ) -> ShrinkResult {
        TraceShrinker(rows: rows, limits: limits) { candidate in fails(replaying(candidate, into: make)) }.run()
    }
}
