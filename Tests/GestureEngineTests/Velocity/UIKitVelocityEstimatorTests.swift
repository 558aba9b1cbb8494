import GestureEngine
import Testing

/// Hand-computed checks of UIKit's pan velocity (decompiled iOS 18.2 UIKitCore
/// `UIPanGestureRecognizer velocityInView:`, `_centroidMovedTo:atTime:affectingTranslation:`,
/// `_convertVelocitySample:fromSceneReferenceCoordinatesToView:`): 0.2 × latest sample + 0.8 ×
/// previous sample, the latest alone when there is none, a sample under 1 ms counts as zero,
/// nothing at the lift. The `--touches` release velocity (`uikit`) is this estimator.
@Suite("UIKit velocity blend")
struct UIKitVelocityEstimatorTests {
    @Test("zero (not nil) before any movement")
    func zeroBeforeMovement() {
        var e = UIKitVelocityEstimator()
        #expect(e.velocity() == .zero)
        e.addSample(time: 1.0, position: Point(x: 10, y: 20))
        #expect(e.velocity() == .zero)
    }

    @Test("velocityInView: the latest sample alone, then 0.2 × latest + 0.8 × previous sample")
    func velocityInView_blendsLatestAndPreviousSample() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))  // sample (100, -200)
        var v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 100, dy: -200)))  // the latest alone
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))  // sample (200, 0)
        v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 120, dy: -160)))  // 0.2 × (200, 0) + 0.8 × (100, -200)
        e.addSample(time: 0.03, position: Point(x: 6, y: -2))  // sample (300, 0): (100, -200) is dropped
        v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 220, dy: 0)))  // 0.2 × (300, 0) + 0.8 × (200, 0)
        #expect(e.retainedSampleCount == 2)
    }

    @Test("a constant 1000 pt/s reads 1000 pt/s after every sample")
    func velocityInView_constantSpeed() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0, position: .zero)
        for k in 1...10 {
            e.addSample(time: Double(k) * 0.008, position: Point(x: Double(k) * 8, y: 0))
            #expect(close(try #require(e.velocity()), Vector(dx: 1000, dy: 0), relative: 1e-9))
        }
    }

    @Test("convertVelocitySample: a step under 1 ms is a zero sample; its movement is not counted again")
    func convertVelocitySample_underOneMillisecondIsZero() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))  // (200, 0)
        e.addSample(time: 0.0205, position: Point(x: 4, y: -2))  // 0.5 ms: zero
        #expect(close(try #require(e.velocity()), Vector(dx: 160, dy: 0)))  // 0.8 × (200, 0)
        e.addSample(time: 0.03, position: Point(x: 5, y: -2))  // from (4, -2) at 0.0205: 1 / 0.0095
        #expect(close(try #require(e.velocity()), Vector(dx: 0.2 / 0.0095, dy: 0)))  // + 0.8 × zero
    }

    @Test("a step of exactly 1 ms counts")
    func oneMillisecondStepCounts() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 216690.896, position: Point(x: 0, y: 0))
        e.addSample(time: 216690.897, position: Point(x: 0.1, y: 0))  // sample 100 pt/s
        #expect(close(try #require(e.velocity()), Vector(dx: 100, dy: 0), relative: 1e-6))
    }

    @Test("bad input: zero time between samples takes no sample, huge steps stay finite")
    func zeroTimeAndHugeSteps() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 1, position: Point(x: 0, y: 0))
        e.addSample(time: 1, position: Point(x: 50, y: 0))  // zero step: no sample, no NaN
        #expect(e.velocity() == .zero)
        e.addSample(time: 1.01, position: Point(x: 60, y: 0))  // measured from (50, 0): 1000
        #expect(close(try #require(e.velocity()), Vector(dx: 1000, dy: 0)))
        e.addSample(time: 1.02, position: Point(x: 1.7e308, y: -1.7e308))
        e.addSample(time: 1.03, position: Point(x: -1.7e308, y: 1.7e308))
        let v = try #require(e.velocity())
        // Each sample is clamped to the largest finite value, then blended: 0.2 × (−M) + 0.8 × M.
        let m = Double.greatestFiniteMagnitude
        #expect(v.dx == 0.2 * -m + 0.8 * m && v.dy == 0.2 * m + 0.8 * -m)
    }

    @Test("no sample at the lift: after a pause the release velocity is the speed before it")
    func liftKeepsVelocity() throws {
        var e = UIKitVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: -2))
        e.addSample(time: 0.02, position: Point(x: 3, y: -2))
        e.addLift(time: 2.0, position: Point(x: 3, y: -2))
        #expect(close(try #require(e.velocity()), Vector(dx: 120, dy: -160)))
    }

    @Test("reset forgets the samples and the reference")
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
