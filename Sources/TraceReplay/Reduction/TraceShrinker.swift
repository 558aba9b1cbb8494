import GestureEngine
import TraceReading

/// Shrinks a list of touch rows to a small one that still has a property (the replay still reaches
/// a transition, two configurations still disagree, an expectation still fails: ``ShrinkOracle``),
/// by delta debugging: ddmin (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing
/// Input", IEEE TSE 28(2), 2002), applied level by level from coarse to fine as in hierarchical
/// delta debugging (Misherghi and Su, ICSE 2006):
///
/// 1. whole gestures (the rows between two moments with no touch down);
/// 2. whole touches (a `began`, its `moved` rows and its end);
/// 3. `moved` and `stationary` rows, in runs first, then one by one (a touch's `began` and end are
///    kept, so every candidate is a valid trace);
/// 4. simplifications, each kept only if the property still holds: times shifted to start at 0,
///    rounded to milliseconds, gaps between frames shortened; coordinates rounded to whole points,
///    then each touch's offsets from its start snapped toward it (to multiples of 10 points).
///
/// The levels repeat until a round changes nothing; the result is then 1-minimal: removing any one
/// of its touches, or any one of its `moved` rows, loses the property (``ShrinkResult/isOneMinimal``).
/// Every candidate is checked by calling `holds` (a replay); candidates already seen to fail are
/// not checked again. With ``ShrinkLimits/jobs`` above 1 the candidates of one step are checked in
/// parallel, and the first (in order) that holds is taken: the result does not depend on the jobs.
///
/// ```swift
/// let shrinker = TraceShrinker(rows: rows) { candidate in
///     let harness = GestureHarness()          // a fresh engine per candidate
///     // ... send the candidate's rows, then:
///     return harness.states("doubleTap").contains(.ended)
/// }
/// let result = shrinker.run()                  // result.rows: a handful of rows
/// ```
public final class TraceShrinker {
    /// Why a run stopped before it was done.
    public enum Stop: Sendable, Equatable {
        /// ``ShrinkLimits/maxReplays`` candidates were checked.
        case maxReplays
        /// `shouldStop` said so (Ctrl-C).
        case interrupted
    }

    private let holds: @Sendable ([ShrinkRow]) -> Bool
    private let limits: ShrinkLimits
    /// Called after every batch of checks: the rows of the best trace so far and the checks run.
    public var progress: ((_ rows: Int, _ replays: Int) -> Void)?
    /// Asked before every batch of checks; true stops the run with the best trace so far.
    public var shouldStop: () -> Bool = { false }

    /// The smallest rows found so far that have the property.
    public private(set) var best: [ShrinkRow]
    /// Candidates checked so far (each a call of `holds`).
    public private(set) var replays = 0
    private var stop: Stop?
    private var failed: Set<Int> = []
    private var removed = ShrinkResult.Removed()
    /// Each simplification kept, with how many times, in the order first made.
    private var simplified: [(what: String, count: Int)] = []

    /// A shrinker of `rows`, which must have the property (``ShrinkOracle`` checks the trace first);
    /// `holds` is called from several threads when `limits.jobs` > 1.
    public init(rows: [ShrinkRow], limits: ShrinkLimits = ShrinkLimits(), holds: @escaping @Sendable ([ShrinkRow]) -> Bool) {
        self.best = rows
        self.limits = limits
        self.holds = holds
    }

    /// Shrinks, level by level, until a round changes nothing (or a limit stops it).
    public func run() -> ShrinkResult {
        let original = best.count
        var rounds = 0
        var settled = false
        while stop == nil && rounds < ShrinkLimits.maxRounds {
            rounds += 1
            let before = best
            removeGestures()
            removeTouches()
            removeMiddleRows()
            if best == before {
                // Nothing removed this round: try to make what is left simpler, and shrink again
                // only if that changed something.
                simplify()
                if best == before && stop == nil {
                    settled = true
                    break
                }
            }
        }
        return ShrinkResult(
            rows: best, originalRowCount: original, replays: replays, stop: stop, isOneMinimal: settled && stop == nil,
            removed: removed, simplifications: simplified.map { $0.count == 1 ? $0.what : "\($0.what) (\($0.count))" })
    }

    // MARK: Levels

    private func removeGestures() {
        let structure = ShrinkStructure(best)
        guard structure.gestures.count > 1 else { return }
        let kept = ddmin(structure.gestures, fixed: [], allowsEmpty: false)
        removed.gestures += structure.gestures.count - kept
    }

    private func removeTouches() {
        let structure = ShrinkStructure(best)
        let kept = ddmin(structure.touches, fixed: [], allowsEmpty: false)
        removed.touches += structure.touches.count - kept
    }

    private func removeMiddleRows() {
        var middle: [[Int]] = []
        var fixed: [Int] = []
        for (i, row) in best.enumerated() {
            if row.isMiddle { middle.append([i]) } else { fixed.append(i) }
        }
        guard !middle.isEmpty else { return }
        let kept = ddmin(middle, fixed: fixed, allowsEmpty: true)
        removed.middleRows += middle.count - kept
    }

    /// ddmin over `units` (groups of row indexes of `best`; the `fixed` rows are always kept):
    /// keeps the smallest set of units it finds with the property, sets `best` to it, and returns
    /// how many units are kept. At its end no single unit can be removed.
    private func ddmin(_ units: [[Int]], fixed: [Int], allowsEmpty: Bool) -> Int {
        let base = best
        var kept = Array(units.indices)
        func build(_ chosen: ArraySlice<Int>, _ more: ArraySlice<Int> = []) -> [ShrinkRow]? {
            var mark = [Bool](repeating: false, count: base.count)
            for i in fixed { mark[i] = true }
            for u in chosen { for i in units[u] { mark[i] = true } }
            for u in more { for i in units[u] { mark[i] = true } }
            var rows: [ShrinkRow] = []
            rows.reserveCapacity(base.count)
            for i in base.indices where mark[i] { rows.append(base[i]) }
            return rows.isEmpty || (!allowsEmpty && chosen.isEmpty && more.isEmpty) ? nil : rows
        }
        func accept(_ units: [Int], _ rows: [ShrinkRow]) {
            kept = units
            best = rows
        }
        var n = 2
        while !kept.isEmpty && stop == nil {
            if kept.count == 1 {
                if allowsEmpty, let rows = build([]), first(of: 1, { _ in rows }) != nil { accept([], rows) }
                break
            }
            n = min(n, kept.count)
            let chunks = (0..<n).map { i in kept[(i * kept.count / n)..<((i + 1) * kept.count / n)] }
            // A chunk alone: the property lives in one part.
            if let i = first(of: n, { build(chunks[$0]) }) {
                accept(Array(chunks[i]), build(chunks[i])!)
                n = 2
                continue
            }
            // All but a chunk (for two chunks, the same candidates as above).
            if n > 2, let i = first(of: n, { build(kept[..<chunks[$0].startIndex], kept[chunks[$0].endIndex...]) }) {
                let rest = Array(kept[..<chunks[i].startIndex] + kept[chunks[i].endIndex...])
                accept(rest, build(rest[...])!)
                n = max(n - 1, 2)
                continue
            }
            if n >= kept.count { break }
            n = min(n * 2, kept.count)
        }
        return kept.count
    }

    // MARK: Simplifications

    private func simplify() {
        // Times: from 0, in milliseconds, then each gap between frames shortened.
        if let t0 = best.first?.time, t0 != 0 {
            tryChange("times shifted to start at 0") {
                $0.map {
                    var r = $0; r.time -= t0; return r
                }
            }
        }
        tryChange("times rounded to milliseconds") {
            $0.map {
                var r = $0; r.time = Self.rounded(r.time, 0.001); return r
            }
        }
        shortenGaps()
        // Coordinates: whole points, then offsets from each touch's start snapped toward it.
        tryChange("coordinates rounded to whole points") {
            $0.map {
                var r = $0; (r.x, r.y) = (r.x.rounded(), r.y.rounded()); return r
            }
        }
        snapTowardStart()
    }

    /// Each gap between two frames (rows with different times) tried at 0.01 s, then halved; later
    /// frames move with it.
    private func shortenGaps() {
        var frame = 1
        var changed = 0
        while stop == nil {
            let times = Self.frameTimes(best)
            guard frame < times.count, times.count <= ShrinkLimits.maxFramesToSimplify else { break }
            let gap = times[frame] - times[frame - 1]
            let start = times[frame]
            for shorter in [0.01, Self.rounded(gap / 2, 0.001)] where shorter > 0 && shorter < gap - 1e-9 {
                let shift = gap - shorter
                let candidate = best.map { r -> ShrinkRow in
                    var r = r
                    if r.time >= start { r.time = Self.rounded(r.time - shift, 1e-6) }
                    return r
                }
                if let _ = first(of: 1, { _ in candidate }) {
                    best = candidate
                    changed += 1
                    break
                }
            }
            frame += 1
        }
        note("time gaps shortened", changed)
    }

    /// Per touch: its start rounded to a multiple of 10 points, then its other rows' offsets from
    /// the start truncated toward it to multiples of 10 points, the whole touch at once, else row by
    /// row.
    private func snapTowardStart() {
        var snapped = 0
        for touch in ShrinkStructure(best).touches where stop == nil {
            guard let first = touch.first, best[first].phase == .began else { continue }
            // The start, on a 10-point grid (the rest of the touch moves with it).
            let start = best[first]
            let dx = Self.rounded(start.x, 10) - start.x
            let dy = Self.rounded(start.y, 10) - start.y
            if dx != 0 || dy != 0 {
                var candidate = best
                for i in touch { candidate[i].x += dx; candidate[i].y += dy }
                if self.first(of: 1, { _ in candidate }) != nil {
                    best = candidate
                    snapped += 1
                }
            }
            let origin = best[first]
            func snap(_ rows: [ShrinkRow], _ indexes: [Int]) -> [ShrinkRow] {
                var rows = rows
                for i in indexes {
                    rows[i].x = origin.x + ((rows[i].x - origin.x) / 10).rounded(.towardZero) * 10
                    rows[i].y = origin.y + ((rows[i].y - origin.y) / 10).rounded(.towardZero) * 10
                }
                return rows
            }
            let rest = Array(touch.dropFirst())
            let all = snap(best, rest)
            if all == best { continue }
            if self.first(of: 1, { _ in all }) != nil {
                best = all
                snapped += 1
                continue
            }
            guard rest.count <= ShrinkLimits.maxRowsToSimplify else { continue }
            for i in rest where stop == nil {
                let one = snap(best, [i])
                if one != best, self.first(of: 1, { _ in one }) != nil {
                    best = one
                    snapped += 1
                }
            }
        }
        note("coordinates snapped toward each touch's start", snapped)
    }

    /// Replaces `best` with `change(best)` if that differs and still has the property.
    private func tryChange(_ what: String, _ change: ([ShrinkRow]) -> [ShrinkRow]) {
        guard stop == nil else { return }
        let candidate = change(best)
        if candidate != best, first(of: 1, { _ in candidate }) != nil {
            best = candidate
            note(what, 1)
        }
    }

    /// Counts `count` more of the simplification `what`.
    private func note(_ what: String, _ count: Int) {
        guard count > 0 else { return }
        if let i = simplified.firstIndex(where: { $0.what == what }) {
            simplified[i].count += count
        } else {
            simplified.append((what, count))
        }
    }

    static func frameTimes(_ rows: [ShrinkRow]) -> [Double] {
        var times: [Double] = []
        for r in rows where times.last != r.time { times.append(r.time) }
        return times
    }

    /// `value` rounded to a multiple of `step`, in the shortest decimal form that step allows.
    static func rounded(_ value: Double, _ step: Double) -> Double {
        let n = (value / step).rounded()
        return step >= 1 ? n * step : n / (1 / step).rounded()
    }

    // MARK: Checking candidates

    /// The index of the first of `count` candidates (made by `make`; nil: not a trace, skipped)
    /// that has the property, checking up to `limits.jobs` at once; nil when none has it or a limit
    /// stopped the run.
    private func first(of count: Int, _ make: (Int) -> [ShrinkRow]?) -> Int? {
        var i = 0
        while i < count {
            if replays >= limits.maxReplays { stop = .maxReplays }
            if stop == nil && shouldStop() { stop = .interrupted }
            if stop != nil { return nil }
            var batch: [(index: Int, rows: [ShrinkRow], hash: Int)] = []
            let room = min(max(1, limits.jobs), limits.maxReplays - replays)
            while i < count && batch.count < room {
                if let rows = make(i) {
                    let hash = rows.hashValue
                    if !failed.contains(hash) { batch.append((i, rows, hash)) }
                }
                i += 1
            }
            if batch.isEmpty { continue }
            let holds = self.holds
            let results: [Bool]
            if batch.count == 1 {
                results = [holds(batch[0].rows)]
            } else {
                let candidates = batch.map(\.rows)
                results = mapInParallel(candidates.count, jobs: limits.jobs) { holds(candidates[$0]) }
            }
            replays += batch.count
            progress?(best.count, replays)
            for (k, ok) in results.enumerated() {
                if ok { return batch[k].index }
                failed.insert(batch[k].hash)
            }
        }
        return nil
    }
}

/// How far a ``TraceShrinker`` may go.
public struct ShrinkLimits: Sendable {
    /// At most this many candidates are checked (`--max-replays`; default 5,000: seconds for a
    /// trace of a few thousand rows); then the best trace so far is the result.
    public var maxReplays = 5_000
    /// How many candidates are checked at once (`-j`; default 1).
    public var jobs = 1

    public init(maxReplays: Int = 5_000, jobs: Int = 1) {
        self.maxReplays = maxReplays
        self.jobs = jobs
    }

    /// Rounds of all the levels at most (each round after the first follows a simplification).
    static let maxRounds = 8
    /// Gaps are shortened one by one only in a trace of at most this many frames.
    static let maxFramesToSimplify = 400
    /// A touch's rows are snapped one by one only when it has at most this many.
    static let maxRowsToSimplify = 200
}

/// What a ``TraceShrinker`` found.
public struct ShrinkResult: Sendable {
    /// What each level removed.
    public struct Removed: Sendable, Equatable {
        public var gestures = 0
        public var touches = 0
        /// `moved` and `stationary` rows.
        public var middleRows = 0
    }

    /// The smallest trace found that has the property.
    public var rows: [ShrinkRow]
    /// How many touches `rows` has (a `began` to its end; an id used again is another touch).
    public var touchCount: Int { ShrinkStructure(rows).touches.count }
    public var originalRowCount: Int
    /// Candidates checked.
    public var replays: Int
    /// Why it stopped early (nil: it finished).
    public var stop: TraceShrinker.Stop?
    /// True when it finished: removing any one touch or `moved` row of `rows` loses the property.
    public var isOneMinimal: Bool
    public var removed: Removed
    /// The simplifications kept, in the order first made, each with how many times when more than
    /// once (`times shifted to start at 0`, `time gaps shortened (14)`, ...).
    public var simplifications: [String]
}
