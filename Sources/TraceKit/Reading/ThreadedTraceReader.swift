#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When a replay reads its trace, and assembles and checks its frames, on a thread of its own.
public enum ReaderThreading: Sendable, Equatable {
    /// For a large regular file (at least ``ThreadedTraceReader/minimumFileSize`` bytes) read as CSV
    /// or JSON Lines, with more than one core online; the plain streaming path otherwise.
    case automatic
    /// Never (the plain path: the replay loop calls the reader).
    case never
    /// Whenever the format allows it (CSV and JSON Lines), whatever the input's size or kind.
    case always
}

/// Reads another reader's rows on a thread of its own, handing them over in batches through a
/// bounded ring (a full ring puts the reading thread to sleep until half of it is free again, so
/// it wakes once per few batches rather than per batch), so that parsing runs beside the engine and the output on a second core.
///
/// It is a ``TraceReader`` like any other: the same rows in the same order, then the same end or
/// the same error (the reader's own `TraceError`, thrown after the rows read before it). Memory
/// stays flat: ``batchCount`` batches of ``batchSize`` rows, whatever the trace's length. The
/// wrapped reader must not be used by anyone else once this one exists, and must not report
/// warnings (the CSV and JSON Lines readers report none; device recordings do, and are read
/// plainly). The table of touch names is shared with the reading thread (see
/// ``TouchNameTable/beginSharing()``).
///
/// Stopping early (an error found by the frame assembler, the engine or the output) is safe: the
/// reading thread is told to stop and joined when this reader is released.
public final class ThreadedTraceReader<Base: TraceReader>: TraceReader {
    /// Rows per batch.
    public static var batchSize: Int { 2048 }
    /// Batches in the ring (the reading thread is at most this many batches ahead).
    public static var batchCount: Int { 8 }
    /// The smallest regular file that ``ReaderThreading/automatic`` reads on a thread (8 MiB,
    /// about 250,000 CSV rows: below that, starting a thread is not worth its while).
    public static var minimumFileSize: Int { 8 << 20 }

    public let path: String
    public let touchNames: TouchNameTable

    private let ring: ReaderRing<TraceRow>
    private var thread: pthread_t
    // The consumer's side: the batch being read.
    private var rows: UnsafeMutablePointer<TraceRow>
    private var index = 0
    private var count = 0
    private var slot = -1
    private var end: ReaderRingEnd?

    /// Starts reading `base` on a new thread; `nil` if no thread could be started (read `base`
    /// plainly then).
    public init?(_ base: Base) {
        precondition(_isPOD(TraceRow.self), "rows are copied as plain bytes between threads")
        path = base.path
        touchNames = base.touchNames
        touchNames.beginSharing()
        ring = ReaderRing(batchSize: Self.batchSize, batchCount: Self.batchCount, blank: TraceRow.blank)
        rows = ring.batches[0].rows
        let producer = ReaderProducer(ring: ring) { () throws(TraceError) -> TraceRow? in try base.next() }
        guard let tid = startReadingThread(producer.run) else { return nil }
        thread = tid
    }

    deinit {
        ring.cancel()
        pthread_join(thread, nil)
    }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        if _fastPath(index < count) {
            let row = rows[index]
            index &+= 1
            return row
        }
        return try nextBatch()
    }

    @inline(never)
    private func nextBatch() throws(TraceError) -> TraceRow? {
        while true {
            if let end {
                // After the last batch: the reader's end or error, every time it is asked.
                switch end {
                case .finished: return nil
                case .failed(let error): throw error
                }
            }
            if slot >= 0 { ring.release() }
            slot = (slot + 1) % ring.batchCount
            let batch = ring.take(slot)
            rows = batch.rows
            count = batch.count
            end = batch.end
            index = 0
            if count > 0 {
                index = 1
                return rows[0]
            }
        }
    }
}

extension TraceRow {
    /// A row to fill a ring's batches with before they are used.
    static var blank: TraceRow {
        TraceRow(time: 0, touch: .integer(0), phase: .began, x: 0, y: 0, positions: .init(all: .unknown))
    }
}

/// Starts a thread that runs `body`; `nil` if none could be started.
func startReadingThread(_ body: @escaping () -> Void) -> pthread_t? {
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

/// The ring of batches shared by the reading thread and the consumer, with its lock. `Row` is a
/// plain value (copied as bytes between the threads).
final class ReaderRing<Row>: @unchecked Sendable {
    typealias End = ReaderRingEnd

    struct Batch {
        let rows: UnsafeMutablePointer<Row>
        var count = 0
        var end: End?
        /// Warnings found while the batch was filled, each with the frame it comes before
        /// (``ThreadedFrameReader``; rare, so usually empty).
        var warnings: [(frame: Int, diagnostic: Diagnostic)] = []
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
        if filled == batchCount {
            readerWaits = true
            while filled > batchCount / 2 && !cancelled { pthread_cond_wait(readerWake, mutex) }
            readerWaits = false
        }
        let go = !cancelled
        pthread_mutex_unlock(mutex)
        return go
    }

    /// Reader: fills the batch at `slot` with up to `batchSize` rows from `next`.
    func fill(_ slot: Int, _ next: () throws(TraceError) -> Row?) -> Bool {
        let rows = batches[slot].rows
        var n = 0
        var end: End?
        do throws(TraceError) {
            while n < batchSize {
                guard let row = try next() else {
                    end = .finished
                    break
                }
                rows[n] = row
                n &+= 1
            }
        } catch {
            end = .failed(error)
        }
        publish(slot, count: n, end: end)
        return end == nil
    }

    /// Reader: hands the batch at `slot` (its first `count` rows written) to the consumer.
    func publish(_ slot: Int, count: Int, end: End?, warnings: [(frame: Int, diagnostic: Diagnostic)] = []) {
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
        if readerWaits && filled <= batchCount / 2 { pthread_cond_signal(readerWake) }
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: stops the reader (at its next batch).
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_signal(readerWake)
        pthread_mutex_unlock(mutex)
    }
}

/// The reading thread's work: fill batches in ring order until the end, an error or a cancel.
final class ReaderProducer: @unchecked Sendable {
    let ring: ReaderRing<TraceRow>
    let next: () throws(TraceError) -> TraceRow?

    init(ring: ReaderRing<TraceRow>, next: @escaping () throws(TraceError) -> TraceRow?) {
        self.ring = ring
        self.next = next
    }

    func run() {
        var slot = 0
        while ring.waitForFree() {
            if !ring.fill(slot, next) { return }
            slot = (slot + 1) % ring.batchCount
        }
    }
}
