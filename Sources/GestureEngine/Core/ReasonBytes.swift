/// A failure reason's UTF-8 bytes as a recognizer holds them, from `fail(_:)` to the update that
/// reports the transition (`RecognizerDispatchState.pendingReason` and `reportedReason`): one
/// buffer reused from one failure to the next, so once it is large enough a reason allocates
/// nothing, and the output copies the bytes without a `String` (docs/performance.md).
struct ReasonBytes {
    private var storage: [UInt8] = []
    /// Whether a reason is held (`clear()` keeps the buffer for the next one).
    private(set) var isSet = false

    /// Holds `bytes`, replacing the reason held.
    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.replaceSubrange(0..<storage.count, with: bytes)
        isSet = true
    }

    /// Holds no reason.
    @inline(__always) mutating func clear() {
        isSet = false
    }

    /// The reason held, as a `String` (nil without one).
    var string: String? {
        isSet ? String(decoding: storage, as: UTF8.self) : nil
    }

    /// The bytes held, in an array that stays valid while this changes.
    var bytes: [UInt8]? {
        isSet ? storage : nil
    }

    /// Calls `body` with the bytes held, in place (nil without a reason).
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard isSet else { return body(nil) }
        return storage.withUnsafeBufferPointer { body($0) }
    }
}
