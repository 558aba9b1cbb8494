import Foundation
import GestureReplayCLI
import TestSupport
import Testing
import TraceReplay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 14 item 5: the command line as a library, run with a catalog of user kinds: replay,
/// check, test and JUnit all load scenes that name them.
@Suite("Command line as a library")
struct CLILibraryTests {
    /// The built-ins plus `doubleTap`: a user kind made from a built-in class, with a parameter.
    static var catalog: RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try! catalog.register(
            kind: "doubleTap", factory: { TapGestureRecognizer(name: $0, taps: 2) },
            parameters: [
                .number("window", \.maximumTapInterval, minimum: 0, maximum: 1)
            ])
        return catalog
    }

    /// Traces/expectations/double-tap.json with its scene naming the user kind, in a fresh folder.
    static func folder() throws -> URL {
        let original = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Traces/expectations/double-tap.json"), encoding: .utf8)
        let changed = original.replacingOccurrences(
            of: #"{"name": "doubleTap", "kind": "tap", "numberOfTapsRequired": 2}"#,
            with: #"{"name": "doubleTap", "kind": "doubleTap", "window": 0.35}"#)
        #expect(changed != original)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cli-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try changed.write(to: dir.appendingPathComponent("double-tap.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test("check, test (with JUnit) and replay run a trace whose scene names a user kind")
    func userKindEverywhere() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("double-tap.json").path
        #expect(GestureReplayCLI.run(["check", "--color", "never", trace], catalog: Self.catalog) == 0)
        let junit = dir.appendingPathComponent("report.xml").path
        #expect(GestureReplayCLI.run(["test", "--junit", junit, dir.path], catalog: Self.catalog) == 0)
        #expect(FileManager.default.fileExists(atPath: junit))
        #expect(GestureReplayCLI.run(["--format", "jsonl", "--summary", trace], catalog: Self.catalog) == 0)
        // The same trace with the built-in kinds only: an invalid scene (exit 65), not a pass.
        #expect(GestureReplayCLI.run(["check", trace]) == 65)
    }

    @Test("the options check uses for a trace come from its NAME.args, with the catalog")
    func optionsForTrace() throws {
        let path = BinaryRunner.packageRoot.appendingPathComponent("Traces/swipe-up.json").path
        let options = try GestureReplayCLI.options(forTrace: path, arguments: ["--touches"], catalog: Self.catalog)
        #expect(options.scene.path?.hasSuffix("swipes.scene.json") == true)
        #expect(options.output.format == .jsonl)
        #expect(options.output.reportTouches)
        #expect(options.scene.catalog.kind(named: "doubleTap") != nil)
    }

    /// Issue 31 item 5: a custom CLI says its own name in usage lines and errors. `main` takes the
    /// executable's name as invoked (here the built binary through a link named `my-replay`).
    @Test("main names the program after the executable as invoked")
    func programNameFromArgumentZero() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let link = dir.url.appendingPathComponent("my-replay").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try #require(BinaryRunner.binaryPath))
        let r = try ProcessRunner.run(link, ["check"], in: BinaryRunner.packageRoot).result
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "my-replay: error: missing trace file (use - for standard input)\nusage: my-replay check [options] TRACE  (my-replay help check for more)\n",
            "\(r)")
        let empty = try ProcessRunner.run(link, ["test", dir.path], in: BinaryRunner.packageRoot).result
        #expect(empty.stdout.hasSuffix("my-replay: no traces found under \(dir.path)\n"), "\(empty)")
        // The gesturereplay binary itself is unchanged.
        let plain = try BinaryRunner.run(["check"])
        #expect(plain.stderr.hasPrefix("gesturereplay: error: missing trace file"), "\(plain)")
    }

    /// `run` takes the name from its caller (default `gesturereplay`).
    @Test("run names the program as its caller says")
    func programNameFromCaller() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.url.appendingPathComponent("stderr").path
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        let saved = dup(2)
        dup2(fd, 2)
        let status = GestureReplayCLI.run(["render"], programName: "wiggle-replay")
        dup2(saved, 2)
        close(saved)
        close(fd)
        #expect(status == 2)
        let stderr = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            stderr.contains(
                "wiggle-replay: error: missing trace file\nusage: wiggle-replay render [options] TRACE [-o FILE]  (wiggle-replay help render for more)\n"
            ),
            "\(stderr)")
    }
}
