import GestureEngine
import Testing

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

    @Test("the touch must start within 13 pt of the edge", arguments: [
        StartCase(startX: 0, log: ["edge began @0.1", "edge ended @0.2"]),
        StartCase(startX: 5, log: ["edge began @0.1", "edge ended @0.2"]),
        StartCase(startX: 13, log: ["edge began @0.1", "edge ended @0.2"]),
        StartCase(startX: 13.5, log: ["edge failed @0"], reason: "began 13.5 pt from the left edge > edge region 13 pt"),
        StartCase(startX: 20, log: ["edge failed @0"], reason: "began 20 pt from the left edge > edge region 13 pt"),
    ])
    func startRegion(_ c: StartCase) {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, c.startX, 400))
        h.send(0.1, (1, .moved, c.startX + 20, 400))
        h.send(0.2, (1, .ended, c.startX + 20, 400))
        h.environment.finish()
        #expect(h.log == c.log)
        #expect(h.reason("edge") == c.reason)
    }

    struct ThresholdCase: CustomTestStringConvertible, Sendable {
        var inward: Double
        var began: Bool
        var testDescription: String { "\(inward) pt inward -> \(began ? "began" : "possible")" }
    }

    @Test("it begins once the touch has moved 15 pt inward", arguments: [
        ThresholdCase(inward: 14.9, began: false),
        ThresholdCase(inward: 15, began: true),
        ThresholdCase(inward: 20, began: true),
    ])
    func hysteresis(_ c: ThresholdCase) throws {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 5 + c.inward, 400))
        if c.began {
            #expect(h.log == ["edge began @0.1"])
            let t = try #require(h.recorder.transitions(of: "edge").first)
            #expect(t.values.translation == Vector(dx: c.inward, dy: 0))
        } else {
            #expect(h.log.isEmpty)
        }
    }

    struct EdgeCase: CustomTestStringConvertible, Sendable {
        var edge: ScreenEdges
        var start: Point
        var move: Vector
        var testDescription: String { "from the \(edge) edge" }
    }

    @Test("each of the four edges, 5 pt from it, 20 pt inward", arguments: [
        EdgeCase(edge: .left, start: Point(x: 5, y: 400), move: Vector(dx: 20, dy: 0)),
        EdgeCase(edge: .right, start: Point(x: 385, y: 400), move: Vector(dx: -20, dy: 0)),
        EdgeCase(edge: .top, start: Point(x: 200, y: 5), move: Vector(dx: 0, dy: 20)),
        EdgeCase(edge: .bottom, start: Point(x: 200, y: 839), move: Vector(dx: 0, dy: -20)),
    ])
    func fourEdges(_ c: EdgeCase) throws {
        let h = Harness()
        let r = edgePan(c.edge)
        h.add(r)
        let end = c.start + c.move
        h.send(0, (1, .began, c.start.x, c.start.y))
        h.send(0.1, (1, .moved, end.x, end.y))
        #expect(h.log == ["edge began @0.1"])
        #expect(r.recognizedEdge == c.edge)
        h.send(0.2, (1, .ended, end.x, end.y))
        #expect(h.log == ["edge began @0.1", "edge ended @0.2"])
    }

    @Test("a touch near an edge that was not chosen fails at touch-down")
    func otherEdgeNotChosen() {
        let h = Harness()
        h.add(edgePan(.right))
        h.send(0, (1, .began, 5, 400))
        #expect(h.log == ["edge failed @0"])
        #expect(h.reason("edge") == "began 385 pt from the right edge > edge region 13 pt")
    }

    struct SlowCase: CustomTestStringConvertible, Sendable {
        var leaveAt: Double
        var log: [String]
        var testDescription: String { "leaves the edge region at \(leaveAt) s -> \(log)" }
    }

    @Test("it must leave the 13 pt edge region within 0.25 s", arguments: [
        SlowCase(leaveAt: 0.2, log: ["edge began @0.4", "edge ended @0.5"]),
        SlowCase(leaveAt: 0.24, log: ["edge began @0.4", "edge ended @0.5"]),
        SlowCase(leaveAt: 0.3, log: ["edge failed @0.25"]),
    ])
    func leavesTooSlowly(_ c: SlowCase) {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 8, 400))
        h.send(c.leaveAt, (1, .moved, 18, 400)) // out of the region (18 > 13) but only 13 pt inward
        h.send(0.4, (1, .moved, 30, 400))
        h.send(0.5, (1, .ended, 30, 400))
        h.environment.finish()
        #expect(h.log == c.log)
        if c.log.contains("edge failed @0.25") {
            #expect(h.reason("edge") == "still within 13 pt of the left edge after maximumTimeInEdgeRegion 0.25 s")
        }
    }

    @Test("moving along the edge keeps the touch in the region: it fails at 0.25 s")
    func alongTheEdge() {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 6, 300))
        h.send(0.2, (1, .moved, 7, 200))
        h.environment.advance(to: 0.3)
        #expect(h.log == ["edge failed @0.25"])
        #expect(h.reason("edge") == "still within 13 pt of the left edge after maximumTimeInEdgeRegion 0.25 s")
    }

    @Test("after beginning it behaves like a pan: translation and UIKit velocity")
    func panValues() throws {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.01, (1, .moved, 15, 400))  // sample 1000 pt/s -> 200
        h.send(0.02, (1, .moved, 25, 404))  // sample (1000, 400) -> (360, 80); 20 pt inward: began
        h.send(0.0205, (1, .moved, 26, 404)) // under 1 ms: no sample
        h.send(0.05, (1, .moved, 55, 404))  // sample (30/0.03 = 1000, 0) -> (488, 64)
        h.send(0.3, (1, .ended, 55, 404))   // no sample at the lift
        let ts = h.recorder.transitions(of: "edge")
        #expect(ts.map(\.state) == [.began, .changed, .changed, .ended])
        let began = ts[0]
        #expect(began.values.translation == Vector(dx: 20, dy: 4))
        let v0 = try #require(began.values.velocity)
        #expect(abs(v0.dx - 360) < 1e-6 && abs(v0.dy - 80) < 1e-6)
        let ended = ts[3]
        #expect(ended.values.translation == Vector(dx: 50, dy: 4))
        let v = try #require(ended.values.velocity)
        #expect(abs(v.dx - 488) < 1e-6 && abs(v.dy - 64) < 1e-6)
    }

    @Test("lifting before moving 15 pt inward fails")
    func liftEarly() {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.1, (1, .moved, 15, 400))
        h.send(0.2, (1, .ended, 15, 400))
        #expect(h.log == ["edge failed @0.2"])
        #expect(h.reason("edge") == "lifted before moving 15 pt inward from the left edge (moved 10 pt)")
    }

    @Test("a second finger is ignored (maximumNumberOfTouches 1)")
    func secondFingerIgnored() throws {
        let h = Harness()
        h.add(edgePan())
        h.send(0, (1, .began, 5, 400))
        h.send(0.05, (2, .began, 200, 200))
        h.send(0.1, (1, .moved, 25, 400), (2, .moved, 300, 300))
        h.send(0.15, (2, .ended, 300, 300))
        h.send(0.2, (1, .ended, 25, 400))
        #expect(h.log == ["edge began @0.1", "edge ended @0.2"])
        let began = try #require(h.recorder.transitions(of: "edge").first)
        #expect(began.values.numberOfTouches == 1)
        #expect(began.values.location == Point(x: 25, y: 400))
    }

    @Test("an unknown screen size fails with a reason; a bounded root view gives the size")
    func screenSize() {
        let unknown = Harness()
        unknown.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: .right))
        unknown.send(0, (1, .began, 385, 400))
        #expect(unknown.log == ["edge failed @0"])
        #expect(unknown.reason("edge") == "screen size unknown: set screenSize (the root view is unbounded)")

        let bounded = Harness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        bounded.add(ScreenEdgePanGestureRecognizer(name: "edge", edges: .right))
        bounded.send(0, (1, .began, 385, 400))
        bounded.send(0.1, (1, .moved, 365, 400))
        #expect(bounded.log == ["edge began @0.1"])
    }

    @Test("with no edges (UIKit's default) it fails with a reason")
    func noEdges() {
        let h = Harness()
        h.add(ScreenEdgePanGestureRecognizer(name: "edge", screenSize: Self.screen))
        h.send(0, (1, .began, 5, 400))
        #expect(h.log == ["edge failed @0"])
        #expect(h.reason("edge") == "no edges set (edges is empty, UIKit's default)")
    }

    @Test("defaults")
    func defaults() {
        let r = ScreenEdgePanGestureRecognizer()
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
