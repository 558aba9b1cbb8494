import Foundation
import GestureEngine
import GestureTesting
import Testing

@Suite("Rotation")
struct RotationGestureRecognizerTests {
    static let center = Point(x: 300, y: 300)

    /// Finger 2's position at `distance` pt from finger 1 (at `center`), `degrees` clockwise on screen.
    static func second(distance: Double, degrees: Double) -> (Double, Double) {
        let a = degrees * Double.pi / 180
        return (center.x + distance * cos(a), center.y + distance * sin(a))
    }

    func start(_ h: GestureHarness, distance: Double = 100) {
        let (x, y) = Self.second(distance: distance, degrees: 0)
        h.send(0, (1, .began, Self.center.x, Self.center.y), (2, .began, x, y))
    }

    func move(_ h: GestureHarness, at t: Double, distance: Double = 100, degrees: Double) {
        let (x, y) = Self.second(distance: distance, degrees: degrees)
        h.send(t, (2, .moved, x, y))
    }

    func values(_ h: GestureHarness) -> [GestureValues] { h.recorder.transitions(of: "rotation").map(\.values) }

    static func rad(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    struct ThresholdCase: CustomTestStringConvertible, Sendable {
        let distance: Double
        let degrees: Double
        /// nil: stays possible; else the rotation reported at began, degrees.
        let beganAt: Double?
        var testDescription: String { "\(degrees)° at \(distance) pt (from 100 pt)" }
    }

    /// Threshold 5° + 5° × √min(|Δd/d0|, 1): 5° with no distance change, 7.5° at +25 %, 10° at doubling.
    @Test(arguments: [
        ThresholdCase(distance: 100, degrees: 4.9, beganAt: nil),
        ThresholdCase(distance: 100, degrees: 5.1, beganAt: 0.1),
        ThresholdCase(distance: 100, degrees: -5.1, beganAt: -0.1),
        ThresholdCase(distance: 125, degrees: 7.4, beganAt: nil),
        ThresholdCase(distance: 125, degrees: 7.6, beganAt: 0.1),
        ThresholdCase(distance: 90, degrees: -8, beganAt: -(8 - 5 - 5 * 0.1.squareRoot())),
    ])
    func threshold(_ c: ThresholdCase) throws {
        let h = GestureHarness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        start(h)
        move(h, at: 0.1, distance: c.distance, degrees: c.degrees)
        if let began = c.beganAt {
            #expect(h.log == ["rotation began @0.1"])
            let v = try #require(values(h).last)
            // The threshold is UIKit's: degrees in single precision times 0.017453 (5° reads 0.087265 rad).
            let threshold = RotationGestureRecognizer.threshold(relativeDistanceChange: (c.distance - 100) / 100)
            #expect(abs(v.rotation! - (Self.rad(c.degrees) - (c.degrees < 0 ? -threshold : threshold))) < 1e-9)
            #expect(abs(v.rotation! - Self.rad(began)) < 1e-5)
            // began reports a velocity: the whole turn since the pair formed (t = 0) over 0.1 s.
            #expect(abs(v.scalarVelocity! - Self.rad(c.degrees) / 0.1) < 1e-9)
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 300, 300), (2, .ended, 300, 300))
            #expect(h.log == ["rotation failed @0.2"])
            let needed = RotationGestureRecognizer.threshold(relativeDistanceChange: (c.distance - 100) / 100) * 180 / Double.pi
            #expect(
                h.reason("rotation")
                    == "lifted before it began: turned \(formatShort(abs(c.degrees)))°, needs more than \(formatShort(needed))°")
        }
    }

    @Test("threshold formula: 5° at no distance change, 10° at doubling and beyond, 10° for d0 = 0")
    func thresholdFormula() {
        // Degrees in single precision times the float π/180 (the decompile prints it as 0.017453).
        func uikit(_ degrees: Double) -> Double { Double(Float(degrees) * Float(Double.pi / 180)) }
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: 0) == uikit(5))
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: 1) == uikit(10))
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: -0.5) == uikit(5 + 5 * 0.5.squareRoot()))
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: 3) == uikit(10))
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: .infinity) == uikit(10))
        #expect(RotationGestureRecognizer.threshold(relativeDistanceChange: .nan) == uikit(10))
        #expect(abs(RotationGestureRecognizer.threshold(relativeDistanceChange: 0) - Self.rad(5)) < 2e-6)
    }

    @Test("full turns are counted: rotating 400° past the threshold gives 6.98 rad", arguments: [1.0, -1.0])
    func fullTurns(sign: Double) throws {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        // 10° steps: began at 10° (rotation 5°), then on to 405°: the reported rotation is 400°.
        for k in 1...40 {
            move(h, at: Double(k) * 0.01, degrees: sign * Double(k) * 10)
        }
        move(h, at: 0.41, degrees: sign * 405)
        #expect(values(h).first.map { abs($0.rotation! - sign * Self.rad(5)) < 1e-5 } == true)
        #expect(abs(rotation.rotation - sign * Self.rad(400)) < 1e-5)
        #expect(abs(abs(rotation.rotation) - 6.98) < 0.005)
        h.send(0.5, (1, .ended, 300, 300), (2, .ended, 300, 300))
        #expect(h.states("rotation").first == .began)
        #expect(h.states("rotation").last == .ended)
        #expect(abs(values(h).last!.rotation! - sign * 6.981317) < 1e-5)
    }

    /// `-[UIRotationGestureRecognizer velocity]`: 0.75 x previous sample + 0.25 x current sample (the
    /// current alone while the previous is 0); the driver's first sample is timed from when the pair
    /// formed, so began reports one.
    @Test func velocity_isThreeQuartersPreviousSamplePlusAQuarterCurrentSample() throws {
        let h = GestureHarness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        start(h)
        move(h, at: 0.1, degrees: 10)  // began: 10° in 0.1 s = 1.7453293 rad/s, alone
        move(h, at: 0.2, degrees: 20)  // 10° in 0.1 s: 0.75 × 1.7453 + 0.25 × 1.7453
        move(h, at: 0.3, degrees: 40)  // 20° in 0.1 s = 3.4906585: 0.75 × 1.7453 + 0.25 × 3.4907
        let v = values(h)
        #expect(h.states("rotation") == [.began, .changed, .changed])
        #expect(abs(v[0].scalarVelocity! - 1.7453292520) < 1e-9)
        #expect(abs(v[1].scalarVelocity! - 1.7453292520) < 1e-9)
        #expect(abs(v[2].scalarVelocity! - 2.1816615650) < 1e-9)
        #expect(abs(v[2].rotation! - Self.rad(35)) < 1e-5)
    }

    /// `_UIRotationGestureRecognizerDriver touchesMoved:withEvent:` with the transform analyzer: a
    /// spread with a slight twist (100 -> 300 pt while turning 12°, past the 10° threshold) never
    /// begins a rotation, because the rotation component does not dominate.
    @Test func touchesMoved_aSpreadWithASlightTwistDoesNotBeginARotation() {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        for k in 1...10 {
            move(h, at: Double(k) * 0.016, distance: 100 + Double(k) * 20, degrees: Double(k) * 1.2)
        }
        #expect(rotation.dominantComponent != .rotation)
        #expect(h.log.isEmpty)
        h.send(0.2, (1, .ended, 300, 300), (2, .ended, 300, 300))
        #expect(h.states("rotation") == [.failed])
        #expect(h.reason("rotation")?.hasSuffix("but rotation never dominated the motion") == true, "\(h.reason("rotation") ?? "")")
    }

    /// After it began, the rotation accumulates only while rotation dominates: a spread with a slight
    /// twist keeps the rotation where it was (the start angle follows the fingers) and samples 0.
    @Test func touchesMoved_rotationFreezesWhileRotationDoesNotDominate() throws {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        for k in 1...3 { move(h, at: Double(k) * 0.016, degrees: Double(k) * 10) }  // began, 25° so far
        let before = rotation.rotation
        for k in 1...10 {
            move(h, at: 0.048 + Double(k) * 0.016, distance: 100 + Double(k) * 20, degrees: 30 + Double(k) * 0.5)
        }
        #expect(rotation.dominantComponent != .rotation)
        #expect(abs(rotation.rotation - before) < 0.02)  // a 5° twist, almost all frozen
        #expect(values(h).last!.scalarVelocity == 0)
    }

    /// `touchesMoved:withEvent:` counts a full turn whenever the angle changes by more than π/2 from one
    /// event to the next: a genuine 100° clockwise step reads as -260°, as in UIKit.
    @Test func touchesMoved_countsAFullTurnWhenOneStepExceedsHalfPi() throws {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        for k in 1...3 { move(h, at: Double(k) * 0.016, degrees: Double(k) * 10) }  // 30°: rotation 25°
        let before = rotation.rotation
        move(h, at: 0.064, degrees: 130)  // one 100° step
        #expect(rotation.dominantComponent == .rotation)
        #expect(abs(rotation.rotation - (before + Self.rad(100) - 2 * Double.pi)) < 1e-9)
        #expect(abs(rotation.rotation - Self.rad(-235)) < 1e-4)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        let fingers: Int
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        FailureCase(label: "one finger never begins", fingers: 1, reason: "lifted before it began: 1 touch; a rotation needs exactly 2"),
        FailureCase(
            label: "three fingers landing together never form a pair", fingers: 3,
            reason: "lifted before it began: 3 touches landed together; a rotation needs exactly 2"),
    ])
    func wrongNumberOfFingers(_ c: FailureCase) {
        let h = GestureHarness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 100, y: 200)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: 200, y: Double($0) * 100)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: 200, y: Double($0) * 100)) }, at: 0.2)
        #expect(h.states("rotation") == [.failed])
        #expect(h.reason("rotation") == c.reason)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// `shouldReceiveComponent:withEvent:` returns NO once the pair formed: a third finger neither
    /// fails the rotation nor joins it, and after one of the pair lifted, a new finger does not resume it.
    @Test func shouldReceiveComponent_refusesEveryTouchAfterThePairFormed() {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        h.send(0.05, (3, .began, 100, 100))  // third finger before began: refused
        #expect(rotation.numberOfTouches == 2)
        move(h, at: 0.1, degrees: 30)  // began at 25°
        h.send(0.2, (2, .ended, 300, 400))
        let frozen = rotation.rotation
        #expect(abs(frozen - Self.rad(25)) < 1e-5)
        h.send(0.3, (4, .began, 300, 400))  // refused: does not resume
        h.send(0.4, (4, .moved, 200, 300))
        #expect(rotation.rotation == frozen)
        h.send(0.5, (1, .ended, 300, 300))
        #expect(h.states("rotation") == [.began, .changed, .ended])
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// The base `-[UIGestureRecognizer locationInView:]`, which the rotation's `locationInView:` calls
    /// while it has touches: integer sums, integer division.
    @Test func locationInView_sumsAndDividesInIntegersWhileFingersAreDown() throws {
        let h = GestureHarness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        h.send(0, (1, .began, 300.9, 300.9), (2, .began, 401.7, 300.9))
        h.send(0.1, (2, .moved, 400.7, 320.4))
        let began = try #require(values(h).first)
        #expect(began.location == Point(x: 350, y: 310))  // (300 + 400.7 -> 700) / 2; (300 + 320.4 -> 620) / 2
    }

    /// Bad input: coincident fingers (zero distance, no angle), huge angle steps: finite values.
    @Test func badInput_coincidentFingersAndHugeStepsStayFinite() throws {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        h.send(0, (1, .began, 300, 300), (2, .began, 300, 300))  // coincident: angle 0, d0 = 0 (threshold 10°)
        var t = 0.0
        for k in 1...40 {
            t += 0.016
            let a = Double(k) * 170 * Double.pi / 180 * (k % 3 == 0 ? -1 : 1)
            h.send(t, (2, .moved, 300 + 100 * cos(a), 300 + 100 * sin(a)))
        }
        h.send(t, (2, .moved, 300, 300))  // back onto finger 1, delta t 0
        h.send(t + 0.016, (1, .ended, 300, 300), (2, .ended, 300, 300))
        #expect(!h.states("rotation").isEmpty)
        for v in values(h) {
            #expect(v.rotation!.isFinite && v.scalarVelocity!.isFinite && v.location.x.isFinite && v.location.y.isFinite)
        }
        #expect(rotation.rotation.isFinite)
        #expect(rotation.state == .possible)
        // The user is told when the start angle was undefined.
        let g = GestureHarness()
        g.add(RotationGestureRecognizer(name: "rotation"))
        g.send(0, (1, .began, 300, 300), (2, .began, 300, 300))
        g.send(0.1, (2, .moved, 300, 303))
        g.send(0.2, (1, .ended, 300, 300), (2, .ended, 300, 303))
        #expect(g.reason("rotation")?.hasSuffix("; the pair's fingers coincided when it formed, so its start angle was taken as 0") == true)
        // A pair that forms and lifts in one event: a defined failure.
        let f = GestureHarness()
        f.add(RotationGestureRecognizer(name: "rotation"))
        f.send(0, (1, .began, 300, 300), (2, .began, 400, 300), (1, .ended, 300, 300), (2, .ended, 400, 300))
        #expect(f.states("rotation") == [.failed])
        #expect(f.reason("rotation") == "lifted before it began: turned 0°, needs more than 5°")
        #expect(f.recorder.transitions(of: "rotation").allSatisfy { $0.values.rotation!.isFinite && $0.values.scalarVelocity!.isFinite })
    }
}
