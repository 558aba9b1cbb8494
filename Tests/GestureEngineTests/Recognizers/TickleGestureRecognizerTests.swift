import GestureEngine
import GestureTesting
import Testing

@Suite("Tickle (seed)")
struct TickleGestureRecognizerTests {
    func tickles(_ h: GestureHarness) -> GestureValue? {
        h.recorder.transitions(of: "tickle").last?.values.extra.first { $0.name == "tickles" }?.value
    }

    /// Sends a one-finger path: began at the first point, moves 0.02 s apart, then `lift` or not.
    func path(_ h: GestureHarness, _ points: [(Double, Double)], lift: Bool) {
        let finger = h.down(x: points[0].0, y: points[0].1)
        for p in points.dropFirst() {
            h.wait(0.02)
            finger.move(to: Point(x: p.0, y: p.1))
        }
        if lift {
            h.wait(0.02)
            finger.up()
        }
    }

    struct SuccessCase: CustomTestStringConvertible, Sendable {
        let label: String
        let points: [Point]
        let at: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        SuccessCase(
            label: "3 reversals of 10 pt",
            points: [
                Point(x: 100, y: 100), Point(x: 110, y: 100), Point(x: 100, y: 100), Point(x: 110, y: 100), Point(x: 100, y: 100),
            ], at: "tickle ended @0.08"),
        // Far from the origin on a diagonal: testing the absolute location (the article's bug) would miss these.
        SuccessCase(
            label: "diagonal, far from the origin",
            points: [
                Point(x: 600, y: 600), Point(x: 605, y: 605), Point(x: 612, y: 612), Point(x: 606, y: 606),
                Point(x: 600, y: 600), Point(x: 610, y: 610), Point(x: 603, y: 603),
            ], at: "tickle ended @0.12"),
        SuccessCase(
            label: "legs of exactly 2.5 and 25 pt",
            points: [
                Point(x: 100, y: 100), Point(x: 102.5, y: 100), Point(x: 100, y: 100), Point(x: 125, y: 100), Point(x: 120, y: 100),
            ], at: "tickle ended @0.08"),
    ])
    func recognizes(_ c: SuccessCase) throws {
        let h = GestureHarness()
        h.add(TickleGestureRecognizer(name: "tickle"))
        path(h, c.points.map { ($0.x, $0.y) }, lift: true)
        try h.expectLog([c.at])
        #expect(tickles(h) == .integer(3))
        #expect(h.recorder.diagnostics.isEmpty)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        let points: [Double]
        let at: String
        let reason: String
        var testDescription: String { label }
    }

    /// Horizontal paths (x only, y = 100).
    @Test(arguments: [
        FailureCase(
            label: "a 30 pt first leg", points: [100, 115, 130], at: "tickle failed @0.04",
            reason: "leg of 30 pt > maximumTickleDistance 25 pt after 0 tickles"),
        FailureCase(
            label: "a 30 pt leg after 2 tickles", points: [100, 110, 100, 130], at: "tickle failed @0.06",
            reason: "leg of 30 pt > maximumTickleDistance 25 pt after 2 tickles"),
        FailureCase(
            label: "lifting early, after 2 tickles", points: [100, 110, 100, 110], at: "tickle failed @0.08",
            reason: "lifted after 2 tickles; needs 3"),
        FailureCase(
            label: "wiggles under 2.5 pt do not count", points: [100, 102, 100, 102, 100, 102], at: "tickle failed @0.12",
            reason: "lifted after 0 tickles; needs 3"),
    ])
    func fails(_ c: FailureCase) throws {
        let h = GestureHarness()
        h.add(TickleGestureRecognizer(name: "tickle"))
        path(h, c.points.map { ($0, 100) }, lift: true)
        try h.expectLog([c.at])
        #expect(h.reason("tickle") == c.reason)
        // The attempt ends in a terminal state; the engine resets it (no illegal transitions).
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("a second finger fails it; after a failure the next attempt starts from zero")
    func secondFingerAndReset() throws {
        let h = GestureHarness()
        let tickle = TickleGestureRecognizer(name: "tickle")
        h.add(tickle)
        h.send(0, (1, .began, 100, 100))
        h.send(0.02, (1, .moved, 110, 100))
        h.send(0.04, (1, .moved, 100, 100))  // 1 tickle
        h.send(0.06, (2, .began, 300, 300))
        try h.expectLog(["tickle failed @0.06"])
        #expect(h.reason("tickle") == "2 touches; a tickle needs 1")
        #expect(tickle.tickles == 0)  // reset by the engine
        h.send(0.1, (1, .ended, 100, 100), (2, .ended, 300, 300))
        h.send(1, (3, .began, 0, 0))
        for (i, x) in [10.0, 0, 10, 0].enumerated() { h.send(1 + Double(i + 1) * 0.02, (3, .moved, x, 0)) }
        try h.expectLog(["tickle failed @0.06", "tickle ended @1.08"])
        #expect(tickles(h) == .integer(3))
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("defaults: 3 tickles, legs 2.5 to 25 pt")
    func defaults() {
        let t = TickleGestureRecognizer()
        #expect(t.requiredTickles == 3)
        #expect(t.minimumTickleDistance == 2.5)
        #expect(t.maximumTickleDistance == 25)
        #expect(t.kind == "tickle")
    }
}
