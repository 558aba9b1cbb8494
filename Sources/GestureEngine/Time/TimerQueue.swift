/// A handle to a scheduled timer; pass it to `GestureRecognizer.cancelTimer(_:)`.
public struct TimerToken: Hashable, Sendable {
    /// The timer's sequence number (unique in its queue; -1 for a timer never scheduled).
    let value: Int
    /// Where the queue keeps the timer (`TimerQueue`'s slot), so cancelling it finds it at once.
    let slot: Int

    init(value: Int, slot: Int = -1) {
        self.value = value
        self.slot = slot
    }
}

/// Timers in trace time. Nothing here reads the wall clock: a deadline fires when the replay
/// reaches it (before the first event at or after it), or at `finish()`.
///
/// Timers fire in deadline order, then in the order they were scheduled. Every operation costs at
/// most a logarithm of the number pending, however many recognizers a scene has (issue 30, #17:
/// 50,000 taps each scheduling and cancelling its timer were quadratic with a list searched and
/// shifted on every cancel and scanned on every event):
/// - the timers live in `slots` (reused through `freeSlots`), found by the token's slot;
/// - `heap` orders them by (deadline, sequence) and is only ever popped at its top;
/// - a cancelled timer leaves its heap item behind (its slot is freed or reused, so the item's
///   sequence no longer matches): the item is dropped when it reaches the top, or when stale items
///   outnumber live timers (`compactIfMostlyStale()`), so memory stays proportional to the live ones;
/// - a recognizer's reset cancels all its timers at once by moving its timer epoch on
///   (`cancelAll(ownedBy:)`); the timers of an earlier epoch are stale.
struct TimerQueue {
    /// One scheduled timer, as `popDue(atOrBefore:)` hands it out.
    struct Entry {
        var deadline: Double
        var sequence: Int
        var action: () -> Void
    }

    private struct Slot {
        var deadline = 0.0
        var sequence = -1
        /// The recognizer whose reset cancels it (nil for a `ReplayTimer` or a scroll view's frame
        /// timer) and its timer epoch when it was scheduled. Unretained: the environment holds every
        /// recognizer that ever scheduled a timer in it (`GestureEnvironment.adopted`).
        var owner: Unmanaged<GestureRecognizer>?
        var ownerEpoch = 0
        /// Nil once the timer fired or was cancelled (which also releases the closure).
        var action: (() -> Void)?
    }

    private struct HeapItem {
        var deadline: Double
        var sequence: Int
        var slot: Int

        @inline(__always)
        func precedes(_ other: HeapItem) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var heap: [HeapItem] = []
    private var nextSequence = 0
    /// Timers scheduled and neither fired nor cancelled.
    private(set) var liveCount = 0

    var isEmpty: Bool { liveCount == 0 }
    /// Tests only: items in the heap, live or stale (bounded by about twice the live timers).
    var storedCount: Int { heap.count }

    mutating func schedule(at deadline: Double, owner: GestureRecognizer?, action: @escaping () -> Void) -> TimerToken {
        nextSequence += 1
        // A deadline that is not a number is never reached (no time is at or after it): the timer
        // never fires, as before, and takes no room.
        guard !deadline.isNaN else { return TimerToken(value: nextSequence) }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = slots.count
            slots.append(Slot())
        }
        var epoch = 0
        if let owner {
            epoch = owner.dispatch.timerEpoch
            owner.dispatch.liveTimers += 1
        }
        slots[slot] = Slot(
            deadline: deadline, sequence: nextSequence, owner: owner.map(Unmanaged.passUnretained), ownerEpoch: epoch,
            action: action)
        liveCount += 1
        push(HeapItem(deadline: deadline, sequence: nextSequence, slot: slot))
        return TimerToken(value: nextSequence, slot: slot)
    }

    mutating func cancel(_ token: TimerToken) {
        guard token.slot >= 0, token.slot < slots.count, slots[token.slot].sequence == token.value, isLive(token.slot) else { return }
        if let owner = slots[token.slot].owner { owner._withUnsafeGuaranteedRef { $0.dispatch.liveTimers -= 1 } }
        free(token.slot)
        liveCount -= 1
        compactIfMostlyStale()
    }

    /// Cancels every timer `owner` scheduled (its reset): one step, whatever their number.
    mutating func cancelAll(ownedBy owner: GestureRecognizer) {
        guard owner.dispatch.liveTimers > 0 else { return }
        liveCount -= owner.dispatch.liveTimers
        owner.dispatch.liveTimers = 0
        owner.dispatch.timerEpoch &+= 1
        compactIfMostlyStale()
    }

    /// The earliest deadline pending (seconds), or nil.
    mutating func nextDeadline() -> Double? {
        dropStaleTop()
        return heap.first?.deadline
    }

    /// The earliest entry due at or before `time` (earliest deadline, then first scheduled), removed from the queue.
    mutating func popDue(atOrBefore time: Double) -> Entry? {
        // A stale item at the top with a later deadline hides nothing due: every item below it is later still.
        guard let first = heap.first, first.deadline <= time else { return nil }
        dropStaleTop()
        guard let top = heap.first, top.deadline <= time else { return nil }
        popTop()
        let slot = top.slot
        let action = slots[slot].action!
        if let owner = slots[slot].owner { owner._withUnsafeGuaranteedRef { $0.dispatch.liveTimers -= 1 } }
        free(slot)
        liveCount -= 1
        return Entry(deadline: top.deadline, sequence: top.sequence, action: action)
    }

    // MARK: Storage

    /// Whether the timer in `slot` is still to fire: not fired or cancelled, and its owner not reset since.
    @inline(__always)
    private func isLive(_ slot: Int) -> Bool {
        guard slots[slot].action != nil else { return false }
        guard let owner = slots[slot].owner else { return true }
        return owner._withUnsafeGuaranteedRef { $0.dispatch.timerEpoch } == slots[slot].ownerEpoch
    }

    /// Whether a heap item still stands for a live timer (its slot not freed or reused).
    @inline(__always)
    private func isCurrent(_ item: HeapItem) -> Bool {
        slots[item.slot].sequence == item.sequence && isLive(item.slot)
    }

    private mutating func free(_ slot: Int) {
        slots[slot].action = nil
        slots[slot].owner = nil
        slots[slot].sequence = -1
        freeSlots.append(slot)
    }

    /// Drops stale items (cancelled timers, or timers of a reset owner) from the top of the heap,
    /// freeing the slots the owner's reset left behind.
    private mutating func dropStaleTop() {
        while let top = heap.first, !isCurrent(top) {
            if slots[top.slot].sequence == top.sequence { free(top.slot) }
            popTop()
        }
    }

    /// Rebuilds the heap from the live timers when stale items are more than half of it (so a
    /// scene that schedules and cancels far-off timers forever keeps a heap the size of what is live).
    private mutating func compactIfMostlyStale() {
        guard heap.count > 64, heap.count > 2 * liveCount else { return }
        var kept: [HeapItem] = []
        kept.reserveCapacity(liveCount)
        for item in heap {
            if isCurrent(item) {
                kept.append(item)
            } else if slots[item.slot].sequence == item.sequence {
                free(item.slot)
            }
        }
        heap = kept
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(from: i)
        }
    }

    private mutating func push(_ item: HeapItem) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0)
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var first = left
            if left + 1 < heap.count && heap[left + 1].precedes(heap[left]) { first = left + 1 }
            guard heap[first].precedes(heap[parent]) else { return }
            heap.swapAt(first, parent)
            parent = first
        }
    }
}
