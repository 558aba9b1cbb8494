#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import Synchronization
import TraceReading

/// A thread that formats a replay's transition lines and writes its output, so the replay's own
/// thread only runs the engine (docs/performance.md, "Formatting on a thread of its own").
///
/// The replay writes into its ``OutputBuffer`` as always, except that a transition line is left as
/// a record of its fields (``DeferredTransition``); when the buffer fills, the whole block goes to
/// this thread, which writes the plain bytes as they are and each record as the line the renderer
/// would have written, in order, to the same file descriptor. Blocks are recycled: at most
/// ``maximumBlocks`` exist, so a replay that outruns the thread waits for it, and memory stays flat.
/// On a machine with two cores the thread is a ``HelperThread`` that reads the trace too: this
/// object's work is then a piece of it, a block per step.
final class FormattingThread: @unchecked Sendable {
    /// Writes the line of a record (the renderer's `writeTransition`), given its values and reason.
    typealias LineWriter = (
        UnsafePointer<DeferredTransition>, UnsafePointer<GestureValues>, UnsafeBufferPointer<UInt8>?, inout OutputBuffer
    ) -> Void

    /// Blocks in use at once: the one the replay writes, and those queued or being formatted.
    static let maximumBlocks = 4
    /// The bytes of a block handed over (its records and plain bytes; a line's record takes 88 to
    /// 136 bytes). Each block wakes the thread once, and a wake-up cost ~20 µs of system time on
    /// this project's virtual machines: 64 KiB blocks of larger records cost 0.1 to 0.3 s per
    /// million events (docs/performance.md).
    static let blockSize = 1 << 18
    /// How many formatting threads this process started (tests check that a replay used one).
    static let startedCount = Atomic<Int>(0)

    private let writeLine: LineWriter
    /// This thread's own buffer, written to the file descriptor. Only this thread touches it (and
    /// the replay's, after joining it), in short accesses: no run-time exclusivity check.
    @exclusivity(unchecked) private var out: OutputBuffer
    private let blockCapacity: Int
    /// The replay's own threshold (this thread's buffer writes with it), restored when the thread
    /// stops. Read after `finish` only.
    var flushThreshold: Int { out.flushThreshold }

    // Guarded by `mutex`.
    private var queue: [(block: OutputBuffer.Storage, count: Int)] = []
    private var spare: [OutputBuffer.Storage] = []
    private var blocks = 1
    private var finished = false
    private var replayWaits = false
    private var threadWaits = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let workArrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let blockFreed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    /// Set when the lines are formatted as a piece of a ``HelperThread``'s work, not on a thread of
    /// this object's own.
    private let helper: HelperThread?
    /// The helper has written everything (``finish(_:count:)`` waits for it).
    private var drained = false

    /// Starts the thread, or adds the work to `helper`, writing to `fileDescriptor` in blocks of
    /// `flushThreshold` bytes; nil if no thread could be started.
    init?(fileDescriptor: Int32, flushThreshold: Int, blockCapacity: Int, helper: HelperThread? = nil, writeLine: @escaping LineWriter) {
        self.writeLine = writeLine
        self.helper = helper
        self.blockCapacity = blockCapacity
        out = OutputBuffer(fileDescriptor: fileDescriptor, flushThreshold: flushThreshold)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(workArrived, nil)
        pthread_cond_init(blockFreed, nil)
        // The thread (or the helper) holds this object until it ends: a buffer dropped without
        // `stopFormattingThread()` leaves a thread waiting, not one reading freed memory.
        if let helper {
            helper.add(self.step)
        } else {
            guard let thread = startThread({ self.run() }) else { return nil }
            self.thread = thread
        }
        Self.startedCount.add(1, ordering: .relaxed)
    }

    deinit {
        pthread_cond_destroy(workArrived)
        pthread_cond_destroy(blockFreed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        workArrived.deallocate()
        blockFreed.deallocate()
    }

    /// The replay's side: queues the first `count` bytes of `block` and returns a block to write
    /// on, waiting for one while ``maximumBlocks`` are in use.
    func hand(_ block: OutputBuffer.Storage, count: Int) -> OutputBuffer.Storage {
        pthread_mutex_lock(mutex)
        queue.append((block, count))
        wakeThread()
        if spare.isEmpty && blocks >= Self.maximumBlocks {
            replayWaits = true
            while spare.isEmpty { pthread_cond_wait(blockFreed, mutex) }
            replayWaits = false
        }
        let next: OutputBuffer.Storage
        if let free = spare.popLast() {
            next = free
        } else {
            blocks += 1
            next = OutputBuffer.Storage(capacity: blockCapacity)
        }
        pthread_mutex_unlock(mutex)
        return next
    }

    /// The replay's side, at the end: queues the last `count` bytes of `block`, waits until
    /// everything is written, and returns the `errno` of the first write that failed (0: none).
    func finish(_ block: OutputBuffer.Storage, count: Int) -> Int32 {
        pthread_mutex_lock(mutex)
        queue.append((block, count))
        finished = true
        wakeThread()
        if helper != nil {
            while !drained { pthread_cond_wait(blockFreed, mutex) }
        }
        pthread_mutex_unlock(mutex)
        if let thread { pthread_join(thread, nil) }
        thread = nil
        return out.writeError
    }

    /// Wakes the thread or the helper for a block queued (called with `mutex` held: the helper's
    /// own lock is taken inside it, never the other way round).
    private func wakeThread() {
        if let helper {
            helper.wake()
        } else if threadWaits {
            pthread_cond_signal(workArrived)
        }
    }

    /// One block written, if one is queued; once the last is written after `finish`, everything
    /// flushed (`done`). The helper's step, and `run()`'s.
    private func step() -> HelperThread.Step {
        pthread_mutex_lock(mutex)
        if queue.isEmpty {
            let done = finished
            pthread_mutex_unlock(mutex)
            guard done else { return .idle }
            out.flush()
            pthread_mutex_lock(mutex)
            drained = true
            pthread_cond_broadcast(blockFreed)
            pthread_mutex_unlock(mutex)
            return .done
        }
        let (block, count) = queue.removeFirst()
        pthread_mutex_unlock(mutex)
        format(block.base, count: count)
        giveBack(block)
        return .worked
    }

    /// A written block back to the spare ones (the replay may be waiting for it).
    private func giveBack(_ block: OutputBuffer.Storage) {
        pthread_mutex_lock(mutex)
        spare.append(block)
        if replayWaits { pthread_cond_signal(blockFreed) }
        pthread_mutex_unlock(mutex)
    }

    /// On a thread of its own: every step, waiting for work between them.
    private func run() {
        while true {
            switch step() {
            case .worked: continue
            case .done: return
            case .idle:
                pthread_mutex_lock(mutex)
                while queue.isEmpty && !finished {
                    threadWaits = true
                    pthread_cond_wait(workArrived, mutex)
                    threadWaits = false
                }
                pthread_mutex_unlock(mutex)
            }
        }
    }

    /// Writes a block: runs of plain bytes as they are, records as their lines
    /// (``OutputBuffer``'s layout while a formatting thread runs).
    private func format(_ base: UnsafeMutablePointer<UInt8>, count: Int) {
        var p = UnsafeMutableRawPointer(base)
        let end = p + count
        // One record of values, filled from each line's record in turn (its `extra` stays empty).
        var values = GestureValues()
        while p < end {
            let word = p.load(as: Int.self)
            p += 8
            if word >= 0 {
                out.append(UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: word))
                p += OutputBuffer.padded(word)
            } else {
                let record = UnsafeRawPointer(p).assumingMemoryBound(to: DeferredTransition.self)
                p += DeferredTransition.load(p, into: &values)
                let reasonCount = Int(record.pointee.reasonCount)
                let reason =
                    reasonCount < 0 ? nil : UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: reasonCount)
                withUnsafePointer(to: &values) { writeLine(record, $0, reason, &out) }
                p += OutputBuffer.padded(max(0, reasonCount))
            }
            out.flushIfNeeded()
        }
    }
}
