@testable import GestureEngine
import GestureTesting
import Testing

@Suite("Swipe")
struct SwipeGestureRecognizerTests {
    /// Touch down at (`x0`, 400) at `t0`, one move by (`dx`, `dy`) at `t0 + dt`, lift 10 ms later.
    func swipe(_ r: SwipeGestureRecognizer, t0: Double = 0, x0: Double = 200, dx: Double, dy: Double = 0, dt: Double) -> GestureHarness {
        let h = GestureHarness()
        h.add(r)
        h.send(t0, (1, .began, x0, 400))
        h.send(t0 + dt, (1, .moved, x0 + dx, 400 + dy))
        h.send(t0 + dt + 0.01, (1, .ended, x0 + dx, 400 + dy))
        h.finish()
        return h
    }

    struct ThresholdCase: CustomTestStringConvertible, Sendable {
        var dx: Double
        var dt: Double
        var recognized: Bool
        var testDescription: String { "\(dx) pt after \(dt) s -> \(recognized ? "recognized" : "failed")" }
    }

    @Test(
        "the minimum primary movement shrinks with time (45.3 pt at 0.1 s, 26.5 pt at 0.5 s)",
        arguments: [
            ThresholdCase(dx: 46, dt: 0.1, recognized: true),
            ThresholdCase(dx: 45, dt: 0.1, recognized: false),
            ThresholdCase(dx: 45.31, dt: 0.1, recognized: true),
            ThresholdCase(dx: 45.29, dt: 0.1, recognized: false),
            ThresholdCase(dx: 50, dt: 0.001, recognized: true),
            ThresholdCase(dx: 49, dt: 0.001, recognized: false),
            ThresholdCase(dx: 26.6, dt: 0.5, recognized: true),
            ThresholdCase(dx: 26.4, dt: 0.5, recognized: false),
        ])
    func minimumPrimaryMovement(_ c: ThresholdCase) throws {
        let h = swipe(SwipeGestureRecognizer(), dx: c.dx, dt: c.dt)
        if c.recognized {
            try h.expectLog(["swipe ended @\(formatShort(c.dt, decimals: 3))"])
            let t = try #require(h.recorder.transitions(of: "swipe").first)
            #expect(t.values.direction == .right)
            #expect(t.values.location == Point(x: 200, y: 400))
        } else {
            try h.expectLog(["swipe failed @\(formatShort(c.dt + 0.01, decimals: 3))"])
            #expect(h.reason("swipe")?.hasPrefix("lifted before swiping: primary movement \(formatShort(c.dx, decimals: 2)) pt <") == true)
        }
    }

    @Test("the failure at the lift names the movement and the threshold")
    func liftReason() {
        let h = swipe(SwipeGestureRecognizer(), dx: 45, dt: 0.1)
        #expect(h.reason("swipe") == "lifted before swiping: primary movement 45 pt < 45.3 pt needed at 0.1 s")
    }

    struct DurationCase: CustomTestStringConvertible, Sendable {
        var t0: Double
        var dt: Double
        var recognized: Bool
        var testDescription: String { "100 pt arriving \(dt) s after touch-down at \(t0) -> \(recognized ? "recognized" : "failed")" }
    }

    @Test(
        "maximum duration 0.5 s: 0.500 recognizes, 0.501 does not (probe)",
        arguments: [
            DurationCase(t0: 0, dt: 0.49, recognized: true),
            DurationCase(t0: 0, dt: 0.5, recognized: true),
            DurationCase(t0: 0.7, dt: 0.5, recognized: true),
            DurationCase(t0: 12.3, dt: 0.5, recognized: true),
            DurationCase(t0: 0, dt: 0.501, recognized: false),
            DurationCase(t0: 0.7, dt: 0.501, recognized: false),
            DurationCase(t0: 0, dt: 1.0, recognized: false),
        ])
    func maximumDuration(_ c: DurationCase) throws {
        let h = swipe(SwipeGestureRecognizer(), t0: c.t0, dx: 100, dt: c.dt)
        let at = formatShort(c.t0 + c.dt, decimals: 3)
        if c.recognized {
            try h.expectLog(["swipe ended @\(at)"])
        } else {
            try h.expectLog(["swipe failed @\(at)"])
            #expect(h.reason("swipe") == "moved \(formatShort(c.dt, decimals: 3)) s after touch-down > maximumDuration 0.5 s")
        }
    }

    @Test("a maximum duration past Int64's nanoseconds (infinite, 1e300 s) never ends a swipe for time, and does not trap")
    func maximumDurationBeyondTheClock() throws {
        // 100 pt arriving 5 s after touch-down: past the default 0.5 s it fails for time...
        try swipe(SwipeGestureRecognizer(), dx: 100, dt: 5).expectLog(["swipe failed @5"])
        // ... and with no limit the clock can hold, it is recognized.
        for limit in [Double.infinity, 1e300] {
            let r = SwipeGestureRecognizer()
            r.maximumDuration = limit
            try swipe(r, dx: 100, dt: 5).expectLog(["swipe ended @5"])
        }
    }

    @Test("a swipe held still past 0.5 s stays possible until its next move (no timer, as UIKit)")
    func noTimer() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 400))
        h.environment.advance(to: 2.0)
        #expect(h.log.isEmpty)
        h.send(2.0, (1, .moved, 300, 400))
        try h.expectLog(["swipe failed @2"])
    }

    struct SecondaryCase: CustomTestStringConvertible, Sendable {
        var dy: Double
        var dt: Double
        var recognized: Bool
        var testDescription: String { "(100, \(dy)) after \(dt) s -> \(recognized ? "recognized" : "failed")" }
    }

    @Test(
        "the maximum secondary movement shrinks with time (45.1 pt at 0.1 s, 25.5 pt at 0.5 s)",
        arguments: [
            SecondaryCase(dy: 45, dt: 0.1, recognized: true),
            SecondaryCase(dy: -45, dt: 0.1, recognized: true),
            SecondaryCase(dy: 46, dt: 0.1, recognized: false),
            SecondaryCase(dy: -46, dt: 0.1, recognized: false),
            SecondaryCase(dy: 25.4, dt: 0.5, recognized: true),
            SecondaryCase(dy: 25.6, dt: 0.5, recognized: false),
        ])
    func secondaryMovement(_ c: SecondaryCase) throws {
        let h = swipe(SwipeGestureRecognizer(), dx: 100, dy: c.dy, dt: c.dt)
        let at = formatShort(c.dt, decimals: 3)
        if c.recognized {
            try h.expectLog(["swipe ended @\(at)"])
        } else {
            try h.expectLog(["swipe failed @\(at)"])
            #expect(
                h.reason("swipe")
                    == "touch 1 secondary movement \(formatShort(abs(c.dy))) pt > \(formatShort(c.dt == 0.1 ? 45.1 : 25.5)) pt allowed at \(at) s"
            )
        }
    }

    struct DirectionCase: CustomTestStringConvertible, Sendable {
        var direction: SwipeDirection
        var dx: Double
        var dy: Double
        var fired: SwipeDirection?
        var testDescription: String { "\(direction) with (\(dx), \(dy)) -> \(fired.map { "\($0)" } ?? "failed")" }
    }

    @Test(
        "each direction recognizes its own swipe and reports it",
        arguments: [
            DirectionCase(direction: .right, dx: 100, dy: 0, fired: .right),
            DirectionCase(direction: .left, dx: -100, dy: 0, fired: .left),
            DirectionCase(direction: .up, dx: 0, dy: -100, fired: .up),
            DirectionCase(direction: .down, dx: 0, dy: 100, fired: .down),
            DirectionCase(direction: [.left, .right], dx: -100, dy: 0, fired: .left),
            DirectionCase(direction: [.left, .right], dx: 100, dy: 0, fired: .right),
            DirectionCase(direction: [.up, .down], dx: 0, dy: 100, fired: .down),
            DirectionCase(direction: [.right, .down], dx: 100, dy: 0, fired: .right),
        ])
    func directions(_ c: DirectionCase) throws {
        let h = swipe(SwipeGestureRecognizer(direction: c.direction), dx: c.dx, dy: c.dy, dt: 0.1)
        try h.expectLog(["swipe ended @0.1"])
        let t = try #require(h.recorder.transitions(of: "swipe").first)
        #expect(t.values.direction == c.fired)
    }

    struct WrongDirectionCase: CustomTestStringConvertible, Sendable {
        var direction: SwipeDirection
        var dx: Double
        var dy: Double
        var reason: String
        var testDescription: String { "\(direction) with (\(dx), \(dy)) fails" }
    }

    @Test(
        "a swipe in the wrong direction fails at once",
        arguments: [
            WrongDirectionCase(
                direction: .right, dx: -100, dy: 0,
                reason: "touch 1 moved 100 pt against direction right > maximumOppositeMovement 0 pt"),
            WrongDirectionCase(
                direction: .left, dx: 100, dy: 0,
                reason: "touch 1 moved 100 pt against direction left > maximumOppositeMovement 0 pt"),
            WrongDirectionCase(
                direction: .up, dx: 0, dy: 100,
                reason: "touch 1 moved 100 pt against direction up > maximumOppositeMovement 0 pt"),
            WrongDirectionCase(
                direction: .down, dx: 0, dy: -100,
                reason: "touch 1 moved 100 pt against direction down > maximumOppositeMovement 0 pt"),
            WrongDirectionCase(
                direction: .right, dx: 0, dy: 100,
                reason: "touch 1 secondary movement 100 pt > 45.1 pt allowed at 0.1 s"),
            WrongDirectionCase(
                direction: .up, dx: 100, dy: 0,
                reason: "touch 1 secondary movement 100 pt > 45.1 pt allowed at 0.1 s"),
            // UIKit judges the horizontal axis first: with right|down a straight down swipe fails.
            WrongDirectionCase(
                direction: [.right, .down], dx: 0, dy: 100,
                reason: "touch 1 secondary movement 100 pt > 45.1 pt allowed at 0.1 s"),
        ])
    func wrongDirection(_ c: WrongDirectionCase) throws {
        let h = swipe(SwipeGestureRecognizer(direction: c.direction), dx: c.dx, dy: c.dy, dt: 0.1)
        try h.expectLog(["swipe failed @0.1"])
        #expect(h.reason("swipe") == c.reason)
    }

    @Test("the slightest movement against the direction fails (maximum opposite movement 0)")
    func tinyOpposite() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 400))
        h.send(0.01, (1, .moved, 199.9, 400))
        try h.expectLog(["swipe failed @0.01"])
    }

    @Test("it recognizes during a move, several moves in: the thresholds use the time since touch-down")
    func recognizesMidGesture() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 400))
        h.send(0.05, (1, .moved, 220, 400))
        h.send(0.1, (1, .moved, 240, 400))
        #expect(h.log.isEmpty)
        h.send(0.15, (1, .moved, 260, 400))  // 60 pt >= 50 x (1 - 0.15 x 0.94) = 42.95 pt
        try h.expectLog(["swipe ended @0.15"])
    }

    @Test("lifting first fails it: never recognized at a lift")
    func liftFirst() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 400))
        h.send(0.05, (1, .moved, 230, 400))
        h.send(0.06, (1, .ended, 300, 400))
        try h.expectLog(["swipe failed @0.06"])
    }

    struct TwoFingerCase: CustomTestStringConvertible, Sendable {
        var secondDx: Double
        var log: [String]
        var testDescription: String { "second finger moves \(secondDx) pt -> \(log)" }
    }

    @Test(
        "every required finger must qualify",
        arguments: [
            TwoFingerCase(secondDx: 100, log: ["swipe ended @0.1"]),
            TwoFingerCase(secondDx: 30, log: ["swipe failed @0.11"]),
            TwoFingerCase(secondDx: -10, log: ["swipe failed @0.1"]),
        ])
    func twoFingers(_ c: TwoFingerCase) throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer(touches: 2))
        h.send(0, (1, .began, 200, 300), (2, .began, 200, 400))
        h.send(0.1, (1, .moved, 300, 300), (2, .moved, 200 + c.secondDx, 400))
        h.send(0.11, (1, .ended, 300, 300), (2, .ended, 200 + c.secondDx, 400))
        h.finish()
        try h.expectLog(c.log)
        if c.log == ["swipe ended @0.1"] {
            let t = try #require(h.recorder.transitions(of: "swipe").first)
            #expect(t.values.numberOfTouches == 2)
            #expect(t.values.location == Point(x: 200, y: 350))
        }
    }

    @Test("one finger on a two-finger swipe never recognizes")
    func tooFewFingers() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer(touches: 2))
        h.send(0, (1, .began, 200, 400))
        h.send(0.1, (1, .moved, 300, 400))
        #expect(h.log.isEmpty)
        h.send(0.11, (1, .ended, 300, 400))
        try h.expectLog(["swipe failed @0.11"])
    }

    @Test("more fingers than required at once: none is added, moves do nothing, the first lift fails it")
    func tooManyFingersAtOnce() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 300), (2, .began, 200, 400))
        #expect(h.log.isEmpty)
        h.send(0.1, (1, .moved, 300, 300), (2, .moved, 300, 400))
        #expect(h.log.isEmpty)
        h.send(0.2, (1, .ended, 300, 300))
        try h.expectLog(["swipe failed @0.2"])
        #expect(h.reason("swipe") == "2 touches > numberOfTouchesRequired 1")
    }

    @Test("a finger too many arriving later is not added; the swipe fails when its own finger lifts")
    func tooManyFingersLater() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 300))
        h.send(0.05, (2, .began, 200, 400))
        h.send(0.1, (1, .moved, 300, 300), (2, .moved, 300, 400))
        #expect(h.log.isEmpty)
        h.send(0.11, (1, .ended, 300, 300))
        try h.expectLog(["swipe failed @0.11"])
        h.send(0.12, (2, .ended, 300, 400))
        try h.expectLog(["swipe failed @0.11"])
        #expect(h.reason("swipe") == "2 touches > numberOfTouchesRequired 1")
    }

    @Test(
        "a marked swipe: moves before its deadline are not delivered (fast path), the first past 0.5 s still fails it",
        arguments: [false, true])
    func markedSwipeSkipsQuietMoves(plain: Bool) throws {
        let h = GestureHarness()
        h.environment.usesPlainPaths = plain
        h.add(SwipeGestureRecognizer())
        h.send(0, (1, .began, 200, 300))
        h.send(0.05, (2, .began, 200, 400))
        for i in 1...9 {
            let x = 200 + 10 * Double(i)
            h.send(0.04 + 0.05 * Double(i), (1, .moved, x, 300), (2, .moved, x, 400))
        }
        // At 0.5 s exactly the duration is not exceeded (delivered on both paths: past the margin).
        h.send(0.5, (1, .moved, 300, 300))
        #expect(h.log.isEmpty)
        h.send(0.51, (1, .moved, 310, 300))
        try h.expectLog(["swipe failed @0.51"])
        #expect(h.reason("swipe") == "moved 0.51 s after touch-down > maximumDuration 0.5 s")
        // Two touches' moves in each of the nine steps before the deadline.
        #expect(h.environment.skippedQuietMoves == (plain ? 0 : 18))
    }

    @Test("a swipe subclass gets every move while marked: only the built-in class declares its moves quiet")
    func subclassGetsEveryMove() {
        final class CountingSwipe: SwipeGestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                moves += 1
                super.touchesMoved(touches, with: event)
            }
        }
        let h = GestureHarness()
        let swipe = CountingSwipe()
        h.add(swipe)
        h.send(0, (1, .began, 200, 300))
        h.send(0.05, (2, .began, 200, 400))
        h.send(0.1, (1, .moved, 210, 300))
        h.send(0.2, (2, .moved, 210, 400))
        #expect(swipe.moves == 2)
        #expect(h.environment.skippedQuietMoves == 0)
    }

    @Test("one of two fingers lifting marks it failed; the next move after 0.5 s fails it")
    func oneFingerLifts() throws {
        let h = GestureHarness()
        h.add(SwipeGestureRecognizer(touches: 2))
        h.send(0, (1, .began, 200, 300), (2, .began, 200, 400))
        h.send(0.05, (2, .ended, 200, 400))
        h.send(0.1, (1, .moved, 300, 300))
        #expect(h.log.isEmpty)
        h.send(0.6, (1, .moved, 310, 300))
        try h.expectLog(["swipe failed @0.6"])
    }

    @Test("the thresholds match the reference's table")
    func thresholds() {
        let s = SwipeGestureRecognizer()
        let table: [(t: Double, minimum: Double, maximum: Double)] = [
            (0, 50, 50), (0.1, 45.3, 45.1), (0.2, 40.6, 40.2), (0.3, 35.9, 35.3), (0.4, 31.2, 30.4),
            (0.5, 26.5, 25.5), (2.0, 26.5, 25.5),
        ]
        for row in table {
            #expect(abs(s.minimumPrimaryMovement(after: row.t) - row.minimum) < 1e-9)
            #expect(abs(s.maximumSecondaryMovement(after: row.t) - row.maximum) < 1e-9)
        }
    }

    @Test("defaults are UIKit's")
    func defaults() {
        let s = SwipeGestureRecognizer()
        #expect(s.kind == "swipe")
        #expect(s.direction == .right)
        #expect(s.numberOfTouchesRequired == 1)
        #expect(s.maximumDuration == 0.5)
        #expect(s.maximumOppositeMovement == 0)
    }
}
