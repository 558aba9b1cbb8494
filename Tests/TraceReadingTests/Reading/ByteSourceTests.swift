#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("Byte sources, streaming and format detection")
struct ByteSourceTests {
    typealias S = ReadingTestSupport

    /// One trace in the three formats, with awkward features (quotes, comments, escapes, CRLF).
    static let samples: [(TraceFormat, String)] = {
        var csv = "# header follows\r\nt,id,phase,x,y,note\r\n"
        var jsonl = ""
        var json = "{\"screen\":{\"width\":390,\"height\":844},\n\"events\":[\n"
        for k in 0..<300 {
            let id = k % 3 == 0 ? "\"f\(k % 7)\"" : "\(k % 5)"
            let phase = ["began", "moved", "stationary", "ended", "cancelled"][k % 5]
            let t = Double(k) / 120
            let x = Double(k * 37 % 1000) / 8
            csv += "\(t),\(id),\(phase),\(x),-\(x),\"n,\"\"\(k)\"\"\"\r\n"
            if k % 50 == 0 { csv += "# comment \(k)\r\n\r\n" }
            let event = "{\"t\":\(t),\"id\":\(id),\"phase\":\"\(phase)\",\"x\":\(x),\"y\":-\(x),\"note\":\"\\\"\(k)\\u0041\"}"
            jsonl += event + "\n"
            json += (k == 0 ? "" : ",\n") + event
        }
        json += "\n],\"scene\":{\"views\":[]}}\n"
        return [(.csv, csv), (.jsonl, jsonl), (.json, json)]
    }()

    @Test("small chunks give the same rows as one buffer", arguments: [16, 17, 23, 64, 100, 4096])
    func chunkBoundaries(_ chunk: Int) throws {
        for (format, text) in Self.samples {
            let expected = try S.rows(format, text)
            #expect(expected.count == 300)
            let path = S.temporaryFile(Array(text.utf8), suffix: "." + format.rawValue)
            defer { unlink(path) }
            let source = try ByteSource(path: path, chunkSize: chunk)
            let rows = try AnyTraceReader(source: source, format: format).readAll()
            #expect(rows == expected, "\(format) with \(chunk)-byte chunks")
        }
    }

    @Test("no line break at the end of the file", arguments: [16, 4096])
    func noFinalLineBreak(_ chunk: Int) throws {
        for (format, text) in Self.samples {
            var trimmed = text
            while trimmed.last?.isNewline == true { trimmed.removeLast() }
            let path = S.temporaryFile(Array(trimmed.utf8), suffix: "." + format.rawValue)
            defer { unlink(path) }
            let rows = try AnyTraceReader(source: ByteSource(path: path, chunkSize: chunk), format: format).readAll()
            #expect(rows.count == 300, "\(format)")
            #expect(rows.last?.time == Double(299) / 120)
        }
    }

    @Test("memory stays flat: the buffer does not grow with the trace", arguments: [TraceFormat.csv, .jsonl])
    func flatMemory(_ format: TraceFormat) throws {
        var text = format == .csv ? "t,id,phase,x,y\n" : ""
        for k in 0..<100_000 {
            let t = Double(k) / 100
            text +=
                format == .csv
                ? "\(t),1,moved,\(k % 390),\(k % 844)\n"
                : "{\"t\":\(t),\"id\":1,\"phase\":\"moved\",\"x\":\(k % 390),\"y\":\(k % 844)}\n"
        }
        let path = S.temporaryFile(Array(text.utf8), suffix: "." + format.rawValue)
        defer { unlink(path) }
        let source = try ByteSource(path: path, chunkSize: 4096)
        let reader = try AnyTraceReader(source: source, format: format)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 100_000)
        #expect(text.utf8.count > 2_000_000)
        #expect(source.capacity == 4096)
    }

    @Test func readsFromAPipeWithSniffing() throws {
        for (format, text) in Self.samples where text.utf8.count < 60_000 {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            // Small enough for the pipe buffer: write everything, then read.
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            #expect(written == bytes.count)
            close(fds[1])
            let source = ByteSource(fileDescriptor: fds[0], name: ByteSource.standardInputName, closeOnDeinit: true, chunkSize: 64)
            let reader = try AnyTraceReader(source: source, format: nil)
            #expect(reader.format == format)
            #expect(reader.path == "<stdin>")
            #expect(try reader.readAll() == (try S.rows(format, text)))
        }
    }

    @Test func openByPathUsesTheExtensionThenSniffs() throws {
        for (format, text) in Self.samples {
            let withExtension = S.temporaryFile(Array(text.utf8), suffix: "." + format.rawValue.uppercased())
            let without = S.temporaryFile(Array(text.utf8), suffix: ".trace")
            defer { unlink(withExtension); unlink(without) }
            #expect(try AnyTraceReader(path: withExtension).format == format)
            #expect(try AnyTraceReader(path: without).format == format)
            #expect(try AnyTraceReader(path: without).readAll().count == 300)
        }
        // --input-format wins over the extension.
        let csvAsJSON = S.temporaryFile(Array("[]".utf8), suffix: ".csv")
        defer { unlink(csvAsJSON) }
        #expect(try AnyTraceReader(path: csvAsJSON, format: .json).readAll().isEmpty)
    }

    @Test func cannotOpen() {
        do {
            _ = try AnyTraceReader(path: "/nonexistent/trace.csv")
            Issue.record("expected an error")
        } catch {
            #expect(error.category == .cannotOpen)
            #expect(error.exitCode == 66)
            #expect(
                DiagnosticFormatter().format(error)
                    == "/nonexistent/trace.csv: error: cannot open '/nonexistent/trace.csv': No such file or directory")
        }
        do {
            _ = try ByteSource(path: "/tmp")
            Issue.record("expected an error")
        } catch {
            #expect(error.category == .cannotOpen)
            #expect(error.diagnostic.message.contains("directory"))
        }
    }

    struct SniffCase: Sendable, CustomTestStringConvertible {
        let text: String
        let format: TraceFormat
        var testDescription: String { "\(format): \(text.prefix(30))" }
    }

    static let sniffCases: [SniffCase] = [
        SniffCase(text: "[{\"t\":0}]", format: .json),
        SniffCase(text: "\u{FEFF}\n  [", format: .json),
        SniffCase(text: "{\"events\":[]}", format: .json),
        SniffCase(text: "{\"version\":1,\"events\":[{\"t\":0}]}", format: .json),
        SniffCase(text: "{\"screen\":{\"width\":1,\"height\":1},\n\"events\":[]}", format: .json),
        SniffCase(text: "{\n  \"events\": []\n}", format: .json),
        SniffCase(text: "{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":0,\"y\":0}\n{\"t\":1}", format: .jsonl),
        SniffCase(text: "{\"t\":0,\"note\":\"{[\\\"events\\\"\",\"id\":1}", format: .jsonl),
        SniffCase(text: "t,id,phase,x,y\n", format: .csv),
        SniffCase(text: "# comment\nt,id\n", format: .csv),
        SniffCase(text: "\"t\",\"id\"\n", format: .csv),
        SniffCase(text: "", format: .csv),
    ]

    @Test(arguments: sniffCases)
    func sniffing(_ c: SniffCase) {
        #expect(TraceFormat.sniff(Array(c.text.utf8)) == c.format)
    }

    @Test func namesAndExtensions() {
        #expect(TraceFormat(name: "ndjson") == .jsonl)
        #expect(TraceFormat(name: "JSON") == .json)
        #expect(TraceFormat(name: "xml") == nil)
        #expect(TraceFormat(pathExtensionOf: "a/b.c/trace.NDJSON") == .jsonl)
        #expect(TraceFormat(pathExtensionOf: "trace.csv") == .csv)
        #expect(TraceFormat(pathExtensionOf: "dir.json/trace") == nil)
        #expect(TraceFormat(pathExtensionOf: ".csv") == nil)
        #expect(TraceFormat(pathExtensionOf: "-") == nil)
        #expect(
            TraceFormat.allCases.map(\.name) == [
                "json", "jsonl", "csv", "getevent", "evemu", "libinput", "evtest", "motionevent", "w3c-actions", "appium", "webkit-events",
            ])
        #expect(TimeUnit(name: "ms") == .milliseconds)
        #expect(TimeUnit(name: "µs") == .microseconds)
        #expect(TimeUnit(name: "h") == nil)
        #expect(TimeUnit.allCases.map(\.name) == ["s", "ms", "us", "ns"])
    }

    @Test func inMemorySourcePeekAndPrefetch() throws {
        let source = ByteSource(text: "abc", name: "m")
        try source.prefetch(10)
        #expect(source.peek() == Array("abc".utf8))
        #expect(source.available == 3)
        #expect(source.isAtEOF)
        #expect(try source.refill() == false)
    }
}
