import GestureEngine
import GestureTesting
import Testing

@Suite("Marquee (seed: Finder-style selection)")
struct MarqueeGestureRecognizerTests {
    struct DragCase: CustomTestStringConvertible, Sendable {
        let label: String
        let to: Point
        let rect: Rect
        var testDescription: String { label }
    }

    /// The marquee sits on a canvas at (50, 50); the finger touches down at window (200, 200), which is
    /// (150, 150) in the canvas. The rectangle is in canvas coordinates, normalized.
    @Test(arguments: [
        DragCase(label: "up-left", to: Point(x: 100, y: 120), rect: Rect(x: 50, y: 70, width: 100, height: 80)),
        DragCase(label: "down-right", to: Point(x: 260, y: 230), rect: Rect(x: 150, y: 150, width: 60, height: 30)),
        DragCase(label: "up-right", to: Point(x: 230, y: 100), rect: Rect(x: 150, y: 50, width: 30, height: 100)),
    ])
    func selectionRect(_ c: DragCase) throws {
        let h = GestureHarness()
        let canvas = View(name: "canvas", frame: Rect(x: 50, y: 50, width: 400, height: 400))
        h.root.addSubview(canvas)
        let marquee = MarqueeGestureRecognizer(name: "marquee")
        h.add(marquee, to: canvas)
        h.send(0, (1, .began, 200, 200))
        let mid = Point(x: (200 + c.to.x) / 2, y: (200 + c.to.y) / 2)
        h.send(0.1, (1, .moved, mid.x, mid.y))
        h.send(0.2, (1, .moved, c.to.x, c.to.y))
        h.send(0.3, (1, .ended, c.to.x, c.to.y))
        try h.expectLog(["marquee began @0.1", "marquee changed @0.2", "marquee ended @0.3"])
        let rects = h.recorder.transitions(of: "marquee").map(\.values.selectionRect)
        let midInCanvas = Point(x: mid.x - 50, y: mid.y - 50)
        #expect(rects[0] == Rect(corner: Point(x: 150, y: 150), corner: midInCanvas))
        #expect(rects[1] == c.rect)
        #expect(rects[2] == c.rect)
        #expect(c.rect.size.width > 0 && c.rect.size.height > 0)
        #expect(marquee.kind == "marquee")
        // It is still a pan: translation minus the 10 pt per-axis hysteresis.
        #expect(h.recorder.transitions(of: "marquee").last?.values.translation != nil)
    }

    @Test("a drag under 10 pt fails like a pan and reports no rectangle; the next drag starts afresh")
    func failure() throws {
        let h = GestureHarness()
        h.add(MarqueeGestureRecognizer(name: "marquee"))
        h.send(0, (1, .began, 200, 200))
        h.send(0.1, (1, .moved, 195, 196))
        h.send(0.2, (1, .ended, 195, 196))
        try h.expectLog(["marquee failed @0.2"])
        #expect(h.reason("marquee") == "lifted before it began: moved (-5, -4) pt, needs 10 pt along an axis")
        #expect(h.recorder.transitions.last?.values.selectionRect == nil)
        h.send(1, (2, .began, 10, 10))
        h.send(1.1, (2, .moved, 40, 30))
        #expect(h.recorder.transitions.last?.values.selectionRect == Rect(x: 10, y: 10, width: 30, height: 20))
    }

    /// The marquee is a pan: `UIPanGestureRecognizer velocityInView:` (0.2 × latest + 0.8 × previous
    /// sample) and `_handleEndedTouches:...` (the lift does not move the centroid, so the rectangle
    /// at `ended` is the last move's).
    @Test("velocityInView and the lift: a steady 1000 pt/s reads 1000; ended keeps the last move's rectangle")
    func velocityInView_andLiftKeepLastMove() throws {
        let h = GestureHarness()
        h.add(MarqueeGestureRecognizer(name: "marquee"))
        h.send(0, (1, .began, 100, 100))
        for k in 1...5 { h.send(Double(k) * 0.01, (1, .moved, 100 + Double(k) * 10, 100 + Double(k) * 5)) }
        h.send(0.06, (1, .ended, 200, 200))
        let ts = h.recorder.transitions(of: "marquee")
        #expect(ts.map(\.state) == [.began, .changed, .changed, .changed, .changed, .ended])
        for t in ts {
            let v = try #require(t.values.velocity)
            #expect(abs(v.dx - 1000) < 1e-6 && abs(v.dy - 500) < 1e-6)
        }
        #expect(ts.last?.values.selectionRect == Rect(x: 100, y: 100, width: 50, height: 25))
        #expect(ts.last?.values.location == Point(x: 150, y: 125))
    }
}
