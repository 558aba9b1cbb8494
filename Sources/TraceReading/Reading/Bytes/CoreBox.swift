/// Heap storage for a reader's mutable state, accessed without dynamic
/// exclusivity checks.
///
/// A `var` stored property of a class costs a runtime exclusivity check on
/// every mutating access (about 100 instructions); the readers' state is
/// mutated once per row, so it lives behind an unsafe pointer instead. Safe
/// because the owners are not reentrant: ``value`` is only mutated from their
/// `next()` methods, which never call back into the same object.
struct CoreBox<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    /// The state.
    var value: Value {
        @inline(__always) unsafeAddress { UnsafePointer(pointer) }
        @inline(__always) nonmutating unsafeMutableAddress { pointer }
    }

    /// Destroys the state (call once, from the owner's `deinit`).
    func release() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
