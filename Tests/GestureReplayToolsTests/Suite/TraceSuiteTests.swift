import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Finding a suite's traces, slicing it into shards, running it on several threads.
@Suite("Trace suite")
struct TraceSuiteTests {
    @Test("which files are traces")
    func isTrace() {
        for name in [
            "a.json", "d/b.jsonl", "c.ndjson", "x.csv", "a.scene.jsonl", "r/taps.evemu", "phone.getevent", "t.evtest", "B.JSON",
            "r/T.Evemu",
        ] {
            #expect(TraceSuite.isTrace(name), "\(name)")
        }
        for name in ["a.scene.json", "d/a.scene.json", "a.expected", "a.args", "README.md", "json", "a.json.bak", "phone.txt", "d/.json"] {
            #expect(!TraceSuite.isTrace(name), "\(name)")
        }
    }

    @Test("`trace.json` -> `trace.expected` (the last extension replaced; added when there is none)")
    func expectedPath() {
        #expect(GoldenFile.expectedPath(forTrace: "Traces/a.json") == "Traces/a.expected")
        #expect(GoldenFile.expectedPath(forTrace: "a.b.csv") == "a.b.expected")
        #expect(GoldenFile.expectedPath(forTrace: "dir.v2/trace") == "dir.v2/trace.expected")
        #expect(GoldenFile.expectedPath(forTrace: ".hidden") == ".hidden.expected")
        #expect(GoldenFile.expectedPath(forTrace: "d/.hidden") == "d/.hidden.expected")
        #expect(ArgsFile.path(forTrace: "d.v2/a.b.evemu") == "d.v2/a.b.args")
    }

    /// A folder of `count` traces spread over nested folders, with scenes, goldens and a hidden folder.
    static func makeTree(_ count: Int) throws -> (TemporaryFolder, [String]) {
        let dir = try TemporaryFolder()
        var traces: [String] = []
        for i in 0..<count {
            let name = "s/\(["", "a/", "a/b/", "c/"][i % 4])t\(i).\(["json", "csv", "jsonl"][i % 3])"
            traces.append(try dir.write(name, "x\n"))
            try dir.write(GoldenFile.expectedPath(forTrace: name), "y\n")
        }
        try dir.write("s/a/shared.scene.json", "{}")
        try dir.write("s/.git/hidden.json", "[]")
        try dir.write("s/notes.txt", "")
        return (dir, traces.sorted())
    }

    @Test("discover: recursive, sorted, traces only, hidden folders skipped, duplicates removed")
    func discover() throws {
        let (dir, traces) = try Self.makeTree(12)
        #expect(try TraceSuite.discover([dir.path + "/s"], shard: nil) == traces)
        // A folder given twice, or a trace given as a file too, runs it once; a file named
        // explicitly is taken whatever its extension.
        #expect(try TraceSuite.discover([dir.path + "/s", dir.path + "/s/a", traces[0]], shard: nil) == traces)
        #expect(try TraceSuite.discover([dir.path + "/s/notes.txt"], shard: nil) == [dir.path + "/s/notes.txt"])
        #expect(throws: TraceError.cannotOpen(dir.path + "/missing", "no such file or folder")) {
            try TraceSuite.discover([dir.path + "/missing"], shard: nil)
        }
    }

    @Test(
        "--shard I/N: every trace in exactly one shard, trace k in shard k % N + 1, shards differ in size by at most 1",
        arguments: [1, 2, 3, 4, 7, 40])
    func shardsPartition(_ n: Int) throws {
        let (dir, traces) = try Self.makeTree(37)
        var seen: [String] = []
        var sizes: [Int] = []
        for i in 1...n {
            let shard = try TraceSuite.discover([dir.path + "/s"], shard: (i, n))
            #expect(shard == traces.enumerated().filter { $0.offset % n == i - 1 }.map(\.element))
            #expect(shard == (try TraceSuite.discover([dir.path + "/s"], shard: (i, n))), "deterministic")
            seen += shard
            sizes.append(shard.count)
        }
        #expect(seen.sorted() == traces)
        #expect(Set(seen).count == seen.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test("run: outcomes in trace order whatever the number of threads; errors stay with their trace")
    func runOrder() throws {
        let dir = try TemporaryFolder()
        var traces: [String] = []
        for i in 0..<24 {
            let path = try dir.copy("Traces/double-tap.json", as: "t\(String(i + 100)).json")
            if i % 5 != 3 { try dir.copy("Traces/double-tap.expected", as: "t\(String(i + 100)).expected") }
            traces.append(path)
        }
        traces.append(dir.path + "/missing.json")
        func summary(_ jobs: Int) -> [String] {
            TraceSuite.run(traces, jobs: jobs, update: false) { _ in ReplayOptions() }.map { o in
                "\(o.tracePath) \(o.passed) \(o.result?.failureMessage ?? "") \(o.error.map { DiagnosticFormatter().format($0) } ?? "")"
            }
        }
        let one = summary(1)
        #expect(one.count == traces.count)
        #expect(one.filter { $0.contains(" true ") }.count == 19)
        #expect(one.last?.contains("missing.json: error: cannot open") == true)
        #expect(summary(4) == one)
        #expect(summary(100) == one)
    }
}
