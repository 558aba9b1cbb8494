import GestureEngine

/// Writes a ``SynthTrace`` as an ordinary trace (docs/trace-format.md): CSV with the header
/// `t,id,phase,x,y`, JSON Lines (one event per line) or JSON (`{"screen": ..., "events": [...]}`,
/// the only form that carries the screen size, which `edge` gestures need).
///
/// Numbers are written in Swift's shortest round-trip form, so the readers get back the very same
/// doubles. The layout is the one of `gesturereplay convert`'s writer on the importers branch
/// (`TraceConverter`), which was not in main when this was written: the two can become one.
public enum SynthTraceWriter {
    /// The written format.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case csv, jsonl, json

        /// The format named by a file name's extension (`.csv`, `.jsonl`/`.ndjson`, `.json`), if any.
        public init?(extensionOf path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: ".") else { return nil }
            switch name[name.index(after: dot)...].lowercased() {
            case "csv": self = .csv
            case "jsonl", "ndjson": self = .jsonl
            case "json": self = .json
            default: return nil
            }
        }
    }

    /// Appends `trace` in `format` to `output` (flushed as it fills).
    public static func write(_ trace: SynthTrace, as format: Format, to output: inout OutputBuffer) {
        switch format {
        case .json:
            output.append("{\"screen\": {\"width\": ")
            output.append(trace.screen.width.description)
            output.append(", \"height\": ")
            output.append(trace.screen.height.description)
            output.append("},\n \"events\": [\n")
        case .csv: output.append("t,id,phase,x,y\n")
        case .jsonl: break
        }
        for (index, row) in trace.rows.enumerated() {
            switch format {
            case .json, .jsonl:
                if format == .json && index > 0 { output.append(",\n") }
                output.append(format == .json ? "  {\"t\": " : "{\"t\": ")
                output.append(row.time.description)
                output.append(", \"id\": ")
                output.append(row.touch)
                output.append(", \"phase\": \"")
                output.append(phaseName(row.phase))
                output.append("\", \"x\": ")
                output.append(row.x.description)
                output.append(", \"y\": ")
                output.append(row.y.description)
                output.append(format == .json ? "}" : "}\n")
            case .csv:
                output.append(row.time.description)
                output.append(",")
                output.append(row.touch)
                output.append(",")
                output.append(phaseName(row.phase))
                output.append(",")
                output.append(row.x.description)
                output.append(",")
                output.append(row.y.description)
                output.append("\n")
            }
            output.flushIfNeeded()
        }
        if format == .json { output.append("\n]}\n") }
        output.flushIfNeeded()
    }

    /// `trace` in `format`, as text.
    public static func text(_ trace: SynthTrace, as format: Format) -> String {
        var output = OutputBuffer(fileDescriptor: nil)
        write(trace, as: format, to: &output)
        return output.text
    }

    static func phaseName(_ phase: TouchPhase) -> StaticString {
        switch phase {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension SynthTrace {
    /// The trace as a replay input (`Replayer.replay(trace.input())`), written in `format` (JSON by
    /// default: it carries the screen, so edge gestures reach the default scene's screen-edge pan)
    /// and named `name` in diagnostics.
    public func input(as format: SynthTraceWriter.Format = .json, name: String? = nil) -> TraceInput {
        .bytes(Array(SynthTraceWriter.text(self, as: format).utf8), name: name ?? "synth.\(format.rawValue)")
    }
}
