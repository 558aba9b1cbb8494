@testable import GestureEngine
import GestureTesting
import Testing

/// A built-in recognizer's `location(in:)` and `numberOfTouches` answer what its UIKit class's
/// `locationInView:` and `numberOfTouches` answer: the values its transitions report (a tap's and
/// a swipe's start point, a pinch's and a rotation's integer centroid, a tap's `_touches`), read by
/// an action at each transition, in the window and in a view that is not at the origin.
@Suite("location(in:) and numberOfTouches answer as the UIKit class does")
struct LocationInViewTests {
    /// What an action read at each transition: the state, `location(in: nil)`,
    /// `location(in: inner)` and `numberOfTouches`.
    struct Read: Equatable {
        var state: GestureRecognizerState
        var window: Point
        var inner: Point
        var touches: Int
    }

    /// `recognizer` on a window-sized view holding `inner` at (10, 20), driven by `drive`; what its
    /// actions read, and the transitions it reported (converted into `inner` as well).
    static func run(_ recognizer: GestureRecognizer, _ drive: (GestureHarness) -> Void) -> (read: [Read], reported: [Read]) {
        let h = GestureHarness(root: View(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let inner = View(name: "inner", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        h.root.addSubview(box)
        box.addSubview(inner)
        h.add(recognizer, to: box)
        var read: [Read] = []
        recognizer.addAction { r in
            read.append(Read(state: r.state, window: r.location(in: nil), inner: r.location(in: inner), touches: r.numberOfTouches))
        }
        drive(h)
        let reported = h.recorder.transitions(of: recognizer.name).filter { $0.state != .failed && $0.state != .possible }.map {
            Read(
                state: $0.state, window: $0.values.location, inner: inner.convert(fromWindow: $0.values.location),
                touches: $0.values.numberOfTouches)
        }
        return (read, reported)
    }

    @Test("convertFromWindow: the view's convert(fromWindow:) (offsets and a scrolled bounds); unchanged without a view")
    func convertFromWindow() {
        let pan = PanGestureRecognizer(name: "pan")
        let p = Point(x: 123.5, y: -7.25)
        #expect(pan.convertFromWindow(p) == p)
        let h = GestureHarness(root: View(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let box = View(name: "box", frame: Rect(x: 30, y: 40, width: 300, height: 600))
        let inner = View(name: "inner", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        h.root.addSubview(box)
        box.addSubview(inner)
        box.boundsOrigin = Point(x: 0, y: 15)
        h.add(pan, to: inner)
        #expect(pan.convertFromWindow(p) == inner.convert(fromWindow: p))
        #expect(pan.convertFromWindow(p) == Point(x: 123.5 - 40, y: -7.25 - 60 + 15))
    }

    @Test("a double tap: its start point and the touches of the tap, not the last finger's centroid")
    func tap() {
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTapsRequired = 2
        let (read, reported) = Self.run(tap) { h in
            h.send(0, (1, .began, 100, 100))
            h.send(0.05, (1, .ended, 100, 100))
            h.send(0.2, (2, .began, 104, 103))
            h.send(0.25, (2, .ended, 104, 103))
        }
        #expect(!read.isEmpty)
        #expect(read == reported)
        #expect(read.last?.window == Point(x: 100, y: 100))
        #expect(read.last?.inner == Point(x: 90, y: 80))
    }

    @Test("a swipe: where it started, not where the finger is")
    func swipe() {
        let (read, reported) = Self.run(SwipeGestureRecognizer(name: "swipe")) { h in
            h.send(0, (1, .began, 100, 300))
            for i in 1...6 { h.send(Double(i) * 0.016, (1, .moved, 100 + Double(i) * 30, 300)) }
            h.send(0.12, (1, .ended, 280, 300))
        }
        #expect(!read.isEmpty)
        #expect(read == reported)
        #expect(read.first?.window == Point(x: 100, y: 300))
    }

    @Test("a pinch and a rotation: the integer centroid of the fingers down, then where the pair was", arguments: [true, false])
    func pair(pinch: Bool) {
        let recognizer: GestureRecognizer = pinch ? PinchGestureRecognizer(name: "pair") : RotationGestureRecognizer(name: "pair")
        let (read, reported) = Self.run(recognizer) { h in
            h.send(0, (1, .began, 100.6, 300.4), (2, .began, 200.2, 300.9))
            for i in 1...10 {
                let d = Double(i) * 6
                h.send(Double(i) * 0.016, (1, .moved, 100.6 - d, 300.4 - d), (2, .moved, 200.2 + d, 300.9 + d * 0.5))
            }
            h.send(0.2, (1, .ended, 40.6, 240.4), (2, .ended, 260.2, 330.9))
        }
        #expect(read.count >= 3)
        #expect(read == reported)
        #expect(read.allSatisfy { $0.window.x == $0.window.x.rounded(.towardZero) })
    }
}
