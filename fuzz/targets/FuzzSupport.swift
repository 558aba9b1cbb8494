// Shared by every libFuzzer target (compiled into each one by fuzz/run.sh).
//
// Oracles, beyond "no crash, no hang, no sanitizer report":
// - reading a trace gives the same rows, warnings and error whether the bytes are in memory or read
//   from a file descriptor in small chunks (16 to 79 bytes per read), so chunk boundaries change nothing;
// - every error about the content (exit 65) names the input and a line and column (>= 1);
// - the CLI's own code path (Replayer / GoldenFile, reading a path) runs on the same bytes in strict
//   text mode and in lenient JSON Lines mode with --touches and --views;
// - JSON and JSON Lines: the event parser's one-pass fast path gives the general parser's row, error
//   and end index for the input's first objects (TraceReplay is built with -enable-testing for this, and
//   Tests/TraceReadingTests/Reading/JSONEventOutcome.swift is compiled into every target).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

enum Fuzz {
    /// A deleted scratch file holding the current input, reachable by path.
    final class ScratchFile: @unchecked Sendable {
        let fd: Int32
        /// `/proc/self/fd/N`: opening it reopens the file (a fresh offset).
        let path: String

        init(_ tag: String) {
            var template = Array("/tmp/gesturereplay-fuzz-\(tag)-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            precondition(fd >= 0, "mkstemp failed")
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            path = "/proc/self/fd/\(fd)"
        }

        func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            precondition(ftruncate(fd, 0) == 0)
            var offset = 0
            while offset < bytes.count {
                let n = pwrite(fd, bytes.baseAddress! + offset, bytes.count - offset, off_t(offset))
                precondition(n > 0, "pwrite failed")
                offset += n
            }
        }

        func write(_ text: String) {
            var copy = text
            copy.withUTF8 { write($0) }
        }
    }

    /// What reading a trace produced: its frames' rows and warnings, then the error that stopped it.
    struct Reading: Equatable {
        var rows: [TraceRow] = []
        var names: [String] = []
        var warnings: [Diagnostic] = []
        var error: TraceError?
        var screen: TraceScreen?
        var scene: JSONValue?
    }

    /// Reads `source` as `format` through the frame assembler with sequence checks.
    static func read(_ source: ByteSource, _ format: TraceFormat?, mode: TraceValidationMode) -> Reading {
        var result = Reading()
        do {
            var warnings: [Diagnostic] = []
            // A recording's own warnings (no mapping, unknown codes, a cut-off last line) count too.
            let reader = try AnyTraceReader(source: source, format: format, warn: { warnings.append($0) })
            result.screen = reader.screen
            result.scene = reader.scene
            let frames = FrameAssembler(reader: reader, mode: mode, checksTouchSequence: true) { warnings.append($0) }
            do {
                while let frame = try frames.next() {
                    precondition(!frame.rows.isEmpty, "empty frame")
                    for row in frame.rows {
                        precondition(row.time == frame.time, "row time differs from its frame's")
                        precondition(row.time.isFinite && row.x.isFinite && row.y.isFinite, "non-finite value read")
                        result.rows.append(row)
                    }
                }
            } catch {
                result.error = error
            }
            result.warnings = warnings
            result.names = (0..<reader.touchNames.count).map { reader.touchNames.name(at: UInt32($0)) }
        } catch {
            result.error = error
        }
        return result
    }

    /// Checks that `error`, if it is about the content, is positioned in `path`.
    static func checkPositioned(_ error: TraceError?, path: String, _ what: String) {
        guard let error, error.category == .invalidTrace else { return }
        let formatted = DiagnosticFormatter().format(error)
        guard let location = error.diagnostic.location else {
            fatalError("\(what): unpositioned error: \(formatted)")
        }
        precondition(location.line >= 1 && location.column >= 1, "\(what): error without line and column: \(formatted)")
        precondition(location.path == path, "\(what): error names \(location.path), not \(path): \(formatted)")
        precondition(!error.diagnostic.message.isEmpty, "\(what): empty message")
    }

    /// Reads the input (already in `scratch`) in memory and in small chunks; both must agree.
    static func checkReading(_ bytes: UnsafeBufferPointer<UInt8>, _ format: TraceFormat?, scratch: ScratchFile) {
        let chunk = 16 + Int(bytes.reduce(UInt8(0)) { $0 &+ $1 } % 64)
        for mode in [TraceValidationMode.strict, .lenient] {
            let whole = read(ByteSource(bytes: bytes, name: "fuzz"), format, mode: mode)
            checkPositioned(whole.error, path: "fuzz", "in memory, \(mode)")
            let fd = open(scratch.path, O_RDONLY)
            precondition(fd >= 0)
            let chunked = read(ByteSource(fileDescriptor: fd, name: "fuzz", closeOnDeinit: true, chunkSize: chunk), format, mode: mode)
            if chunked != whole {
                fatalError(
                    """
                    reading in \(chunk)-byte chunks differs from reading in memory (\(mode))
                    in memory: \(whole.rows.count) rows, error \(whole.error.map { DiagnosticFormatter().format($0) } ?? "none")
                    chunked:   \(chunked.rows.count) rows, error \(chunked.error.map { DiagnosticFormatter().format($0) } ?? "none")
                    """)
            }
        }
    }

    /// Replays through the CLI's code path: strict text (with expectations), then lenient JSON Lines
    /// with touches and views. Errors are expected; crashes and unpositioned errors are not.
    static func replay(trace: String, format: TraceFormat?, scene: String? = nil, screen: Size? = nil, errorPath: String) {
        var options = ReplayOptions()
        options.reading.inputFormat = format
        options.scene.path = scene
        options.reading.screen = screen
        let collector = ExpectationCollector()
        do {
            let replay = try GoldenFile.replay(trace, options: options, observer: collector)
            checkPositioned(replay.error, path: errorPath, "strict replay")
            if collector.error == nil, replay.error == nil, let report = collector.evaluate() {
                _ = report.text
            }
        } catch {
            checkPositioned(error, path: errorPath, "strict replay")
        }
        options.reading.lenient = true
        options.output.format = .jsonl
        options.output.reportTouches = true
        options.output.reportViews = true
        options.scene.velocityEstimator = .lsq2
        var out = OutputBuffer(fileDescriptor: nil)
        do {
            try Replayer.run(.path(trace), options: options, output: &out)
        } catch {
            checkPositioned(error, path: errorPath, "lenient replay")
        }
    }

    /// Parses the object at `start` with `parseEvent` (fast path first) and with `parseGeneral` alone
    /// (`JSONEventOutcome`, shared with JSONEventFastPathTests), in seconds and milliseconds; both must agree.
    static func checkEventParsers(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, endIsEndOfLine: Bool) {
        JSONEventOutcome.padded(bytes[..<end]).withUnsafeBufferPointer { buf in
            for unit in [TimeUnit.seconds, .milliseconds] {
                let outcomes = JSONEventOutcome.Parser.allCases.map {
                    JSONEventOutcome.parse(
                        buf, start: start, end: end, path: "fuzz", endIsEndOfLine: endIsEndOfLine,
                        unit: unit, with: $0)
                }
                if outcomes[0] != outcomes[1] {
                    fatalError(
                        """
                        the event fast path differs from the general parser (object at byte \(start), \(unit))
                        parseEvent:   \(outcomes[0])
                        parseGeneral: \(outcomes[1])
                        """)
                }
            }
        }
    }

    /// The fast-path check on the input's first objects (a JSON Lines record, an event in an array):
    /// from its first `{`, the rest of that line as a JSON Lines reader sees it and the whole input;
    /// and the whole input from its second `{`.
    static func checkEventParsers(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.firstIndex(of: UInt8(ascii: "{")) else { return }
        let lineEnd = bytes[first...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        checkEventParsers(bytes, start: first, end: lineEnd, endIsEndOfLine: true)
        checkEventParsers(bytes, start: first, end: bytes.count, endIsEndOfLine: false)
        if let second = bytes[(first + 1)...].firstIndex(of: UInt8(ascii: "{")) {
            checkEventParsers(bytes, start: second, end: bytes.count, endIsEndOfLine: false)
        }
    }

    /// The whole check for one trace input of `format`.
    static func trace(_ data: UnsafePointer<UInt8>, _ size: Int, _ format: TraceFormat, scratch: ScratchFile) {
        let bytes = UnsafeBufferPointer(start: data, count: size)
        scratch.write(bytes)
        if format != .csv { checkEventParsers(bytes) }
        checkReading(bytes, format, scratch: scratch)
        // Sniffing (standard input, unknown extensions) must cope with anything too.
        checkPositioned(read(ByteSource(bytes: bytes, name: "fuzz"), nil, mode: .strict).error, path: "fuzz", "sniffed")
        replay(trace: scratch.path, format: format, errorPath: scratch.path)
    }
}

extension Fuzz {
    /// The whole check for one UI-test description of `format` (the w3c, appium and webkit targets).
    static func uiTest(_ data: UnsafePointer<UInt8>, _ size: Int, _ format: TraceFormat, scratch: ScratchFile) {
        let bytes = UnsafeBufferPointer(start: data, count: size)
        scratch.write(bytes)
        checkReading(bytes, format, scratch: scratch)
        checkPositioned(read(ByteSource(bytes: bytes, name: "fuzz"), nil, mode: .strict).error, path: "fuzz", "sniffed")
        // With the options the importers read: elements, a density, a coarse sampling step.
        var recording = RecordingImportOptions()
        recording.uiTests.elements = ["e": Rect(x: 10, y: 20, width: 100, height: 50), "button": Rect(x: 0, y: 0, width: 1, height: 1)]
        recording.uiTests.moveInterval = 0.05
        if format == .appium { recording.density = 2 }
        recording.screen = Size(width: 390, height: 844)
        do {
            let reader = try AnyTraceReader(source: ByteSource(bytes: bytes, name: "fuzz"), format: format, recording: recording)
            let frames = FrameAssembler(reader: reader, mode: .lenient, checksTouchSequence: true)
            var last = -Double.infinity
            while let frame = try frames.next() {
                precondition(frame.time.isFinite && frame.time >= last, "UI-test rows out of time order")
                last = frame.time
            }
        } catch {
            checkPositioned(error, path: "fuzz", "with options")
        }
        replay(trace: scratch.path, format: format, errorPath: scratch.path)
    }
}
