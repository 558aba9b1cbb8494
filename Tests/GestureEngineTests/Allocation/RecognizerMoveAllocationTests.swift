import AllocationCounter
import GestureEngine
import Testing

/// The move paths of tap, long press, swipe and screen-edge pan allocate nothing (counted in an
/// optimized build: `make ci`'s release pass runs every suite whose name contains `AllocationTests`).
@Suite(
    "Allocation in tap, long press, swipe, pan, marquee and screen-edge pan moves",
    .enabled(if: AllocationCounting.isOptimized, AllocationCounting.needsOptimizedBuild),
    .enabled(if: AllocationCounting.isAvailable, AllocationCounting.unavailable))
struct RecognizerMoveAllocationTests {
    /// Sends `warmUp` then `count` moves of touch 1 from `start`, `dt` apart, each by `step`, and
    /// returns the allocations counted during the last `count` and the transitions they reported.
    func countMoves(
        _ r: GestureRecognizer, down start: Point, at t0: Double, firstMoveAt t1: Double,
        dt: Double, step: Vector, count: Int = 1000, warmUp: Int = 50
    ) -> (allocations: Int, transitions: Int) {
        let root = View(unboundedNamed: "root")
        let environment = GestureEnvironment(rootView: root)
        let observer = CountingObserver()
        environment.observer = observer
        root.addGestureRecognizer(r)
        var changes = [TouchChange(id: 1, phase: .began, location: start)]
        environment.send(changes, at: t0)
        changes[0].phase = .moved
        var t = t1 - dt
        func move() {
            t += dt
            changes[0].location = changes[0].location + step
            environment.send(changes, at: t)
        }
        for _ in 0..<warmUp { move() }
        let before = observer.transitions
        allocation_counter_start()
        for _ in 0..<count { move() }
        let allocations = allocation_counter_stop()
        return (Int(allocations), observer.transitions - before)
    }

    @Test("a long press that has begun: every move reports changed without allocating")
    func longPress() {
        let r = countMoves(
            LongPressGestureRecognizer(), down: Point(x: 100, y: 100), at: 0, firstMoveAt: 0.6,
            dt: 0.001, step: Vector(dx: 0.5, dy: 0.25))
        #expect(r.transitions == 1000)
        #expect(r.allocations == 0)
    }

    @Test("a screen-edge pan that has begun: every move reports changed without allocating")
    func screenEdgePan() {
        let edge = ScreenEdgePanGestureRecognizer(edges: .left, screenSize: Size(width: 390, height: 844))
        let r = countMoves(
            edge, down: Point(x: 5, y: 400), at: 0, firstMoveAt: 0.01,
            dt: 0.001, step: Vector(dx: 0.3, dy: 0.1))
        #expect(r.transitions == 1000)
        #expect(r.allocations == 0)
    }

    @Test("a pan that has begun: every move reports changed without allocating (two-sample velocity, location)")
    func pan() {
        let r = countMoves(
            PanGestureRecognizer(), down: Point(x: 100, y: 100), at: 0, firstMoveAt: 0.01,
            dt: 0.001, step: Vector(dx: 0.5, dy: 0.25))
        #expect(r.transitions == 1000)
        #expect(r.allocations == 0)
    }

    @Test("a marquee that has begun: every move reports changed and its rectangle without allocating")
    func marquee() {
        let r = countMoves(
            MarqueeGestureRecognizer(), down: Point(x: 100, y: 100), at: 0, firstMoveAt: 0.01,
            dt: 0.001, step: Vector(dx: 0.5, dy: 0.25))
        #expect(r.transitions == 1000)
        #expect(r.allocations == 0)
    }

    @Test("a swipe still deciding: its moves allocate nothing")
    func swipe() {
        let r = countMoves(
            SwipeGestureRecognizer(), down: Point(x: 100, y: 400), at: 0, firstMoveAt: 0.001,
            dt: 0.0001, step: Vector(dx: 0.01, dy: 0.001))
        #expect(r.transitions == 0)
        #expect(r.allocations == 0)
    }

    @Test("a tap whose finger jitters: its moves allocate nothing")
    func tap() {
        let r = countMoves(
            TapGestureRecognizer(), down: Point(x: 100, y: 100), at: 0, firstMoveAt: 0.001,
            dt: 0.0001, step: Vector(dx: 0.01, dy: -0.01))
        #expect(r.transitions == 0)
        #expect(r.allocations == 0)
    }
}
