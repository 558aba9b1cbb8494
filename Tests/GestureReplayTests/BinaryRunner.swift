import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the `gesturereplay` executable that SwiftPM built next to the test bundle, as a user would:
/// a separate process, arguments, standard input, exit status, standard output and error.
enum BinaryRunner {
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: PackageFiles.root, isDirectory: true)

    /// `Traces/` in the package.
    static let tracesDirectory = packageRoot.appendingPathComponent("Traces")

    /// The built binary: beside the test executable (Linux: the directory of `/proc/self/exe`, the
    /// `.xctest` executable; macOS: beside the `.xctest` bundle).
    static let binaryPath: String? = {
        var directories: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let main = Bundle.main.executableURL {
            directories.append(main.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("gesturereplay").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs the binary with `arguments` in `directory` (default: the package root, so that trace
    /// paths like `Traces/x.json` appear in messages exactly as in the golden files), feeding
    /// `stdin` through a pipe when given (otherwise standard input is `/dev/null`).
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> RunResult {
        guard let binaryPath else {
            throw HarnessError(description: "gesturereplay binary not found beside the test bundle (build with `swift build --build-tests`)")
        }
        let (result, timedOut) = try ProcessRunner.run(binaryPath, arguments, in: directory ?? packageRoot,
                                                       stdin: stdin.map { Array($0) }, seconds: timeLimit)
        if timedOut { throw HarnessError(description: "gesturereplay \(arguments) did not finish in \(timeLimit) s\n\(result)") }
        return result
    }

    /// How long one run may take before it is stopped and reported as hung.
    static let timeLimit = 120.0

    /// The text of a file in the package (path relative to the package root).
    static func packageFile(_ relativePath: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The bytes of a file in the package.
    static func packageData(_ relativePath: String) throws -> Data {
        try Data(contentsOf: packageRoot.appendingPathComponent(relativePath))
    }
}

/// The test targets' one temporary folder (TestSupport), under the name these tests use.
typealias TemporaryDirectory = TemporaryFolder

/// A sample trace under `Traces/` with its golden file and options.
struct GoldenTrace: Sendable, CustomTestStringConvertible {
    /// Path relative to the package root, e.g. `Traces/double-tap.json`.
    var path: String

    var testDescription: String { path }

    /// `Traces/x.json` -> `Traces/x.expected` (last extension replaced).
    var expectedPath: String { Self.replacingExtension(of: path, with: "expected") }
    var argsPath: String { Self.replacingExtension(of: path, with: "args") }

    /// The options in the `.args` file beside the trace (whitespace-separated), with a relative
    /// `--scene` path made relative to the package root (it is relative to the trace's folder).
    func arguments() throws -> [String] {
        let url = BinaryRunner.packageRoot.appendingPathComponent(argsPath)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = try String(contentsOf: url, encoding: .utf8)
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        var i = 0
        while i < words.count {
            if words[i] == "--scene", i + 1 < words.count, !words[i + 1].hasPrefix("/") {
                words[i + 1] = folder + words[i + 1]
                i += 1
            } else if words[i].hasPrefix("--scene="), !words[i].dropFirst("--scene=".count).hasPrefix("/") {
                words[i] = "--scene=" + folder + words[i].dropFirst("--scene=".count)
            }
            i += 1
        }
        return words
    }

    static func replacingExtension(of path: String, with ext: String) -> String {
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ $0 < dot }) ?? true, dot != path.startIndex {
            return String(path[..<dot]) + "." + ext
        }
        return path + "." + ext
    }

    /// True for the files `gesturereplay test` treats as traces: `.json`, `.jsonl`, `.ndjson`,
    /// `.csv`, but not scenes (`*.scene.json`).
    static func isTrace(_ name: String) -> Bool {
        if name.hasSuffix(".scene.json") { return false }
        return [".json", ".jsonl", ".ndjson", ".csv"].contains { name.hasSuffix($0) }
    }

    /// Every trace under `Traces/`, recursively, sorted by path (hidden files skipped).
    static let all: [GoldenTrace] = {
        var found: [String] = []
        func walk(_ relative: String) {
            let url = BinaryRunner.packageRoot.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
            for name in names where !name.hasPrefix(".") {
                let child = relative + "/" + name
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: BinaryRunner.packageRoot.appendingPathComponent(child).path, isDirectory: &isDirectory)
                if exists && isDirectory.boolValue {
                    walk(child)
                } else if isTrace(name) {
                    found.append(child)
                }
            }
        }
        walk("Traces")
        return found.sorted().map { GoldenTrace(path: $0) }
    }()
}
