import GestureEngine
import GestureTesting
import Testing

@Suite("Two-finger swipe (seed: dark-theme shortcut)")
struct TwoFingerSwipeGestureRecognizerTests {
    struct SuccessCase: CustomTestStringConvertible, Sendable {
        let dy: Double
        let direction: SwipeDirection
        var testDescription: String { "\(direction) by \(dy) pt" }
    }

    /// Two fingers at (100, 300) and (160, 300) move together by `dy` in three steps, then lift.
    @Test(arguments: [
        SuccessCase(dy: -60, direction: .up),
        SuccessCase(dy: 60, direction: .down),
        SuccessCase(dy: -40, direction: .up),  // exactly the minimum travel
        SuccessCase(dy: 45, direction: .down),
    ])
    func recognizesAtTheLift(_ c: SuccessCase) throws {
        let h = GestureHarness()
        h.add(TwoFingerSwipeGestureRecognizer(name: "swipe2"))
        h.send(0, (1, .began, 100, 300), (2, .began, 160, 300))
        for k in 1...3 {
            let y = 300 + c.dy * Double(k) / 3
            h.send(Double(k) * 0.05, (1, .moved, 100 + Double(k), y), (2, .moved, 160 - Double(k), y))
        }
        #expect(h.log.isEmpty)  // stays possible while the fingers move
        h.send(0.2, (1, .ended, 103, 300 + c.dy), (2, .ended, 157, 300 + c.dy))
        try h.expectLog(["swipe2 ended @0.2"])
        #expect(h.recorder.transitions(of: "swipe2").map(\.previous) == [.possible])
        let v = try #require(h.recorder.transitions(of: "swipe2").last?.values)
        #expect(v.direction == c.direction)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        /// Events: each a list of (id, phase, x, y), 0.05 s apart.
        let events: [[Change]]
        let failedAt: String
        let reason: String
        var testDescription: String { label }
    }

    struct Change: Sendable {
        let id: Int
        let phase: TouchPhase
        let x: Double
        let y: Double
        init(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) {
            self.id = id; self.phase = phase; self.x = x; self.y = y
        }
    }

    @Test(arguments: [
        FailureCase(
            label: "one finger swiping",
            events: [
                [Change(1, .began, 100, 300)], [Change(1, .moved, 100, 290)], [Change(1, .moved, 100, 250)],
                [Change(1, .ended, 100, 240)],
            ], failedAt: "swipe2 failed @0.1", reason: "one finger moved 50 pt > 10 pt before a second finger touched down"),
        FailureCase(
            label: "one finger lifting in place",
            events: [
                [Change(1, .began, 100, 300)], [Change(1, .ended, 100, 300)],
            ], failedAt: "swipe2 failed @0.05", reason: "lifted with 1 finger; the two-finger swipe needs 2"),
        FailureCase(
            label: "opposite directions",
            events: [
                [Change(1, .began, 100, 300), Change(2, .began, 160, 300)],
                [Change(1, .moved, 100, 295), Change(2, .moved, 160, 305)],
                [Change(1, .moved, 100, 280), Change(2, .moved, 160, 320)],
                [Change(1, .ended, 100, 260), Change(2, .ended, 160, 340)],
            ], failedAt: "swipe2 failed @0.1", reason: "fingers moved in opposite directions: vertical travel -20 pt and 20 pt"),
        FailureCase(
            label: "mostly horizontal",
            events: [
                [Change(1, .began, 100, 300), Change(2, .began, 160, 300)],
                [Change(1, .moved, 130, 290), Change(2, .moved, 190, 290)],
                [Change(1, .ended, 180, 285), Change(2, .ended, 240, 285)],
            ], failedAt: "swipe2 failed @0.05", reason: "finger 1 moved mostly horizontally: 30 pt across > 1 × 10 pt vertical"),
        FailureCase(
            label: "too short",
            events: [
                [Change(1, .began, 100, 300), Change(2, .began, 160, 300)],
                [Change(1, .moved, 100, 285), Change(2, .moved, 160, 280)],
                [Change(1, .ended, 100, 270), Change(2, .ended, 160, 265)],
            ], failedAt: "swipe2 failed @0.1",
            reason: "vertical travel -30 pt and -35 pt at the lift; each finger needs 40 pt in the same direction"),
        FailureCase(
            label: "three fingers",
            events: [
                [Change(1, .began, 100, 300), Change(2, .began, 160, 300)],
                [Change(3, .began, 220, 300)],
                [Change(1, .ended, 100, 200), Change(2, .ended, 160, 200), Change(3, .ended, 220, 200)],
            ], failedAt: "swipe2 failed @0.05", reason: "3 touches; the two-finger swipe needs exactly 2"),
    ])
    func fails(_ c: FailureCase) throws {
        let h = GestureHarness()
        h.add(TwoFingerSwipeGestureRecognizer(name: "swipe2"))
        for (i, event) in c.events.enumerated() {
            h.environment.send(
                event.map { TouchChange(id: $0.id, phase: $0.phase, location: Point(x: $0.x, y: $0.y)) }, at: Double(i) * 0.05)
        }
        h.finish()
        try h.expectLog([c.failedAt])
        #expect(h.reason("swipe2") == c.reason)
        // Never began -> failed (the article's bug): no illegal-transition diagnostics at all.
        #expect(h.recorder.diagnostics.isEmpty)
        #expect(h.recorder.transitions.allSatisfy { $0.previous == .possible })
    }

    @Test("a second finger joining late is fine; the next gesture starts afresh after a failure")
    func lateSecondFingerAndReset() throws {
        let h = GestureHarness()
        h.add(TwoFingerSwipeGestureRecognizer(name: "swipe2"))
        h.send(0, (1, .began, 100, 300))
        h.send(0.05, (1, .moved, 100, 295))  // 5 pt alone: allowed
        h.send(0.1, (2, .began, 160, 300))
        h.send(0.15, (1, .moved, 100, 340), (2, .moved, 160, 345))
        h.send(0.2, (1, .ended, 100, 350), (2, .ended, 160, 350))
        try h.expectLog(["swipe2 ended @0.2"])
        #expect(h.recorder.transitions.last?.values.direction == .down)
        h.send(1, (3, .began, 100, 300))
        h.send(1.1, (3, .ended, 100, 300))
        h.send(2, (4, .began, 100, 300), (5, .began, 160, 300))
        h.send(2.1, (4, .ended, 100, 250), (5, .ended, 160, 250))
        try h.expectLog(["swipe2 ended @0.2", "swipe2 failed @1.1", "swipe2 ended @2.1"])
        #expect(h.recorder.transitions.last?.values.direction == .up)
        #expect(h.recorder.diagnostics.isEmpty)
    }
}
