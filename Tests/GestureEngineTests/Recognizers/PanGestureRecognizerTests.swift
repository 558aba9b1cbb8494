import GestureEngine
import GestureTesting
import Testing

@Suite("Pan")
struct PanGestureRecognizerTests {
    static let eps = 1e-9

    func lastValues(_ h: GestureHarness, _ name: String = "pan") -> GestureValues? {
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
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 100 + c.dx, 100 + c.dy))
        if let expected = c.translation {
            try h.expectLog(["pan began @0.1"])
            let t = try #require(lastValues(h)?.translation)
            #expect(abs(t.dx - expected.dx) < Self.eps && abs(t.dy - expected.dy) < Self.eps)
            h.send(0.2, (1, .ended, 100 + c.dx, 100 + c.dy))
            try h.expectLog(["pan began @0.1", "pan ended @0.2"])
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 100 + c.dx, 100 + c.dy))
            try h.expectLog(["pan failed @0.2"])
            #expect(
                h.reason("pan")
                    == "lifted before it began: moved (\(formatShort(c.dx)), \(formatShort(c.dy))) pt, needs 10 pt along an axis")
        }
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// `velocityInView:` blends the two latest samples, `_convertVelocitySample:...` counts one
    /// under 1 ms as zero, `_centroidMovedTo:atTime:affectingTranslation:` takes one per move.
    @Test("velocityInView: 0.2 × latest sample + 0.8 × previous sample; the latest alone at first; under 1 ms counts as zero")
    func velocityInView_blendsLatestAndPreviousSample() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 0, 0))
        h.send(0.01, (1, .moved, 20, 0))  // sample 2000, no previous: 2000
        h.send(0.02, (1, .moved, 30, 0))  // sample 1000: 0.2 × 1000 + 0.8 × 2000 = 1800
        h.send(0.0205, (1, .moved, 35, 0))  // 0.5 ms: a zero sample: 0.8 × 1000 = 800
        h.send(0.03, (1, .moved, 40, 0))  // (40 - 35) / 0.0095: 0.2 × 526.3 + 0.8 × 0 = 105.3
        h.send(0.2, (1, .ended, 90, 0))  // after a pause, no sample at the lift: still 105.3
        let v = h.recorder.transitions(of: "pan").map { $0.values.velocity?.dx ?? .nan }
        try h.expect("pan", states: [.began, .changed, .changed, .changed, .ended])
        let expected = [2000.0, 1800, 800, 0.2 * 5 / 0.0095, 0.2 * 5 / 0.0095]
        #expect(v.count == expected.count)
        for (a, b) in zip(v, expected) { #expect(abs(a - b) < 1e-6) }
        #expect(h.recorder.transitions(of: "pan").allSatisfy { $0.values.velocity?.dy == 0 })
    }

    @Test("velocityInView: a finger at a constant 1000 pt/s reads 1000 pt/s at every change (not 200, 360, 488 ...)")
    func velocityInView_constantSpeedReadsConstant() throws {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 0, 0))
        for k in 1...8 { h.send(Double(k) * 0.008, (1, .moved, Double(k) * 8, 0)) }
        let v = h.recorder.transitions(of: "pan").map { $0.values.velocity?.dx ?? .nan }
        #expect(v.count == 7)  // began at 16 pt
        #expect(v.allSatisfy { abs($0 - 1000) < 1e-6 })
    }

    @Test("the velocity estimator is selectable: lsq2 and UIKit's blend both read a steady 1000 pt/s")
    func selectableEstimator() throws {
        func run(_ kind: VelocityEstimatorKind) -> Double {
            let h = GestureHarness()
            let pan = PanGestureRecognizer(name: "pan")
            pan.velocityEstimator = kind
            h.add(pan)
            h.send(0, (1, .began, 0, 0))
            for k in 1...4 { h.send(Double(k) * 0.01, (1, .moved, Double(k) * 10, 0)) }
            return pan.velocity(in: nil).dx
        }
        #expect(abs(run(.uikit) - 1000) < 1e-6)
        #expect(abs(run(.lsq2) - 1000) < 1e-6)
        #expect(PanGestureRecognizer(name: "p").velocityEstimator == .uikit)
    }

    /// `touchesEnded:` -> `_handleEndedTouches:withFinalStateAdjustments:` never moves the centroid.
    @Test("handleEndedTouches: ended reports the last move's translation and location, not the lift row's")
    func handleEndedTouches_liftKeepsLastMove() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))  // began, (20, 0)
        h.send(0.2, (1, .moved, 150, 100))  // (40, 0)
        h.send(0.3, (1, .ended, 170, 120))  // the lift row is 20 pt further: not applied
        let ended = try #require(h.recorder.transitions(of: "pan").last)
        #expect(ended.state == .ended)
        #expect(ended.values.translation == Vector(dx: 40, dy: 0))
        #expect(ended.values.location == Point(x: 150, y: 100))

        // The same when it fails: the reason and location are those of the last move.
        let g = GestureHarness()
        g.add(PanGestureRecognizer(name: "pan"))
        g.send(0, (1, .began, 100, 100))
        g.send(0.1, (1, .moved, 104, 100))
        g.send(0.2, (1, .ended, 140, 100))
        #expect(g.log == ["pan failed @0.2"])
        #expect(g.reason("pan") == "lifted before it began: moved (4, 0) pt, needs 10 pt along an axis")
        #expect(g.recorder.transitions(of: "pan").last?.values.location == Point(x: 104, y: 100))
    }

    @Test("translation is re-based when a second finger joins or one lifts: it does not jump")
    func rebaseOnFingerChange() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))  // began, (20, 0)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
        h.send(0.2, (2, .began, 200, 100))  // centroid jumps to (165, 100)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
        #expect(lastValues(h)?.translation == Vector(dx: 20, dy: 0))
        #expect(lastValues(h)?.numberOfTouches == 2)
        #expect(lastValues(h)?.location == Point(x: 165, y: 100))  // last location shifted with the jump
        h.send(0.3, (1, .moved, 130, 110), (2, .moved, 200, 110))  // both down 10
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 10))
        h.send(0.4, (1, .ended, 130, 110))  // centroid jumps back to (200, 110)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 10))
        h.send(0.5, (2, .moved, 210, 110))
        #expect(pan.translation(in: nil) == Vector(dx: 30, dy: 10))
        h.send(0.6, (2, .ended, 210, 110))
        // One of two fingers lifting also sends `changed` (the update, `_updateGestureForActiveEvents`).
        try h.expectLog([
            "pan began @0.1", "pan changed @0.2", "pan changed @0.3", "pan changed @0.4", "pan changed @0.5", "pan ended @0.6",
        ])
        #expect(lastValues(h)?.translation == Vector(dx: 30, dy: 10))
        // The velocity never saw the 65 pt centroid jumps: samples (300, 0) at 0.1, (0, 50) at 0.3
        // (both fingers down 10 pt in 0.2 s), (50, 0) at 0.5 (finger 2 right 10 pt in 0.2 s); the
        // lift at 0.4 sends `changed` with no new sample.
        let v = h.recorder.transitions(of: "pan").map { $0.values.velocity ?? Vector(dx: .nan, dy: .nan) }
        let expected = [
            Vector(dx: 300, dy: 0), Vector(dx: 300, dy: 0), Vector(dx: 240, dy: 10), Vector(dx: 240, dy: 10), Vector(dx: 10, dy: 40),
            Vector(dx: 10, dy: 40),
        ]
        #expect(v.count == expected.count)
        for (a, b) in zip(v, expected) { #expect(abs(a.dx - b.dx) < 1e-9 && abs(a.dy - b.dy) < 1e-9) }
    }

    struct TouchCountCase: CustomTestStringConvertible, Sendable {
        let minimum: Int
        let maximum: Int
        let fingers: Int
        let begins: Bool
        let log: [String]
        let reason: String?
        var testDescription: String { "\(fingers) fingers, min \(minimum), max \(maximum)" }
    }

    @Test(arguments: [
        TouchCountCase(
            minimum: 2, maximum: Int.max, fingers: 1, begins: false, log: ["pan failed @0.2"],
            reason: "lifted before it began: 1 touch < minimumNumberOfTouches 2"),
        TouchCountCase(minimum: 2, maximum: Int.max, fingers: 2, begins: true, log: [], reason: nil),
        TouchCountCase(
            minimum: 1, maximum: 1, fingers: 2, begins: false, log: ["pan failed @0"],
            reason: "touch 2 landed past maximumNumberOfTouches 1 (failsPastMaxTouches)"),
        TouchCountCase(minimum: 1, maximum: 2, fingers: 2, begins: true, log: [], reason: nil),
        TouchCountCase(
            minimum: 1, maximum: 2, fingers: 3, begins: false, log: ["pan failed @0"],
            reason: "touch 3 landed past maximumNumberOfTouches 2 (failsPastMaxTouches)"),
    ])
    func touchCounts(_ c: TouchCountCase) throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = c.minimum
        pan.maximumNumberOfTouches = c.maximum
        h.add(pan)
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 50, y: 100)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: Double($0) * 50, y: 150)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: Double($0) * 50, y: 150)) }, at: 0.2)
        if c.begins {
            try h.expectLog(["pan began @0.1", "pan ended @0.2"])
            #expect(lastValues(h)?.translation == Vector(dx: 0, dy: 40))
        } else {
            try h.expectLog(c.log)
            #expect(h.reason("pan") == c.reason)
        }
    }

    /// `-[UIPanGestureRecognizer touchesBegan:withEvent:]`: a finger past the maximum is never added;
    /// with `failsPastMaxTouches` (on by default) it fails a pan that is still possible.
    @Test("touchesBegan: a finger past maximumNumberOfTouches fails a possible pan (failsPastMaxTouches)")
    func touchesBegan_failsPastMaxTouches() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        pan.maximumNumberOfTouches = 1
        #expect(pan.failsPastMaxTouches)
        h.add(pan)
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 105, 100))
        h.send(0.1, (2, .began, 200, 100))
        try h.expectLog(["pan failed @0.1"])
        #expect(h.reason("pan") == "touch 2 landed past maximumNumberOfTouches 1 (failsPastMaxTouches)")
    }

    @Test("touchesBegan: an active pan never adds a finger past maximumNumberOfTouches")
    func touchesBegan_activePanIgnoresFingerPastMaximum() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        pan.maximumNumberOfTouches = 1
        h.add(pan)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))  // began (20, 0)
        h.send(0.2, (2, .began, 300, 300))  // not added
        h.send(0.3, (1, .moved, 140, 100), (2, .moved, 400, 400))  // only finger 1 counts
        h.send(0.4, (2, .ended, 400, 400))
        h.send(0.5, (1, .ended, 140, 100))
        #expect(h.states("pan").first == .began)
        #expect(h.states("pan").last == .ended)
        let ts = h.recorder.transitions(of: "pan")
        #expect(ts.allSatisfy { $0.values.numberOfTouches == 1 })
        let last = try #require(ts.last)
        #expect(last.values.translation == Vector(dx: 30, dy: 0))
        #expect(last.values.location == Point(x: 140, y: 100))
        #expect(pan.numberOfTouches <= 1)
    }

    @Test("failsPastMaxTouches off: the extra finger is left out and the pan begins with the others")
    func failsPastMaxTouchesOff() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        pan.maximumNumberOfTouches = 1
        pan.failsPastMaxTouches = false
        h.add(pan)
        h.send(0, (1, .began, 100, 100), (2, .began, 300, 100))
        h.send(0.1, (1, .moved, 130, 100), (2, .moved, 300, 200))
        h.send(0.2, (1, .ended, 130, 100), (2, .ended, 300, 200))
        try h.expectLog(["pan began @0.1", "pan ended @0.2"])
        #expect(lastValues(h)?.translation == Vector(dx: 20, dy: 0))
    }

    @Test("a pan held back by a failure requirement begins with zero translation")
    func heldBackStartsAtZero() throws {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        let tap = TestTap(name: "tap")
        h.add(pan)
        h.add(tap)
        pan.require(toFail: tap)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (1, .moved, 130, 100))  // the pan wants to begin; the tap is still possible
        #expect(h.log.isEmpty)
        #expect(pan.state == .possible)
        h.send(0.2, (1, .moved, 150, 100))  // 50 pt > the tap's 45: the tap fails, the pan begins
        try h.expectLog(["tap failed @0.2", "pan began @0.2"])
        #expect(lastValues(h)?.translation == .zero)
        h.send(0.3, (1, .moved, 160, 95))
        #expect(lastValues(h)?.translation == Vector(dx: 10, dy: -5))
        h.send(0.4, (1, .ended, 160, 95))
        try h.expect("pan", states: [.began, .changed, .ended])
    }

    /// `setTranslation:inView:` moves `_firstSceneReferenceLocation` only; the velocity samples stay.
    @Test("setTranslation re-bases the translation and keeps the velocity")
    func setTranslation_keepsVelocity() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 30, 0))  // sample 300
        #expect(abs(pan.velocity(in: nil).dx - 300) < 1e-9)
        pan.setTranslation(Vector(dx: 100, dy: 5), in: nil)
        #expect(pan.translation(in: nil) == Vector(dx: 100, dy: 5))
        #expect(abs(pan.velocity(in: nil).dx - 300) < 1e-9)
        h.send(0.2, (1, .moved, 40, 0))  // sample 100: 0.2 × 100 + 0.8 × 300
        #expect(pan.translation(in: nil) == Vector(dx: 110, dy: 5))
        #expect(abs(pan.velocity(in: nil).dx - 260) < 1e-9)
    }

    @Test("bad input: absurd coordinates and steps give finite translation, location and velocity")
    func hugeSteps() throws {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, -1e308, 1e308), (2, .began, -1e308, 1e308))
        h.send(0.001, (1, .moved, 1e308, -1e308), (2, .moved, 1e308, -1e308))
        h.send(0.002, (1, .moved, -1e308, 1e308), (2, .moved, -1e308, 1e308))
        h.send(0.003, (1, .ended, 0, 0), (2, .ended, 0, 0))
        let ts = h.recorder.transitions(of: "pan")
        #expect(ts.map(\.state) == [.began, .changed, .ended])
        for t in ts {
            let v = try #require(t.values.velocity)
            let d = try #require(t.values.translation)
            let p = t.values.location
            #expect([v.dx, v.dy, d.dx, d.dy, p.x, p.y].allSatisfy { $0.isFinite })
        }
    }

    /// `touchesCancelled:` goes through `_handleEndedTouches:...`: a cancelled finger with others
    /// still down only re-bases; the last one cancels a pan that began.
    @Test("touchesCancelled: one of two fingers cancelled re-bases, the pan goes on")
    func touchesCancelled_oneOfTwoFingers() {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 100, 100), (2, .began, 200, 100))
        h.send(0.1, (1, .moved, 100, 130), (2, .moved, 200, 130))  // began (0, 20)
        h.send(0.2, (2, .cancelled, 200, 130))
        h.send(0.3, (1, .moved, 100, 140))
        h.send(0.4, (1, .ended, 100, 140))
        #expect(h.states("pan").last == .ended)
        #expect(h.recorder.transitions(of: "pan").last?.values.translation == Vector(dx: 0, dy: 30))
    }

    @Test("a cancelled touch cancels a pan that began, fails one that had not")
    func cancelledTouch() throws {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 20, 0))
        h.send(0.2, (1, .cancelled, 20, 0))
        h.send(0.3, (2, .began, 0, 0))
        h.send(0.4, (2, .cancelled, 0, 0))
        try h.expectLog(["pan began @0.1", "pan cancelled @0.2", "pan failed @0.4"])
        #expect(h.reason("pan") == "touch cancelled before the pan began")
    }

    @Test("defaults are UIKit's")
    func defaults() {
        let pan = PanGestureRecognizer()
        #expect(pan.name == "pan")
        #expect(pan.minimumNumberOfTouches == 1)
        #expect(pan.maximumNumberOfTouches == Int.max)
        #expect(PanGestureRecognizer.hysteresis == 10)
        #expect(pan.failsPastMaxTouches)
    }
}
