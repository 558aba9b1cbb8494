#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex (the suite's only shared state is tiny; no Foundation needed).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

/// A counter shared by worker threads.
final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = Mutex()
    /// Returns the current value and adds one.
    func increment() -> Int { lock.withLock { defer { value += 1 }; return value } }
}

/// Seconds on the monotonic clock (for reporting durations only; never used for replay time).
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The number of cores online.
public func onlineCoreCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
