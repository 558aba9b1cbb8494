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

/// Reads another reader's rows, checked and grouped into frames, on a thread of its own, or as a
/// piece of a ``HelperThread``'s work (the same ``FrameCore`` as ``FrameAssembler``, read row by row
/// as the plain replay reads it: time checks, sequence checks, lenient repairs), handing the rows
/// over in batches through a bounded ``ReaderRing``, each frame's first row marked. The replay loop
/// on the main thread only turns rows into touch changes.
///
/// Warnings travel with the batch, each tagged with the row it was found reading, so the replay
/// reports them where the plain replay does: those up to a frame's first row before the frame
/// before it is sent (``reportWarnings(upTo:_:)``), those found at the end (touches never ended, or
/// just before an error) before the last frame (``end(_:)``). A frame is complete once the next
/// one starts or the trace ends: the rows of one an error cut short are handed over but not sent
/// (``endedWithTheTrace``). The error itself comes after the rows read before it, as in the plain path.
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
    /// before every frame (`reportWarnings(upTo:_:)`), on the replay's thread only, and never
    /// while a warning is being reported changes them: unchecked, as a dynamic exclusivity check
    /// per frame cost ~65 instructions per event of the heavy mix.
    @exclusivity(unchecked) private var warnings: [(row: Int, diagnostic: Diagnostic)] = []
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

    /// Reports the warnings found before row `row` (counted from the trace's first) was read, and
    /// while it was, in order. The replay calls it at each frame's first row, before it sends the
    /// frame before (the plain replay reads that row before it sends that frame).
    @inline(__always)
    package func reportWarnings(upTo row: Int, _ warn: (Diagnostic) -> Void) {
        if _slowPath(warningIndex < warnings.count) { reportSlowly(upTo: row, warn) }
    }

    @inline(never)
    private func reportSlowly(upTo row: Int, _ warn: (Diagnostic) -> Void) {
        while warningIndex < warnings.count && warnings[warningIndex].row <= row {
            warn(warnings[warningIndex].diagnostic)
            warningIndex += 1
        }
        if warningIndex == warnings.count {
            warnings.removeAll(keepingCapacity: true)
            warningIndex = 0
        }
    }

    /// Whether the rows ended with the trace, not with an error: the last frame is then complete
    /// (one an error cut short is not sent, as the plain replay never sends it). Set once the last
    /// batch was taken.
    package var endedWithTheTrace: Bool {
        if case .finished = end { return true }
        return false
    }

    /// After the last batch: reports the warnings left, then throws the reader's or the frame
    /// checks' error, if the trace ended with one.
    package func end(_ warn: (Diagnostic) -> Void) throws(TraceError) {
        reportWarnings(upTo: Int.max, warn)
        if case .failed(let error) = end { throw error }
    }
}

/// The reading thread's work: the rows of the frames assembled from the reader
/// (``FrameCore/nextRowOfFrames(_:_:)``, as the plain replay reads them), copied into the ring's
/// batches (a frame may continue in the next batch), until the end, an error or a cancel. It runs
/// on a thread of its own (`run()`) or as a piece of a ``HelperThread``'s work (`step()`), a
/// batch per step.
final class FrameProducer<Base: TraceReader>: @unchecked Sendable {
    let ring: ReaderRing<FrameRow>
    let base: Base
    // The state between batches, touched by the producing thread only. Taken into locals for a
    // batch (no exclusivity checks per row) and put back after it.
    private var core: FrameCore?
    private var time = 0.0  // the time of the frame the last row belongs to
    private var frames = 0  // frames started
    private var produced = 0  // rows handed over
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
        var core = self.core.take()!
        var time = self.time
        var frames = self.frames
        var produced = self.produced
        let size = ring.batchSize
        let out = ring.batches[slot].rows
        var n = 0
        var end: ReaderRingEnd?
        var warnings: [(row: Int, diagnostic: Diagnostic)] = []
        while n < size {
            // Warnings found while reading the next row, or at the end, come before it is applied.
            let row = produced
            do throws(TraceError) {
                guard let r = try core.nextRowOfFrames(base, { warnings.append((row, $0)) }) else {
                    end = .finished
                    break
                }
                let startsFrame = frames == 0 || r.time != time
                if startsFrame {
                    time = r.time
                    frames &+= 1
                }
                out[n] = FrameRow(time: time, x: r.x, y: r.y, touch: r.touch, phase: r.phase, startsFrame: startsFrame)
                n &+= 1
                produced &+= 1
            } catch {
                end = .failed(error)
                break
            }
        }
        self.core = core
        self.time = time
        self.frames = frames
        self.produced = produced
        ring.publish(slot, count: n, end: end, warnings: warnings)
        slot = (slot + 1) % ring.batchCount
        return end == nil
    }
}
