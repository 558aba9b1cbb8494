import Foundation
import GestureReplayCLI
import Testing
import TraceKit

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
        #expect(options.scenePath?.hasSuffix("swipes.scene.json") == true)
        #expect(options.outputFormat == .jsonl)
        #expect(options.reportTouches)
        #expect(options.catalog.kind(named: "doubleTap") != nil)
    }
}
