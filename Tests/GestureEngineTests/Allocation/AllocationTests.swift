import AllocationCounter
import GestureEngine
import Testing

/// Allocation counts are only meaningful in an optimized build (a debug build boxes and copies
/// where the optimizer does not), so this suite runs in `make ci`'s release pass
/// (`swift test -c release --filter AllocationTests`) and is reported as skipped in debug runs.
@Suite(
    "Allocation in the dispatch loop",
    .enabled(if: AllocationCounting.isOptimized, AllocationCounting.needsOptimizedBuild),
    .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct AllocationTests {
    /// Ten recognizers on one view, all allowed to recognize simultaneously, and two fingers
    /// panning: after warm-up, each further event must not allocate (counted by the test-only
    /// allocation counter that interposes malloc and friends for the calling thread).
    @Test("per-event dispatch allocates nothing in steady state with ten recognizers")
    func steadyStateDispatch() {
        let root = View(unboundedNamed: "root")
        let environment = GestureEnvironment(rootView: root)
        let recorder = CountingObserver()
        environment.observer = recorder
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        for i in 0..<10 {
            let pan = TestPan(name: "pan\(i)")
            pan.threshold = Double(5 + i)
            pan.delegate = yes
            root.addGestureRecognizer(pan)
        }
        var changes = [
            TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0)),
            TouchChange(id: 2, phase: .began, location: Point(x: 100, y: 0)),
        ]
        environment.send(changes, at: 0)
        changes[0].phase = .moved
        changes[1].phase = .moved
        var t = 0.0
        func step() {
            t += 1.0 / 120
            changes[0].location.x += 3
            changes[1].location.y += 2
            environment.send(changes, at: t)
        }
        for _ in 0..<100 { step() }
        let before = recorder.transitions
        allocation_counter_start()
        for _ in 0..<1000 { step() }
        let allocations = allocation_counter_stop()
        #expect(recorder.transitions - before == 10_000, "every pan reports changed on every event")
        #expect(allocations == 0, "\(allocations) allocations in 1000 events")
    }

    /// A pinch and a rotation (simultaneous) following a pair that turns and slowly spreads: after
    /// both began, each further event (transform analyzer, velocity samples, integer location) must
    /// not allocate.
    @Test("pinch and rotation moves allocate nothing in steady state")
    func steadyStatePinchAndRotation() {
        let root = View(unboundedNamed: "root")
        let environment = GestureEnvironment(rootView: root)
        let recorder = CountingObserver()
        environment.observer = recorder
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        pinch.delegate = yes
        rotation.delegate = yes
        root.addGestureRecognizer(pinch)
        root.addGestureRecognizer(rotation)
        var changes = [
            TouchChange(id: 1, phase: .began, location: Point(x: 300, y: 300)),
            TouchChange(id: 2, phase: .began, location: Point(x: 400, y: 300)),
        ]
        environment.send(changes, at: 0)
        changes[0].phase = .moved
        changes[1].phase = .moved
        var t = 0.0
        var k = 0.0
        func step() {
            t += 1.0 / 120
            k += 1
            // Small angle steps without libm: a turn of about 0.01 rad per event, radius growing.
            let r = 100 + k * 0.1
            let a = k * 0.01
            let c = 1 - a * a / 2 + a * a * a * a / 24, sn = a - a * a * a / 6 + a * a * a * a * a / 120
            changes[1].location = Point(x: 300 + r * c, y: 300 + r * sn)
            environment.send(changes, at: t)
        }
        for _ in 0..<100 { step() }
        #expect(pinch.state == .changed && rotation.state == .changed)
        let before = recorder.transitions
        allocation_counter_start()
        for _ in 0..<100 { step() }
        let allocations = allocation_counter_stop()
        #expect(recorder.transitions - before == 200, "both report changed on every event")
        #expect(allocations == 0, "\(allocations) allocations in 100 events")
    }

    @Test("the counter does count allocations (so the test above can fail)")
    func counterWorks() {
        allocation_counter_start()
        let array = (0..<Int.random(in: 10...20)).map { [$0] }
        let allocations = allocation_counter_stop()
        #expect(array.count >= 10)
        #expect(allocations >= 10)
    }
}

final class CountingObserver: GestureEnvironmentObserver {
    var transitions = 0
    func environment(_ environment: GestureEnvironment, didTransition transition: Transition) { transitions += 1 }
}
