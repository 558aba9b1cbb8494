import GestureEngine
import Testing
import GestureTesting

@Suite("Screen-edge pan")
struct ScreenEdgePanGestureRecognizerTests {
    static let screen = Size(width: 390, height: 844)

    func edgePan(_ edges: ScreenEdges = .left) -> ScreenEdgePanGestureRecognizer {
        ScreenEdgePanGestureRecognizer(name: "edge", edges: edges, screenSize: Self.screen)
    }

    struct StartCase: CustomTestStringConvertible, Sendable {
        var startX: Double
        var log: [String]
        var reason: String?
        var testDescription: String { "start \(startX) pt from the left edge, move 20 pt right -> \(log)" }
    }

    @Test(
        "the touch must start within 13 pt of the edge",
        arguments: [
            StartCase(startX: 0, log: ["edge began @0.1", "edge ended @0.2"]),
            StartCase(startX: 5, log: ["edge began @0.1", "edge ended @0.2"]),
            StartCase(startX: 13, log: ["edge began @0.1", "edge ended @0.2"]),
            StartCase(startX: 13.5, log: ["edge failed @0"], reason: "began 13.5 pt from the left edge > edge region 13 pt"),
            StartCase(startX: 20, log: ["edge failed @0"], reason: "began 20 pt from the left edge > edge region 13 pt"),
        ])
    func startRegion(_ c: StartCase) throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, c.startX, 400))
        h.send(0.1, (1, .moved, c.startX + 20, 400))
        h.send(0.2, (1, .ended, c.startX + 20, 400))
        h.finish()
        try h.expectLog(c.log)
        #expect(h.reason("edge") == c.reason)
    }

    struct ThresholdCase: CustomTestStringConvertible, Sendable {
        var move: Vector
        var began: Bool
        var testDescription: String { "move (\(move.dx), \(move.dy)) -> \(began ? "began" : "possible")" }
    }

    /// `_UISEDiagonalHysteresisRecognizeGestureFeature _incorporateSample:`: more than 15 pt from the
    /// touch-down point, Euclidean (a diagonal of (11, 11), 15.6 pt, begins; 15 pt does not).
    @Test(
        "incorporateSample: it begins once the touch is more than 15 pt (Euclidean) from its start",
        arguments: [
            ThresholdCase(move: Vector(dx: 14.9, dy: 0), began: false),
            ThresholdCase(move: Vector(dx: 15, dy: 0), began: false),
            ThresholdCase(move: Vector(dx: 9, dy: 12), began: false),
            ThresholdCase(move: Vector(dx: 15.1, dy: 0), began: true),
            ThresholdCase(move: Vector(dx: 11, dy: 11), began: true),
            ThresholdCase(move: Vector(dx: 20, dy: 0), began: true),
        ])
    func incorporateSample_beginsPastEuclideanHysteresis(_ c: ThresholdCase) throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 5 + c.move.dx, 400 + c.move.dy))
        if c.began {
            try h.expectLog(["edge began @0.1"])
            // One move: the hysteresis comes off the previous event's translation, zero, so the
            // whole move counts.
            let t = try #require(h.recorder.transitions(of: "edge").first)
            let d = try #require(t.values.translation)
            #expect(abs(d.dx - c.move.dx) < 1e-9 && abs(d.dy - c.move.dy) < 1e-9)
        } else {
            #expect(h.log.isEmpty)
        }
    }

    /// `featureDidChangeState:` runs from `touchesMoved:` before the pan's own: the hysteresis (15)
    /// comes off the translation as of the previous event, then the move's delta is added.
    @Test("removeHysteresisFromTranslation: x = 2, 8, 18, 30 begins at 18 with translation 10, then 22")
    func featureDidChangeState_removesHysteresisFromPreviousTranslation() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 2, 400))
        h.send(0.01, (1, .moved, 8, 400))
        h.send(0.02, (1, .moved, 18, 400))
        h.send(0.03, (1, .moved, 30, 400))
        let ts = h.recorder.transitions(of: "edge")
        #expect(ts.map(\.state) == [.began, .changed])
        #expect(ts.map(\.values.translation) == [Vector(dx: 10, dy: 0), Vector(dx: 22, dy: 0)])
        #expect(ts.map(\.values.location) == [Point(x: 18, y: 400), Point(x: 30, y: 400)])

        // A longer approach: 2 -> 12 -> 30 (the previous translation, 10, is under 15: cleared).
        let g = GestureHarness()
        g.add(edgePan())
        g.send(0, (1, .began, 2, 400))
        g.send(0.01, (1, .moved, 12, 410))
        g.send(0.02, (1, .moved, 40, 420))
        #expect(g.recorder.transitions(of: "edge").map(\.values.translation) == [Vector(dx: 28, dy: 10)])
    }

    struct EdgeCase: CustomTestStringConvertible, Sendable {
        var edge: ScreenEdges
        var start: Point
        var move: Vector
        var testDescription: String { "from the \(edge) edge" }
    }

    @Test(
        "each of the four edges, 5 pt from it, 20 pt inward",
        arguments: [
            EdgeCase(edge: .left, start: Point(x: 5, y: 400), move: Vector(dx: 20, dy: 0)),
            EdgeCase(edge: .right, start: Point(x: 385, y: 400), move: Vector(dx: -20, dy: 0)),
            EdgeCase(edge: .top, start: Point(x: 200, y: 5), move: Vector(dx: 0, dy: 20)),
            EdgeCase(edge: .bottom, start: Point(x: 200, y: 839), move: Vector(dx: 0, dy: -20)),
        ])
    func fourEdges(_ c: EdgeCase) throws {
        let h = GestureHarness()
        let r = edgePan(c.edge)
        h.add(r)
        let end = c.start + c.move
        h.send(0, (1, .began, c.start.x, c.start.y))
        h.send(0.1, (1, .moved, end.x, end.y))
        try h.expectLog(["edge began @0.1"])
        #expect(r.recognizedEdge == c.edge)
        h.send(0.2, (1, .ended, end.x, end.y))
        try h.expectLog(["edge began @0.1", "edge ended @0.2"])
    }

    @Test("a touch near an edge that was not chosen fails at touch-down")
    func otherEdgeNotChosen() throws {
        let h = GestureHarness()
        h.add(edgePan(.right))
        h.send(0, (1, .began, 5, 400))
        try h.expectLog(["edge failed @0"])
        #expect(h.reason("edge") == "began 385 pt from the right edge > edge region 13 pt")
    }

    struct SlowCase: CustomTestStringConvertible, Sendable {
        var leaveAt: Double
        var log: [String]
        var testDescription: String { "leaves the edge region at \(leaveAt) s -> \(log)" }
    }

    @Test(
        "it must leave the 13 pt edge region within 0.25 s",
        arguments: [
            SlowCase(leaveAt: 0.2, log: ["edge began @0.4", "edge ended @0.5"]),
            SlowCase(leaveAt: 0.24, log: ["edge began @0.4", "edge ended @0.5"]),
            SlowCase(leaveAt: 0.3, log: ["edge failed @0.25"]),
        ])
    func leavesTooSlowly(_ c: SlowCase) throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 8, 400))
        h.send(c.leaveAt, (1, .moved, 18, 400))  // out of the region (18 > 13) but only 13 pt inward
        h.send(0.4, (1, .moved, 30, 400))
        h.send(0.5, (1, .ended, 30, 400))
        h.finish()
        try h.expectLog(c.log)
        if c.log.contains("edge failed @0.25") {
            #expect(h.reason("edge") == "still within 13 pt of the left edge after maximumTimeInEdgeRegion 0.25 s")
        }
    }

    @Test("moving along the edge less than 15 pt keeps the touch in the region: it fails at 0.25 s")
    func alongTheEdge() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 6, 395))
        h.send(0.2, (1, .moved, 7, 390))
        h.environment.advance(to: 0.3)
        try h.expectLog(["edge failed @0.25"])
        #expect(h.reason("edge") == "still within 13 pt of the left edge after maximumTimeInEdgeRegion 0.25 s")
    }

    /// The hysteresis feature is not directional: 100 pt along the edge is more than 15 pt.
    @Test("moving along the edge more than 15 pt begins (the hysteresis is Euclidean)")
    func alongTheEdgeFarBegins() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 6, 300))
        try h.expectLog(["edge began @0.1"])
    }

    @Test("velocityInView: it is a pan: 0.2 × latest + 0.8 × previous sample; the lift keeps the last move")
    func velocityInView_blendsLatestAndPreviousSample() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.01, (1, .moved, 15, 400))  // sample (1000, 0); 10 pt from the start
        h.send(0.02, (1, .moved, 25, 404))  // sample (1000, 400) -> (1000, 80); 20.4 pt: began
        h.send(0.0205, (1, .moved, 26, 404))  // under 1 ms: a zero sample -> 0.8 × (1000, 400)
        h.send(0.05, (1, .moved, 55, 404))  // sample (29 / 0.0295, 0) -> 0.2 × that + 0.8 × zero
        h.send(0.3, (1, .ended, 60, 410))  // no sample, no move at the lift
        let ts = h.recorder.transitions(of: "edge")
        #expect(ts.map(\.state) == [.began, .changed, .changed, .ended])
        #expect(
            ts.map(\.values.translation) == [Vector(dx: 10, dy: 4), Vector(dx: 11, dy: 4), Vector(dx: 40, dy: 4), Vector(dx: 40, dy: 4)])
        let expected = [
            Vector(dx: 1000, dy: 80), Vector(dx: 800, dy: 320), Vector(dx: 0.2 * 29 / 0.0295, dy: 0), Vector(dx: 0.2 * 29 / 0.0295, dy: 0),
        ]
        for (t, e) in zip(ts, expected) {
            let v = try #require(t.values.velocity)
            #expect(abs(v.dx - e.dx) < 1e-6 && abs(v.dy - e.dy) < 1e-6)
        }
        #expect(ts[3].values.location == Point(x: 55, y: 404))
    }

    @Test("a constant 1000 pt/s reads 1000 pt/s at every transition")
    func velocityInView_constantSpeed() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 2, 400))
        for k in 1...6 { h.send(Double(k) * 0.01, (1, .moved, 2 + Double(k) * 10, 400)) }
        h.send(0.07, (1, .ended, 62, 400))
        let v = h.recorder.transitions(of: "edge").map { $0.values.velocity?.dx ?? .nan }
        #expect(v.count == 6)
        #expect(v.allSatisfy { abs($0 - 1000) < 1e-6 })
    }

    @Test("lifting before moving more than 15 pt fails")
    func liftEarly() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 15, 400))
        h.send(0.2, (1, .ended, 15, 400))
        try h.expectLog(["edge failed @0.2"])
        #expect(h.reason("edge") == "lifted before moving more than 15 pt from where it began (moved 10 pt)")
    }

    /// `-[UIPanGestureRecognizer touchesBegan:withEvent:]` with `maximumNumberOfTouches` 1 and
    /// `failsPastMaxTouches` on: a second finger fails a possible screen-edge pan.
    @Test("touchesBegan: a second finger fails it while possible (failsPastMaxTouches)")
    func touchesBegan_secondFingerFailsPossibleEdgePan() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.05, (2, .began, 200, 200))
        try h.expectLog(["edge failed @0.05"])
        #expect(h.reason("edge") == "touch 2 landed past maximumNumberOfTouches 1 (failsPastMaxTouches)")
    }

    @Test("touchesBegan: a second finger after it began is never added")
    func touchesBegan_secondFingerIgnoredOnceBegun() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.05, (1, .moved, 25, 400))
        h.send(0.1, (2, .began, 200, 200))
        h.send(0.15, (1, .moved, 35, 400), (2, .moved, 300, 300))
        h.send(0.2, (2, .ended, 300, 300))
        h.send(0.25, (1, .ended, 35, 400))
        // The second finger is not added but is delivered: its landing and its lift each send `changed`.
        try h.expectLog(["edge began @0.05", "edge changed @0.1", "edge changed @0.15", "edge changed @0.2", "edge ended @0.25"])
        let ts = h.recorder.transitions(of: "edge")
        #expect(ts.allSatisfy { $0.values.numberOfTouches == 1 })
        #expect(ts[2].values.location == Point(x: 35, y: 400))
        #expect(ts[2].values.translation == Vector(dx: 30, dy: 0))
    }

    @Test("failsPastMaxTouches off: a second finger is left out and the pan goes on")
    func failsPastMaxTouchesOff() throws {
        let h = GestureHarness()
        let r = edgePan()
        r.failsPastMaxTouches = false
        h.add(r)
        h.send(0, (1, .began, 5, 400))
        h.send(0.05, (2, .began, 200, 200))
        h.send(0.1, (1, .moved, 25, 400), (2, .moved, 300, 300))
        h.send(0.2, (1, .ended, 25, 400))
        try h.expectLog(["edge began @0.1", "edge ended @0.2"])
    }

    @Test("an unknown screen size fails with a reason; a bounded root view gives the size")
    func screenSize() {
        let unknown = GestureHarness()
        unknown.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: .right))
        unknown.send(0, (1, .began, 385, 400))
        #expect(unknown.log == ["edge failed @0"])
        #expect(unknown.reason("edge") == "screen size unknown: set screenSize (the root view is unbounded)")

        let bounded = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        bounded.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: .right))
        bounded.send(0, (1, .began, 385, 400))
        bounded.send(0.1, (1, .moved, 365, 400))
        #expect(bounded.log == ["edge began @0.1"])
    }

    @Test("with no edges (UIKit's default) it fails with a reason")
    func noEdges() throws {
        let h = GestureHarness()
        h.add(ScreenEdgePanGestureRecognizer(name: "edge", screenSize: Self.screen))
        h.send(0, (1, .began, 5, 400))
        try h.expectLog(["edge failed @0"])
        #expect(h.reason("edge") == "no edges set (edges is empty, UIKit's default)")
    }

    @Test("absurd coordinates and steps: translation and velocity stay finite")
    func hugeSteps() throws {
        let h = GestureHarness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.01, (1, .moved, 1e308, -1e308))
        h.send(0.02, (1, .moved, -1e308, 1e308))
        h.send(0.03, (1, .ended, -1e308, 1e308))
        let ts = h.recorder.transitions(of: "edge")
        #expect(ts.map(\.state) == [.began, .changed, .ended])
        for t in ts {
            let v = try #require(t.values.velocity)
            let d = try #require(t.values.translation)
            #expect(v.dx.isFinite && v.dy.isFinite && d.dx.isFinite && d.dy.isFinite)
        }
    }

    @Test("defaults")
    func defaults() {
        let r = ScreenEdgePanGestureRecognizer()
        #expect(r.failsPastMaxTouches)
        #expect(r.kind == "screenEdgePan")
        #expect(r.delaysTouchesBegan)
        #expect(r.maximumNumberOfTouches == 1)
        #expect(r.edgeRegionSize == 13)
        #expect(r.hysteresis == 15)
        #expect(r.maximumTimeInEdgeRegion == 0.25)
        #expect(r.edges.isEmpty)
        #expect(ScreenEdges.all.description == "top|left|bottom|right")
    }
}
