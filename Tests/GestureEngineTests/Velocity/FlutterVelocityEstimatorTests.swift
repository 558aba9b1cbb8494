import GestureEngine
import Testing

/// Unit checks of Flutter's sample selection (times in seconds, positions in points).
@Suite("Flutter estimator rules")
struct FlutterVelocityEstimatorTests {
    @Test("fewer than 3 usable samples give zero, never nil; 3 give the quadratic's slope")
    func minimumSamples() {
        var e = FlutterVelocityEstimator()
        #expect(e.velocity() == .zero)
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 10, y: 0))
        #expect(e.velocity() == .zero)
        e.addSample(time: 0.02, position: Point(x: 20, y: 5))
        // y through (-20 ms, 0), (-10 ms, 0), (0, 5): y = 5 + 0.75 t + 0.025 t², slope 0.75 pt/ms.
        #expect(close(e.velocity() ?? .zero, Vector(dx: 1000, dy: 750), relative: 1e-9))
    }

    @Test("linear motion gives its speed, in pt/s")
    func linear() throws {
        var e = FlutterVelocityEstimator()
        for i in 0..<6 { e.addSample(time: 5 + Double(i) * 0.016, position: Point(x: Double(i) * 8, y: Double(i) * -4)) }
        #expect(close(try #require(e.velocity()), Vector(dx: 500, dy: -250), relative: 1e-9))
    }

    @Test("a gap over 40 ms stops the walk back; older samples are not used")
    func gapStopsWalk() throws {
        var e = FlutterVelocityEstimator()
        e.addSample(time: 0.00, position: Point(x: 0, y: 0))
        e.addSample(time: 0.01, position: Point(x: 1, y: 0))
        e.addSample(time: 0.02, position: Point(x: 2, y: 0))
        e.addSample(time: 0.07, position: Point(x: 100, y: 0))  // 50 ms gap
        e.addSample(time: 0.08, position: Point(x: 110, y: 0))
        #expect(e.velocity() == .zero)  // only 2 usable samples
        e.addSample(time: 0.09, position: Point(x: 120, y: 0))
        #expect(close(try #require(e.velocity()), Vector(dx: 1000, dy: 0), relative: 1e-9))
    }

    @Test("a lift more than 40 whole milliseconds after the last sample gives zero")
    func liftAfterPause() {
        var e = FlutterVelocityEstimator()
        for i in 0..<4 { e.addSample(time: Double(i) * 0.01, position: Point(x: Double(i) * 10, y: 0)) }
        var early = e
        early.addLift(time: 0.0709, position: Point(x: 30, y: 0))  // 40.9 ms: the stopwatch reads 40
        #expect(early.velocity() != .zero)
        e.addLift(time: 0.071, position: Point(x: 30, y: 0))  // 41 ms
        #expect(e.velocity() == .zero)
    }
}
