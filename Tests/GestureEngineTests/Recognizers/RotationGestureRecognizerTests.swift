import Foundation
import GestureEngine
import Testing

@Suite("Rotation")
struct RotationGestureRecognizerTests {
    static let center = Point(x: 300, y: 300)

    /// Finger 2's position at `distance` pt from finger 1 (at `center`), `degrees` clockwise on screen.
    static func second(distance: Double, degrees: Double) -> (Double, Double) {
        let a = degrees * Double.pi / 180
        return (center.x + distance * cos(a), center.y + distance * sin(a))
    }

    func start(_ h: Harness, distance: Double = 100) {
        let (x, y) = Self.second(distance: distance, degrees: 0)
        h.send(0, (1, .began, Self.center.x, Self.center.y), (2, .began, x, y))
    }

    func move(_ h: Harness, at t: Double, distance: Double = 100, degrees: Double) {
        let (x, y) = Self.second(distance: distance, degrees: degrees)
        h.send(t, (2, .moved, x, y))
    }

    func values(_ h: Harness) -> [GestureValues] { h.recorder.transitions(of: "rotation").map(\.values) }

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
        ThresholdCase(distance: 200, degrees: 9.9, beganAt: nil),
        ThresholdCase(distance: 200, degrees: 10.1, beganAt: 0.1),
        ThresholdCase(distance: 300, degrees: 9.9, beganAt: nil),
        ThresholdCase(distance: 75, degrees: -8, beganAt: -0.5),
    ])
    func threshold(_ c: ThresholdCase) throws {
        let h = Harness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        start(h)
        move(h, at: 0.1, distance: c.distance, degrees: c.degrees)
        if let began = c.beganAt {
            #expect(h.log == ["rotation began @0.1"])
            let v = try #require(values(h).last)
            // Tolerance 1e-6 rad: a distance change of 1e-14 pt from cos/sin rounding moves √(Δd/d0) by 1e-8.
            #expect(abs(v.rotation! - Self.rad(began)) < 1e-6)
            #expect(v.scalarVelocity == 0)
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 300, 300), (2, .ended, 300, 300))
            #expect(h.log == ["rotation failed @0.2"])
            let needed = RotationGestureRecognizer.threshold(relativeDistanceChange: (c.distance - 100) / 100) * 180 / Double.pi
            #expect(h.reason("rotation") == "lifted before it began: turned \(formatShort(abs(c.degrees)))°, needs more than \(formatShort(needed))°")
        }
    }

    @Test("threshold formula: 5° at no distance change, 10° at doubling and beyond")
    func thresholdFormula() {
        #expect(abs(RotationGestureRecognizer.threshold(relativeDistanceChange: 0) - Self.rad(5)) < 1e-15)
        #expect(abs(RotationGestureRecognizer.threshold(relativeDistanceChange: 1) - Self.rad(10)) < 1e-15)
        #expect(abs(RotationGestureRecognizer.threshold(relativeDistanceChange: -0.5) - Self.rad(5 + 5 * 0.5.squareRoot())) < 1e-15)
        #expect(abs(RotationGestureRecognizer.threshold(relativeDistanceChange: 3) - Self.rad(10)) < 1e-15)
    }

    @Test("full turns are counted: rotating 400° past the threshold gives 6.98 rad", arguments: [1.0, -1.0])
    func fullTurns(sign: Double) throws {
        let h = Harness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        // 10° steps: began at 10° (rotation 5°), then on to 405°: the reported rotation is 400°.
        for k in 1...40 {
            move(h, at: Double(k) * 0.01, degrees: sign * Double(k) * 10)
        }
        move(h, at: 0.41, degrees: sign * 405)
        #expect(values(h).first.map { abs($0.rotation! - sign * Self.rad(5)) < 1e-6 } == true)
        #expect(abs(rotation.rotation - sign * Self.rad(400)) < 1e-6)
        #expect(abs(abs(rotation.rotation) - 6.98) < 0.005)
        h.send(0.5, (1, .ended, 300, 300), (2, .ended, 300, 300))
        #expect(h.states("rotation").first == .began)
        #expect(h.states("rotation").last == .ended)
        #expect(abs(values(h).last!.rotation! - sign * 6.981317) < 1e-6)
    }

    @Test("velocity: 0.75 × previous + 0.25 × Δrotation/Δt, rad/s")
    func velocityBlend() throws {
        let h = Harness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        start(h)
        move(h, at: 0.1, degrees: 10)    // began: rotation 5°, velocity 0
        move(h, at: 0.2, degrees: 20)    // 10° in 0.1 s = 1.7453293 rad/s -> 0.4363323
        move(h, at: 0.3, degrees: 20)    // no turn -> 0.75 × 0.4363323 = 0.3272492
        let v = values(h)
        #expect(h.states("rotation") == [.began, .changed, .changed])
        #expect(v[0].scalarVelocity == 0)
        #expect(abs(v[1].scalarVelocity! - 0.4363323130) < 1e-9)
        #expect(abs(v[2].scalarVelocity! - 0.3272492347) < 1e-9)
        #expect(abs(v[2].rotation! - Self.rad(15)) < 1e-6)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        let fingers: Int
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        FailureCase(label: "one finger never begins", fingers: 1, reason: "lifted before it began: 1 touch; a rotation needs exactly 2"),
        FailureCase(label: "three fingers fail", fingers: 3, reason: "3 touches; a rotation needs exactly 2"),
    ])
    func wrongNumberOfFingers(_ c: FailureCase) {
        let h = Harness()
        h.add(RotationGestureRecognizer(name: "rotation"))
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 100, y: 200)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: 200, y: Double($0) * 100)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: 200, y: Double($0) * 100)) }, at: 0.2)
        #expect(h.states("rotation") == [.failed])
        #expect(h.reason("rotation") == c.reason)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("after it began, one finger lifting freezes the rotation; a new pair continues from it")
    func pairChangeAfterBegan() {
        let h = Harness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        start(h)
        move(h, at: 0.1, degrees: 30)                     // began at 25°
        h.send(0.2, (2, .ended, 300, 400))
        #expect(abs(rotation.rotation - Self.rad(25)) < 1e-6)
        h.send(0.3, (3, .began, 300, 400))                // new pair points straight down (90°)
        h.send(0.4, (3, .moved, 200, 300))                // now points left (180°): +90°
        #expect(abs(rotation.rotation - Self.rad(115)) < 1e-6)
        h.send(0.5, (1, .ended, 300, 300), (3, .ended, 200, 300))
        #expect(h.states("rotation") == [.began, .changed, .changed, .ended])
    }
}
