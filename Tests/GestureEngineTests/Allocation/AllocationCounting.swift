import AllocationCounter
import Testing

/// When the allocation suites can run, and why not otherwise.
enum AllocationCounting {
    /// The counter interposes malloc and friends through glibc's `__libc_*` functions; on macOS
    /// (and other C libraries) it is built as a stub that counts nothing, so the suites are disabled.
    static let isAvailable = allocation_counter_is_available() != 0

    static let unavailable: Comment =
        "the allocation counter needs glibc (it forwards to __libc_malloc and friends); on this platform it counts nothing, so allocation tests are disabled"

    #if DEBUG
    static let isOptimized = false
    #else
    static let isOptimized = true
    #endif

    static let needsOptimizedBuild: Comment = "needs an optimized build: run `make ci` (its release pass runs this suite)"
}
