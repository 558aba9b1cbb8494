import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading

/// A replay that reads its trace on a thread of its own (`ThreadedFrameReader`, what a large CSV,
/// JSON Lines or JSON file gets) gives exactly what the plain path gives: the same output bytes, the
/// same warnings, and the same error at the same position (so the same exit), for the sample traces,
/// the malformed corpus and random traces of several batches with errors planted anywhere (JSON as a
/// bare array and as an object with members before and after its events).
@Suite("Reading on a thread of its own")
struct ThreadedReaderTests {
    static func replay(_ path: String, _ options: ReplayOptions, _ threading: ReaderThreading) -> ReplayDeterminismTests.Run {
        var options = options
        options.reading.readerThreading = threading
        return ReplayDeterminismTests.replay(path, options)
    }

    /// `(plain, threaded)` differ? A message saying how, else nil.
    static func compare(_ path: String, _ options: ReplayOptions) -> String? {
        let plain = replay(path, options, .never)
        let threaded = replay(path, options, .always)
        if plain == threaded { return nil }
        return
            "\(path): plain \(plain.diagnostics.suffix(1)) (\(plain.output.count) bytes), threaded \(threaded.diagnostics.suffix(1)) (\(threaded.output.count) bytes)"
    }

    /// The sample traces and the malformed corpus: every CSV, JSON Lines and JSON trace.
    static func fixturePaths() -> [String] {
        var paths: [String] = []
        for dir in ["Traces", "Tests/TraceReadingTests/Malformed/corpus"] {
            for name in PackageFiles.listDirectory(PackageFiles.path(dir))
            where name.hasSuffix(".csv") || name.hasSuffix(".jsonl") || (name.hasSuffix(".json") && !name.hasSuffix(".scene.json")) {
                paths.append(PackageFiles.path(dir + "/" + name))
            }
        }
        return paths
    }

    @Test("sample traces and the malformed corpus: the same output and the same error")
    func fixtures() throws {
        let paths = Self.fixturePaths()
        #expect(paths.count > 100)
        var failures: [String] = []
        for path in paths {
            for format in [OutputFormat.text, .jsonl] {
                var options = ReplayOptions()
                options.output.format = format
                options.output.reportTouches = format == .jsonl
                if let problem = Self.compare(path, options) { failures.append(problem) }
                options.reading.lenient = true
                if let problem = Self.compare(path, options) { failures.append("lenient: " + problem) }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    /// A trace of `rows` rows at 120 Hz (fingers coming and going, string or integer ids), with one
    /// planted fault (or none).
    static func randomTrace(rows count: Int, jsonl: Bool, fault: Int, using g: inout SplitMix64) -> String {
        var lines: [String] = jsonl ? [] : ["t,id,phase,x,y"]
        var down: [String: (Double, Double)] = [:]
        var nextID = 0
        var tick = 0
        let stringIDs = Bool.random(using: &g)
        func line(_ t: String, _ id: String, _ phase: String, _ x: String, _ y: String) -> String {
            if jsonl {
                let idText = id.first!.isNumber ? id : "\"\(id)\""
                return "{\"t\":\(t),\"id\":\(idText),\"phase\":\"\(phase)\",\"x\":\(x),\"y\":\(y)}"
            }
            return "\(t),\(id),\(phase),\(x),\(y)"
        }
        while lines.count < count {
            tick += 1
            let t = String(Double(tick) / 120)
            if down.count < 3 && Int.random(in: 0..<4, using: &g) == 0 {
                let id = stringIDs ? "f\(nextID)" : "\(nextID)"
                nextID += 1
                let p = (Double(Int.random(in: 0...3900, using: &g)) / 10, Double(Int.random(in: 0...8400, using: &g)) / 10)
                down[id] = p
                lines.append(line(t, id, "began", String(p.0), String(p.1)))
            }
            for id in down.keys.sorted() {
                var p = down[id]!
                p.0 += Double(Int.random(in: -30...30, using: &g)) / 10
                p.1 += Double(Int.random(in: -30...30, using: &g)) / 10
                down[id] = p
                let ends = Int.random(in: 0..<40, using: &g) == 0
                lines.append(line(t, id, ends ? "ended" : "moved", String(p.0), String(p.1)))
                if ends { down[id] = nil }
            }
        }
        if fault > 0 {
            let first = jsonl ? 0 : 1
            let k = Int.random(in: first..<lines.count, using: &g)
            switch fault {
            case 1: lines[k] = line("99999", "1", "wiggled", "1", "2")  // an unknown phase (the reader)
            case 2: lines[k] = jsonl ? "{\"t\":99999,\"id\":1}" : "99999,1,moved"  // missing fields (the reader)
            case 3: lines[k] = line("1e400", "7", "began", "1", "2")  // not finite (the reader)
            case 4: lines[k] = line(k == first ? "1" : "0", "ghost", "moved", "1", "2")  // time backwards, a touch never begun
            default: lines[k] += jsonl ? "{" : ",\"unclosed"  // syntax
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
    /// JSON Lines `lines` as a JSON document: a bare array, or an object with a member before and
    /// after its events.
    static func jsonDocument(_ lines: String, object: Bool) -> String {
        let events = "[\n" + lines.split(separator: "\n").joined(separator: ",\n") + "\n]"
        if object { return "{\"screen\": {\"width\": 390, \"height\": 844}, \"events\": " + events + ", \"note\": [1, 2]}\n" }
        return events + "\n"
    }

    @Test("random traces over many batches, with errors planted anywhere", arguments: 0..<4)
    func randomTraces(slice: Int) throws {
        let folder = try TemporaryFolder()
        var g = SplitMix64(seed: 0x7472_6561_6400 + UInt64(slice))
        var failures: [String] = []
        let count = TestScale.count(16, multipleOf: 4)
        for index in 0..<count {
            // CSV, JSON Lines, a JSON bare array, a JSON object.
            let kind = index % 4
            let jsonl = kind != 0
            let rows = Int.random(in: 1...(ReaderThreading.batchSize * 6), using: &g)
            let fault = Int.random(in: 0...5, using: &g)
            var text = Self.randomTrace(rows: rows, jsonl: jsonl, fault: fault, using: &g)
            if kind >= 2 { text = Self.jsonDocument(text, object: kind == 3) }
            let path = try folder.write("trace-\(slice)-\(index)." + ["csv", "jsonl", "json", "json"][kind], text)
            var options = ReplayOptions()
            options.output.format = Bool.random(using: &g) ? .text : .jsonl
            options.output.reportTouches = Bool.random(using: &g)
            options.reading.lenient = Int.random(in: 0..<3, using: &g) == 0
            if let problem = Self.compare(path, options) { failures.append("fault \(fault), \(rows) rows: " + problem) }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    /// Logs transitions and warnings in the one order they happen.
    final class InterleavingLog: ReplayObserver {
        var entries: [String] = []
        func replayWillStart(_ start: ReplayStart) throws(TraceError) {}
        var observesTransitions: Bool { true }
        func replay(didTransition t: Transition) {
            entries.append("\(t.time) \(t.recognizer.name) \(t.previous) -> \(t.state)")
        }
    }

    /// The transitions and warnings of `options`' replay, interleaved, and how it ended.
    static func interleaved(_ path: String, _ options: ReplayOptions, _ threading: ReaderThreading) -> [String] {
        var options = options
        options.reading.readerThreading = threading
        let log = InterleavingLog()
        var out = OutputBuffer(fileDescriptor: nil)
        do {
            try Replayer.run(
                .path(path), options: options, output: &out, warn: { log.entries.append("warning: " + DiagnosticFormatter().format($0)) },
                observer: log)
        } catch {
            log.entries.append("error: " + DiagnosticFormatter().format(error))
        }
        return log.entries
    }

    @Test("lenient repairs all over a trace: warnings between the same transitions as read plainly")
    func warningsInterleaved() throws {
        let folder = try TemporaryFolder()
        var g = SplitMix64(seed: 0x5741_524e)
        var failures: [String] = []
        var warnings = 0
        for index in 0..<TestScale.count(8, multipleOf: 1) {
            let jsonl = index % 2 == 1
            let rows = ReaderThreading.batchSize * 3 + Int.random(in: 0..<2000, using: &g)
            var lines = Self.randomTrace(rows: rows, jsonl: jsonl, fault: 0, using: &g).split(separator: "\n").map(String.init)
            // Repairs anywhere: times going backwards, touches moved, ended or begun twice out of
            // turn, and touches never ended (warned at the end).
            for _ in 0..<40 {
                let k = Int.random(in: (jsonl ? 0 : 1)..<lines.count, using: &g)
                let id = ["ghost", "7", "0", "1"][Int.random(in: 0..<4, using: &g)]
                let phase = ["moved", "ended", "began", "cancelled"][Int.random(in: 0..<4, using: &g)]
                let t = Bool.random(using: &g) ? "0" : "1"
                lines.insert(
                    jsonl ? "{\"t\":\(t),\"id\":\"\(id)\",\"phase\":\"\(phase)\",\"x\":1,\"y\":2}" : "\(t),\(id),\(phase),1,2", at: k)
            }
            let path = try folder.write("warn-\(index)." + (jsonl ? "jsonl" : "csv"), lines.joined(separator: "\n") + "\n")
            var options = ReplayOptions()
            options.reading.lenient = true
            let plain = Self.interleaved(path, options, .never)
            let threaded = Self.interleaved(path, options, .always)
            warnings += plain.filter { $0.hasPrefix("warning") }.count
            if plain != threaded {
                let k = (0..<min(plain.count, threaded.count)).first { plain[$0] != threaded[$0] } ?? min(plain.count, threaded.count)
                failures.append("\(path): entry \(k): plain \(plain.dropFirst(k).prefix(1)), threaded \(threaded.dropFirst(k).prefix(1))")
            }
        }
        #expect(warnings > 100)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    /// The time-unit probe sees a frame once it is complete: its warning comes after those of the
    /// frame's rows and of the next frame's first row (read before the frame is complete), plainly
    /// as on a thread of its own. Every frame here warns from its second row.
    @Test("the time-unit warning after the warnings of its frame's rows, as read plainly")
    func timeUnitWarningInterleaved() throws {
        let folder = try TemporaryFolder()
        var lines = ["t,id,phase,x,y", "0,1,began,10,10"]
        for tick in 1...50 {
            let t = String(Double(tick) / 120)
            lines.append("\(t),1,moved,\(10 + tick),10")
            lines.append("\(t),ghost,ended,1,2")
        }
        lines.append("0.5,1,ended,60,10")
        let path = try folder.write("ms.csv", lines.joined(separator: "\n") + "\n")
        var options = ReplayOptions()
        options.reading.lenient = true
        options.reading.timeUnit = .milliseconds
        let plain = Self.interleaved(path, options, .never)
        let probe = plain.firstIndex { $0.contains("implausible") }
        #expect(probe != nil, "\(plain.prefix(5))")
        // The 33rd frame (32 intervals) completes the sample: its second row, line 66, warned first.
        let before = probe.map { plain[$0 - 1] } ?? ""
        #expect(before.contains("ms.csv:66:"), "\(before)")
        let threaded = Self.interleaved(path, options, .always)
        let same = plain == threaded
        let k = (0..<min(plain.count, threaded.count)).first { plain[$0] != threaded[$0] } ?? min(plain.count, threaded.count)
        #expect(same, "entry \(k): plain \(plain.dropFirst(k).prefix(1)), threaded \(threaded.dropFirst(k).prefix(1))")
    }

    /// The frames a reader gives, row by row as `(frame time, row, first of its frame)`, then its
    /// warnings and its error, formatted: through `FrameAssembler` (plain) or `ThreadedFrameReader`.
    struct Assembled: Equatable {
        var rows: [String] = []
        var warnings: [String] = []
        var error: String?
    }

    static func assemblePlainly(_ path: String) throws -> Assembled {
        var result = Assembled()
        let frames = FrameAssembler(
            reader: try AnyTraceReader(path: path), mode: .strict, checksTouchSequence: true,
            onWarning: { result.warnings.append(DiagnosticFormatter().format($0)) })
        do {
            while let frame = try frames.next() {
                for (i, r) in frame.rows.enumerated() { result.rows.append("\(frame.time) \(r.touch) \(r.phase) \(r.x) \(r.y) \(i == 0)") }
            }
        } catch {
            result.error = DiagnosticFormatter().format(error)
        }
        return result
    }

    static func assembleOnAThread(_ path: String) throws -> Assembled {
        var result = Assembled()
        let reader = try #require(ThreadedFrameReader(try AnyTraceReader(path: path), mode: .strict))
        let warn = { (d: Diagnostic) in result.warnings.append(DiagnosticFormatter().format(d)) }
        var lastFrameStart = 0
        while let rows = reader.nextBatch() {
            for r in rows {
                if r.startsFrame { lastFrameStart = result.rows.count }
                result.rows.append("\(r.time) \(r.touch) \(r.phase) \(r.x) \(r.y) \(r.startsFrame)")
            }
        }
        // A frame an error cut short is not one of the trace's frames (the replay does not send it).
        if !reader.endedWithTheTrace { result.rows.removeSubrange(lastFrameStart...) }
        do { try reader.end(warn) } catch { result.error = DiagnosticFormatter().format(error) }
        return result
    }

    @Test("the reader itself: the same frames' rows, warnings and error as the frame assembler")
    func rowsAndError() throws {
        var g = SplitMix64(seed: 99)
        let text = Self.randomTrace(rows: ReaderThreading.batchSize * 3 + 17, jsonl: false, fault: 3, using: &g)
        let path = try TemporaryFile.make(Array(text.utf8), name: "rows.csv")
        defer { TemporaryFile.remove(path) }
        let plain = try Self.assemblePlainly(path)
        let threaded = try Self.assembleOnAThread(path)
        #expect(plain.error != nil)
        #expect(plain.rows.count > ReaderThreading.batchSize)
        #expect(plain == threaded)
    }

    @Test("a reader dropped early stops its thread; string ids read on it stay named")
    func droppedEarly() throws {
        var g = SplitMix64(seed: 5)
        let text = Self.randomTrace(rows: ReaderThreading.batchSize * 20, jsonl: true, fault: 0, using: &g)
        let path = try TemporaryFile.make(Array(text.utf8), name: "early.jsonl")
        defer { TemporaryFile.remove(path) }
        for _ in 0..<20 {
            let reader = try #require(ThreadedFrameReader(try AnyTraceReader(path: path), mode: .strict))
            #expect(reader.nextBatch() != nil)
        }
        let base = try AnyTraceReader(path: path)
        let reader = try #require(ThreadedFrameReader(base, mode: .strict))
        var names = Set<String>()
        while let rows = reader.nextBatch() { for r in rows { names.insert(base.touchNames.text(of: r.touch)) } }
        try reader.end { _ in }
        #expect(names.count == base.touchNames.count || names.allSatisfy { Int($0) != nil })
    }
}
