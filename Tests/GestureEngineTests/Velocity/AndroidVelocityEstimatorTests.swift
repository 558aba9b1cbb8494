import GestureEngine
import Testing

/// Unit checks of the AOSP sample rules and of the lsq2 and impulse formulas, on small
/// hand-computed traces (times in seconds, positions in points).
@Suite("Android lsq2 and impulse estimators")
struct AndroidVelocityEstimatorTests {
    // MARK: lsq2

    @Test("lsq2: one sample gives no velocity, two give the line through them")
    func lsq2Degrees() throws {
        var e = LeastSquaresVelocityEstimator()
        #expect(e.velocity() == nil)
        e.addSample(time: 0.0, position: Point(x: 10, y: 0))
        #expect(e.velocity() == nil)
        e.addSample(time: 0.01, position: Point(x: 20, y: -5))
        #expect(close(try #require(e.velocity()), Vector(dx: 1000, dy: -500), relative: 1e-9))
    }

    @Test("lsq2: an exact quadratic gives its slope at the newest sample")
    func lsq2Quadratic() throws {
        // x(t) = 3 + 2 t + 50 t² (t in s, newest at t = 0.03): x'(0.03) = 2 + 100 × 0.03 = 5.
        var e = LeastSquaresVelocityEstimator()
        for i in 0...3 {
            let t = Double(i) * 0.01
            e.addSample(time: 100 + t, position: Point(x: 3 + 2 * t + 50 * t * t, y: -t))
        }
        #expect(close(try #require(e.velocity()), Vector(dx: 5, dy: -1), relative: 1e-6))
    }

    @Test("lsq2: a sample with the same timestamp replaces the newest")
    func lsq2SameTimestampReplaces() throws {
        var e = LeastSquaresVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: 0))
        e.addSample(time: 0.01, position: Point(x: 5, y: 0))
        #expect(e.retainedSampleCount == 2)
        #expect(close(try #require(e.velocity()), Vector(dx: 500, dy: 0), relative: 1e-9))
    }

    @Test("lsq2: a gap over 40 ms clears the history; exactly 40 ms keeps it (AOSP compares strictly)")
    func lsq2PointerStopped() {
        var e = LeastSquaresVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 10, y: 0))
        e.addSample(time: 0.05, position: Point(x: 20, y: 0))  // 40 ms later: kept
        #expect(e.retainedSampleCount == 3)
        e.addSample(time: 0.091, position: Point(x: 30, y: 0))  // 41 ms later: history cleared
        #expect(e.retainedSampleCount == 1)
        #expect(e.velocity() == nil)
    }

    @Test("lsq2: samples older than 100 ms before the newest are dropped; at most 20 are kept")
    func lsq2HorizonAndCapacity() throws {
        var e = LeastSquaresVelocityEstimator()
        for i in 0...30 { e.addSample(time: Double(i) * 0.01, position: Point(x: Double(i), y: 0)) }
        #expect(e.retainedSampleCount == 11)  // ages 0, 10, ..., 100 ms
        #expect(close(try #require(e.velocity()), Vector(dx: 100, dy: 0), relative: 1e-9))
        e.reset()
        for i in 0..<50 { e.addSample(time: Double(i) * 0.001, position: Point(x: Double(i), y: 0)) }
        #expect(e.retainedSampleCount == 20)
        #expect(close(try #require(e.velocity()), Vector(dx: 1000, dy: 0), relative: 1e-9))
    }

    @Test("lsq2: a lift 40 ms after the last sample keeps the velocity, later drops it")
    func lsq2Lift() {
        var e = LeastSquaresVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 10, y: 0))
        var kept = e
        kept.addLift(time: 0.05, position: Point(x: 10, y: 0))
        #expect(kept.velocity() != nil)
        e.addLift(time: 0.0501, position: Point(x: 10, y: 0))
        #expect(e.velocity() == nil)
    }

    // MARK: impulse

    @Test("impulse: none -> nil, one sample -> zero, two -> the segment velocity")
    func impulseSmallCounts() throws {
        var e = ImpulseVelocityEstimator()
        #expect(e.velocity() == nil)
        e.addSample(time: 0.0, position: Point(x: 0, y: 0))
        #expect(e.velocity() == .zero)
        e.addSample(time: 0.02, position: Point(x: -4, y: 6))
        #expect(close(try #require(e.velocity()), Vector(dx: -200, dy: 300), relative: 1e-9))
    }

    @Test("impulse: constant speed is preserved (first segment's work halved)")
    func impulseConstantSpeed() throws {
        var e = ImpulseVelocityEstimator()
        for i in 0..<8 { e.addSample(time: Double(i) * 0.008, position: Point(x: Double(i) * 4, y: Double(i) * -2)) }
        #expect(close(try #require(e.velocity()), Vector(dx: 500, dy: -250), relative: 1e-9))
    }

    @Test("impulse: accelerating and reversing strokes, hand-computed")
    func impulseHandComputed() throws {
        // x: v1 = 100, v2 = 200. work = 0.5 × 100² = 5000; v_prev = 100; work += (200 - 100) × 200 -> 25000;
        //    v = √50000 = 223.607.
        // y: v1 = 200, v2 = -100. work = 20000; v_prev = 200; work += (-100 - 200) × 100 -> -10000;
        //    v = -√20000 = -141.421.
        var e = ImpulseVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: 2))
        e.addSample(time: 0.02, position: Point(x: 3, y: 1))
        let v = try #require(e.velocity())
        #expect(close(v, Vector(dx: 50_000.0.squareRoot(), dy: -(20_000.0.squareRoot())), relative: 1e-9))
    }

    @Test("impulse: a lift more than 40 ms after the last sample drops the velocity")
    func impulseLift() {
        var e = ImpulseVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 10, y: 0))
        e.addLift(time: 0.2, position: Point(x: 10, y: 0))
        #expect(e.velocity() == nil)
    }
}
