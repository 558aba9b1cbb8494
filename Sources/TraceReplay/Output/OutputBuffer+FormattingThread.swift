import GestureEngine
import TraceReading

/// Formatting on a thread of its own (``FormattingThread``): while one runs, the buffer holds a
/// block of segments instead of plain output, each starting at a multiple of 8 bytes with an 8-byte
/// word: a length `n >= 0` followed by `n` plain bytes (what every other write appended), or -1
/// followed by a ``DeferredTransition`` and its reason's bytes; each padded to a multiple of 8.
/// Every write but a transition line goes into the open run of plain bytes, so the output keeps its
/// order: the thread writes the segments as they come.
extension OutputBuffer {
    /// Whether transition lines are left to a formatting thread (``deferTransition``).
    @inline(__always) var formatsOnThread: Bool { formattingThread != nil }

    /// `n` rounded up to a multiple of 8.
    @inline(__always) static func padded(_ n: Int) -> Int { (n &+ 7) & ~7 }

    /// Starts a thread that formats `Renderer`'s transition lines and writes everything to this
    /// buffer's file descriptor, what is pending first; false (and nothing changed) for a buffer in
    /// memory, written line by line or failed, or if no thread could be started. The renderer whose
    /// labels the lines use must outlive the thread: ``stopFormattingThread()`` before it goes.
    /// With `helper`, the lines are formatted as a piece of that thread's work instead of on a
    /// thread of their own (``HelperThread``).
    mutating func startFormattingThread<Renderer: TransitionLineRenderer>(_: Renderer.Type, helper: HelperThread? = nil) -> Bool {
        guard let fd = fileDescriptor, flushThreshold > 1, formattingThread == nil, writeError == 0 else { return false }
        let blockCapacity = FormattingThread.blockSize + 4096
        let thread = FormattingThread(
            fileDescriptor: fd, flushThreshold: flushThreshold, blockCapacity: blockCapacity, helper: helper,
            writeLine: { record, values, reason, out in
                Renderer.writeTransition(
                    record.pointee.time, record.pointee.previous, record.pointee.state, values, label: record.pointee.label,
                    reason: reason, into: &out)
            })
        guard let thread else { return false }
        formattingThread = thread
        // What is pending becomes the first run of plain bytes of the first block (written when the
        // block is, so not earlier than before).
        let block = Storage(capacity: max(blockCapacity, count + 4096))
        block.base.advanced(by: 8).update(from: base, count: count)
        storage = block
        base = block.base
        capacity = block.capacity
        runStart = 0
        count &+= 8
        flushThreshold = FormattingThread.blockSize
        return true
    }

    /// Hands what is pending to the formatting thread, waits until it has written everything, and
    /// goes back to writing by itself (a write error of the thread is this buffer's from now on).
    /// Does nothing when no formatting thread runs.
    mutating func stopFormattingThread() {
        guard let thread = formattingThread else { return }
        closeRun()
        let error = thread.finish(storage, count: count)
        formattingThread = nil
        flushThreshold = thread.flushThreshold
        startOver()
        runStart = 0
        if writeError == 0 { writeError = error }
    }

    /// Leaves a transition line to the formatting thread: its fields copied into the block, and the
    /// reason's bytes after them.
    @inline(__always)
    mutating func deferTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState,
        _ values: UnsafePointer<GestureValues>, label: UnsafeBufferPointer<UInt8>, reason: UnsafeBufferPointer<UInt8>?
    ) {
        guard let reason else {
            _ = deferTransition(time, previous, state, values, label, reasonCount: -1)
            return
        }
        let at = deferTransition(time, previous, state, values, label, reasonCount: reason.count)
        if let from = reason.baseAddress { at.copyMemory(from: from, byteCount: reason.count) }
    }

    /// Writes the record of a line with a reason of `reasonCount` bytes (-1: none); where they go.
    @inline(__always)
    private mutating func deferTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState,
        _ values: UnsafePointer<GestureValues>, _ label: UnsafeBufferPointer<UInt8>, reasonCount: Int
    ) -> UnsafeMutableRawPointer {
        let reasonSize = Self.padded(max(0, reasonCount))
        // The record, the run's padding before it and the next run's word after it.
        reserve(8 &+ DeferredTransition.maximumSize &+ reasonSize &+ 16)
        closeRun(reserved: true)
        let p = UnsafeMutableRawPointer(base + count)
        p.storeBytes(of: -1, as: Int.self)
        let size = DeferredTransition.store(time, previous, state, values, label, reasonCount, at: p + 8)
        count &+= 8 &+ size &+ reasonSize
        openRun(reserved: true)
        return p + 8 + size
    }

    /// The block so far to the formatting thread, and a fresh one to write on.
    mutating func handOver(to thread: FormattingThread) {
        closeRun()
        guard count > 0 else {
            openRun()
            return
        }
        storage = thread.hand(storage, count: count)
        base = storage.base
        capacity = storage.capacity
        // A block used before: its memo points at bytes of its last use.
        startOver()
        openRun()
    }

    /// Starts a run of plain bytes: its length word, filled in by `closeRun()`.
    @inline(__always) private mutating func openRun(reserved: Bool = false) {
        if !reserved { reserve(8) }
        runStart = count
        count &+= 8
    }

    /// Ends the open run: its length in its word and the count padded, or (empty) its word taken back.
    @inline(__always) private mutating func closeRun(reserved: Bool = false) {
        let n = count &- runStart &- 8
        if n == 0 {
            count = runStart
            return
        }
        if !reserved { reserve(8) }
        UnsafeMutableRawPointer(base + runStart).storeBytes(of: n, as: Int.self)
        count = runStart &+ 8 &+ Self.padded(n)
    }
}
