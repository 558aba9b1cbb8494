import GestureEngine
import TraceReplay

/// A trace read whole for `gesturereplay shrink`: its rows in seconds and points (in the order the
/// replay reads them: sorted with `--sort`), and what the file carries besides (its screen, its
/// `scene` and `expect` members), written back in the trace's own format around the rows kept.
public struct ShrinkDocument: Sendable {
    /// The trace's path, for messages.
    public var path: String
    public var rows: [ShrinkRow]
    /// The format read.
    public var format: TraceFormat
    /// The screen, points: the JSON trace's `screen`, or a device recording's mapped size.
    public var screen: Size?
    /// The JSON trace's own `scene` member.
    public var scene: JSONValue?
    /// The JSON trace's own `expect` member.
    public var expect: JSONValue?

    public init(
        path: String, rows: [ShrinkRow], format: TraceFormat, screen: Size? = nil, scene: JSONValue? = nil, expect: JSONValue? = nil
    ) {
        self.path = path
        self.rows = rows
        self.format = format
        self.screen = screen
        self.scene = scene
        self.expect = expect
    }

    /// Reads the trace at `tracePath` as the replay with `options` would (format, time unit,
    /// `--sort`, a device recording's mapping onto points). Throws the reader's positioned errors;
    /// the rows are checked by replaying them (``ShrinkOracle``).
    public static func read(
        _ tracePath: String, options: ReplayOptions, warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> ShrinkDocument {
        let reader = try AnyTraceReader(
            path: tracePath, format: options.reading.inputFormat,
            timeUnit: options.reading.detectsTimeUnit ? .seconds : options.reading.timeUnit,
            recording: options.recordingOptions, warn: warn)
        var rows: [ShrinkRow] = []
        let names = reader.touchNames
        func add(_ row: TraceRow) {
            rows.append(ShrinkRow(time: row.time, touch: names.text(of: row.touch), phase: row.phase, x: row.x, y: row.y))
        }
        if options.reading.sortsByTime || options.reading.detectsTimeUnit {
            let ahead = try ReadAheadTraceReader(
                reader, sort: options.reading.sortsByTime, detectUnit: options.reading.detectsTimeUnit, note: warn)
            while let row = try ahead.next() { add(row) }
        } else {
            while let row = try reader.next() { add(row) }
        }
        if rows.isEmpty { throw .emptyTrace(reader.path) }
        return ShrinkDocument(
            path: reader.path, rows: rows, format: reader.format, screen: options.reading.screen ?? reader.screen?.size,
            scene: reader.scene,
            expect: reader.expect)
    }

    /// The format `shrink` writes: the trace's own; a device recording's (a trace in points) from
    /// `outputPath`'s extension, else JSON (which keeps the screen).
    public func outputFormat(outputPath: String?) -> TraceFormat.Writable {
        format.writable ?? outputPath.flatMap(TraceFormat.Writable.init(pathExtensionOf:)) ?? .json
    }

    /// `rows` as a trace of `format` (``TraceWriter``); JSON keeps the screen, the scene and the
    /// expectations the trace carried.
    public func text(_ rows: [ShrinkRow], as format: TraceFormat.Writable) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        Self.write(rows, as: format, screen: format == .json ? screen : nil, scene: scene, expect: expect, into: &out)
        return out.text
    }

    /// `rows` as a canonical CSV trace (the candidates ``ShrinkOracle`` replays).
    static func csvBytes(_ rows: [ShrinkRow]) -> [UInt8] {
        var out = OutputBuffer(fileDescriptor: nil)
        write(rows, as: .csv, screen: nil, scene: nil, expect: nil, into: &out)
        return out.bytes
    }

    private static func write(
        _ rows: [ShrinkRow], as format: TraceFormat.Writable, screen: Size?, scene: JSONValue?, expect: JSONValue?,
        into out: inout OutputBuffer
    ) {
        var writer = TraceWriter(format: format)
        writer.begin(screen: screen, scene: scene, expect: expect, into: &out)
        for r in rows {
            let touch: TraceWriter.TouchName = Int(r.touch).map { String($0) == r.touch ? .number($0) : .name(r.touch) } ?? .name(r.touch)
            writer.row(time: r.time, touch: touch, phase: r.phase, x: r.x, y: r.y, into: &out)
        }
        writer.end(into: &out)
    }
}
