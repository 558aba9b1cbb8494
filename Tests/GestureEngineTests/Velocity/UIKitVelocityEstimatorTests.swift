import GestureEngine
import Testing

/// Hand-computed checks of UIKit's pan velocity blend (uikit-semantics.md, Pan):
/// velocity = 0.2 × sample + 0.8 × previous velocity, steps under 1 ms ignored, nothing at lift.
@Suite("UIKit velocity blend")
struct UIKitVelocityEstimatorTests {
    @Test("zero (not nil) before any movement")
    func zeroBeforeMovement() {
        var e = UIKitVelocityEstimator()
        #expect(e.velocity() == .zero)
        e.addSample(time: 1.0, position: Point(x: 10, y: 20))
        #expect(e.velocity() == .zero)
    }

    @Test("blend of per-event samples")
    func blend() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))   // sample (100, -200)
        var v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 20, dy: -40)))               // 0.2 × sample
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))   // sample (200, 0)
        v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 56, dy: -32)))               // 0.2 × (200, 0) + 0.8 × (20, -40)
    }

    @Test("a step under 1 ms is ignored and its movement counted by the next sample")
    func shortStepIgnored() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))
        e.addSample(time: 0.0205, position: Point(x: 4, y: -2))  // 0.5 ms: ignored
        #expect(close(try #require(e.velocity()), Vector(dx: 56, dy: -32)))
        e.addSample(time: 0.03, position: Point(x: 5, y: -2))    // from (3, -2) at 0.02: sample (200, 0)
        #expect(close(try #require(e.velocity()), Vector(dx: 84.8, dy: -25.6)))
    }

    @Test("a step of exactly 1 ms counts")
    func oneMillisecondStepCounts() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 216690.896, position: Point(x: 0, y: 0))
        e.addSample(time: 216690.897, position: Point(x: 0.1, y: 0))  // sample 100 pt/s
        #expect(close(try #require(e.velocity()), Vector(dx: 20, dy: 0), relative: 1e-6))
    }

    @Test("no sample at the lift: after a pause the release velocity is the speed before it")
    func liftKeepsVelocity() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))
        e.addLift(time: 2.0, position: Point(x: 3, y: -2))
        #expect(close(try #require(e.velocity()), Vector(dx: 56, dy: -32)))
    }

    @Test("reset forgets the velocity and the reference")
    func reset() {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: 0))
        e.reset()
        #expect(e.velocity() == .zero)
        #expect(e.retainedSampleCount == 0)
        e.addSample(time: 0.02, position: Point(x: 50, y: 0))
        #expect(e.velocity() == .zero)
    }
}

/// True when `a` and `b` agree per axis within `relative` (absolute `relative` near zero).
func close(_ a: Vector, _ b: Vector, relative: Double = 1e-12) -> Bool {
    func ok(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= relative * max(1, abs(y)) }
    return ok(a.dx, b.dx) && ok(a.dy, b.dy)
}
