import GestureEngine
import Testing

@Suite("Pan")
struct PanGestureRecognizerTests {
    static let eps = 1e-9

    func lastValues(_ h: Harness, _ name: String = "pan") -> GestureValues? {
        h.recorder.transitions(of: name).last?.values
    }

    struct HysteresisCase: CustomTestStringConvertible, Sendable {
        let dx: Double
        let dy: Double
        /// nil: stays possible (and fails at the lift).
        let translation: Vector?
        var testDescription: String { "move (\(dx), \(dy))" }
    }

    /// 10 pt per axis on the centroid; at began 10 pt comes off each axis (clamped, sign kept).
    @Test(arguments: [
        HysteresisCase(dx: 7, dy: 7, translation: nil),
        HysteresisCase(dx: 9.99, dy: 0, translation: nil),
        HysteresisCase(dx: -9.9, dy: -9.9, translation: nil),
        HysteresisCase(dx: 10.5, dy: 10.7, translation: Vector(dx: 0.5, dy: 0.7)),
        HysteresisCase(dx: 10, dy: 0, translation: Vector(dx: 0, dy: 0)),
        HysteresisCase(dx: 0, dy: -10, translation: Vector(dx: 0, dy: 0)),
        HysteresisCase(dx: -12, dy: 3, translation: Vector(dx: -2, dy: 0)),
        HysteresisCase(dx: 4, dy: -25, translation: Vector(dx: 0, dy: -15)),
    ])
    func hysteresisPerAxis(_ c: HysteresisCase) throws {
        let h = Harness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 100 + c.dx, 100 + c.dy))
        if let expected = c.translation {
            #expect(h.log == ["pan began @0.1"])
            let t = try #require(lastValues(h)?.translation)
            #expect(abs(t.dx - expected.dx) < Self.eps && abs(t.dy - expected.dy) < Self.eps)
            h.send(0.2, (1, .ended, 100 + c.dx, 100 + c.dy))
            #expect(h.log == ["pan began @0.1", "pan ended @0.2"])
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 100 + c.dx, 100 + c.dy))
            #expect(h.log == ["pan failed @0.2"])
            #expect(h.reason("pan") == "lifted before it began: moved (\(formatShort(c.dx)), \(formatShort(c.dy))) pt, needs 10 pt along an axis")
        }
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("velocity = 0.2 × sample + 0.8 × previous; steps under 1 ms ignored; no sample at the lift")
    func velocityBlend() throws {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 0, 0))
        h.send(0.01, (1, .moved, 20, 0))    // sample 2000 -> 0.2 × 2000 = 400
        h.send(0.02, (1, .moved, 30, 0))    // sample 1000 -> 200 + 0.8 × 400 = 520
        h.send(0.0205, (1, .moved, 35, 0))  // 0.5 ms: ignored, stays 520
        h.send(0.03, (1, .moved, 40, 0))    // (40 - 30) / 0.01 = 1000 -> 200 + 0.8 × 520 = 616
        h.send(0.2, (1, .ended, 40, 0))     // after a pause: still 616
        let v = h.recorder.transitions(of: "pan").map { $0.values.velocity?.dx ?? .nan }
        #expect(h.states("pan") == [.began, .changed, .changed, .changed, .ended])
        let expected = [400.0, 520, 520, 616, 616]
        #expect(v.count == expected.count)
        for (a, b) in zip(v, expected) { #expect(abs(a - b) < 1e-6) }
        #expect(h.recorder.transitions(of: "pan").allSatisfy { $0.values.velocity?.dy == 0 })
    }

    @Test("the velocity estimator is selectable: lsq2 sees a steady 1000 pt/s where UIKit's blend still ramps up")
    func selectableEstimator() throws {
        func run(_ kind: VelocityEstimatorKind) -> Double {
            let h = Harness()
            let pan = PanGestureRecognizer(name: "pan")
            pan.velocityEstimator = kind
            h.add(pan)
            h.send(0, (1, .began, 0, 0))
            for k in 1...4 { h.send(Double(k) * 0.01, (1, .moved, Double(k) * 10, 0)) }
            return pan.velocity(in: nil).dx
        }
        #expect(abs(run(.uikit) - 1000 * (1 - 0.8 * 0.8 * 0.8 * 0.8)) < 1e-6)  // 590.4
        #expect(abs(run(.lsq2) - 1000) < 1e-6)
        #expect(PanGestureRecognizer(name: "p").velocityEstimator == .uikit)
    }

    @Test("translation is re-based when a second finger joins or one lifts: it does not jump")
    func rebaseOnFingerChange() throws {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))                          // began, (20, 0)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
        h.send(0.2, (2, .began, 200, 100))                          // centroid jumps to (165, 100)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
        #expect(lastValues(h)?.translation == Vector(dx: 20, dy: 0))
        #expect(lastValues(h)?.numberOfTouches == 2)
        h.send(0.3, (1, .moved, 130, 110), (2, .moved, 200, 110))   // both down 10
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 10))
        h.send(0.4, (1, .ended, 130, 110))                          // centroid jumps back to (200, 110)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 10))
        h.send(0.5, (2, .moved, 210, 110))
        #expect(pan.translation(in: nil) == Vector(dx: 30, dy: 10))
        h.send(0.6, (2, .ended, 210, 110))
        #expect(h.log == ["pan began @0.1", "pan changed @0.2", "pan changed @0.3", "pan changed @0.5", "pan ended @0.6"])
        #expect(lastValues(h)?.translation == Vector(dx: 30, dy: 10))
        // The velocity never saw the 65 pt centroid jumps (a sample of 650 pt/s would give at least 130 pt/s).
        #expect(h.recorder.transitions(of: "pan").allSatisfy { ($0.values.velocity?.length ?? 0) <= 100 + 1e-9 })
    }

    struct TouchCountCase: CustomTestStringConvertible, Sendable {
        let minimum: Int
        let maximum: Int
        let fingers: Int
        let begins: Bool
        let reason: String?
        var testDescription: String { "\(fingers) fingers, min \(minimum), max \(maximum)" }
    }

    @Test(arguments: [
        TouchCountCase(minimum: 2, maximum: Int.max, fingers: 1, begins: false, reason: "lifted before it began: 1 touch < minimumNumberOfTouches 2"),
        TouchCountCase(minimum: 2, maximum: Int.max, fingers: 2, begins: true, reason: nil),
        TouchCountCase(minimum: 1, maximum: 1, fingers: 2, begins: false, reason: "lifted before it began: 2 touches > maximumNumberOfTouches 1"),
        TouchCountCase(minimum: 1, maximum: 2, fingers: 2, begins: true, reason: nil),
        TouchCountCase(minimum: 1, maximum: 2, fingers: 3, begins: false, reason: "lifted before it began: 3 touches > maximumNumberOfTouches 2"),
    ])
    func touchCounts(_ c: TouchCountCase) {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = c.minimum
        pan.maximumNumberOfTouches = c.maximum
        h.add(pan)
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 50, y: 100)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: Double($0) * 50, y: 150)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: Double($0) * 50, y: 150)) }, at: 0.2)
        if c.begins {
            #expect(h.log == ["pan began @0.1", "pan ended @0.2"])
            #expect(lastValues(h)?.translation == Vector(dx: 0, dy: 40))
        } else {
            #expect(h.log == ["pan failed @0.2"])
            #expect(h.reason("pan") == c.reason)
        }
    }

    @Test("a pan held back by a failure requirement begins with zero translation")
    func heldBackStartsAtZero() throws {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        let tap = TestTap(name: "tap")
        h.add(pan)
        h.add(tap)
        pan.require(toFail: tap)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))    // the pan wants to begin; the tap is still possible
        #expect(h.log.isEmpty)
        #expect(pan.state == .possible)
        h.send(0.2, (1, .moved, 150, 100))    // 50 pt > the tap's 45: the tap fails, the pan begins
        #expect(h.log == ["tap failed @0.2", "pan began @0.2"])
        #expect(lastValues(h)?.translation == .zero)
        h.send(0.3, (1, .moved, 160, 95))
        #expect(lastValues(h)?.translation == Vector(dx: 10, dy: -5))
        h.send(0.4, (1, .ended, 160, 95))
        #expect(h.states("pan") == [.began, .changed, .ended])
    }

    @Test("setTranslation re-bases the translation and restarts the velocity")
    func setTranslation() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 30, 0))
        #expect(pan.velocity(in: nil).dx > 0)
        pan.setTranslation(Vector(dx: 100, dy: 5), in: nil)
        #expect(pan.translation(in: nil) == Vector(dx: 100, dy: 5))
        #expect(pan.velocity(in: nil) == .zero)
        h.send(0.2, (1, .moved, 40, 0))
        #expect(pan.translation(in: nil) == Vector(dx: 110, dy: 5))
        #expect(abs(pan.velocity(in: nil).dx - 0.2 * 100) < 1e-9)
    }

    @Test("a cancelled touch cancels a pan that began, fails one that had not")
    func cancelledTouch() {
        let h = Harness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 20, 0))
        h.send(0.2, (1, .cancelled, 20, 0))
        h.send(0.3, (2, .began, 0, 0))
        h.send(0.4, (2, .cancelled, 0, 0))
        #expect(h.log == ["pan began @0.1", "pan cancelled @0.2", "pan failed @0.4"])
        #expect(h.reason("pan") == "touch cancelled before the pan began")
    }

    @Test("defaults are UIKit's")
    func defaults() {
        let pan = PanGestureRecognizer()
        #expect(pan.name == "pan")
        #expect(pan.minimumNumberOfTouches == 1)
        #expect(pan.maximumNumberOfTouches == Int.max)
        #expect(PanGestureRecognizer.hysteresis == 10)
    }
}
