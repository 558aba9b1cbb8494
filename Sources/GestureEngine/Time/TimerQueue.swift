/// A handle to a scheduled timer; pass it to `GestureRecognizer.cancelTimer(_:)`.
public struct TimerToken: Hashable, Sendable {
    let value: Int
}

/// Timers in trace time. Nothing here reads the wall clock: a deadline fires when the replay
/// reaches it (before the first event at or after it), or at `finish()`.
struct TimerQueue {
    struct Entry {
        var deadline: Double
        var sequence: Int
        /// The recognizer whose reset cancels it; nil for a `ReplayTimer`.
        var owner: ObjectIdentifier?
        var action: () -> Void
    }

    private(set) var entries: [Entry] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }

    mutating func schedule(at deadline: Double, owner: GestureRecognizer?, action: @escaping () -> Void) -> TimerToken {
        nextSequence += 1
        entries.append(Entry(deadline: deadline, sequence: nextSequence, owner: owner.map(ObjectIdentifier.init), action: action))
        return TimerToken(value: nextSequence)
    }

    mutating func cancel(_ token: TimerToken) {
        if let i = entries.firstIndex(where: { $0.sequence == token.value }) { entries.remove(at: i) }
    }

    mutating func cancelAll(ownedBy owner: GestureRecognizer) {
        guard !entries.isEmpty else { return }
        let id = ObjectIdentifier(owner)
        entries.removeAll { $0.owner == id }
    }

    /// The earliest entry due at or before `time` (earliest deadline, then first scheduled), removed from the queue.
    mutating func popDue(atOrBefore time: Double) -> Entry? {
        guard !entries.isEmpty else { return nil }
        var best = -1
        for i in entries.indices where entries[i].deadline <= time {
            if best < 0 || entries[i].deadline < entries[best].deadline
                || (entries[i].deadline == entries[best].deadline && entries[i].sequence < entries[best].sequence)
            {
                best = i
            }
        }
        return best < 0 ? nil : entries.remove(at: best)
    }
}
