/// The participants whose recognition is held back by a failure requirement (`pendingState`), in
/// the order of `participants` (by `joinOrder`), so that a failure looks at them alone instead of
/// at every participant (issue 30 #17: 50,000 taps with one of them waiting took 30 s).
///
/// Entries are not retained (the environment's `adopted` list keeps every recognizer alive) and
/// leave lazily: `remove(_:)` only marks the recognizer (`isInWaitingList` false); `next(after:)`
/// skips it, and the entries that no longer count are dropped when they are more than half at an
/// insertion, or after a large batch of resets (`removeStale()`).
struct WaitingList {
    private var entries: [(order: Int, recognizer: Unmanaged<GestureRecognizer>)] = []
    /// Recognizers waiting now.
    private(set) var liveCount = 0
    /// No entry at all, waiting or left behind.
    var isEmpty: Bool { entries.isEmpty }

    /// `r` (a participant) now holds a recognition back.
    mutating func insert(_ r: GestureRecognizer) {
        guard !r.dispatch.isInWaitingList else { return }
        r.dispatch.isInWaitingList = true
        liveCount += 1
        let order = r.dispatch.joinOrder
        let i = firstIndex(after: order - 1)
        // An entry it left earlier in the same participation is its place again.
        if i < entries.count && entries[i].order == order && entries[i].recognizer.toOpaque() == Unmanaged.passUnretained(r).toOpaque() {
            return
        }
        if entries.count > 16 && entries.count > 2 * liveCount { removeStale() }
        entries.insert((order, .passUnretained(r)), at: firstIndex(after: order - 1))
    }

    /// `r` no longer holds a recognition back.
    mutating func remove(_ r: GestureRecognizer) {
        r.dispatch.isInWaitingList = false
        liveCount -= 1
    }

    /// The first waiting recognizer after `order` in `participants` order (its order is stored in
    /// `order`), or nil. Recognizers that start waiting meanwhile are found if they come later.
    func next(after order: inout Int) -> GestureRecognizer? {
        var i = firstIndex(after: order)
        while i < entries.count {
            let entry = entries[i]
            i += 1
            let r = entry.recognizer.takeUnretainedValue()
            if Self.isCurrent(entry.order, r) {
                order = entry.order
                return r
            }
        }
        return nil
    }

    /// Drops the entries of recognizers no longer waiting.
    mutating func removeStale() {
        var kept = 0
        for i in entries.indices where Self.isCurrent(entries[i].order, entries[i].recognizer.takeUnretainedValue()) {
            entries[kept] = entries[i]
            kept += 1
        }
        while entries.count > kept { entries.removeLast() }
    }

    private static func isCurrent(_ order: Int, _ r: GestureRecognizer) -> Bool {
        r.dispatch.isInWaitingList && r.dispatch.joinOrder == order
    }

    /// The index of the first entry whose order is above `order` (binary search: entries are sorted).
    private func firstIndex(after order: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].order <= order { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
