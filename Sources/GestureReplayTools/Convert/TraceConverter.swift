import GestureEngine
import TraceReplay

/// `gesturereplay convert`: reads any trace or device recording (with its device and mapping
/// options) and writes the canonical trace, the one `replay` reads with no options: JSON (with the
/// `screen` when known), JSON Lines or CSV, five fields per row (`t`, `id`, `phase`, `x`, `y`).
///
/// Numbers are written in their shortest round-trip form, so the readers get back the very same
/// doubles: replaying the converted trace gives byte-identical output to replaying the recording.
/// JSON carries the screen used (`--screen`, or the one the recording's mapping worked out) and a
/// JSON trace's own `scene` and `expect`; JSON Lines and CSV carry none of them, and a warning
/// says what was left out and what to give when replaying. Rows go through the same frame and
/// touch-sequence checks as a replay (and `--lenient` repairs), streamed; a position that is not
/// a finite number is an error, never written. So is a touch name CSV cannot carry as written
/// (``csvReadsBack(_:)``: leading or trailing spaces, a CR at the end, a whole number): the
/// converted trace would replay another touch.
///
/// A string id holding any character the format's readers keep converts: JSON and JSON Lines
/// escape it, CSV quotes it (RFC 4180) when it holds a comma, quote or line break.
public enum TraceConverter {
    /// Converts the trace at `inputPath` (`-`: standard input), read with `options` (its input
    /// format, time unit, lenient mode, screen and recording options apply), into `output`, flushed
    /// as it fills. Returns the number of rows written (0 only for a live input stopped by a signal
    /// before its first row).
    @discardableResult
    public static func convert(
        _ inputPath: String, options: ReplayOptions, to target: TraceFormat.Writable, output: inout OutputBuffer,
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> Int {
        let source = try ByteSource(path: inputPath)
        // A live source (a pipe, FIFO, terminal or socket) while the signal handlers are in place
        // (`gesturereplay convert` installs them): SIGINT or SIGTERM end the input, and the rows
        // read so far make the converted trace (docs/live.md, "Stopping").
        var waiter: LiveWaiter?
        if LiveSignals.pipeReadEnd >= 0 && LiveWaiter.canStall(source.fd) {
            waiter = LiveWaiter(idleTime: 0.05)
            source.waiter = waiter
        }
        var format = options.reading.inputFormat
        if format == nil && inputPath != "-" { format = TraceFormat(pathExtensionOf: inputPath) }
        let reader: AnyTraceReader
        do {
            reader = try AnyTraceReader(
                source: source, format: format, timeUnit: options.reading.timeUnit, recording: options.recordingOptions, warn: warn)
        } catch {
            // Stopped before the first complete line: nothing to convert, said quietly.
            if waiter?.stoppedBySignal == true && error.category == .invalidTrace { return 0 }
            throw error
        }
        let screen = options.reading.screen ?? reader.screen?.size
        let frames = FrameAssembler(
            reader: SignalStoppableReader(reader, waiter: waiter, warn: warn), mode: options.reading.lenient ? .lenient : .strict,
            checksTouchSequence: true, onWarning: warn)
        let names = reader.touchNames
        var writer = TraceWriter(format: target)
        // CSV: each touch name checked once, by reading its written field back.
        var csvNames: Set<String> = []
        if target == .json {
            writer.begin(screen: screen, scene: reader.scene, expect: reader.expect, into: &output)
        } else {
            let start = SourceLocation(path: reader.path, line: 1, column: 1)
            let what = target == .csv ? "CSV" : "JSON Lines"
            if let screen {
                warn(
                    .warning(
                        "\(what) cannot carry the screen (\(number(screen.width)) x \(number(screen.height)) pt): replay the converted trace with \(option: .screen, "\(number(screen.width))x\(number(screen.height))"), or convert to JSON",
                        at: start))
            }
            if let scene = reader.scene {
                warn(
                    .warning(
                        "\(what) cannot carry the trace's scene: replay the converted trace with \(option: .scene), or convert to JSON",
                        at: scene.location))
            }
            if let expect = reader.expect {
                warn(.warning("\(what) cannot carry the trace's expect: convert to JSON to keep it", at: expect.location))
            }
            writer.begin(screen: nil, into: &output)
        }
        while let frame = try frames.next() {
            for row in frame.rows {
                guard row.x.isFinite && row.y.isFinite else {
                    throw .invalidTrace(
                        "position (\(row.x), \(row.y)) is not a finite number: it cannot be written",
                        at: SourceLocation(path: reader.path, line: row.positions.x.line, column: row.positions.x.column))
                }
                let touch: TraceWriter.TouchName
                switch row.touch {
                case .integer(let v): touch = .number(Int(v))
                case .name:
                    let name = names.text(of: row.touch)
                    if target == .csv && !csvNames.contains(name) {
                        if let other = csvReadsBack(name) {
                            throw .invalidTrace(
                                "touch id \(QuotedValue.text(name)) cannot be written to CSV as it is: the CSV reader would read it back as \(other) (it trims spaces and tabs around a value and a CR at its end, and reads a whole number as a number id); convert to JSON or JSON Lines, which keep it",
                                at: SourceLocation(path: reader.path, position: row.positions.touch))
                        }
                        csvNames.insert(name)
                    }
                    touch = .name(name)
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

    /// What the CSV reader reads back from the canonical CSV row the writer makes for the touch
    /// name `name`: nil when it is that very name, else what it is instead (`'7'`, the number id
    /// `100`, or the reader's error). The reader is the rule: no second copy of its trimming.
    static func csvReadsBack(_ name: String) -> String? {
        var out = OutputBuffer(fileDescriptor: nil)
        var writer = TraceWriter(format: .csv)
        writer.begin(screen: nil, into: &out)
        writer.row(time: 0, touch: .name(name), phase: .began, x: 0, y: 0, into: &out)
        writer.end(into: &out)
        do {
            let reader = try AnyTraceReader(source: ByteSource(text: out.text, name: "csv"), format: .csv)
            guard let row = try reader.next() else { return "no row" }
            switch row.touch {
            case .integer(let v): return "the number id \(v)"
            case .name:
                let back = reader.touchNames.text(of: row.touch)
                return back == name ? nil : QuotedValue.text(back)
            }
        } catch {
            return "an error (\(error.diagnostic.message))"
        }
    }

    /// `390`, or `392.72727272727275` (exact, as `--screen` reads it back).
    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : v.description
    }
}
