#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// A row as the replay applies it, once frames are assembled and checked: what the engine needs
/// (the source positions stay on the reading thread, which made every diagnostic that needs them).
package struct FrameRow {
    /// The time of the row's frame (seconds).
    package var time: Double
    package var x: Double
    package var y: Double
    package var touch: TouchID
    package var phase: TouchPhase
    /// The first row of a frame.
    package var startsFrame: Bool

    package static var blank: FrameRow { FrameRow(time: 0, x: 0, y: 0, touch: .integer(0), phase: .began, startsFrame: false) }
}

/// Reads another reader's rows and assembles them into frames on a thread of its own, or as a
/// piece of a ``HelperThread``'s work (the same ``FrameCore`` as ``FrameAssembler``: time checks,
/// sequence checks, lenient repairs), handing the checked rows over in batches through a bounded
/// ``ReaderRing``, each frame's first row marked. The replay loop on the main thread only turns rows
/// into touch changes.
///
/// Warnings found while frames are assembled travel with the batch, each tagged with the frame it
/// was found before (the plain path reports it from the `next()` call that returns that frame), so
/// the replay reports them at the same point: before that frame is sent (``reportWarnings(before:_:)``),
/// and those found at the end (touches never ended, or just before an error) after the last frame
/// (``end(_:)``). The error itself, if any, comes after the rows read before it, as in the plain path.
///
/// The wrapped reader must not be used by anyone else once this one exists, and must not report
/// warnings of its own (the CSV, JSON Lines and JSON readers report none; device recordings do, and are
/// read plainly). The table of touch names is shared with the reading thread (see
/// ``TouchNameTable/beginSharing()``). Stopping early (an error found by the engine or the output)
/// is safe: the reading is told to stop when this reader is released, which waits until it has
/// (the thread joined, or the helper's piece done).
package final class ThreadedFrameReader<Base: TraceReader> {
    package let path: String
    private let ring: ReaderRing<FrameRow>
    /// The reading thread; nil when a ``HelperThread`` reads.
    private let thread: pthread_t?
    private var slot = -1
    private var end: ReaderRingEnd?
    /// Warnings taken from the batches and not reported yet, in order (consumer's side). Read
    /// before every frame (`reportWarnings(before:_:)`), on the replay's thread only, and never
    /// while a warning is being reported changes them: unchecked, as a dynamic exclusivity check
    /// per frame cost ~65 instructions per event of the heavy mix.
    @exclusivity(unchecked) private var warnings: [(frame: Int, diagnostic: Diagnostic)] = []
    @exclusivity(unchecked) private var warningIndex = 0

    /// Starts reading and assembling `base` on a new thread, or as a piece of `helper`'s work
    /// (``HelperThread``); `nil` if no thread could be started.
    package init?(_ base: Base, mode: TraceValidationMode, helper: HelperThread? = nil) {
        path = base.path
        base.touchNames.beginSharing()
        ring = ReaderRing(batchSize: ReaderThreading.batchSize, batchCount: ReaderThreading.batchCount, blank: .blank)
        let producer = FrameProducer(ring: ring, base: base, mode: mode)
        if let helper {
            ring.helper = helper
            helper.add(producer.step)
            thread = nil
            return
        }
        guard let tid = startThread(producer.run) else { return nil }
        thread = tid
    }

    deinit {
        ring.cancel()
        // The reader is the caller's again once this is gone: the producer must have stopped.
        if let thread { pthread_join(thread, nil) } else { ring.waitUntilProducerIsDone() }
    }

    /// The next batch of rows (at least one), or `nil` after the last one. A batch stays valid
    /// until the next call.
    package func nextBatch() -> UnsafeBufferPointer<FrameRow>? {
        while end == nil {
            if slot >= 0 { ring.release() }
            slot = (slot + 1) % ring.batchCount
            let batch = ring.take(slot)
            end = batch.end
            if _slowPath(!batch.warnings.isEmpty) { warnings.append(contentsOf: batch.warnings) }
            if batch.count > 0 { return UnsafeBufferPointer(start: batch.rows, count: batch.count) }
        }
        return nil
    }

    /// Reports the warnings found before frame `frame` (0-based) was assembled, in order.
    @inline(__always)
    package func reportWarnings(before frame: Int, _ warn: (Diagnostic) -> Void) {
        if _slowPath(warningIndex < warnings.count) { reportSlowly(before: frame, warn) }
    }

    @inline(never)
    private func reportSlowly(before frame: Int, _ warn: (Diagnostic) -> Void) {
        while warningIndex < warnings.count && warnings[warningIndex].frame <= frame {
            warn(warnings[warningIndex].diagnostic)
            warningIndex += 1
        }
        if warningIndex == warnings.count {
            warnings.removeAll(keepingCapacity: true)
            warningIndex = 0
        }
    }

    /// After the last batch: reports the warnings left, then throws the reader's or the frame
    /// checks' error, if the trace ended with one.
    package func end(_ warn: (Diagnostic) -> Void) throws(TraceError) {
        reportWarnings(before: Int.max, warn)
        if case .failed(let error) = end { throw error }
    }
}

/// The reading thread's work: frames assembled from the reader, their rows copied into the ring's
/// batches (a frame may continue in the next batch), until the end, an error or a cancel. It runs
/// on a thread of its own (`run()`) or as a piece of a ``HelperThread``'s work (`step()`), a
/// batch per step.
final class FrameProducer<Base: TraceReader>: @unchecked Sendable {
    let ring: ReaderRing<FrameRow>
    let base: Base
    // The state between batches, touched by the producing thread only. Taken into locals for a
    // batch (no exclusivity checks per row) and put back after it.
    private var core: FrameCore?
    private var rows: [TraceRow] = []  // the frame being copied, from `pos` on
    private var time = 0.0
    private var pos = 0
    private var frames = 0
    private var slot = 0

    init(ring: ReaderRing<FrameRow>, base: Base, mode: TraceValidationMode) {
        self.ring = ring
        self.base = base
        let validator = TraceSequenceValidator(mode: mode, path: base.path, touchNames: base.touchNames)
        core = FrameCore(mode: mode, validator: validator)
    }

    /// On a thread of its own: every batch, waiting for free ones.
    func run() {
        while ring.waitForFree() {
            if !fillBatch() { return }
        }
    }

    /// On a ``HelperThread``: one batch if one is free.
    func step() -> HelperThread.Step {
        switch ring.freeBatchForHelper() {
        case .full: return .idle
        case .free: if fillBatch() { return .worked }
        case .cancelled: break
        }
        ring.producerIsDone()
        return .done
    }

    /// Fills the next batch and hands it over; false once it carried the end (or an error).
    private func fillBatch() -> Bool {
        // Taken out of the object, so the frame's rows are the core's alone and it reuses them.
        var core = self.core.take()!
        var rows = self.rows
        self.rows = []
        var time = self.time
        var pos = self.pos
        var frames = self.frames
        let size = ring.batchSize
        let out = ring.batches[slot].rows
        var n = 0
        var end: ReaderRingEnd?
        var warnings: [(frame: Int, diagnostic: Diagnostic)] = []
        while n < size {
            if pos < rows.count {
                let k = min(rows.count &- pos, size &- n)
                rows.withUnsafeBufferPointer { b in
                    for i in 0..<k {
                        let r = b[pos &+ i]
                        out[n &+ i] = FrameRow(time: time, x: r.x, y: r.y, touch: r.touch, phase: r.phase, startsFrame: pos &+ i == 0)
                    }
                }
                n &+= k
                pos &+= k
                continue
            }
            // Drop the reference to the core's rows first, so that it reuses them (no copy).
            rows = []
            let index = frames
            do throws(TraceError) {
                guard let frame = try core.next(base, { warnings.append((index, $0)) }) else {
                    end = .finished
                    break
                }
                rows = frame.rows
                time = frame.time
                pos = 0
                frames &+= 1
            } catch {
                end = .failed(error)
                break
            }
        }
        self.core = core
        self.rows = rows
        self.time = time
        self.pos = pos
        self.frames = frames
        ring.publish(slot, count: n, end: end, warnings: warnings)
        slot = (slot + 1) % ring.batchCount
        return end == nil
    }
}
