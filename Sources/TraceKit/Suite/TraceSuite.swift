import Dispatch
import Synchronization

/// `gesturereplay test`: finds traces, checks each against its golden file and/or its expectations
/// (`TraceCheck`, in parallel), and reports a line per trace and a summary.
public enum TraceSuite {
    /// File names that are traces: `.json`, `.jsonl`, `.ndjson`, `.csv`, but not scenes
    /// (`*.scene.json`) and not the `expected`/`args` files that sit beside traces.
    public static func isTrace(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".scene.json") { return false }
        return name.hasSuffix(".json") || name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") || name.hasSuffix(".csv")
    }

    /// Every trace under `paths` (recursively), sorted, then the `shard` slice: trace number k
    /// (0-based, in sorted order) belongs to shard `k % count + 1`, so shards partition the suite.
    public static func discover(_ paths: [String], shard: (index: Int, count: Int)?) throws(TraceError) -> [String] {
        var all: [String] = []
        for p in paths {
            let files = try FileIO.files(under: p)
            // A file named explicitly is taken even with another extension.
            all += files.count == 1 && files[0] == p ? files : files.filter(isTrace)
        }
        all = Array(Set(all)).sorted()
        guard let shard else { return all }
        return all.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// The outcome of one trace.
    public struct Outcome: Sendable {
        public var tracePath: String
        /// The golden comparison and expectations, when the trace could be run.
        public var result: TraceCheck.Result?
        /// An error that kept the trace from being checked (cannot open, bad .args file, bad scene
        /// path, a malformed expectation, an invalid trace without a golden file recording it).
        public var error: TraceError?
        /// Wall time, seconds.
        public var seconds: Double

        public var passed: Bool { error == nil && (result?.passed ?? false) }
    }

    /// Runs every trace on `jobs` threads; `optionsFor` gives each trace's replay options.
    /// The outcomes come back in the order of `traces`.
    public static func run(_ traces: [String], jobs: Int, update: Bool,
                           optionsFor: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions) -> [Outcome] {
        // Each index is written by one worker only; the lock makes the writes visible to the reader.
        let outcomes = Mutex<[Outcome?]>(Array(repeating: nil, count: traces.count))
        let workers = max(1, min(jobs, traces.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < traces.count else { return }
                let start = monotonicSeconds()
                var outcome = Outcome(tracePath: traces[i], result: nil, error: nil, seconds: 0)
                do throws(TraceError) {
                    let options = try optionsFor(traces[i])
                    outcome.result = try TraceCheck.run(options, update: update)
                } catch {
                    outcome.error = error
                }
                outcome.seconds = monotonicSeconds() - start
                outcomes.withLock { $0[i] = outcome }
            }
        }
        return outcomes.withLock { $0.map { $0! } }
    }
}
