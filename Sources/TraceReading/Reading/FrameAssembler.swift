/// One frame: the rows that share a timestamp, in file order.
public struct TraceFrame: Sendable {
    /// The frame's time, seconds.
    public var time: Double
    /// The rows (at least one). A touch may appear more than once (for
    /// example its last move and its lift); apply the rows in order.
    public var rows: [TraceRow]
}

/// Groups consecutive rows with the same timestamp into frames, checks that
/// time never goes backwards and, optionally, checks touch sequences with a
/// ``TraceSequenceValidator``.
///
/// The rows array is reused from frame to frame: as long as the caller does
/// not keep a frame past the next call to ``next()``, reading allocates
/// nothing per frame.
///
/// Errors point at the offending value: a time going backwards at its time
/// value (with a note at the previous row's time). In lenient mode the time is
/// clamped to the previous time (so the row joins the current frame) and a
/// warning is reported.
public final class FrameAssembler<Reader: TraceReader> {
    /// The row source.
    public let reader: Reader
    /// Strict or lenient.
    public let mode: TraceValidationMode
    /// Receives warnings (lenient repairs, touches never ended).
    public let onWarning: (Diagnostic) -> Void

    /// Internal: also read row by row by the replay's specialized `nextRowOfFrames()`
    /// (Input/FrameAssembler+AnyTraceReader.swift).
    let core: CoreBox<FrameCore>

    /// Creates an assembler over `reader`. With `checksTouchSequence`, rows are
    /// also checked (or repaired, in lenient mode) by a ``TraceSequenceValidator``.
    public init(
        reader: Reader, mode: TraceValidationMode = .strict, checksTouchSequence: Bool = false,
        onWarning: @escaping (Diagnostic) -> Void = { _ in }
    ) {
        self.reader = reader
        self.mode = mode
        self.onWarning = onWarning
        let validator = checksTouchSequence ? TraceSequenceValidator(mode: mode, path: reader.path, touchNames: reader.touchNames) : nil
        self.core = CoreBox(FrameCore(mode: mode, validator: validator))
    }

    /// The next frame, or `nil` at the end of the trace.
    /// Not reentrant: `onWarning` must not call back into this assembler.
    public func next() throws(TraceError) -> TraceFrame? {
        try core.value.next(reader, onWarning)
    }

    deinit { core.release() }
}

/// The assembler's state, as a value type (one exclusivity check per frame
/// instead of one per field access).
struct FrameCore {
    let mode: TraceValidationMode
    var validator: TraceSequenceValidator?
    private var rows: [TraceRow] = []
    private var pending: TraceRow?
    private var timeOrder = TimeOrder()
    private var finished = false

    init(mode: TraceValidationMode, validator: TraceSequenceValidator?) {
        self.mode = mode
        self.validator = validator
        rows.reserveCapacity(16)
    }

    mutating func next<Reader: TraceReader>(_ reader: Reader, _ warn: (Diagnostic) -> Void) throws(TraceError) -> TraceFrame? {
        // Element by element: `removeAll(keepingCapacity:)` goes through a
        // generic `replaceSubrange` that costs more than the few rows of a frame.
        while !rows.isEmpty { rows.removeLast() }
        // The row read ahead, if any, starts the frame (``nextRowOfFrames(_:_:)`` hands it back).
        guard let first = try nextRowOfFrames(reader, warn) else { return nil }
        let time = first.time
        rows.append(first)
        while let row = try nextRow(reader, warn) {
            if row.time == time {
                rows.append(row)
            } else {
                pending = row
                break
            }
        }
        return TraceFrame(time: time, rows: rows)
    }

    /// The next row of the frames ``next(_:_:)`` would return, in order, with the same checks and
    /// warnings at the same reads (a row that starts a frame is read before the previous frame is
    /// complete, as ``next(_:_:)`` reads it). The consumer groups rows by their `time`; it may follow
    /// calls of ``next(_:_:)`` (the row that one read ahead comes first) but not precede them.
    @inline(__always)
    mutating func nextRowOfFrames<Reader: TraceReader>(_ reader: Reader, _ warn: (Diagnostic) -> Void) throws(TraceError) -> TraceRow? {
        if _slowPath(pending != nil) {
            defer { pending = nil }
            return pending
        }
        return try nextRow(reader, warn)
    }

    /// The next row after time and sequence checks.
    @inline(__always)
    private mutating func nextRow<Reader: TraceReader>(_ reader: Reader, _ warn: (Diagnostic) -> Void) throws(TraceError) -> TraceRow? {
        while true {
            guard var row = try reader.next() else {
                if !finished {
                    finished = true
                    if let validator { for w in validator.finish() { warn(w) } }
                }
                return nil
            }
            try CoordinateRange.check(row, in: reader)
            if let backwards = timeOrder.check(row, in: reader) {
                if mode == .strict { throw backwards.error }
                warn(backwards.warning("clamped to \(timeOrder.lastTime) s"))
                row.time = timeOrder.lastTime
            }
            if validator != nil {
                guard try validator!.check(&row, warn: warn) else { continue }
            }
            return row
        }
    }
}

/// Hints attached to sequence errors.
enum TraceHints {
    /// The note that names `--sort` (rows exported out of time order, finger by finger) and what
    /// `--lenient` would do instead.
    static func unsortedOrLenient(lenient: String) -> Diagnostic {
        .note(
            "if the rows are not in time order (exported finger by finger), \(option: .sort) orders them by time; \(option: .lenient) \(lenient)",
            at: nil)
    }
}
