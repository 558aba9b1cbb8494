import AllocationCounter
@testable import GestureEngine
import Testing

/// A failure reason is built in place (`ReasonText`): the only allocation is its `String`'s
/// storage, and none for a text of 15 bytes or fewer (a small string).
@Suite("Failure reasons allocate only their String", .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct ReasonAllocationTests {
    @Test("a reason allocates once, a short one never")
    func oneAllocationPerReason() {
        func build(_ n: Int, long: Bool) -> Int {
            var total = 0
            for i in 0..<n {
                let d = Double(i) * 0.37, limit = 1_000.0  // never alike, so no number is widened
                let reason =
                    long
                    ? makeReason("moved \(short: d) pt > allowableMovement \(short: limit) pt after \(i) moves")
                    : makeReason("moved \(short: d)")
                total &+= reason.utf8.count
            }
            return total
        }
        _ = build(1_000, long: true)  // warm-up: lazily made tables (DecimalWriter.powersOfTen)
        allocation_counter_start()
        let short = build(1_000, long: false)
        let shortAllocations = allocation_counter_stop()
        allocation_counter_start()
        let long = build(1_000, long: true)
        let longAllocations = allocation_counter_stop()
        #expect(short > 0 && long > 0)
        #expect(shortAllocations == 0, "\(shortAllocations) allocations for 1000 reasons of at most 15 bytes")
        #expect(longAllocations == 1_000, "\(longAllocations) allocations for 1000 longer reasons")
    }
}
