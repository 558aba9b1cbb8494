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
    public enum Target: String, CaseIterable, Sendable {
        case json, jsonl, csv
    }

    /// Converts the trace named by `options` (its input format, time unit, lenient mode, screen
    /// and recording options apply) into `output`, flushed as it fills.
    public static func convert(_ options: ReplayOptions, to target: Target, output: inout OutputBuffer,
                               warn: @escaping (Diagnostic) -> Void = { _ in }) throws(TraceError) {
        let reader = try AnyTraceReader(path: options.inputPath, format: options.inputFormat, timeUnit: options.timeUnit,
                                        recording: options.recordingOptions, warn: warn)
        let screen = options.screen ?? reader.screen?.size
        let frames = FrameAssembler(reader: reader, mode: options.lenient ? .lenient : .strict, checksTouchSequence: true, onWarning: warn)
        let names = reader.touchNames
        switch target {
        case .json:
            output.append("{")
            if let screen { output.append("\"screen\": {\"width\": \(screen.width), \"height\": \(screen.height)},\n ") }
            output.append("\"events\": [\n")
        case .csv: output.append("t,id,phase,x,y\n")
        case .jsonl: break
        }
        var count = 0
        while let frame = try frames.next() {
            for row in frame.rows {
                let phase = phaseName(row.phase)
                switch target {
                case .json, .jsonl:
                    if target == .json && count > 0 { output.append(",\n") }
                    output.append(target == .json ? "  {\"t\": " : "{\"t\": ")
                    output.append(row.time.description)
                    output.append(", \"id\": ")
                    switch row.touch {
                    case .integer(let v): output.append(Int(v))
                    case .name: output.appendJSONString(names.text(of: row.touch))
                    }
                    output.append(", \"phase\": \"")
                    output.append(phase)
                    output.append("\", \"x\": ")
                    output.append(row.x.description)
                    output.append(", \"y\": ")
                    output.append(row.y.description)
                    output.append(target == .json ? "}" : "}\n")
                case .csv:
                    output.append(row.time.description)
                    output.append(",")
                    switch row.touch {
                    case .integer(let v): output.append(Int(v))
                    case .name: output.append(csvField(names.text(of: row.touch)))
                    }
                    output.append(",")
                    output.append(phase)
                    output.append(",")
                    output.append(row.x.description)
                    output.append(",")
                    output.append(row.y.description)
                    output.append("\n")
                }
                count += 1
            }
            output.flushIfNeeded()
        }
        if count == 0 {
            throw .invalidTrace("empty trace: no events", at: SourceLocation(path: reader.path, line: 1, column: 1))
        }
        if target == .json { output.append("\n]}\n") }
        output.flushIfNeeded()
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

    /// A CSV field, quoted when it holds a comma, quote or line break.
    static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        var out = ""
        for c in self { if String(c) == a { out += b } else { out.append(c) } }
        return out
    }
}
