#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Seconds on the monotonic clock (for reporting durations only; never used for replay time).
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The number of cores online.
package func onlineCoreCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// `body(0..<count)` on `jobs` threads (each takes the next index as it finishes one); the results in
/// index order. `test`, `stats` and `compare` run their traces through it (`TraceSuite.parallelMap`),
/// `TraceShrinker` its candidates.
package func mapInParallel<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    // Each index is written by one worker only; the lock makes the writes visible to the reader.
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    let workers = max(1, min(jobs, count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            let result = body(i)
            results.withLock { $0[i] = result }
        }
    }
    return results.withLock { $0.map { $0! } }
}
