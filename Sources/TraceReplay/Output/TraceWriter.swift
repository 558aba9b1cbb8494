import GestureEngine
import TraceReading

/// Writes the canonical trace (docs/trace-format.md), the one `replay` reads with no options: CSV
/// with the header `t,id,phase,x,y`, JSON Lines (one event per line) or JSON
/// (`{"screen": ..., "events": [...]}`, the only form that carries the screen size). Five fields per
/// row; numbers in Swift's shortest round-trip form, so the readers get back the very same doubles.
/// `gesturereplay convert` (`TraceConverter`) and `gesturereplay synth` (`SynthTraceWriter`) both
/// write through it.
public struct TraceWriter {
    /// A touch id as the trace writes it: a number, or a name (`"A"`), quoted as the format needs.
    public enum TouchName: Sendable {
        case number(Int)
        case name(String)
    }

    public let format: TraceFormat.Writable
    /// How many rows have been written.
    public private(set) var rowCount = 0

    /// A writer of `format`; call `begin`, then `row` per row, then `end`.
    public init(format: TraceFormat.Writable) {
        self.format = format
    }

    /// The header (CSV) or the opening of the JSON object (with `screen`, points, when known, and
    /// the trace's own `scene` and `expect`, which only JSON carries).
    public func begin(screen: Size?, scene: JSONValue? = nil, expect: JSONValue? = nil, into output: inout OutputBuffer) {
        switch format {
        case .json:
            output.append("{")
            if let screen {
                output.append("\"screen\": {\"width\": ")
                output.append(screen.width.description)
                output.append(", \"height\": ")
                output.append(screen.height.description)
                output.append("},\n ")
            }
            if let scene {
                output.append("\"scene\": ")
                scene.write(into: &output, indent: 1)
                output.append(",\n ")
            }
            if let expect {
                output.append("\"expect\": ")
                expect.write(into: &output, indent: 1)
                output.append(",\n ")
            }
            output.append("\"events\": [\n")
        case .csv: output.append("t,id,phase,x,y\n")
        case .jsonl: break
        }
    }

    /// One row: seconds, the touch, its phase, points.
    public mutating func row(time: Double, touch: TouchName, phase: TouchPhase, x: Double, y: Double, into output: inout OutputBuffer) {
        switch format {
        case .json, .jsonl:
            if format == .json && rowCount > 0 { output.append(",\n") }
            output.append(format == .json ? "  {\"t\": " : "{\"t\": ")
            output.append(time.description)
            output.append(", \"id\": ")
            switch touch {
            case .number(let v): output.append(v)
            case .name(let s): output.appendJSONString(s)
            }
            output.append(", \"phase\": \"")
            output.append(Self.phaseName(phase))
            output.append("\", \"x\": ")
            output.append(x.description)
            output.append(", \"y\": ")
            output.append(y.description)
            output.append(format == .json ? "}" : "}\n")
        case .csv:
            output.append(time.description)
            output.append(",")
            switch touch {
            case .number(let v): output.append(v)
            case .name(let s): output.append(Self.csvField(s))
            }
            output.append(",")
            output.append(Self.phaseName(phase))
            output.append(",")
            output.append(x.description)
            output.append(",")
            output.append(y.description)
            output.append("\n")
        }
        rowCount += 1
    }

    /// Closes the JSON array and object (nothing for CSV and JSON Lines).
    public func end(into output: inout OutputBuffer) {
        if format == .json { output.append("\n]}\n") }
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

    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        var quoted = "\""
        for c in s { if c == "\"" { quoted += "\"\"" } else { quoted.append(c) } }
        return quoted + "\""
    }
}
