import AllocationCounter
import GestureEngine
import Testing

/// Target-action (issue 14 item 6) adds no per-event allocation: runs in the release allocation
/// pass (`make ci`: `swift test -c release --filter AllocationTests`), skipped in debug runs.
@Suite(
    "Allocation with target-action",
    .enabled(if: AllocationCounting.isOptimized, AllocationCounting.needsOptimizedBuild),
    .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct TargetActionAllocationTests {
    final class Handler {
        var calls = 0
        var lastX = 0.0
        func handlePan(_ pan: PanGestureRecognizer) {
            calls += 1
            lastX = pan.location(in: nil).x + pan.location(ofTouch: 0, in: nil).x + Double(pan.numberOfTouches)
        }
    }

    /// A pan with a target-action and a closure action, dragged by one finger: after warm-up, each
    /// further event (a `changed` transition, both actions called) allocates nothing.
    @Test("a pan's target-action and closure action allocate nothing per event")
    func steadyStateActions() {
        let root = View(unboundedNamed: "root")
        let environment = GestureEnvironment(rootView: root)
        let pan = PanGestureRecognizer(name: "pan")
        root.addGestureRecognizer(pan)
        let handler = Handler()
        pan.addTarget(handler, action: Handler.handlePan)
        var closureCalls = 0
        pan.addAction { _ in closureCalls += 1 }
        var change = TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))
        environment.send([change], at: 0)
        change.phase = .moved
        var t = 0.0
        func step() {
            t += 1.0 / 120
            change.location.x += 3
            environment.send([change], at: t)
        }
        for _ in 0..<100 { step() }
        let before = handler.calls
        allocation_counter_start()
        for _ in 0..<1000 { step() }
        let allocations = allocation_counter_stop()
        #expect(handler.calls - before == 1000, "the action runs at every changed")
        #expect(closureCalls == handler.calls)
        #expect(allocations == 0, "\(allocations) allocations in 1000 events")
    }
}
