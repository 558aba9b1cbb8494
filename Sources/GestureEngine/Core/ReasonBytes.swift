/// A failure reason's UTF-8 bytes as a recognizer holds them, from `fail(_:)` to the update that
/// reports the transition (`RecognizerDispatchState.pendingReason` and `reportedReason`): one
/// buffer reused from one failure to the next, so once it is large enough a reason allocates
/// nothing, and the output copies the bytes without a `String` (docs/performance.md).
struct ReasonBytes {
    /// The buffer: its first `count` bytes are the reason; it never shrinks.
    private var storage: [UInt8] = []
    /// The length of the reason held; -1 for none.
    private var count = -1

    /// Whether a reason is held (`clear()` keeps the buffer for the next one).
    var isSet: Bool { count >= 0 }

    /// Holds `bytes`, replacing the reason held.
    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        if storage.count < n { storage.append(contentsOf: repeatElement(0, count: n - storage.count)) }
        if let source = bytes.baseAddress {
            storage.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: n) }
        }
        count = n
    }

    /// Holds `reason`'s bytes (inlined: the reason is read in place, not passed on as a copy).
    @inline(__always) mutating func set(_ reason: FailureReason) {
        reason.withUTF8 { set($0) }
    }

    /// Holds no reason.
    @inline(__always) mutating func clear() {
        count = -1
    }

    /// The reason held, as a `String` (nil without one).
    var string: String? {
        withUTF8 { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the bytes held, in place (nil without a reason).
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard count >= 0 else { return body(nil) }
        let n = count
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<n])) }
    }
}
