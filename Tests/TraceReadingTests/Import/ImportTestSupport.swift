import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// Reading device recordings in tests: rows as compact tuples, warnings, errors.
enum ImportSupport {
    /// A row as `(t, id, phase, x, y)`, times rounded to the microsecond.
    struct Row: Equatable, CustomStringConvertible {
        var t: Double, id: Int64, phase: TouchPhase, x: Double, y: Double
        init(_ t: Double, _ id: Int64, _ phase: TouchPhase, _ x: Double, _ y: Double) {
            self.t = t; self.id = id; self.phase = phase; self.x = x; self.y = y
        }
        var description: String { "(\(t), \(id), \(phase), \(x), \(y))" }
    }

    struct Result {
        var rows: [Row] = []
        var lines: [Int] = []
        var warnings: [Diagnostic] = []
        var error: TraceError?
        var screen: Size?
        var format: TraceFormat?

        var warningText: [String] { warnings.map { DiagnosticFormatter().format($0) } }
        var errorText: String? { error.map { DiagnosticFormatter().format($0) } }
    }

    /// Reads `text` (named `rec.txt`) through the frame assembler with sequence checks, as a replay does.
    static func read(
        _ text: String, format: TraceFormat? = nil, options: RecordingImportOptions = RecordingImportOptions(),
        chunkSize: Int? = nil
    ) -> Result {
        var result = Result()
        var warnings: [Diagnostic] = []
        do {
            let source: ByteSource
            if let chunkSize {
                let path = ReadingTestSupport.temporaryFile(Array(text.utf8), suffix: ".txt")
                source = try ByteSource(path: path, chunkSize: chunkSize)
            } else {
                source = ByteSource(text: text, name: "rec.txt")
            }
            let reader = try AnyTraceReader(source: source, format: format, recording: options, warn: { warnings.append($0) })
            result.format = reader.format
            result.screen = reader.screen?.size
            let frames = FrameAssembler(reader: reader, mode: .strict, checksTouchSequence: true) { warnings.append($0) }
            while let frame = try frames.next() {
                for r in frame.rows {
                    guard case .integer(let id) = r.touch else { continue }
                    result.rows.append(Row((r.time * 1e6).rounded() / 1e6, id, r.phase, r.x, r.y))
                    result.lines.append(r.positions.phase.line)
                }
            }
        } catch {
            result.error = error
        }
        result.warnings = warnings
        return result
    }

    /// The path of a fixture under `Tests/Fixtures/recordings`.
    static func fixture(_ name: String) -> String {
        PackageFiles.path("Tests/Fixtures/recordings/" + name)
    }

    /// Replays `path` with `options` as the command line does; stdout text, or the error.
    static func replay(_ path: String, _ options: ReplayOptions = ReplayOptions()) -> (output: String, warnings: [String], error: String?) {
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings: [String] = []
        do {
            try Replayer.run(.path(path), options: options, output: &out, warn: { warnings.append(DiagnosticFormatter().format($0)) })
            return (out.text, warnings, nil)
        } catch {
            return (out.text, warnings, DiagnosticFormatter().format(error))
        }
    }
}
