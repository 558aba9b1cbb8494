#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When a replay reads its trace, and assembles and checks its frames, on a thread of its own
/// (``ThreadedFrameReader``). Files only: a pipe, a FIFO, a socket or a terminal is replayed live
/// (docs/live.md), whatever this says.
public enum ReaderThreading: Sendable, Equatable {
    /// For a large regular file (at least ``ReaderThreading/minimumFileSize`` bytes) read as CSV,
    /// JSON Lines or JSON, with more than one core online; the plain streaming path otherwise.
    case automatic
    /// Never (the plain path: the replay loop calls the reader).
    case never
    /// For every CSV, JSON Lines or JSON file, whatever its size.
    case always

    /// The smallest regular file that ``ReaderThreading/automatic`` reads on a thread (8 MiB,
    /// about 250,000 CSV rows: below that, starting a thread is not worth its while).
    public static var minimumFileSize: Int { 8 << 20 }
    /// Whether a replay of the trace at `path` (nil: bytes in memory or a reader opened elsewhere)
    /// gets its thread: `always`; `never`; or, for `automatic`, a regular file of at least
    /// ``minimumFileSize`` bytes with more than one core online. The one rule for the reading
    /// thread and TraceReplay's formatting thread.
    package func usesThread(for path: String?) -> Bool {
        switch self {
        case .never: return false
        case .always: return true
        case .automatic:
            guard let path, path != "-", onlineCoreCount() > 1 else { return false }
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
            return Int(st.st_size) >= Self.minimumFileSize
        }
    }

    /// Whether a replay that reads and formats on threads of their own runs both pieces of work on
    /// one thread (``HelperThread``): `always`; `never`; or, for `automatic`, with two cores or
    /// fewer online (three threads for two cores cost the replay's thread its core now and then:
    /// docs/performance.md, "One helper thread on two cores").
    package var sharesHelperThread: Bool {
        switch self {
        case .never: return false
        case .always: return true
        case .automatic: return onlineCoreCount() <= 2
        }
    }

    /// Rows per batch handed from the reading thread to the replay.
    static var batchSize: Int { 2048 }
    /// Batches in the ring (the reading thread is at most this many batches ahead).
    static var batchCount: Int { 8 }
}

/// Starts a thread that runs `body` (the reading thread; TraceReplay's formatting thread); `nil`
/// if none could be started. The caller joins it.
package func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var tid = pthread_t()
    let started = pthread_create(
        &tid, nil,
        { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
    if started != 0 {
        Unmanaged<Body>.fromOpaque(context).release()
        return nil
    }
    return tid
}

/// How a reading thread's rows ended: at the end of the trace, or at an error.
enum ReaderRingEnd {
    case finished
    case failed(TraceError)
}

/// The ring of batches shared by the reading thread and the consumer, with its lock: a full ring
/// puts the reading thread to sleep until half of it is free again, so it wakes once per few
/// batches rather than per batch. Memory stays flat: ``ReaderThreading/batchCount`` batches of
/// ``ReaderThreading/batchSize`` rows, whatever the trace's length. `Row` is a plain value (copied
/// as bytes between the threads).
final class ReaderRing<Row>: @unchecked Sendable {
    typealias End = ReaderRingEnd

    struct Batch {
        let rows: UnsafeMutablePointer<Row>
        var count = 0
        var end: End?
        /// Warnings found while the batch was filled, each with the row (counted from the trace's
        /// first) it was found reading (``ThreadedFrameReader``; rare, so usually empty).
        var warnings: [(row: Int, diagnostic: Diagnostic)] = []
    }

    // Guarded by `mutex` (the rows of a batch belong to whichever side holds it: the reader
    // from `waitForFree` to `publish`, the consumer from `take` to `release`).
    let batches: UnsafeMutablePointer<Batch>
    let batchCount: Int
    private var filled = 0
    private var cancelled = false
    let batchSize: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var readerWaits = false
    private var consumerWaits = false
    /// Set when a ``HelperThread`` reads instead of a thread of its own: it is woken instead of
    /// `readerWake` being signalled. Set before the first batch, never changed.
    var helper: HelperThread?
    /// The helper's producer has returned its last step (``waitUntilProducerIsDone()``).
    private var producerDone = false
    private let readerWake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let consumerWake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(batchSize: Int, batchCount: Int, blank: Row) {
        precondition(_isPOD(Row.self), "rows are copied as plain bytes between threads")
        self.batchSize = batchSize
        self.batchCount = batchCount
        batches = .allocate(capacity: batchCount)
        for k in 0..<batchCount {
            let rows = UnsafeMutablePointer<Row>.allocate(capacity: batchSize)
            rows.initialize(repeating: blank, count: batchSize)
            (batches + k).initialize(to: Batch(rows: rows))
        }
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(readerWake, nil)
        pthread_cond_init(consumerWake, nil)
    }

    deinit {
        for k in 0..<batchCount { batches[k].rows.deallocate() }
        batches.deinitialize(count: batchCount)
        batches.deallocate()
        pthread_cond_destroy(readerWake)
        pthread_cond_destroy(consumerWake)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        readerWake.deallocate()
        consumerWake.deallocate()
    }

    /// Reader: waits until a batch is free (once the ring is full, until half of it is free);
    /// `false` once the consumer has gone.
    func waitForFree() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            switch readerTurn() {
            case .free: return true
            case .cancelled: return false
            case .full: pthread_cond_wait(readerWake, mutex)
            }
        }
    }

    /// What the reader may do now.
    enum ReaderTurn {
        case free, full, cancelled
    }

    /// Reader on a ``HelperThread``: `waitForFree()` without the wait (the helper is woken when a
    /// full ring is half free again).
    func freeBatchForHelper() -> ReaderTurn {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return readerTurn()
    }

    /// The one rule of both: `full` from the moment the ring is full until half of it is free
    /// again (`readerWaits` meanwhile: `release()` wakes the reader then). Called with `mutex` held.
    private func readerTurn() -> ReaderTurn {
        if cancelled { return .cancelled }
        if filled == batchCount { readerWaits = true }
        if readerWaits {
            if filled > batchCount / 2 { return .full }
            readerWaits = false
        }
        return .free
    }

    /// Reader on a ``HelperThread``: it has taken its last step (published its end, or seen the cancel).
    func producerIsDone() {
        pthread_mutex_lock(mutex)
        producerDone = true
        pthread_cond_broadcast(consumerWake)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer, when a ``HelperThread`` reads: waits until the producer has taken its last step.
    func waitUntilProducerIsDone() {
        pthread_mutex_lock(mutex)
        while !producerDone { pthread_cond_wait(consumerWake, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Reader: hands the batch at `slot` (its first `count` rows written) to the consumer.
    func publish(_ slot: Int, count: Int, end: End?, warnings: [(row: Int, diagnostic: Diagnostic)] = []) {
        pthread_mutex_lock(mutex)
        batches[slot].count = count
        batches[slot].end = end
        batches[slot].warnings = warnings
        filled += 1
        if consumerWaits { pthread_cond_signal(consumerWake) }
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: waits for the batch at `slot` and returns it (its warnings moved out of the ring).
    func take(_ slot: Int) -> Batch {
        pthread_mutex_lock(mutex)
        if filled == 0 {
            consumerWaits = true
            while filled == 0 { pthread_cond_wait(consumerWake, mutex) }
            consumerWaits = false
        }
        let batch = batches[slot]
        if !batch.warnings.isEmpty { batches[slot].warnings = [] }
        pthread_mutex_unlock(mutex)
        return batch
    }

    /// Consumer: hands the batch it read back to the reader.
    func release() {
        pthread_mutex_lock(mutex)
        filled -= 1
        if readerWaits && filled <= batchCount / 2 { wakeReader() }
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: stops the reader (at its next batch).
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        wakeReader()
        pthread_mutex_unlock(mutex)
    }

    /// Wakes the reader (called with `mutex` held: the helper's own lock is taken inside it, never
    /// the other way round).
    private func wakeReader() {
        if let helper { helper.wake() } else { pthread_cond_signal(readerWake) }
    }
}
