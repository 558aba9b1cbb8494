/// A growable list of unretained recognizers for the dispatch loop: appending is a store and an
/// increment, and emptying it (or cutting it back to an earlier length) is an assignment, where an
/// `Array` of trivial elements goes through its general `replaceSubrange` (~70 instructions) and a
/// uniqueness check per append.
///
/// The elements are not retained: whoever fills the list keeps the recognizers alive (the
/// environment's `adopted` list, see `GestureEnvironment`).
struct RecognizerList: ~Copyable {
    private var base: UnsafeMutablePointer<Unmanaged<GestureRecognizer>>
    private var capacity: Int
    /// Number of recognizers in the list.
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The recognizer at `index` (which must be below `count`).
    @inline(__always)
    subscript(index: Int) -> Unmanaged<GestureRecognizer> {
        precondition(index >= 0 && index < count)
        return base[index]
    }

    @inline(__always)
    mutating func append(_ recognizer: Unmanaged<GestureRecognizer>) {
        if count == capacity { grow() }
        (base + count).initialize(to: recognizer)
        count += 1
    }

    /// Cuts the list back to its first `newCount` recognizers, forgetting the rest (`newCount` must
    /// not exceed `count`; 0 empties it).
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Unmanaged<GestureRecognizer>>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
