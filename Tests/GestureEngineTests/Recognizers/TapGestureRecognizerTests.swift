import GestureEngine
import GestureTesting
import Testing

@Suite("Tap")
struct TapGestureRecognizerTests {
    // MARK: Movement

    struct DriftCase: CustomTestStringConvertible, Sendable {
        var drift: Double
        var dy: Double = 0
        var log: [String]
        var reason: String?
        var testDescription: String { "drift (\(drift), \(dy)) pt -> \(log)" }
    }

    @Test(
        "allowableMovement is 45 pt from the starting centroid",
        arguments: [
            DriftCase(drift: 30, log: ["tap ended @0.1"]),
            DriftCase(drift: 44.9, log: ["tap ended @0.1"]),
            DriftCase(drift: 45, log: ["tap ended @0.1"]),
            DriftCase(drift: 45.1, log: ["tap failed @0.05"], reason: "moved 45.1 pt > allowableMovement 45 pt"),
            DriftCase(drift: 50, log: ["tap failed @0.05"], reason: "moved 50 pt > allowableMovement 45 pt"),
            DriftCase(drift: 30, dy: 40, log: ["tap failed @0.05"], reason: "moved 50 pt > allowableMovement 45 pt"),
        ])
    func drift(_ c: DriftCase) throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer())
        let finger = h.down(x: 100, y: 100)
        h.wait(0.05)
        finger.move(by: Vector(dx: c.drift, dy: c.dy))
        h.wait(0.05)
        finger.up()
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("tap") == c.reason)
    }

    @Test("drift that comes back within the limit before the lift still counts as a tap")
    func driftAndReturn() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer())
        let finger = h.down(x: 100, y: 100)
        h.wait(0.03)
        finger.move(by: Vector(dx: 40, dy: 0))
        h.wait(0.03)
        finger.move(to: Point(x: 100, y: 100))
        h.wait(0.04)
        finger.up()
        try h.expectLog(["tap ended @0.1"])
    }

    // MARK: Time

    struct IntervalCase: CustomTestStringConvertible, Sendable {
        var gap: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "second tap \(gap) s after the first lift -> \(log)" }
    }

    @Test(
        "a double tap's second touch-down must come within 0.35 s of the first lift",
        arguments: [
            IntervalCase(gap: 0.3, log: ["double ended @0.5"]),
            IntervalCase(gap: 0.34, log: ["double ended @0.54"]),
            // Too late: the attempt fails at the deadline; the late tap starts a new attempt, which fails in turn.
            IntervalCase(
                gap: 0.35, log: ["double failed @0.45", "double failed @0.9"],
                reason: "no touch-down within maximumTapInterval 0.35 s after tap 1 of 2"),
            IntervalCase(
                gap: 0.45, log: ["double failed @0.45", "double failed @1"],
                reason: "no touch-down within maximumTapInterval 0.35 s after tap 1 of 2"),
        ])
    func doubleTapInterval(_ c: IntervalCase) throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double", taps: 2))
        h.tap(id: 1, at: 0, duration: 0.1)
        h.tap(id: 2, at: 0.1 + c.gap, duration: 0.1)
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("double") == c.reason)
    }

    @Test("the interval failure fires at lift + 0.35 s without any later event")
    func intervalTimerFiresAlone() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double", taps: 2))
        h.tap(at: 1.0, duration: 0.1)
        h.finish()
        let t = try #require(h.recorder.transitions(of: "double").first)
        #expect(t.state == .failed)
        #expect(abs(t.time - 1.45) < 1e-9)
        #expect(t.values.taps == 1)
    }

    struct DurationCase: CustomTestStringConvertible, Sendable {
        var held: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "held \(held) s -> \(log)" }
    }

    @Test(
        "one tap lasts at most 0.75 s",
        arguments: [
            DurationCase(held: 0.1, log: ["tap ended @0.1"]),
            DurationCase(held: 0.7, log: ["tap ended @0.7"]),
            DurationCase(held: 0.8, log: ["tap failed @0.75"], reason: "tap 1 lasted longer than maximumTapDuration 0.75 s"),
            DurationCase(held: 2.0, log: ["tap failed @0.75"], reason: "tap 1 lasted longer than maximumTapDuration 0.75 s"),
        ])
    func tapDuration(_ c: DurationCase) throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer())
        h.tap(at: 0, duration: c.held)
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("tap") == c.reason)
    }

    // MARK: Several taps

    /// `UITapRecognizer locationInView:` (to which `UITapGestureRecognizer locationInView:` forwards)
    /// is `_startPoint`: the centroid when the first tap's required fingers were all down, not where
    /// the final tap lifted. Two taps, the second 10 pt away and drifting, report the first tap's start.
    @Test func locationInView_isStartPointOfFirstTap() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double", taps: 2))
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .moved, 104, 102))
        h.send(0.1, (1, .ended, 106, 103))
        h.send(0.3, (2, .began, 110, 104))
        h.send(0.35, (2, .moved, 118, 110))
        h.send(0.4, (2, .ended, 120, 111))
        let t = try #require(h.recorder.transitions(of: "double").last)
        #expect(t.state == .ended)
        #expect(t.values.taps == 2)
        #expect(t.values.location == Point(x: 100, y: 100))
        #expect(t.values.numberOfTouches == 1)
    }

    /// For a two-finger tap the start point is the centroid when both fingers were down; it is set
    /// again during the first tap whenever a touch-down brings the fingers back to two.
    @Test func locationInView_isTheCentroidWhenTheRequiredFingersWereLastAllDown() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100))
        h.send(0.02, (2, .began, 140, 100))  // start (120, 100)
        h.send(0.05, (1, .ended, 100, 100))
        h.send(0.06, (3, .began, 160, 120))  // 2 and 3 down: start (150, 110)
        h.send(0.1, (2, .ended, 141, 100), (3, .ended, 161, 121))
        let t = try #require(h.recorder.transitions(of: "two").last)
        #expect(t.state == .ended)
        #expect(t.values.location == Point(x: 150, y: 110))
        #expect(t.values.numberOfTouches == 2)
    }

    struct LandingCase: CustomTestStringConvertible, Sendable {
        var secondX: Double
        var log: [String]
        var testDescription: String { "second tap at x = \(secondX) -> \(log)" }
    }

    @Test(
        "a later tap must land within 45 pt of the first tap's start",
        arguments: [
            LandingCase(secondX: 140, log: ["double ended @0.4"]),
            LandingCase(secondX: 150, log: ["double failed @0.3"]),
        ])
    func secondTapLanding(_ c: LandingCase) throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double", taps: 2))
        h.tap(id: 1, at: 0, x: 100, y: 100)
        h.tap(id: 2, at: 0.3, x: c.secondX, y: 100)
        h.finish()
        try h.expectLog(c.log)
        if c.log.last?.contains("failed") == true {
            #expect(h.reason("double") == "tap 2 landed 50 pt from the first tap > allowableMovement 45 pt")
        }
    }

    @Test("a triple tap recognizes on the third lift only")
    func tripleTap() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "triple", taps: 3))
        h.tap(id: 1, at: 0)
        h.tap(id: 2, at: 0.3)
        #expect(h.log.isEmpty)
        h.tap(id: 3, at: 0.6)
        try h.expectLog(["triple ended @0.7"])
    }

    // MARK: Fingers

    @Test("a two-finger tap: both fingers down, then both lift; the tap completes when all have lifted")
    func twoFingerTap() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100))
        h.send(0.02, (2, .began, 140, 100))
        h.send(0.1, (1, .ended, 100, 100))
        #expect(h.log.isEmpty)
        h.send(0.12, (2, .ended, 140, 100))
        try h.expectLog(["two ended @0.12"])
        let t = try #require(h.recorder.transitions(of: "two").last)
        #expect(t.values.location == Point(x: 120, y: 100))
        #expect(t.values.taps == 1)
    }

    /// `countsOnlyActiveTouches` (on by default, `UITapRecognizer init`): `touchesBegan:withEvent:`
    /// fails the tap only when more than the required fingers are down at the same time: A and B down,
    /// A up, C down, B and C up is a two-finger tap.
    @Test func countsOnlyActiveTouches_aFingerReplacingALiftedOneStillMakesATwoFingerTap() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100), (2, .began, 140, 100))
        h.send(0.05, (1, .ended, 100, 100))
        h.send(0.07, (3, .began, 120, 110))
        h.send(0.12, (2, .ended, 140, 100), (3, .ended, 120, 110))
        try h.expectLog(["two ended @0.12"])
        // A one-finger tap: A down, A up is the tap; it is not failed by B landing after A lifted.
        let g = GestureHarness()
        g.add(TapGestureRecognizer(name: "double", taps: 2, touches: 2))
        g.send(0, (1, .began, 100, 100), (2, .began, 140, 100))
        g.send(0.05, (1, .ended, 100, 100))
        g.send(0.06, (3, .began, 100, 100))
        g.send(0.1, (2, .ended, 140, 100), (3, .ended, 100, 100))
        #expect(g.log.isEmpty)
        #expect((g.recorder.transitions(of: "double").last?.values.taps ?? 0) == 0)
    }

    struct FingerCase: CustomTestStringConvertible, Sendable {
        var fingers: Int
        var log: [String]
        var reason: String?
        var testDescription: String { "\(fingers) fingers on a two-touch tap -> \(log)" }
    }

    @Test(
        "a two-touch tap with too many or too few fingers fails",
        arguments: [
            FingerCase(fingers: 2, log: ["two ended @0.1"]),
            FingerCase(fingers: 3, log: ["two failed @0"], reason: "3 touches in tap 1 > numberOfTouchesRequired 2"),
            FingerCase(fingers: 1, log: ["two failed @0.1"], reason: "tap 1 had 1 touches < numberOfTouchesRequired 2"),
        ])
    func fingerCount(_ c: FingerCase) throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        let downs = (1...c.fingers).map { TouchChange(id: $0, phase: .began, location: Point(x: 100 + 20 * Double($0), y: 100)) }
        let ups = (1...c.fingers).map { TouchChange(id: $0, phase: .ended, location: Point(x: 100 + 20 * Double($0), y: 100)) }
        h.environment.send(downs, at: 0)
        h.environment.send(ups, at: 0.1)
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("two") == c.reason)
    }

    /// `touchesMoved:withEvent:` measures the centroid of the tap's touches (`_touches`) from
    /// `_startPoint`; before the first tap's required fingers are all down there is no start point and
    /// nothing to check, so a first finger wandering 60 pt before the second lands does not fail.
    @Test func touchesMoved_isNotCheckedBeforeTheFirstTapsFingersAreAllDown() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100))
        h.send(0.02, (1, .moved, 160, 100))  // 60 pt: no start point yet
        h.send(0.04, (2, .began, 200, 100))  // start (180, 100)
        h.send(0.06, (2, .moved, 240, 100))  // centroid (200, 100): 20 pt
        h.send(0.1, (1, .ended, 160, 100), (2, .ended, 240, 100))
        try h.expectLog(["two ended @0.1"])
    }

    /// `touchesMoved:withEvent:` measures the centroid of all the tap's touches, a lifted one where it
    /// lifted: A and B down (start (120, 100)), A lifts, B moves 60 pt: the centroid is 30 pt away.
    @Test func touchesMoved_measuresTheCentroidOfTheTapsTouchesIncludingLiftedOnes() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100), (2, .began, 140, 100))
        h.send(0.05, (1, .ended, 100, 100))
        h.send(0.07, (2, .moved, 200, 100))
        h.send(0.1, (2, .ended, 200, 100))
        try h.expectLog(["two ended @0.1"])
        // 100 pt more: centroid (200, 100), 80 pt away.
        let g = GestureHarness()
        g.add(TapGestureRecognizer(name: "two", touches: 2))
        g.send(0, (1, .began, 100, 100), (2, .began, 140, 100))
        g.send(0.05, (1, .ended, 100, 100))
        g.send(0.07, (2, .moved, 300, 100))
        #expect(g.log == ["two failed @0.07"])
        #expect(g.reason("two") == "moved 80 pt > allowableMovement 45 pt")
    }

    /// `touchesBegan:withEvent:` of a later tap checks the centroid of its required fingers against
    /// `_startPoint` as soon as they are all down: more than 45 pt fails at once, without any move.
    @Test func touchesBegan_laterTapFailsAtOnceWhenItsFingersAreDownTooFarFromTheStart() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "double", taps: 2, touches: 2))
        h.send(0, (1, .began, 100, 100), (2, .began, 140, 100))  // start (120, 100)
        h.send(0.1, (1, .ended, 100, 100), (2, .ended, 140, 100))
        h.send(0.2, (3, .began, 150, 100))  // one finger: not checked yet
        #expect(h.log.isEmpty)
        h.send(0.22, (4, .began, 190, 100))  // centroid (170, 100): 50 pt
        try h.expectLog(["double failed @0.22"])
        #expect(h.reason("double") == "tap 2 landed 50 pt from the first tap > allowableMovement 45 pt")
    }

    @Test("a third finger arriving later on a two-touch tap fails it")
    func thirdFingerLater() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "two", touches: 2))
        h.send(0, (1, .began, 100, 100), (2, .began, 140, 100))
        h.send(0.05, (3, .began, 180, 100))
        try h.expectLog(["two failed @0.05"])
        #expect(h.reason("two") == "3 touches in tap 1 > numberOfTouchesRequired 2")
    }

    @Test("a second finger on a one-touch tap fails it")
    func secondFingerOnSingle() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer())
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (2, .began, 140, 100))
        try h.expectLog(["tap failed @0.05"])
        #expect(h.reason("tap") == "2 touches in tap 1 > numberOfTouchesRequired 1")
    }

    @Test("a cancelled touch fails the tap")
    func cancelled() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer())
        h.send(0, (1, .began, 100, 100))
        h.send(0.05, (1, .cancelled, 100, 100))
        try h.expectLog(["tap failed @0.05"])
    }

    // MARK: Exclusion overrides

    struct PreventCase: CustomTestStringConvertible, Sendable {
        var name: String
        var taps: Int
        var touches: Int
        var otherIsLongPress: Bool
        var otherTaps: Int
        var otherTouches: Int
        var prevents: Bool
        var testDescription: String { name }
    }

    @Test(
        "canPrevent follows UIKit's tap exception",
        arguments: [
            PreventCase(
                name: "single vs double", taps: 1, touches: 1, otherIsLongPress: false, otherTaps: 2, otherTouches: 1, prevents: false),
            PreventCase(
                name: "double vs single", taps: 2, touches: 1, otherIsLongPress: false, otherTaps: 1, otherTouches: 1, prevents: true),
            PreventCase(
                name: "single vs single", taps: 1, touches: 1, otherIsLongPress: false, otherTaps: 1, otherTouches: 1, prevents: true),
            PreventCase(
                name: "single vs two-finger double", taps: 1, touches: 1, otherIsLongPress: false, otherTaps: 2, otherTouches: 2,
                prevents: true),
            PreventCase(
                name: "single vs long press with 0 taps", taps: 1, touches: 1, otherIsLongPress: true, otherTaps: 0, otherTouches: 1,
                prevents: true),
            PreventCase(
                name: "single vs long press with 1 tap", taps: 1, touches: 1, otherIsLongPress: true, otherTaps: 1, otherTouches: 1,
                prevents: false),
            PreventCase(
                name: "double vs long press with 1 tap", taps: 2, touches: 1, otherIsLongPress: true, otherTaps: 1, otherTouches: 1,
                prevents: true),
        ])
    func canPrevent(_ c: PreventCase) {
        let tap = TapGestureRecognizer(taps: c.taps, touches: c.touches)
        let other: GestureRecognizer
        if c.otherIsLongPress {
            let press = LongPressGestureRecognizer()
            press.numberOfTapsRequired = c.otherTaps
            press.numberOfTouchesRequired = c.otherTouches
            other = press
        } else {
            other = TapGestureRecognizer(taps: c.otherTaps, touches: c.otherTouches)
        }
        #expect(tap.canPrevent(other) == c.prevents)
    }

    @Test("defaults are UIKit's")
    func defaults() {
        let tap = TapGestureRecognizer()
        #expect(tap.kind == "tap")
        #expect(tap.name == "tap")
        #expect(tap.numberOfTapsRequired == 1)
        #expect(tap.numberOfTouchesRequired == 1)
        #expect(tap.allowableMovement == 45)
        #expect(tap.maximumTapInterval == 0.35)
        #expect(tap.maximumTapDuration == 0.75)
    }
}
