import GestureEngine
import GestureTesting
import Testing

@Suite("Long press")
struct LongPressGestureRecognizerTests {
    struct MoveCase: CustomTestStringConvertible, Sendable {
        var dx: Double
        var dy: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "move (\(dx), \(dy)) at 0.3 s -> \(log)" }
    }

    @Test(
        "moving more than 10 pt before 0.5 s fails; less does not",
        arguments: [
            MoveCase(dx: 8, dy: 0, log: ["press began @0.5", "press ended @0.7"]),
            MoveCase(dx: 6, dy: 8, log: ["press began @0.5", "press ended @0.7"]),
            MoveCase(dx: 10, dy: 0, log: ["press began @0.5", "press ended @0.7"]),
            MoveCase(
                dx: 12, dy: 0, log: ["press failed @0.3"],
                reason: "moved 12 pt > allowableMovement 10 pt before minimumPressDuration 0.5 s"),
            MoveCase(
                dx: 0, dy: -10.5, log: ["press failed @0.3"],
                reason: "moved 10.5 pt > allowableMovement 10 pt before minimumPressDuration 0.5 s"),
        ])
    func movementBeforeBegin(_ c: MoveCase) throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        let finger = h.down(x: 100, y: 100)
        h.wait(0.3)
        finger.move(by: Vector(dx: c.dx, dy: c.dy))
        h.wait(0.4)
        finger.up()
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("press") == c.reason)
    }

    @Test("begins by timer at exactly t0 + 0.5 with no event then; changed on move; ended on lift")
    func beginsByTimer() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(1.0, (1, .began, 100, 100))
        h.send(2.0, (1, .moved, 300, 250))
        h.send(2.5, (1, .ended, 300, 250))
        let ts = h.recorder.transitions(of: "press")
        #expect(ts.map(\.state) == [.began, .changed, .ended])
        #expect(ts[0].time == 1.5)
        #expect(ts[0].previous == .possible)
        #expect(ts[0].values.location == Point(x: 100, y: 100))
        #expect(ts[1].time == 2.0)
        #expect(ts[1].values.location == Point(x: 300, y: 250))
        #expect(ts[2].time == 2.5)
    }

    @Test("the timer fires between events: the press has begun before the later event arrives")
    func beganBeforeLaterEvent() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.down(x: 100, y: 100)
        h.wait(0.499)
        #expect(h.log.isEmpty)
        h.advance(to: 0.5)
        try h.expectLog(["press began @0.5"])
    }

    struct LiftCase: CustomTestStringConvertible, Sendable {
        var liftAt: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "lift at \(liftAt) s -> \(log)" }
    }

    @Test(
        "lifting before 0.5 s fails; lifting after ends",
        arguments: [
            LiftCase(liftAt: 0.3, log: ["press failed @0.3"], reason: "lifted after 0.3 s < minimumPressDuration 0.5 s"),
            LiftCase(liftAt: 0.499, log: ["press failed @0.499"], reason: "lifted after 0.499 s < minimumPressDuration 0.5 s"),
            LiftCase(liftAt: 0.5, log: ["press began @0.5", "press ended @0.5"]),
            LiftCase(liftAt: 0.9, log: ["press began @0.5", "press ended @0.9"]),
        ])
    func liftTime(_ c: LiftCase) throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.send(c.liftAt, (1, .ended, 100, 100))
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("press") == c.reason)
    }

    @Test("once begun there is no movement limit")
    func noLimitAfterBegan() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.6, (1, .moved, 400, 100))
        h.send(0.7, (1, .moved, 400, 600))
        h.send(0.8, (1, .ended, 400, 600))
        try h.expectLog(["press began @0.5", "press changed @0.6", "press changed @0.7", "press ended @0.8"])
    }

    @Test("too many fingers before it begins fails it")
    func tooManyFingers() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.2, (2, .began, 150, 100))
        try h.expectLog(["press failed @0.2"])
        #expect(h.reason("press") == "2 touches > numberOfTouchesRequired 1")
    }

    @Test("fingers added after it began are ignored: their moves and lift do nothing")
    func addedFingersIgnored() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.6, (2, .began, 300, 300))
        h.send(0.7, (2, .moved, 320, 300))
        h.send(0.8, (2, .ended, 320, 300))
        h.send(0.9, (1, .moved, 110, 100))
        h.send(1.0, (1, .ended, 110, 100))
        let ts = h.recorder.transitions(of: "press")
        // UIKit moves a recognizer still in `began` at the next event to `changed` itself.
        #expect(ts.map(\.state) == [.began, .changed, .changed, .ended])
        #expect(ts.map(\.time) == [0.5, 0.6, 0.9, 1.0])
        #expect(ts.allSatisfy { $0.values.numberOfTouches == 1 })
        #expect(ts[2].values.location == Point(x: 110, y: 100))
    }

    struct TwoFingerCase: CustomTestStringConvertible, Sendable {
        var secondDownAt: Double
        var log: [String]
        var testDescription: String { "second finger at \(secondDownAt) s -> \(log)" }
    }

    @Test(
        "a two-finger press starts its timer when both fingers are down and ends when one lifts",
        arguments: [
            TwoFingerCase(secondDownAt: 0, log: ["press began @0.5", "press ended @1"]),
            TwoFingerCase(secondDownAt: 0.2, log: ["press began @0.7", "press ended @1"]),
        ])
    func twoFingers(_ c: TwoFingerCase) throws {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        h.add(press)
        h.send(0, (1, .began, 100, 100))
        h.send(c.secondDownAt, (2, .began, 140, 100))
        h.send(1.0, (1, .ended, 100, 100))
        h.send(1.1, (2, .ended, 140, 100))
        try h.expectLog(c.log)
        let began = try #require(h.recorder.transitions(of: "press").first)
        #expect(began.values.numberOfTouches == 2)
        #expect(began.values.location == Point(x: 120, y: 100))
    }

    struct TapPressCase: CustomTestStringConvertible, Sendable {
        var pressDownAt: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "tap, then press at \(pressDownAt) s -> \(log)" }
    }

    @Test(
        "numberOfTapsRequired 1: a tap, then a press within 0.35 s",
        arguments: [
            TapPressCase(pressDownAt: 0.3, log: ["press began @0.8", "press ended @1"]),
            // Too late: the late touch is the first tap of a new attempt, which then waits in vain for its press.
            TapPressCase(
                pressDownAt: 0.5, log: ["press failed @0.45", "press failed @1.35"],
                reason: "no touch-down within maximumTapInterval 0.35 s after tap 1"),
        ])
    func tapThenPress(_ c: TapPressCase) throws {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        h.add(press)
        h.tap(id: 1, at: 0, duration: 0.1)
        h.send(c.pressDownAt, (2, .began, 100, 100))
        h.send(1.0, (2, .ended, 100, 100))
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("press") == c.reason)
    }

    @Test("numberOfTapsRequired 1: a press without the tap is only a tap (held too long) and fails")
    func pressWithoutTap() throws {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        h.add(press)
        h.send(0, (1, .began, 100, 100))
        h.send(1.0, (1, .ended, 100, 100))
        try h.expectLog(["press failed @0.75"])
        #expect(h.reason("press") == "tap 1 before the press lasted longer than maximumTapDuration 0.75 s")
    }

    @Test("numberOfTapsRequired 1: the press starts afresh where it lands (tapRecognizerRecognizedTap: resets the tap)")
    func pressLandsFar() throws {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        h.add(press)
        h.tap(id: 1, at: 0, x: 100, y: 100)
        h.send(0.3, (2, .began, 112, 100))
        h.advance(to: 0.8)
        try h.expectLog(["press began @0.8"])
        #expect(h.transitions[0].values.location == Point(x: 112, y: 100))
    }

    @Test("a cancelled touch cancels a press that began and fails one that did not")
    func cancelled() throws {
        let h = GestureHarness()
        h.add(LongPressGestureRecognizer(name: "press"))
        h.send(0, (1, .began, 100, 100))
        h.send(0.6, (1, .cancelled, 100, 100))
        h.send(1.0, (2, .began, 100, 100))
        h.send(1.2, (2, .cancelled, 100, 100))
        try h.expectLog(["press began @0.5", "press cancelled @0.6", "press failed @1.2"])
    }

    @Test("defaults are UIKit's")
    func defaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.kind == "longPress")
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTouchesRequired == 1)
        #expect(press.numberOfTapsRequired == 0)
    }
}
