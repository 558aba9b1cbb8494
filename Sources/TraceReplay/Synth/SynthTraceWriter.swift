import GestureEngine
import TraceReading

/// Writes a ``SynthTrace`` as an ordinary trace (docs/trace-format.md): CSV with the header
/// `t,id,phase,x,y`, JSON Lines (one event per line) or JSON (`{"screen": ..., "events": [...]}`,
/// the only form that carries the screen size, which `edge` gestures need).
///
/// Numbers are written in Swift's shortest round-trip form, so the readers get back the very same
/// doubles. The rows go through `TraceWriter`, as `gesturereplay convert`'s do.
public enum SynthTraceWriter {
    /// Appends `trace` in `format` to `output` (flushed as it fills).
    public static func write(_ trace: SynthTrace, as format: TraceFormat.Writable, to output: inout OutputBuffer) {
        var writer = TraceWriter(format: format)
        writer.begin(screen: trace.screen, into: &output)
        for row in trace.rows {
            writer.row(time: row.time, touch: .number(row.touch), phase: row.phase, x: row.x, y: row.y, into: &output)
            output.flushIfNeeded()
        }
        writer.end(into: &output)
        output.flushIfNeeded()
    }

    /// `trace` in `format`, as text.
    public static func text(_ trace: SynthTrace, as format: TraceFormat.Writable) -> String {
        var output = OutputBuffer(fileDescriptor: nil)
        write(trace, as: format, to: &output)
        return output.text
    }
}

extension SynthTrace {
    /// The trace as a replay input (`Replayer.replay(trace.input())`), written in `format` (JSON by
    /// default: it carries the screen, so edge gestures reach the default scene's screen-edge pan)
    /// and named `name` in diagnostics.
    public func input(as format: TraceFormat.Writable = .json, name: String? = nil) -> TraceInput {
        .bytes(Array(SynthTraceWriter.text(self, as: format).utf8), name: name ?? "synth.\(format.rawValue)")
    }
}
