#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import GestureEngine
import Testing
import TraceReplay
import GestureReplayTools
import TraceReading

/// The command line's output for a trace is a function of the trace and the options only: random
/// traces (`RandomTrace`) replayed through TraceReplay's `Replayer`, with random options (text or JSON
/// Lines, `--touches`, `--views`, a velocity estimator, the default scene or a `--scene` file with
/// failure requirements, a screen size), give byte-identical output
/// - on a second run,
/// - read from a pipe that delivers the trace in chunks of random sizes (1 byte to 700), with the
///   format given and with the format sniffed, as standard input would,
/// - and from the same rows written in another format (CSV, JSON Lines, JSON).
/// (Determinism across processes, where Swift's hashing is seeded differently, is checked through
/// the binary in `GestureReplayTests/Robustness/RobustnessCLITests`.)
@Suite("Replay output is byte-identical")
struct ReplayDeterminismTests {
    static let slices = 4
    /// 600, or fewer with `GESTUREREPLAY_TEST_SCALE` (`make test` runs a tenth).
    static let traceCount = TestScale.count(600, multipleOf: slices)
    static let formats: [(name: String, format: TraceFormat)] = [("csv", .csv), ("jsonl", .jsonl), ("json", .json)]

    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [String]
    }

    /// `live`: through `LiveReplay.replay` (GestureReplayTools), as the command replays, which reads
    /// a pipe live; else `Replayer.run`, which reads it to its end like a file.
    static func replay(_ path: String, _ options: ReplayOptions, live: Bool = false) -> Run {
        var out = OutputBuffer(fileDescriptor: nil)
        var diagnostics: [String] = []
        do {
            // Warnings without their path: the same trace read from a file, a pipe or another format
            // warns the same.
            let warn: (Diagnostic) -> Void = { diagnostics.append("warning: " + $0.message) }
            if live {
                try LiveReplay.replay(.path(path), options: options, output: &out, warn: warn)
            } else {
                try Replayer.run(.path(path), options: options, output: &out, warn: warn)
            }
        } catch {
            diagnostics.append("error: " + DiagnosticFormatter().format(error))
        }
        return Run(output: out.bytes, diagnostics: diagnostics)
    }

    static func writeFile(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        var copy = text
        copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                precondition(n > 0, "write failed")
                offset += n
            }
        }
        close(fd)
    }

    /// Random chunk sizes: some of a byte or a few, some of a line or two, some larger.
    static func chunks(using g: inout SplitMix64) -> [Int] {
        (0..<40).map { _ in
            switch Int.random(in: 0..<10, using: &g) {
            case 0..<3: Int.random(in: 1...8, using: &g)
            case 3..<7: Int.random(in: 9...64, using: &g)
            default: Int.random(in: 65...700, using: &g)
            }
        }
    }

    @Test("random traces and options: identical output every way", arguments: 0..<slices)
    func identical(slice: Int) throws {
        let folder = try TemporaryFolder()
        let dir = folder.path
        let scenePath = dir + "/failure.scene.json"
        Self.writeFile(EngineInvariantTests.failureSceneText, to: scenePath)
        var failures = 0
        var checked = 0
        for index in stride(from: slice, to: Self.traceCount, by: Self.slices) {
            let seed = UInt64(index) &* 7919 &+ 17
            let trace = RandomTrace.make(seed: seed)
            var g = SplitMix64(seed: ~seed)
            let primary = Self.formats[index % 3]
            let other = Self.formats[(index + 1 + Int.random(in: 0...1, using: &g)) % 3]
            let path = "\(dir)/trace.\(primary.name)"
            var options = ReplayOptions()
            options.output.format = Bool.random(using: &g) ? .text : .jsonl
            options.output.reportTouches = Bool.random(using: &g)
            options.output.reportViews = Int.random(in: 0..<3, using: &g) == 0
            options.scene.velocityEstimator = VelocityEstimatorKind.allCases.randomElement(using: &g)!
            options.scene.path = Bool.random(using: &g) ? scenePath : nil
            options.reading.screen = Bool.random(using: &g) ? EngineInvariantTests.screen : nil
            let setup =
                "trace \(index) (RandomTrace.make(seed: \(seed))) as \(primary.name), \(options.output.format), touches \(options.output.reportTouches), views \(options.output.reportViews), \(options.scene.velocityEstimator), scene \(options.scene.path == nil ? "default" : "failure"), screen \(options.reading.screen != nil)"

            let text = trace.text(primary.name)
            Self.writeFile(text, to: path)
            let first = Self.replay(path, options)
            var problems: [String] = []
            // A random trace may begin its touches off the screen: saying so is the one warning expected.
            let unexpected = first.diagnostics.filter { !$0.hasPrefix("warning: no touch reached the scene's views") }
            if !unexpected.isEmpty { problems.append("diagnostics: \(unexpected)") }
            if first.output.isEmpty && options.output.format == .jsonl { problems.append("no output") }
            if Self.replay(path, options) != first { problems.append("a second run differs") }

            // From a pipe, in chunks: the format given, then sniffed (as for standard input); read
            // live (the command's way) and to its end (the library's `Replayer.run`).
            for (sniffed, live) in [(false, true), (true, true), (false, false), (true, false)] {
                let pipe = ChunkedPipe(bytes: Array(text.utf8), chunks: Self.chunks(using: &g))
                var piped = options
                piped.reading.inputFormat = sniffed ? nil : primary.format
                // A FIFO is read live: no idle completion, which a stalled feeder thread would
                // trigger by design (docs/live.md); this is about reads split anywhere.
                piped.liveInput.idleFlush = 0
                let run = Self.replay(pipe.path, piped, live: live)
                pipe.finish()
                if run != first {
                    problems.append(
                        "read from a pipe in chunks (format \(sniffed ? "sniffed" : "given"), \(live ? "live" : "to its end")) differs: \(run.diagnostics)"
                    )
                }
            }

            // The same rows in another format.
            let converted = "\(dir)/trace.\(other.name)"
            Self.writeFile(trace.text(other.name), to: converted)
            if Self.replay(converted, options) != first { problems.append("the same trace as \(other.name) differs") }

            if !problems.isEmpty {
                failures += 1
                if failures <= 3 { Issue.record(Comment(rawValue: setup + ":\n" + problems.joined(separator: "\n"))) }
            }
            checked += 1
        }
        #expect(failures == 0, "\(failures) of \(checked) traces")
        #expect(checked == Self.traceCount / Self.slices)
    }

    /// The pipe really splits reads where it is told to.
    @Test func chunkedPipeSplitsReads() throws {
        let bytes = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        let sizes = [1, 2, 3, 500, 7]
        let pipe = ChunkedPipe(bytes: bytes, chunks: sizes)
        let fd = open(pipe.path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        var reads: [Int] = []
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            reads.append(n)
            received += buffer[0..<n]
        }
        close(fd)
        pipe.finish()
        #expect(received == bytes)
        #expect(reads == sizes + [1000 - sizes.reduce(0, +)])
    }
}
