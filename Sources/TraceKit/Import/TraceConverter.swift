import GestureEngine

/// `gesturereplay convert`: reads any trace or device recording (with its device and mapping
/// options) and writes the canonical trace, the one `replay` reads with no options: JSON (with the
/// `screen` when known), JSON Lines or CSV, five fields per row (`t`, `id`, `phase`, `x`, `y`).
///
/// Numbers are written in their shortest round-trip form, so the readers get back the very same
/// doubles: replaying the converted trace gives byte-identical output to replaying the recording
/// (for JSON Lines and CSV, which carry no screen, give the same `--screen`). Rows go through the
/// same frame and touch-sequence checks as a replay (and `--lenient` repairs), streamed.
public enum TraceConverter {
    /// The output format.
    public typealias Target = TraceWriter.Format

    /// Converts the trace named by `options` (its input format, time unit, lenient mode, screen
    /// and recording options apply) into `output`, flushed as it fills. Returns the number of rows
    /// written (0 only for a live input stopped by a signal before its first row).
    @discardableResult
    public static func convert(
        _ options: ReplayOptions, to target: Target, output: inout OutputBuffer,
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> Int {
        let source = try ByteSource(path: options.inputPath)
        // A live source (a pipe, FIFO, terminal or socket) while the signal handlers are in place
        // (`gesturereplay convert` installs them): SIGINT or SIGTERM end the input, and the rows
        // read so far make the converted trace (docs/live.md, "Stopping").
        var waiter: LiveWaiter?
        if LiveSignals.pipeReadEnd >= 0 && LiveWaiter.canStall(source.fd) {
            waiter = LiveWaiter(idleTime: 0.05)
            source.waiter = waiter
        }
        var format = options.inputFormat
        if format == nil && options.inputPath != "-" { format = TraceFormat(pathExtensionOf: options.inputPath) }
        let reader: AnyTraceReader
        do {
            reader = try AnyTraceReader(
                source: source, format: format, timeUnit: options.timeUnit, recording: options.recordingOptions, warn: warn)
        } catch {
            // Stopped before the first complete line: nothing to convert, said quietly.
            if waiter?.stoppedBySignal == true && error.category == .invalidTrace { return 0 }
            throw error
        }
        let screen = options.screen ?? reader.screen?.size
        let frames = FrameAssembler(
            reader: SignalStoppableReader(reader, waiter: waiter, warn: warn), mode: options.lenient ? .lenient : .strict,
            checksTouchSequence: true, onWarning: warn)
        let names = reader.touchNames
        var writer = TraceWriter(format: target)
        writer.begin(screen: screen, into: &output)
        while let frame = try frames.next() {
            for row in frame.rows {
                let touch: TraceWriter.TouchName
                switch row.touch {
                case .integer(let v): touch = .number(Int(v))
                case .name: touch = .name(names.text(of: row.touch))
                }
                writer.row(time: row.time, touch: touch, phase: row.phase, x: row.x, y: row.y, into: &output)
            }
            output.flushIfNeeded()
        }
        if writer.rowCount == 0 && waiter?.stoppedBySignal != true {
            throw .emptyTrace(reader.path)
        }
        writer.end(into: &output)
        output.flushIfNeeded()
        return writer.rowCount
    }
}
