import Foundation
import GestureEngine
import GestureTesting
import Testing

@Suite("Pinch")
struct PinchGestureRecognizerTests {
    /// Two fingers 100 pt apart on a horizontal line: finger 1 at (100, 200), finger 2 at (200, 200).
    func start(_ h: GestureHarness) {
        h.send(0, (1, .began, 100, 200), (2, .began, 200, 200))
    }

    func values(_ h: GestureHarness) -> [GestureValues] { h.recorder.transitions(of: "pinch").map(\.values) }

    struct BeginCase: CustomTestStringConvertible, Sendable {
        let distance: Double
        /// nil: stays possible.
        let scale: Double?
        var testDescription: String { "100 -> \(distance) pt" }
    }

    /// Begins when the distance changed by more than 8 pt; the start is shifted 8 pt toward it.
    @Test(arguments: [
        BeginCase(distance: 108, scale: nil),
        BeginCase(distance: 108.5, scale: 108.5 / 108),
        BeginCase(distance: 110, scale: 110.0 / 108),
        BeginCase(distance: 92, scale: nil),
        BeginCase(distance: 91.5, scale: 91.5 / 92),
        BeginCase(distance: 50, scale: 50.0 / 92),
    ])
    func beginsAfterEightPoints(_ c: BeginCase) throws {
        let h = GestureHarness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        start(h)
        h.send(0.1, (2, .moved, 100 + c.distance, 200))
        if let scale = c.scale {
            #expect(h.log == ["pinch began @0.1"])
            let v = try #require(values(h).last)
            #expect(abs(v.scale! - scale) < 1e-12)
            // The first sample is timed from when the pair formed (t = 0): (scale - 1) / 0.1 s.
            #expect(abs(v.scalarVelocity! - (scale - 1) / 0.1) < 1e-9)
            #expect(v.numberOfTouches == 2)
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 100, 200), (2, .ended, 100 + c.distance, 200))
            #expect(h.log == ["pinch failed @0.2"])
            #expect(h.reason("pinch") == "lifted before it began: distance changed 8 pt, needs more than 8 pt")
        }
    }

    @Test("scale is cumulative: 100 -> 110 begins at 110/108, then 216 pt gives 2.0")
    func cumulativeScale() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        h.send(0.1, (2, .moved, 210, 200))
        h.send(0.2, (2, .moved, 316, 200))  // 216 pt
        h.send(0.3, (1, .ended, 100, 200), (2, .ended, 316, 200))
        #expect(h.log == ["pinch began @0.1", "pinch changed @0.2", "pinch ended @0.3"])
        let v = values(h)
        #expect(abs(v[0].scale! - 110.0 / 108) < 1e-12)
        #expect(abs(v[1].scale! - 2.0) < 1e-12)
        #expect(abs(v[2].scale! - 2.0) < 1e-12)
    }

    /// `-[UIPinchGestureRecognizer velocity]`: 0.75 x previous sample + 0.25 x current sample (the
    /// current alone while the previous is 0); a sample is delta scale / delta t, the first one timed
    /// from when the pair formed (`touchesBegan:withEvent:` sets `_lastEventTime`), so began has one.
    @Test func velocity_isThreeQuartersPreviousSamplePlusAQuarterCurrentSample() throws {
        let h = GestureHarness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        start(h)
        h.send(0.1, (2, .moved, 210, 200))  // 110 pt: scale 110/108
        h.send(0.2, (2, .moved, 316, 200))  // 216 pt: scale 2
        h.send(0.3, (2, .moved, 424, 200))  // 324 pt: scale 3
        let v = values(h)
        let s0 = (110.0 / 108 - 1) / 0.1  // 0.1852 scale/s
        let s1 = (2 - 110.0 / 108) / 0.1  // 9.8148 scale/s
        let s2 = (3.0 - 2) / 0.1  // 10 scale/s
        #expect(abs(v[0].scalarVelocity! - s0) < 1e-9)  // began: the first sample alone
        #expect(abs(v[1].scalarVelocity! - (0.75 * s0 + 0.25 * s1)) < 1e-9)
        #expect(abs(v[2].scalarVelocity! - (0.75 * s1 + 0.25 * s2)) < 1e-9)  // samples, not a running blend
        #expect(abs(v[2].scalarVelocity! - 9.8611111111) < 1e-9)
    }

    /// `_applyScale:atLocation:touchDistance:withEvent:` with `_UIGestureRecognizerTransformAnalyzer`:
    /// two fingers dragged together whose distance drifts by 9 pt pass the 8 pt gate, so the pinch
    /// begins (issue 25), but translation dominates: the start distance is re-based, the scale stays
    /// exactly 1 and the velocity 0.
    @Test func applyScale_twoFingersDraggedTogetherKeepScaleOne() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        for k in 1...12 {
            let dx = Double(k) * 20
            h.send(Double(k) * 0.016, (1, .moved, 100 + dx, 200), (2, .moved, 200 + dx + Double(min(k, 9)), 200))
        }
        #expect(pinch.dominantComponent == .translation)
        let v = values(h)
        #expect(h.states("pinch").first == .began)
        #expect(v.count == 4)  // began at k = 9, then 10, 11, 12
        for value in v {
            #expect(value.scale == 1)
            #expect(value.scalarVelocity == 0)
        }
    }

    /// `touchesMoved:withEvent:` begins the pinch once the distance gate passes, whether or not the
    /// pinch dominates (issue 25 item 4): a turning pair whose distance grows by 9 pt begins a pinch
    /// with scale 1 and velocity 0 while rotation dominates.
    @Test func touchesMoved_beginsOnceTheDistanceGatePassesEvenWhenPinchDoesNotDominate() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)  // finger 2 at 0°, 100 pt from finger 1
        for k in 1...9 {
            let a = Double(k) * 10 * Double.pi / 180
            let d = 100 + Double(k) * 0.95
            h.send(Double(k) * 0.016, (2, .moved, 100 + d * cos(a), 200 + d * sin(a)))
        }
        #expect(pinch.dominantComponent != .pinch)
        #expect(h.log == ["pinch began @0.144"])
        let v = try #require(values(h).first)
        #expect(v.scale == 1)
        #expect(v.scalarVelocity == 0)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        let fingers: Int
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        FailureCase(label: "one finger never begins", fingers: 1, reason: "lifted before it began: 1 touch; a pinch needs exactly 2"),
        FailureCase(
            label: "three fingers landing together never form a pair", fingers: 3,
            reason: "lifted before it began: 3 touches landed together; a pinch needs exactly 2"),
    ])
    func wrongNumberOfFingers(_ c: FailureCase) {
        let h = GestureHarness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 100, y: 200)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: Double($0) * 160, y: 260)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: Double($0) * 160, y: 260)) }, at: 0.2)
        #expect(h.states("pinch") == [.failed])
        #expect(h.reason("pinch") == c.reason)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// `_UIPinchGestureRecognizerDriver shouldReceiveComponent:withEvent:` returns NO once
    /// `touchesBegan:withEvent:` formed the pair: a third finger neither fails the pinch nor joins it.
    @Test func shouldReceiveComponent_refusesAThirdFingerOnceThePairFormed() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        h.send(0.05, (3, .began, 500, 500))  // before it began
        #expect(pinch.numberOfTouches == 2)
        h.send(0.1, (2, .moved, 210, 200), (3, .moved, 900, 900))
        #expect(h.log == ["pinch began @0.1"])
        #expect(abs(pinch.scale - 110.0 / 108) < 1e-12)
        h.send(0.2, (1, .ended, 100, 200), (2, .ended, 210, 200))  // the pair lifts; finger 3 is still down
        #expect(h.log == ["pinch began @0.1", "pinch ended @0.2"])
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// The pair lock lasts until reset: after one finger of the pair lifted, a new finger landing does
    /// not resume the pinch (its scale stays frozen); it ends when the remaining finger lifts.
    @Test func shouldReceiveComponent_aFingerLandingAfterOneOfThePairLiftedDoesNotResume() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        h.send(0.1, (2, .moved, 316, 200))  // 216 pt: began at 216/108 = 2
        h.send(0.2, (2, .ended, 316, 200))
        #expect(pinch.scale == 2)
        h.send(0.3, (3, .began, 150, 200))  // refused
        h.send(0.4, (3, .moved, 200, 200))
        #expect(pinch.scale == 2)
        #expect(pinch.numberOfTouches == 1)
        h.send(0.5, (1, .ended, 100, 200))
        #expect(h.log == ["pinch began @0.1", "pinch changed @0.2", "pinch ended @0.5"])
        h.send(0.6, (3, .ended, 200, 200))
        #expect(h.log.count == 3)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    /// `-[UIGestureRecognizer locationInView:]` (which the pinch's `locationInView:` calls while it
    /// has touches) adds the touches' locations into a C `int`, truncating at every step, and divides
    /// in integers: fingers at (100.7, 200.9) and (200.6, 300.2) give (150, 250), not (150.65, 250.55).
    @Test func locationInView_sumsAndDividesInIntegersWhileFingersAreDown() throws {
        let h = GestureHarness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        h.send(0, (1, .began, 100.7, 200.9), (2, .began, 200.6, 300.2))
        h.send(0.1, (2, .moved, 300.6, 300.2))
        let began = try #require(values(h).first)
        #expect(began.location == Point(x: 200, y: 250))  // x: 100, then (int)(300.6 + 100) = 400; / 2
        h.send(0.2, (1, .moved, -3.5, 200.9))  // negative: truncated toward zero
        #expect(values(h).last!.location == Point(x: 148, y: 250))  // (int)(-3.5) = -3; (int)(300.6 - 3) = 297; 297 / 2 = 148
    }

    /// Bad input: coincident fingers (zero distance), a pair that forms and lifts in one event, a
    /// pinch down to zero distance and back: no NaN or infinity, defined values.
    @Test func badInput_coincidentFingersAndZeroDistanceStayFinite() throws {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        h.send(0, (1, .began, 100, 100), (2, .began, 100, 100))  // coincident
        h.send(0.1, (2, .moved, 150, 100))  // 50 pt: begins, start shifted to 8 pt
        h.send(0.2, (2, .moved, 100, 100))  // back to 0 pt: scale 0
        h.send(0.3, (1, .moved, 150, 100), (2, .moved, 150, 100))  // dragged together at 0 pt
        h.send(0.3, (1, .moved, 150, 100), (2, .moved, 250, 100))  // same time: delta t 0
        h.send(0.4, (1, .ended, 150, 100), (2, .ended, 250, 100))
        for v in values(h) {
            #expect(v.scale!.isFinite && v.scalarVelocity!.isFinite && v.location.x.isFinite && v.location.y.isFinite)
        }
        #expect(h.states("pinch").first == .began)
        #expect(h.states("pinch").last == .ended)
        #expect(abs(values(h)[0].scale! - 50.0 / 8) < 1e-12)
        // A pair that forms and lifts in one event: failed with its reason.
        let g = GestureHarness()
        g.add(PinchGestureRecognizer(name: "pinch"))
        g.send(0, (1, .began, 100, 100), (2, .began, 200, 100), (1, .ended, 100, 100), (2, .ended, 200, 100))
        #expect(g.states("pinch") == [.failed])
        #expect(g.reason("pinch") == "lifted before it began: distance changed 0 pt, needs more than 8 pt")
    }

    @Test("defaults: 8 pt, exactly 2 touches, velocity weights 0.75 / 0.25")
    func defaults() {
        #expect(PinchGestureRecognizer.hysteresis == 8)
        #expect(PinchGestureRecognizer.requiredNumberOfTouches == 2)
        #expect(PinchGestureRecognizer.previousVelocityWeight == 0.75)
        #expect(PinchGestureRecognizer.sampleWeight == 0.25)
        #expect(PinchGestureRecognizer().kind == "pinch")
    }
}
