import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay

/// A long stream of touches with string ids keeps the replay's name table and id map small
/// (issue 30 #16: 800,000 UUID-like ids used 172 MB), with output identical to a replay that
/// cannot forget (reading on a thread of its own: the table is shared, so nothing leaves it).
@Suite("String touch ids are forgotten after their touch ends")
struct StringTouchIDTests {
    /// `taps` taps (and a two-finger overlap every tenth), each finger with an id of its own; every
    /// fifth id is used again later for a new touch, as a live source may.
    static func trace(taps: Int) -> String {
        var csv = "t,id,phase,x,y\n"
        for k in 0..<taps {
            let t = Double(k) * 0.6
            let id = k % 5 == 0 ? "finger-again-\(k % 50)" : "finger-\(k)-5f2c9a1e-77d0-4b8e-9c61-\(k % 97)"
            csv += "\(t),\(id),began,\(100 + k % 40),300\n"
            if k % 10 == 0 {
                csv += "\(t + 0.02),second-\(k),began,200,300\n\(t + 0.04),second-\(k),ended,200,300\n"
            }
            csv += "\(t + 0.05),\(id),moved,\(101 + k % 40),301\n\(t + 0.1),\(id),ended,\(101 + k % 40),301\n"
        }
        return csv
    }

    /// Replays `path` (on the plain path unless `threaded`), returning the output, the table's size
    /// and the map's labels.
    static func replay(_ path: String, threaded: Bool = false, views: Bool = false) throws -> (output: [UInt8], names: Int, labels: Int) {
        var options = ReplayOptions()
        options.output.format = .jsonl
        options.reading.readerThreading = threaded ? .always : .never
        options.output.reportViews = views
        options.output.reportTouches = true
        let reader = try AnyTraceReader(
            path: path, format: nil, timeUnit: .seconds, recording: options.recordingOptions, warn: { _ in })
        let run = try Replayer.prepare(reader, scene: nil, options, warn: { _ in }, observer: nil)
        let sink = ReplayOutput(
            renderer: JSONLinesRenderer(), buffer: OutputBuffer(fileDescriptor: nil), touchIDs: run.touchIDs, options: options)
        var output = OutputBuffer(fileDescriptor: nil)
        try Replayer.replay(reader, path, run, sink, options, &output, { _ in })
        return (output.bytes, reader.touchNames.count, sink.touchIDs.labelCount)
    }

    @Test("5,000 taps with their own string ids: names and labels bounded, output as when nothing is forgotten")
    func namesStaySmall() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("strings.csv", Self.trace(taps: 5_000))
        let streamed = try Self.replay(path)
        let threaded = try Self.replay(path, threaded: true)
        #expect(streamed.output == threaded.output)
        #expect(streamed.output.count > 100_000)
        // Streamed: a name stays while the sequence check remembers its end (the last 1,024 ends)
        // and goes after: far fewer than the 5,500 names of the trace.
        #expect(streamed.names <= 1_100)
        #expect(streamed.labels <= 2)
        // Threaded: the table is shared with the reading thread and keeps every name.
        #expect(threaded.names > 4_000)
    }

    @Test("with --views the ended touches' labels are kept (a held delivery may print them later)")
    func viewsKeepLabels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("strings.csv", Self.trace(taps: 300))
        let streamed = try Self.replay(path, views: true)
        let threaded = try Self.replay(path, threaded: true, views: true)
        #expect(streamed.output == threaded.output)
        #expect(streamed.labels > 250)
    }
}
