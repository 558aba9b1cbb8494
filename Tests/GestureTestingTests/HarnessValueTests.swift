import GestureEngine
import GestureTesting
import Testing

/// Value checks, counts and collapsed state lists, with failures at the check's line.
@Suite struct HarnessValueTests {
    func pan() -> GestureHarness {
        let h = GestureHarness()
        h.add(PanGestureRecognizer(name: "pan"))
        let f = h.down(x: 100, y: 100)
        f.move(by: Vector(dx: 60, dy: 0), over: 0.1, steps: 4)
        f.up()
        return h
    }

    @Test func valuesCountsAndCollapsedStates() throws {
        let h = pan()
        try h.expect("pan", statesCollapsingRepeats: [.began, .changed, .ended])
        #expect(h.count("pan", .changed) == 3)
        try h.expectCount("pan", .changed, in: 2...5)
        try h.expectValue("pan", "translation.x", equals: 50)
        try h.expectValue("pan", "translation.y", equals: 0)
        try h.expectValue("pan", "touches", equals: 1)
    }

    @Test func failuresNameTheLineOfTheCheckAndWhatWasThere() {
        let h = pan()
        let line = #line + 2
        do {
            try h.expectValue("pan", "translation.x", equals: 10)
            Issue.record("no failure")
        } catch let error as GestureTestFailure {
            #expect(error.line == line)
            #expect(error.message.contains("translation.x at .ended is 50.0, expected 10.0"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            try h.expectValue("pan", "wiggles", equals: 3)
            Issue.record("no failure")
        } catch let error as GestureTestFailure {
            #expect(error.message.contains("has no value 'wiggles'; it has: translation.x"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            try h.expectCount("pan", .changed, in: 5...9)
            Issue.record("no failure")
        } catch let error as GestureTestFailure {
            #expect(error.message.contains("reported .changed 3 times, expected 5...9"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            try h.expect("pan", statesCollapsingRepeats: [.began, .ended])
            Issue.record("no failure")
        } catch let error as GestureTestFailure {
            #expect(error.message.contains("expected [\".began\", \".ended\"]"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
