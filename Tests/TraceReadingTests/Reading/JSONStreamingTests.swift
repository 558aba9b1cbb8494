#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// Everything a JSON trace reader gives for a document: the top-level
/// members, every row, and the error that ended the reading (opening or
/// reading), message, position and notes included.
struct JSONReadOutcome: Equatable, CustomStringConvertible {
    var isObjectForm = false
    var screen: TraceScreen?
    var scene: JSONValue?
    var expect: JSONValue?
    var rows: [TraceRow] = []
    var error: TraceError?

    var description: String {
        "object \(isObjectForm), screen \(String(describing: screen)), scene \(scene != nil), expect \(expect != nil), \(rows.count) rows, error \(error.map { "\($0)" } ?? "none")"
    }

    /// Reads with the streaming reader; `inspect` sees the reader after its last row.
    static func streaming(_ open: () throws(TraceError) -> ByteSource, inspect: (JSONTraceReader) -> Void = { _ in }) -> JSONReadOutcome {
        var o = JSONReadOutcome()
        do {
            let r = try JSONTraceReader(source: try open())
            (o.isObjectForm, o.screen, o.scene, o.expect) = (r.isObjectForm, r.screen, r.scene, r.expect)
            do {
                while let row = try r.next() { o.rows.append(row) }
            } catch {
                o.error = error
            }
            inspect(r)
        } catch {
            o.error = error
        }
        return o
    }

    /// Reads with the whole-document reader of before (the reference).
    static func reference(_ bytes: [UInt8], name: String) -> JSONReadOutcome {
        var o = JSONReadOutcome()
        do {
            let r = try ReferenceJSONTraceReader(source: ByteSource(bytes: bytes, name: name))
            (o.isObjectForm, o.screen, o.scene, o.expect) = (r.isObjectForm, r.screen, r.scene, r.expect)
            do {
                while let row = try r.next() { o.rows.append(row) }
            } catch {
                o.error = error
            }
        } catch {
            o.error = error
        }
        return o
    }
}

/// Sources over a document: a file (read twice), a pipe (spooled), memory.
enum StreamingSources {
    static let name = "trace.json"

    /// A pipe holding `bytes` with its write end closed, or `nil` if the pipe cannot hold them.
    static func pipe(_ bytes: [UInt8], chunkSize: Int) -> ByteSource? {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        #if os(Linux)
        _ = fcntl(fds[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
        #endif
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress! + done, bytes.count - done) }
            if n <= 0 { break }
            done += n
        }
        close(fds[1])
        if done < bytes.count {
            close(fds[0])
            return nil
        }
        return ByteSource(fileDescriptor: fds[0], name: name, closeOnDeinit: true, chunkSize: chunkSize)
    }

    /// Reads `bytes` through every kind of source and chunk size; returns the
    /// first outcome that differs from `expected`, with what read it.
    static func firstDifference(
        _ bytes: [UInt8], from expected: JSONReadOutcome, chunkSizes: [Int] = [16, 61, 4096]
    ) throws
        -> (String, JSONReadOutcome)?
    {
        let memory = JSONReadOutcome.streaming { ByteSource(bytes: bytes, name: name) }
        if memory != expected { return ("memory", memory) }
        var template = Array("/tmp/gesturereplay-stream-test-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        defer { close(fd) }
        try #require(bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress, bytes.count) } == bytes.count)
        for chunk in chunkSizes {
            let file = JSONReadOutcome.streaming { () throws(TraceError) in
                lseek(fd, 0, SEEK_SET)
                return ByteSource(fileDescriptor: dup(fd), name: name, closeOnDeinit: true, chunkSize: chunk)
            }
            if file != expected { return ("file, chunk \(chunk)", file) }
            if let source = pipe(bytes, chunkSize: chunk) {
                let piped = JSONReadOutcome.streaming { source }
                if piped != expected { return ("pipe, chunk \(chunk)", piped) }
            }
        }
        return nil
    }
}

/// Random JSON trace documents, valid and broken, for the equivalence test.
struct JSONTraceDocumentGenerator {
    var random: SplitMix64

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func space() -> String {
        switch below(20) {
        case 0..<12: ""
        case 12: String(repeating: " ", count: 70 + below(200))
        case 13: String(repeating: "\n", count: 1 + below(90))
        default: pick([" ", "\n", "\r\n", "\t", "  \n  "])
        }
    }

    mutating func number() -> String {
        if chance(92) { return pick(["0", "1", "0.016", "12.5", "-3", "250.25", "1e2", "0.1234567890123", "16.666667", "-0"]) }
        return pick([
            "1e400", "-1e400", "01", "1.", "NaN", "Infinity", "\"12\"", "true", "null", "1e-400", "123456789012345678901234567890",
        ])
    }

    mutating func longString() -> String {
        "\"" + String(repeating: pick(["a", "\\\"", "\\u00e9", "é", "\\\\"]), count: 40 + below(300)) + "\""
    }

    /// Any JSON value (sometimes not quite JSON), nested up to `depth`.
    mutating func value(_ depth: Int) -> String {
        switch below(depth > 0 ? 10 : 6) {
        case 0: return number()
        case 1: return pick(["true", "false", "null", "\"s\"", "\"\\ud83d\\ude00\"", "\"\\u0000\""])
        case 2: return chance(30) ? longString() : "\"text\""
        case 3: return pick(["[]", "{}", "[ ]", "{ }"])
        case 4: return chance(3) ? pick(["tru", "nul", "'x'", "\"\\x\"", "\"\\ud800\"", "[1,]", "{\"a\" 1}"]) : "1"
        case 5:
            if depth > 0 && chance(10) {
                let n = 50 + below(700)
                return String(repeating: "[", count: n) + String(repeating: "]", count: n)
            }
            return "2"
        case 6, 7:
            return "[" + space() + (0..<(1 + below(4))).map { _ in value(depth - 1) }.joined(separator: space() + "," + space()) + space()
                + "]"
        default:
            let members = (0..<(1 + below(4))).map { i in "\"k\(i)\"" + space() + ":" + space() + value(depth - 1) }
            return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
        }
    }

    mutating func event(_ index: Int) -> String {
        if chance(70) {
            // The reader's fast path shape.
            return
                "{\"t\":\(Double(index) * 0.016),\"id\":\(1 + below(3)),\"phase\":\"\(pick(["began", "moved", "ended"]))\",\"x\":\(below(400)).5,\"y\":\(below(800))}"
        }
        var fields: [(String, String)] = [
            (pick(["t", "time", "timestamp"]), chance(95) ? "\(Double(index) * 0.016)" : number()),
            (
                pick(["id", "touch", "finger", "touchId"]),
                pick(["1", "2", "\"a\"", "\"\\u0062\"", "7", "1.5", "true", "\"\"", "99999999999999999999"])
            ),
            (
                pick(["phase", "type", "action"]),
                chance(90)
                    ? pick(["\"began\"", "\"moved\"", "\"Ended\"", "\"cancelled\"", "\"down\"", "1"]) : pick(["\"bogus\"", "7", "null"])
            ),
            ("x", number()), ("y", number()),
        ]
        if chance(20) { fields.append(("extra", value(3))) }
        if chance(5) { fields.remove(at: below(fields.count)) }
        if chance(5) { fields.append(fields[below(fields.count)]) }
        fields.shuffle(using: &random)
        let members = fields.map { "\"\($0.0)\"" + space() + ":" + space() + $0.1 }
        return "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}"
    }

    mutating func eventsArray() -> String {
        let n = chance(10) ? 0 : below(40)
        return "[" + space() + (0..<n).map { event($0) }.joined(separator: space() + "," + space()) + space() + "]"
    }

    mutating func document() -> [UInt8] {
        var text: String
        if chance(25) {
            text = space() + eventsArray() + space()
        } else {
            var members: [(String, String)] = [("events", eventsArray())]
            if chance(60) { members.append(("screen", chance(90) ? "{\"width\":390,\"height\":844}" : value(2))) }
            if chance(50) { members.append(("scene", value(4))) }
            if chance(20) { members.append(("expect", value(3))) }
            for i in 0..<below(3) { members.append(("unknown\(i)", value(5))) }
            if chance(5) { members.append(("scene", value(2))) }
            if chance(3) { members.append(("events", "[]")) }
            members.shuffle(using: &random)
            text =
                space() + "{" + space()
                + members.map { "\"\($0.0)\"" + space() + ":" + space() + $0.1 }.joined(separator: space() + "," + space()) + space() + "}"
                + space()
        }
        var bytes = Array(text.utf8)
        if chance(5) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        switch below(12) {
        case 0 where !bytes.isEmpty: bytes.removeSubrange(below(bytes.count)...)  // truncated
        case 1 where !bytes.isEmpty: bytes.remove(at: below(bytes.count))
        case 2: bytes.insert(pick(Array("{}[],:\"\\ 0ax\n".utf8)), at: below(bytes.count + 1))
        case 3 where !bytes.isEmpty: bytes[below(bytes.count)] = pick(Array("{}[],:\"\\ 0ax\u{7}".utf8) + [0xFF, 0xC3])
        case 4: bytes += Array(pick(["x", "]", ",{}", " {\"a\":1}", "[[[", "\"open"]).utf8)
        default: break
        }
        return bytes
    }
}

@Suite("JSON traces streamed in flat memory")
struct JSONStreamingTests {
    typealias Sources = StreamingSources

    @Test("streaming gives the whole-document reader's members, rows and errors on generated and broken documents")
    func equivalenceOnGeneratedDocuments() throws {
        var generator = JSONTraceDocumentGenerator(random: SplitMix64(seed: 21))
        var errors = 0
        let documents = TestScale.count(400)
        for n in 0..<documents {
            let bytes = generator.document()
            let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
            if expected.error != nil { errors += 1 }
            if let (how, got) = try Sources.firstDifference(bytes, from: expected) {
                Issue.record(
                    "document \(n) (\(how)) differs:\n\(String(decoding: bytes, as: UTF8.self))\nexpected \(expected)\ngot      \(got)")
                return
            }
        }
        // Both kinds are exercised, in a share that does not depend on the scale (50 of 400 at full size).
        #expect(errors > documents / 8)
        #expect(errors < documents)
    }

    /// The named cases of issue #21 item 2, each also after a large events
    /// array so that it is met while streaming.
    static let namedCases: [(String, String)] = [
        ("duplicate events", #"{"events":[EVENTS],"screen":{"width":1,"height":2},"events":[]}"#),
        ("duplicate events before", #"{"events":[],"scene":{},"events":[EVENTS]}"#),
        ("scene given twice", #"{"scene":{"a":1},"events":[EVENTS],"scene":{"b":[1,2,{"c":null}]}}"#),
        ("duplicate field in the last event", #"{"events":[EVENTS,{"t":9,"t":9,"id":1,"phase":"ended","x":1,"y":2}]}"#),
        ("nested garbage after the array", #"{"events":[EVENTS]]}"#),
        ("nested garbage after the object", #"{"events":[EVENTS],"scene":{}}{"a":[1,{"b":2}]}"#),
        ("garbage after a bare array", #"[EVENTS] [[{"x":1}]]"#),
        ("trailing comma in the events", #"{"events":[EVENTS,],"scene":{}}"#),
        ("trailing comma in a bare array", #"[EVENTS,]"#),
        ("trailing comma in the object", #"{"events":[EVENTS],}"#),
        ("truncated in the events", #"{"scene":{},"events":[EVENTS,{"t":1,"id""#),
        ("truncated after the events", #"{"events":[EVENTS],"scene":{"a":"#),
        ("truncated bare array", #"[EVENTS,{"t":1"#),
        ("byte order mark", "\u{FEFF}{\"events\":[EVENTS],\"screen\":{\"width\":390,\"height\":844}}"),
        ("huge number in an event", #"[EVENTS,{"t":1e400,"id":1,"phase":"ended","x":1,"y":2}]"#),
        ("huge number after the events", #"{"events":[EVENTS],"screen":{"width":1e999,"height":2}}"#),
        ("huge number in an unknown key", #"{"events":[EVENTS],"z":[1,2,-1e400]}"#),
        ("deep nesting inside an unknown key", #"{"events":[EVENTS],"z":DEEP}"#),
        ("deep nesting inside an unknown key before", #"{"z":DEEP,"events":[EVENTS]}"#),
        ("deep nesting inside an event", #"[EVENTS,{"t":9,"id":1,"phase":"ended","x":1,"y":2,"z":DEEP}]"#),
        ("too deep a scene", #"{"events":[EVENTS],"scene":DEEP}"#),
        ("syntax error in the events and after them", #"{"events":[EVENTS,{"t":1,,}],"scene":}"#),
        ("semantic error in the events, syntax after", #"{"events":[EVENTS,{"t":1}],"scene":[1,]}"#),
        ("valid, scene last", #"{"events":[EVENTS],"expect":{"recognized":["tap"]},"scene":{"views":[]}}"#),
        ("valid, scene first", #"{"screen":{"width":390,"height":844},"scene":{"views":[]},"events":[EVENTS]}"#),
        ("valid bare array", #"[EVENTS]"#),
    ]

    static func expand(_ template: String, events: Int) -> [UInt8] {
        var list = ""
        for i in 0..<events {
            if i > 0 { list += i % 7 == 0 ? ",\n  " : "," }
            list +=
                "{\"t\":\(Double(i) * 0.008),\"id\":\(1 + i % 2),\"phase\":\"\(i < 2 ? "began" : "moved")\",\"x\":\(i % 300).25,\"y\":\(i % 500)}"
        }
        let deep = String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600)
        return Array(template.replacingOccurrences(of: "EVENTS", with: list).replacingOccurrences(of: "DEEP", with: deep).utf8)
    }

    @Test(
        "duplicate keys, scene twice, garbage, trailing commas, truncation, BOM, huge numbers, deep nesting: the same diagnostics",
        arguments: namedCases.indices)
    func namedCase(_ index: Int) throws {
        let (name, template) = Self.namedCases[index]
        for events in [3, 40] {
            let bytes = Self.expand(template, events: events)
            let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
            if let (how, got) = try Sources.firstDifference(bytes, from: expected) {
                Issue.record("\(name), \(events) events (\(how)):\nexpected \(expected)\ngot      \(got)")
            }
        }
    }

    @Test("the same cases after 6,000 events (330 KB) read in flat memory: the buffers stay one chunk", arguments: namedCases.indices)
    func namedCaseInFlatMemory(_ index: Int) throws {
        let (name, template) = Self.namedCases[index]
        let bytes = Self.expand(template, events: 6_000)
        #expect(bytes.count > 330_000)
        let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
        let path = try TemporaryFile.make(bytes, name: Sources.name)
        defer { TemporaryFile.remove(path) }
        let chunk = 4096
        var source: ByteSource?
        var streamCapacity = 0
        let got = JSONReadOutcome.streaming(
            { () throws(TraceError) in
                let s = ByteSource(fileDescriptor: open(path, O_RDONLY), name: Sources.name, closeOnDeinit: true, chunkSize: chunk)
                source = s
                return s
            },
            inspect: { r in streamCapacity = r.streamPointer.pointee.window.source.capacity })
        #expect(got == expected, "\(name): expected \(expected), got \(got)")
        let capacity = try #require(source).capacity
        #expect(capacity <= 2 * chunk, "\(name): the input's buffer grew to \(capacity) bytes")
        #expect(streamCapacity <= ByteSource.defaultChunkSize, "\(name): the events' buffer grew to \(streamCapacity) bytes")
    }

    @Test("standard input with events first is spooled: the pipe's buffer stays one chunk")
    func pipeSpoolsInFlatMemory() throws {
        let bytes = Self.expand(#"{"events":[EVENTS],"screen":{"width":390,"height":844},"scene":{"views":[]}}"#, events: 9_000)
        #expect(bytes.count > 500_000)
        let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
        let source = try #require(Sources.pipe(bytes, chunkSize: 4096))
        var streamCapacity = 0
        let got = JSONReadOutcome.streaming({ source }, inspect: { r in streamCapacity = r.streamPointer.pointee.window.source.capacity })
        #expect(got == expected)
        #expect(got.rows.count == 9_000 && got.screen != nil)
        #expect(source.capacity <= 8192 && streamCapacity <= ByteSource.defaultChunkSize, "buffers \(source.capacity), \(streamCapacity)")
    }

    /// Where a JSONTestSuite file goes in a trace.
    static let suitePlacements: [(String, String)] = [
        ("", ""),
        (#"{"x": "#, #", "events": []}"#),
        (#"{"events": [], "x": "#, "}"),
        (#"{"events": "#, #", "scene": {}}"#),
        (#"[{"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0, "extra": "#, "}]"),
        (#"{"events": [], "scene": "#, "}"),
        (#"{"screen": "#, #", "events": [{"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0}]}"#),
    ]

    @Test("every JSONTestSuite file, whole and placed in a trace: streaming gives the same result and error")
    func jsonTestSuite() throws {
        var compared = 0
        for (name, content) in try JSONTestSuiteReaderTests.files() {
            for (prefix, suffix) in Self.suitePlacements {
                let bytes = Array(prefix.utf8) + content + Array(suffix.utf8)
                let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
                if let (how, got) = try Sources.firstDifference(bytes, from: expected, chunkSizes: [16, 61]) {
                    Issue.record("\(name) in \(prefix)...\(suffix) (\(how)):\nexpected \(expected)\ngot      \(got)")
                }
                compared += 1
            }
        }
        #expect(compared == 318 * Self.suitePlacements.count)
    }

    @Test("the malformed-input corpus and the sample traces: streaming gives the same result and error")
    func corpusAndSamples() throws {
        let corpus = PackageFiles.path("Tests/TraceReadingTests/Malformed/corpus")
        let traces = PackageFiles.path("Traces")
        var files: [String] = []
        files += PackageFiles.listDirectory(corpus).filter { $0.hasPrefix("json-") }.map { corpus + "/" + $0 }
        files += PackageFiles.listDirectory(traces).filter { $0.hasSuffix(".json") }.map { traces + "/" + $0 }
        #expect(files.count > 40)
        for path in files {
            let bytes = try PackageFiles.bytes(atPath: path)
            let expected = JSONReadOutcome.reference(bytes, name: Sources.name)
            if let (how, got) = try Sources.firstDifference(bytes, from: expected, chunkSizes: [16, 61, 4096]) {
                Issue.record("\(path) (\(how)):\nexpected \(expected)\ngot      \(got)")
            }
        }
    }
}
