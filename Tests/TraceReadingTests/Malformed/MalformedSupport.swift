#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import TraceReplay
import TraceReading

/// Paths and replay helpers for the malformed-input and fuzz-regression tests.
enum MalformedSupport {
    /// `Tests/TraceReadingTests/Malformed/corpus` (TestSupport's `PackageFiles`).
    static let corpusDirectory = PackageFiles.path("Tests/TraceReadingTests/Malformed/corpus")

    /// What a replay produced.
    struct Replay {
        var output: String
        var warnings: [Diagnostic]
        var error: TraceError?
    }

    /// Replays `path` as the command line does (format from the extension, or `format`).
    static func replay(_ path: String, format: TraceFormat? = nil, lenient: Bool = false, scene: String? = nil) -> Replay {
        var options = ReplayOptions()
        options.reading.inputFormat = format
        options.reading.lenient = lenient
        options.scene.path = scene
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings: [Diagnostic] = []
        var error: TraceError?
        do {
            try Replayer.run(.path(path), options: options, output: &out, warn: { warnings.append($0) })
        } catch let e {
            error = e
        }
        return Replay(output: out.text, warnings: warnings, error: error)
    }

    /// What reading a trace gave: its rows (after the sequence checks), warnings and error.
    struct Reading: Equatable {
        var rows: [TraceRow] = []
        var warnings: [Diagnostic] = []
        var error: TraceError?
    }

    /// Reads `source` as `format` (sniffed when nil) through the frame assembler with sequence checks.
    static func read(_ source: ByteSource, format: TraceFormat?, mode: TraceValidationMode = .strict) -> Reading {
        var result = Reading()
        do {
            let reader = try AnyTraceReader(source: source, format: format)
            var warnings: [Diagnostic] = []
            let frames = FrameAssembler(reader: reader, mode: mode, checksTouchSequence: true) { warnings.append($0) }
            defer { result.warnings = warnings }
            while let frame = try frames.next() { result.rows += frame.rows }
        } catch {
            result.error = error
        }
        return result
    }

    /// Reads the file at `path` in chunks of `chunkSize` bytes (format from the extension).
    static func read(_ path: String, chunkSize: Int, mode: TraceValidationMode = .strict) -> Reading {
        do {
            return read(try ByteSource(path: path, chunkSize: chunkSize), format: TraceFormat(pathExtensionOf: path), mode: mode)
        } catch {
            return Reading(error: error)
        }
    }

    /// Writes `bytes` to a new file in a new temporary folder; returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String) -> String {
        do { return try TemporaryFile.make(bytes, name: name) } catch { preconditionFailure("cannot create \(name): \(error)") }
    }

    /// Removes a file made by `temporaryFile` and its folder.
    static func removeTemporaryFile(_ path: String) { TemporaryFile.remove(path) }

    /// Seconds on a monotonic clock.
    static func now() -> Double { monotonicNow() }
}
