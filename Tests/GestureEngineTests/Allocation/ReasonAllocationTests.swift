import AllocationCounter
@testable import GestureEngine
import Testing

/// A failure reason is built in place (`ReasonText`) and held by its recognizer in a buffer reused
/// from one failure to the next (`ReasonBytes`): no allocation from `fail(_:)` to the output. Only
/// asking for a `String` (`FailureReason.string`, `TransitionReport.reason`) makes one.
@Suite(
    "Failure reasons allocate nothing until a String is asked for",
    .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct ReasonAllocationTests {
    static func reason(_ i: Int, long: Bool) -> FailureReason {
        let d = Double(i) * 0.37, limit = 1_000.0  // never alike, so no number is widened
        return long ? "moved \(short: d) pt > allowableMovement \(short: limit) pt after \(i) moves" : "moved \(short: d)"
    }

    @Test("building a reason and holding it in a recognizer's buffer allocate nothing")
    func noAllocationUntilString() {
        var held = ReasonBytes()
        func hold(_ n: Int, long: Bool) -> Int {
            var total = 0
            for i in 0..<n {
                let reason = Self.reason(i, long: long)
                reason.withUTF8 { held.set($0) }
                total &+= held.withUTF8 { $0?.count ?? 0 }
                if i % 3 == 0 { held.clear() }
            }
            return total
        }
        _ = hold(1_000, long: true)  // warm-up: lazily made tables (DecimalWriter.powersOfTen), the buffer's size
        allocation_counter_start()
        let short = hold(1_000, long: false)
        let long = hold(1_000, long: true)
        let holding = allocation_counter_stop()
        #expect(short > 0 && long > short)
        #expect(holding == 0, "\(holding) allocations for 2000 reasons built and held")

        allocation_counter_start()
        var lengths = 0
        for i in 0..<1_000 { lengths &+= Self.reason(i, long: true).string.utf8.count }
        let strings = allocation_counter_stop()
        #expect(lengths > 0)
        #expect(strings == 1_000, "\(strings) allocations for 1000 long reasons' Strings")
    }
}
