/// A fixed-capacity ring of the most recent `VelocitySample`s, oldest first.
///
/// The storage is an `InlineArray` held inside the struct, so appending, trimming and reading
/// never allocate: the capacity is fixed at 20 samples for the whole life of the ring. When the
/// ring is full, appending overwrites the oldest sample.
///
/// The capacity is the history size shared by the estimators that keep a history:
/// `HISTORY_SIZE = 20` in AOSP `VelocityTracker` (frameworks/native `libs/input/VelocityTracker.cpp`)
/// and `_historySize = 20` in Flutter `VelocityTracker` (`packages/flutter/lib/src/gestures/velocity_tracker.dart`).
struct VelocitySampleRing: Sendable {
    /// Maximum number of samples kept (AOSP `HISTORY_SIZE`, Flutter `_historySize`).
    static let capacity = 20

    private var storage = InlineArray<20, VelocitySample>(repeating: VelocitySample(time: 0, position: .zero))
    /// Physical index of the oldest sample.
    private var head = 0
    /// Number of samples held, `0 ... capacity`.
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The sample at logical position `index`: 0 is the oldest, `count - 1` the newest.
    subscript(index: Int) -> VelocitySample {
        precondition(index >= 0 && index < count, "VelocitySampleRing index out of range")
        return storage[physical(index)]
    }

    /// The most recent sample, if any.
    var newest: VelocitySample? { count == 0 ? nil : storage[physical(count - 1)] }

    /// The oldest sample, if any.
    var oldest: VelocitySample? { count == 0 ? nil : storage[head] }

    /// Adds `sample` as the newest; when full, the oldest sample is overwritten.
    mutating func append(_ sample: VelocitySample) {
        if count == Self.capacity {
            storage[head] = sample
            head = (head + 1) % Self.capacity
        } else {
            storage[physical(count)] = sample
            count += 1
        }
    }

    /// Drops the newest sample (no-op when empty).
    mutating func removeNewest() {
        if count > 0 { count -= 1 }
    }

    /// Drops the oldest sample (no-op when empty).
    mutating func removeOldest() {
        guard count > 0 else { return }
        head = (head + 1) % Self.capacity
        count -= 1
    }

    /// Forgets every sample; the storage itself is kept.
    mutating func removeAll() {
        head = 0
        count = 0
    }

    private func physical(_ index: Int) -> Int {
        (head + index) % Self.capacity
    }
}
