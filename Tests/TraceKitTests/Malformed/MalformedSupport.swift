#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import TraceKit

/// Paths and replay helpers for the malformed-input and fuzz-regression tests.
enum MalformedSupport {
    /// The package root (the folder holding Package.swift), found upward from this file.
    static let packageRoot: String? = {
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if dir.isEmpty { return nil }
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
        }
        return nil
    }()

    /// `Tests/TraceKitTests/Malformed/corpus`.
    static let corpusDirectory: String? = packageRoot.map { $0 + "/Tests/TraceKitTests/Malformed/corpus" }

    /// Names of the entries of `dir` (no dot files), sorted; empty if it does not exist.
    static func listDirectory(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// What a replay produced.
    struct Replay {
        var output: String
        var warnings: [Diagnostic]
        var error: TraceError?
    }

    /// Replays `path` as the command line does (format from the extension, or `format`).
    static func replay(_ path: String, format: TraceFormat? = nil, lenient: Bool = false, scene: String? = nil) -> Replay {
        var options = ReplayOptions(inputPath: path)
        options.inputFormat = format
        options.lenient = lenient
        options.scenePath = scene
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings: [Diagnostic] = []
        var error: TraceError?
        do {
            try Replayer.run(options, output: &out, warn: { warnings.append($0) })
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
        var template = Array("/tmp/gesturereplay-malformed-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let path = dir + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            precondition(n > 0, "write failed")
            written += n
        }
        close(fd)
        return path
    }

    /// Removes a file made by `temporaryFile` and its folder.
    static func removeTemporaryFile(_ path: String) {
        unlink(path)
        if let slash = path.lastIndex(of: "/") { rmdir(String(path[..<slash])) }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

