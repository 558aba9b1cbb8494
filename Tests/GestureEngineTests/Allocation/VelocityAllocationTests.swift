// Counts heap allocations with the test-only `AllocationCounter` target (glibc only; elsewhere the
// suite is disabled, and the fixed-size storage is still checked by
// `VelocityTrackerTests.storageDoesNotGrow`).
import AllocationCounter
import GestureEngine
import Testing

@Suite("Velocity estimators allocate nothing", .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct VelocityAllocationTests {
    @Test(
        "adding samples, lifting and reading the velocity never allocate after the first use",
        arguments: VelocityEstimatorKind.allCases)
    func noAllocation(_ kind: VelocityEstimatorKind) {
        var tracker = kind.makeEstimator()
        var t = 0.0
        func stroke(_ n: Int) -> Double {
            var sum = 0.0
            for i in 0..<n {
                t += i % 7 == 0 ? 0.0004 : 0.008  // some sub-millisecond steps too
                tracker.addSample(time: t, position: Point(x: 200 * t, y: -50 * t * t))
                sum += tracker.velocity()?.dx ?? 0
            }
            tracker.addLift(time: t + 0.01, position: .zero)
            sum += tracker.velocity()?.dy ?? 0
            tracker.reset()
            return sum
        }
        _ = stroke(50)  // warm-up
        allocation_counter_start()
        let sum = stroke(5_000)
        let allocations = allocation_counter_stop()
        #expect(sum.isFinite)
        #expect(allocations == 0, "\(allocations) allocations for 5000 samples with \(kind.rawValue)")
    }
}
