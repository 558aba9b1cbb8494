import Foundation
import TestSupport
import Testing
import TraceReplay
import GestureReplayTools
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
    /// `stdin` through a pipe when given (otherwise standard input is `/dev/null`); `environment`:
    /// variables added to the environment.
    static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> RunResult {
        guard let binaryPath else {
            throw HarnessError(
                description: "gesturereplay binary not found beside the test bundle (build with `swift build --build-tests`)")
        }
        let (result, timedOut) = try ProcessRunner.run(
            binaryPath, arguments, in: directory ?? packageRoot,
            stdin: stdin.map { Array($0) }, seconds: timeLimit, environment: environment)
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

    /// `Traces/x.json` -> `Traces/x.expected` (the extension replaced: `TracePath`, as `check` names it).
    var expectedPath: String { TracePath(path).golden }
    var argsPath: String { TracePath(path).argsFile }

    /// The trace's folder, relative to the package root (`Traces/errors`).
    var folder: String { String(path[..<path.lastIndex(of: "/")!]) }

    /// The trace's file name (`x.json`).
    var fileName: String { String(path[path.index(after: path.lastIndex(of: "/")!)...]) }

    /// The words of the `.args` file beside the trace, read by the same parser as `check` and
    /// `test` (`ArgsFile`); relative paths in them are relative to the trace's folder, so run the
    /// binary there (`folderURL`) with `fileName`.
    func arguments() throws -> [String] {
        try ArgsFile.words(forTrace: BinaryRunner.packageRoot.appendingPathComponent(path).path)
    }

    /// The trace's folder in the package.
    var folderURL: URL { BinaryRunner.packageRoot.appendingPathComponent(folder) }

    /// True for the files `gesturereplay test` treats as traces by their name (`TraceSuite.isTrace`).
    static func isTrace(_ name: String) -> Bool { TraceSuite.isTrace(name) }

    /// The traces with a golden file: all but the truth recorder's files in `Traces/recorded/`,
    /// which are checked by the device's expectations they carry (RecordedTruthCLITests).
    static let withGoldens: [GoldenTrace] = all.filter { !$0.path.hasPrefix("Traces/recorded/") }

    /// Every trace under `Traces/`, recursively, sorted by path (hidden files skipped).
    static let all: [GoldenTrace] = {
        var found: [String] = []
        func walk(_ relative: String) {
            let url = BinaryRunner.packageRoot.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
            for name in names where !name.hasPrefix(".") {
                let child = relative + "/" + name
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: BinaryRunner.packageRoot.appendingPathComponent(child).path, isDirectory: &isDirectory)
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
