#if canImport(Glibc)
import Glibc
#endif
@testable import GestureEngine
import TestSupport
import Testing
@testable import TraceReading
@testable import TraceReplay

/// A replay whose transition lines are formatted on a thread of their own (`FormattingThread`, what
/// a large file written to a file descriptor gets) writes exactly what the plain path writes: the
/// same bytes in the same order, the same warnings and errors, and a write error reported the same.
@Suite("Formatting on a thread of its own", .serialized)
struct FormattingThreadTests {
    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [String]
        var writeError: Int32
    }

    /// Replays `path` into a file through a buffer on its descriptor, as the command does.
    static func replay(_ path: String, _ options: ReplayOptions, _ threading: ReaderThreading, into file: String) -> Run {
        var options = options
        options.output.formattingThread = threading
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        var out = OutputBuffer(fileDescriptor: fd)
        var diagnostics: [String] = []
        do {
            try Replayer.run(.path(path), options: options, output: &out) { diagnostics.append("warning: " + $0.message) }
        } catch {
            diagnostics.append("error: " + DiagnosticFormatter().format(error))
        }
        out.flush()
        close(fd)
        return Run(output: Self.contents(file), diagnostics: diagnostics, writeError: out.writeError)
    }

    static func contents(_ file: String) -> [UInt8] {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a.indices, zip(a, b)).first { $0.1.0 != $0.1.1 }?.0 ?? min(a.count, b.count)
    }

    /// Plain and threaded runs of `path` differ? A message saying how, else nil. Also checks that a
    /// threaded run that printed something started a formatting thread (so the comparison compares
    /// something).
    static func compare(_ path: String, _ options: ReplayOptions, in folder: TemporaryFolder) -> String? {
        let plain = replay(path, options, .never, into: folder.path + "/plain.out")
        let started = FormattingThread.startedCount.load(ordering: .relaxed)
        let threaded = replay(path, options, .always, into: folder.path + "/threaded.out")
        // A replay that printed something got that far (a trace that fails to open does not).
        if !plain.output.isEmpty && FormattingThread.startedCount.load(ordering: .relaxed) == started {
            return "\(path): no formatting thread started"
        }
        if plain == threaded { return nil }
        let at = Self.firstDifference(plain.output, threaded.output)
        return "\(path): bytes differ from \(at) (plain \(plain.output.count), threaded \(threaded.output.count)); "
            + "diagnostics \(plain.diagnostics.suffix(1)) / \(threaded.diagnostics.suffix(1)); write errors \(plain.writeError) / \(threaded.writeError)"
    }

    @Test("sample traces and the malformed corpus, both formats, with every kind of output line")
    func fixtures() throws {
        let failures = try Self.fixtureFailures(compare: Self.compare)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    /// The sample traces and the malformed corpus in both formats, with transition lines only, with
    /// touch, view and summary lines among them, and with a filter that drops some, each checked by
    /// `compare`: what it found, described.
    static func fixtureFailures(compare: (String, ReplayOptions, TemporaryFolder) -> String?) throws -> [String] {
        let folder = try TemporaryFolder()
        let paths = ThreadedReaderTests.fixturePaths()
        #expect(paths.count > 100)
        var failures: [String] = []
        for path in paths {
            for format in [OutputFormat.text, .jsonl] {
                var options = ReplayOptions()
                options.output.format = format
                if let problem = compare(path, options, folder) { failures.append(problem) }
                options.output.reportTouches = true
                options.output.reportViews = true
                options.output.summary = true
                if let problem = compare(path, options, folder) { failures.append("all lines: " + problem) }
                options.output.shownStates = [.failed, .ended]
                if let problem = compare(path, options, folder) { failures.append("--states: " + problem) }
            }
        }
        return failures
    }

    @Test("random traces over many blocks, with errors planted anywhere", arguments: 0..<2)
    func randomTraces(slice: Int) throws {
        let failures = try Self.randomTraceFailures(seed: 0x666f_726d_6174 + UInt64(slice), compare: Self.compare)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    /// Random traces of up to 40,000 rows (several blocks of output and batches of rows), CSV and
    /// JSON Lines, with a fault planted anywhere or none, each replayed in a random format and mode
    /// and checked by `compare`: what it found, described.
    static func randomTraceFailures(
        seed: UInt64, compare: (String, ReplayOptions, TemporaryFolder) -> String?
    ) throws -> [String] {
        let folder = try TemporaryFolder()
        var g = SplitMix64(seed: seed)
        var failures: [String] = []
        for index in 0..<TestScale.count(6, multipleOf: 2) {
            let jsonl = index % 2 == 1
            let rows = Int.random(in: 1...40_000, using: &g)
            let fault = Int.random(in: 0...5, using: &g)
            let text = ThreadedReaderTests.randomTrace(rows: rows, jsonl: jsonl, fault: fault, using: &g)
            let path = try folder.write("trace-\(index)." + (jsonl ? "jsonl" : "csv"), text)
            var options = ReplayOptions()
            options.output.format = Bool.random(using: &g) ? .text : .jsonl
            options.output.reportTouches = Bool.random(using: &g)
            options.reading.lenient = Int.random(in: 0..<3, using: &g) == 0
            if let problem = compare(path, options, folder) { failures.append("fault \(fault), \(rows) rows: " + problem) }
        }
        return failures
    }

    /// The records against the plain writer directly: runs of plain bytes of every length around
    /// the 8-byte words, lines with and without reasons (empty, long, not ASCII) and with extra
    /// values (written at once), over several blocks.
    @Test("records and plain bytes interleaved give the plain buffer's bytes", arguments: [OutputFormat.text, .jsonl])
    func interleaved(format: OutputFormat) throws {
        let folder = try TemporaryFolder()
        let recognizers = (0..<5).map { i -> GestureRecognizer in
            let r = PanGestureRecognizer()
            r.name = ["pan", "a much longer name \(i)", "ünïcödé", "q\"uote", "tab\there"][i]
            return r
        }
        let reasons: [String?] = [nil, nil, "", "moved 14.2 pt > allowableMovement 10 pt", String(repeating: "é…", count: 200)]
        func feed(_ out: inout OutputBuffer, _ renderer: inout some ReplayRenderer) {
            var g = SplitMix64(seed: 0x7265_636f_7264)
            for i in 0..<20_000 {
                if Int.random(in: 0..<3, using: &g) == 0 {
                    let n = Int.random(in: 0...300, using: &g)
                    out.append(String(repeating: "x", count: n) + "\(i)\n")
                    continue
                }
                var values = GestureValues()
                values.location = Point(x: Double(i) / 7, y: -Double(i) / 3)
                values.numberOfTouches = i % 3
                if i % 2 == 0 { values.translation = Vector(dx: 1.5, dy: Double(i)) }
                if i % 5 == 0 { values.velocity = Vector(dx: 1e9, dy: .nan) }
                if i % 7 == 0 { values.scale = 1.25 }
                if i % 11 == 0 { values.extra = [(name: "k", value: .integer(i)), (name: "s", value: .text("v\(i)"))] }
                if i % 13 == 0 {
                    values.taps = i % 4
                    values.scalarVelocity = -0.5
                    values.rotation = Double(i) / 1000
                    values.direction = [.left, .up]
                    values.selectionRect = Rect(origin: Point(x: 1, y: 2), size: Size(width: Double(i), height: 0.25))
                }
                let t = Transition(
                    time: Double(i) / 120, recognizer: recognizers[i % recognizers.count], previous: .possible,
                    state: i % 2 == 0 ? .began : .failed, values: values, reason: reasons[i % reasons.count])
                renderer.transition(t, into: &out)
                out.flushIfNeeded()
            }
        }
        func run(threaded: Bool) -> [UInt8] {
            let file = folder.path + (threaded ? "/threaded" : "/plain")
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            var out = OutputBuffer(fileDescriptor: fd)
            out.append("before\n")
            switch format {
            case .text:
                var renderer = TextRenderer(nameWidth: 12, kindWidth: 4)
                if threaded {
                    let started = out.startFormattingThread(TextRenderer.self)
                    #expect(started)
                }
                feed(&out, &renderer)
                out.stopFormattingThread()
            case .jsonl:
                var renderer = JSONLinesRenderer()
                if threaded {
                    let started = out.startFormattingThread(JSONLinesRenderer.self)
                    #expect(started)
                }
                feed(&out, &renderer)
                out.stopFormattingThread()
            }
            out.append("after\n")
            out.flush()
            close(fd)
            return Self.contents(file)
        }
        let plain = run(threaded: false), threaded = run(threaded: true)
        #expect(plain.count > 4 * FormattingThread.blockSize)
        // A Bool, not the arrays: a failing `#expect` would print megabytes.
        let same = plain == threaded
        #expect(same, "differ from byte \(Self.firstDifference(plain, threaded)) (\(plain.count) and \(threaded.count) bytes)")
    }

    @Test("a record holds every value of GestureValues but its extra values")
    func recordFields() {
        var values = GestureValues()
        values.location = Point(x: 1, y: -2)
        values.numberOfTouches = 3
        values.translation = Vector(dx: 4, dy: 5)
        values.velocity = Vector(dx: 6, dy: .infinity)
        values.scalarVelocity = 7
        values.scale = 8
        values.rotation = -9
        values.direction = [.down, .right]
        values.selectionRect = Rect(origin: Point(x: 10, y: 11), size: Size(width: 12, height: 13))
        values.taps = 14
        // A new field fails here until `DeferredTransition` carries it.
        let names = Mirror(reflecting: values).children.map { $0.label ?? "" }
        #expect(names.count == 11 && names.last == "extra", "\(names)")
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: DeferredTransition.maximumSize, alignment: 16)
        defer { buffer.deallocate() }
        for keep in 0..<2 {
            var source = values
            if keep == 0 { source = GestureValues() }
            let size = withUnsafePointer(to: source) {
                DeferredTransition.store(1.5, .began, .changed, $0, UnsafeBufferPointer(start: nil, count: 0), -1, at: buffer)
            }
            var loaded = GestureValues()
            loaded.taps = 99  // overwritten, set or not
            #expect(DeferredTransition.load(buffer, into: &loaded) == size && size <= DeferredTransition.maximumSize)
            #expect(String(describing: loaded) == String(describing: source))
            #expect(buffer.load(as: DeferredTransition.self).time == 1.5)
        }
    }

    @Test("a buffer in memory or written line by line gets no thread")
    func onlyBlocksToADescriptor() {
        var memory = OutputBuffer(fileDescriptor: nil)
        let inMemory = memory.startFormattingThread(JSONLinesRenderer.self)
        #expect(!inMemory && !memory.formatsOnThread)
        var lines = OutputBuffer(fileDescriptor: 1, flushThreshold: 1)
        let lineByLine = lines.startFormattingThread(JSONLinesRenderer.self)
        #expect(!lineByLine && !lines.formatsOnThread)
    }

    @Test("a full device: the thread's write error is the buffer's, as without the thread")
    func writeError() throws {
        let folder = try TemporaryFolder()
        var g = SplitMix64(seed: 7)
        let text = ThreadedReaderTests.randomTrace(rows: 20_000, jsonl: false, fault: 0, using: &g)
        let path = try folder.write("trace.csv", text)
        for threading in [ReaderThreading.never, .always] {
            var options = ReplayOptions()
            options.output.format = .jsonl
            options.output.formattingThread = threading
            #expect(try Self.writeErrorOnFullDevice(path, options) == ENOSPC, "\(threading)")
        }
    }

    /// The write error of a replay of `path` into `/dev/full` (every write fails with `ENOSPC`).
    static func writeErrorOnFullDevice(_ path: String, _ options: ReplayOptions) throws -> Int32 {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        var out = OutputBuffer(fileDescriptor: fd)
        try Replayer.run(.path(path), options: options, output: &out)
        out.flush()
        return out.writeError
    }
}
