import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// `drag A -> B -> C ... in D`: one finger (or `drag2`'s two) through several points, a zigzag
/// (issue #31, item 5).
@Suite("Gesture scripts: paths through several points")
struct SynthPathTests {
    @Test func parsesIntoAPath() throws {
        let script = try #require(
            try SynthParser.parse(
                "drag 10,10 -> 100,10 -> 10,100 -> 100,100 in 0.6s\ndrag2 0,0 -> 10,0 -> 10,10 in 1s apart 20\n", path: "z"
            )
            .variants.first?.script)
        #expect(
            script.steps.map(\.gesture) == [
                .path(
                    through: [Point(x: 10, y: 10), Point(x: 100, y: 10), Point(x: 10, y: 100), Point(x: 100, y: 100)], duration: 0.6,
                    fingers: 1, apart: 40),
                .path(through: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], duration: 1, fingers: 2, apart: 20),
            ])
        // Two points stay a plain drag (the same trace as before).
        #expect(
            try SynthParser.parse("drag 1,2 -> 3,4 in 1s\n", path: "z").variants[0].script.steps[0].gesture
                == .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), duration: 1, fingers: 1, apart: 40))
    }

    @Test func theFingerVisitsEveryCornerAtOneSpeed() throws {
        // Legs of 90, 127.3 and 90 pt in 0.6 s at 120 Hz: the finger passes each corner, moving
        // the same distance per sample on every leg.
        let rows = try SynthReplay.trace("drag 10,10 -> 100,10 -> 10,100 -> 100,100 in 0.6s").rows
        let first = try #require(rows.first), last = try #require(rows.last)
        #expect(first.phase == .began && first.x == 10 && first.y == 10)
        #expect(last.phase == .ended && last.x == 100 && last.y == 100 && last.time == 0.6)
        #expect(Set(rows.map(\.touch)) == [1])
        let total = 90 + (90.0 * 90 * 2).squareRoot() + 90
        let step = total / 0.6 / 120
        for (a, b) in zip(rows.dropLast(2), rows.dropFirst().dropLast()) {
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            // Straight on a leg; shorter across a corner (the chord).
            #expect(d <= step + 0.01)
        }
        // It reaches the far end of the first leg before turning: x = 100 with y still 10 ...
        #expect(rows.contains { abs($0.x - 100) < step && $0.y == 10 })
        // ... and the second corner (10, 100) within one sample.
        #expect(rows.contains { abs($0.x - 10) < step && abs($0.y - 100) < step })
        // Every sample lies on the path: y == 10, or on the diagonal x + y == 110, or y == 100.
        for r in rows {
            #expect(abs(r.y - 10) < 0.01 || abs(r.x + r.y - 110) < 0.01 || abs(r.y - 100) < 0.01)
        }
    }

    @Test func aZigzagReplaysAsAPanThatTurns() throws {
        let seen = try SynthReplay.replay("drag 100,300 -> 250,300 -> 100,450 -> 250,450 in 0.6s")
        #expect(seen.of("pan", to: .began).count == 1)
        #expect(seen.of("pan", to: .ended).count == 1)
        let changed = seen.of("pan", to: .changed).compactMap(\.values.translation)
        // Right, then back left and down, then right again.
        #expect(changed.contains { $0.dx > 130 && abs($0.dy) < 1 })
        #expect(changed.contains { $0.dx < 0 && $0.dy > 140 })
        #expect(changed.last.map { $0.dx > 130 && $0.dy > 140 } == true)
    }

    @Test func aPathOfOnePlaceStaysThere() throws {
        let rows = try SynthReplay.trace("drag 5,5 -> 5,5 -> 5,5 in 0.1s").rows
        #expect(rows.allSatisfy { $0.x == 5 && $0.y == 5 })
    }

    @Test(
        arguments: [
            ErrorCase(
                "point missing after a second arrow", "drag 1,2 -> 3,4 -> in 1s\n", line: 1, column: 20,
                "a point X,Y after '->', found 'in'", "expected: drag X,Y -> X,Y [-> X,Y ...] in 0.3s"),
            ErrorCase(
                "arrow at the end", "drag 1,2 -> 3,4 ->\n", line: 1, column: 19, "expected a point X,Y after '->' at the end of the line"),
            ErrorCase(
                "bad point", "flick 1,2 -> 3,4 -> 5;6 in 1s\n", line: 1, column: 21, "found '5;6'",
                "expected: flick X,Y -> X,Y [-> X,Y ...]"),
            ErrorCase("huge coordinate", "drag 1,2 -> 3,4 -> 1e10,0 in 1s\n", line: 1, column: 20, "'1e10' is too large"),
            ErrorCase(
                "too many points", "drag 0,0" + String(repeating: " -> 1,1", count: 1000) + " in 1s\n", line: 1,
                column: 10 + 7 * 999, "a path has at most 1000 points"),
        ])
    func badPath(_ c: ErrorCase) {
        var caught: TraceError?
        do { _ = try SynthParser.parse(String(decoding: c.input, as: UTF8.self), path: "s.synth") } catch { caught = error }
        c.check(caught, path: "s.synth")
    }
}
