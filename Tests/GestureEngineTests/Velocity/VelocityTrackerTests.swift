import GestureEngine
import Testing

/// What each estimator reports before it has enough samples.
struct VelocityKindCase: Sendable, CustomTestStringConvertible {
    var kind: VelocityEstimatorKind
    var withNoSample: Vector?
    var withOneSample: Vector?
    /// Samples kept after a long stroke sampled every 8 ms.
    var retainedAfterLongStroke: Int

    var testDescription: String { kind.rawValue }

    static let all: [VelocityKindCase] = [
        // UIKit keeps only the previous event; zero until it has moved.
        VelocityKindCase(kind: .uikit, withNoSample: .zero, withOneSample: .zero, retainedAfterLongStroke: 2),
        // AOSP lsq2: no velocity without two samples; 100 ms horizon -> ages 0, 8, ..., 96 ms.
        VelocityKindCase(kind: .lsq2, withNoSample: nil, withOneSample: nil, retainedAfterLongStroke: 13),
        // Flutter: zero, never nil; keeps the last 20 positions, the horizon applies when reading.
        VelocityKindCase(kind: .flutter, withNoSample: .zero, withOneSample: .zero, retainedAfterLongStroke: 20),
        // AOSP impulse: nil without samples, zero with one.
        VelocityKindCase(kind: .impulse, withNoSample: nil, withOneSample: .zero, retainedAfterLongStroke: 13),
    ]
}

@Suite("VelocityTracker (selectable estimator)")
struct VelocityTrackerTests {
    @Test("kinds and their names")
    func kinds() {
        #expect(VelocityEstimatorKind.allCases.map(\.rawValue) == ["uikit", "lsq2", "flutter", "impulse"])
        #expect(VelocityEstimatorKind(rawValue: "lsq2") == .lsq2)
        #expect(VelocityTracker().kind == .uikit)
        for kind in VelocityEstimatorKind.allCases {
            #expect(kind.makeEstimator().kind == kind)
        }
    }

    @Test("answers before enough samples", arguments: VelocityKindCase.all)
    func beforeEnoughSamples(_ c: VelocityKindCase) {
        var tracker = c.kind.makeEstimator()
        #expect(tracker.velocity() == c.withNoSample)
        tracker.addSample(time: 3.0, position: Point(x: 1, y: 2))
        #expect(tracker.velocity() == c.withOneSample)
        tracker.reset()
        #expect(tracker.velocity() == c.withNoSample)
        #expect(tracker.retainedSampleCount == 0)
    }

    @Test("storage is fixed: a long stroke never keeps more than 20 samples", arguments: VelocityKindCase.all)
    func storageDoesNotGrow(_ c: VelocityKindCase) {
        var tracker = c.kind.makeEstimator()
        // The samples live inline in the value: no heap buffer that could grow.
        #expect(MemoryLayout<VelocityTracker>.size >= VelocityTracker.sampleCapacity * MemoryLayout<VelocitySample>.size)
        var peak = 0
        for i in 0..<2_000 {
            let t = Double(i) * 0.008
            tracker.addSample(time: t, position: Point(x: 300 * t, y: 40 * (t * 3).squareRoot()))
            peak = max(peak, tracker.retainedSampleCount)
            if i >= 100 { #expect(tracker.retainedSampleCount == c.retainedAfterLongStroke) }
        }
        #expect(peak <= VelocityTracker.sampleCapacity)
        #expect(tracker.velocity() != nil)
    }

    @Test("dispatch gives the same answers as the concrete estimator", arguments: VelocityKindCase.all)
    func dispatchMatchesConcrete(_ c: VelocityKindCase) {
        var tracker = c.kind.makeEstimator()
        var concrete: any VelocityEstimator =
            switch c.kind {
            case .uikit: UIKitVelocityEstimator()
            case .lsq2: LeastSquaresVelocityEstimator()
            case .flutter: FlutterVelocityEstimator()
            case .impulse: ImpulseVelocityEstimator()
            }
        let times = [0.0, 0.007, 0.016, 0.0165, 0.024, 0.033, 0.041, 0.049, 0.058, 0.066]
        for (i, t) in times.enumerated() {
            let p = Point(x: Double(i * i), y: -3 * Double(i))
            tracker.addSample(time: t, position: p)
            concrete.addSample(time: t, position: p)
            #expect(tracker.velocity() == concrete.velocity())
            #expect(tracker.retainedSampleCount == concrete.retainedSampleCount)
        }
        tracker.addLift(time: 0.08, position: Point(x: 81, y: -27))
        concrete.addLift(time: 0.08, position: Point(x: 81, y: -27))
        #expect(tracker.velocity() == concrete.velocity())
    }
}
