import Foundation
import Testing

/// The sample traces in `Traces/`, replayed by the built binary and compared with their golden
/// files (`NAME.expected`, with the options in `NAME.args`).
@Suite("Golden traces")
struct GoldenTraceTests {
    /// The seed scenarios the sample set must cover.
    static let seedScenarios = [
        "Traces/double-tap.json", "Traces/single-tap-waits.json", "Traces/single-and-double-no-requirement.json",
        "Traces/two-finger-tap.csv", "Traces/two-finger-swipe-up.jsonl", "Traces/two-finger-swipe-down.jsonl",
        "Traces/marquee-down-right.json", "Traces/marquee-up-left.json",
        "Traces/tickle-success.csv", "Traces/tickle-failure.csv", "Traces/pan-velocity.json",
        "Traces/swipe-left.jsonl", "Traces/swipe-right.csv", "Traces/swipe-up.json", "Traces/swipe-down.json",
        "Traces/pinch.json", "Traces/rotation.json", "Traces/moveme.json", "Traces/moveme-exclusive.json",
        "Traces/default-scene.csv", "Traces/views.json", "Traces/scroll-buttons.json", "Traces/scroll-paging.json",
    ]

    @Test("Traces/ holds the sample traces, one per seed scenario, and some invalid ones")
    func tracesExist() throws {
        try #require(!GoldenTrace.all.isEmpty, "no traces found under \(BinaryRunner.tracesDirectory.path)")
        let paths = Set(GoldenTrace.all.map(\.path))
        for scenario in Self.seedScenarios {
            #expect(paths.contains(scenario), "missing seed scenario \(scenario)")
        }
        #expect(paths.contains { $0.hasPrefix("Traces/errors/") }, "no invalid traces under Traces/errors/")
    }

    @Test("every .expected and .args file belongs to a trace")
    func noOrphanCompanions() throws {
        let traces = Set(GoldenTrace.all.flatMap { [$0.expectedPath, $0.argsPath] })
        let enumerator = try #require(FileManager.default.enumerator(atPath: BinaryRunner.tracesDirectory.path))
        while let name = enumerator.nextObject() as? String {
            guard name.hasSuffix(".expected") || name.hasSuffix(".args") else { continue }
            #expect(traces.contains("Traces/" + name), "Traces/\(name) has no trace beside it")
        }
    }

    @Test("replaying the trace prints its golden file", arguments: GoldenTrace.withGoldens)
    func replayMatchesGolden(_ trace: GoldenTrace) throws {
        let expected = try BinaryRunner.packageFile(trace.expectedPath)
        // Run in the trace's folder: golden files name the trace relative to it. `--expect-error`
        // is for check and test, not a replay option.
        let arguments = try trace.arguments()
        let result = try BinaryRunner.run(arguments.filter { $0 != "--expect-error" } + [trace.fileName], in: trace.folderURL)
        // Diagnostics without a location carry the program name on the command line, not in goldens.
        let stderr = Self.withoutProgramName(result.stderr)
        if result.status == 0 {
            // Golden = warnings (lenient repairs) + output.
            #expect(!expected.contains("error (exit "), "\(trace.path) should fail, but exited 0")
            #expect(stderr + result.stdout == expected)
            return
        }
        // Golden = output written before the error + warnings + "error (exit N): " + the error.
        #expect(result.status == 65, "\(result)")
        #expect(arguments.contains("--expect-error"), "\(trace.path) stops at an error but is not declared with --expect-error")
        let marker = "error (exit \(result.status)): "
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }.dropLast()
        let candidates = (0...lines.count).map { k in
            result.stdout + lines.prefix(k).joined() + marker + lines.dropFirst(k).joined()
        }
        #expect(
            candidates.contains(expected), "\(trace.path): stdout + stderr do not make the golden\n\(result)\n--- expected\n\(expected)")
    }

    @Test("`check` passes for the trace", arguments: GoldenTrace.all)
    func checkPasses(_ trace: GoldenTrace) throws {
        let result = try BinaryRunner.run(["check", trace.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "PASS \(trace.path)\n")
    }

    @Test("`test Traces` runs every trace once, passes, and counts them")
    func suiteOverTraces() throws {
        let result = try BinaryRunner.run(["test", "Traces"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let listed = lines.filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
        #expect(listed == GoldenTrace.all.map(\.path))
        #expect(lines.last == "\(GoldenTrace.all.count) passed, 0 failed")
        #expect(result.stderr.isEmpty)
    }

    static func withoutProgramName(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("gesturereplay: ") ? String(line.dropFirst("gesturereplay: ".count)) : String(line)
        }.joined(separator: "\n")
    }
}
