/// One transition waiting for the update that reports it (`PendingTransitions`). Trivial (no
/// reference counted field): the reason of a failure or cancellation waits in the recognizer
/// (`RecognizerDispatchState.reportedReason`; a recognizer fails or is cancelled at most once
/// before its reset).
struct PendingTransition {
    /// Not retained: the environment's `adopted` list keeps every recognizer it transitions alive.
    var recognizer: Unmanaged<GestureRecognizer>
    var previous: GestureRecognizerState
    var state: GestureRecognizerState
    /// When it happened, seconds (trace time).
    var time: Double
}

/// The transitions applied since the last update, in order (`GestureEnvironment.reports`): a
/// growable buffer of trivial elements, as `RecognizerList` (appending is a store and an increment,
/// emptying it an assignment; no uniqueness check, no range replacement).
struct PendingTransitions: ~Copyable {
    private var base: UnsafeMutablePointer<PendingTransition>
    private var capacity: Int
    /// How many transitions are waiting.
    private(set) var count = 0
    /// The values of the transition being reported: one record for every report, cleared and
    /// filled in place by the update (`GestureEnvironment.reportTransitions()`), read by the
    /// observer through its `TransitionReport`.
    let values: UnsafeMutablePointer<GestureValues>

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
        values = .allocate(capacity: 1)
        values.initialize(to: GestureValues())
    }

    deinit {
        base.deallocate()
        values.deinitialize(count: 1)
        values.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> PendingTransition {
        precondition(index >= 0 && index < count)
        return base[index]
    }

    @inline(__always)
    mutating func append(_ transition: PendingTransition) {
        if count == capacity { grow() }
        (base + count).initialize(to: transition)
        count += 1
    }

    /// Forgets every transition.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Forgets the transitions of `recognizer`, keeping the others' order.
    mutating func removeAll(of recognizer: GestureRecognizer) {
        let id = Unmanaged.passUnretained(recognizer).toOpaque()
        var kept = 0
        for i in 0..<count where base[i].recognizer.toOpaque() != id {
            base[kept] = base[i]
            kept += 1
        }
        count = kept
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<PendingTransition>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
