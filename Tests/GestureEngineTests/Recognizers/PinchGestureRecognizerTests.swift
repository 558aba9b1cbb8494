import GestureEngine
import Testing

@Suite("Pinch")
struct PinchGestureRecognizerTests {
    /// Two fingers 100 pt apart on a horizontal line: finger 1 at (100, 200), finger 2 at (200, 200).
    func start(_ h: Harness) {
        h.send(0, (1, .began, 100, 200), (2, .began, 200, 200))
    }

    func values(_ h: Harness) -> [GestureValues] { h.recorder.transitions(of: "pinch").map(\.values) }

    struct BeginCase: CustomTestStringConvertible, Sendable {
        let distance: Double
        /// nil: stays possible.
        let scale: Double?
        var testDescription: String { "100 -> \(distance) pt" }
    }

    /// Begins when the distance changed by more than 8 pt; the start is shifted 8 pt toward it.
    @Test(arguments: [
        BeginCase(distance: 108, scale: nil),
        BeginCase(distance: 108.5, scale: 108.5 / 108),
        BeginCase(distance: 110, scale: 110.0 / 108),
        BeginCase(distance: 92, scale: nil),
        BeginCase(distance: 91.5, scale: 91.5 / 92),
        BeginCase(distance: 50, scale: 50.0 / 92),
    ])
    func beginsAfterEightPoints(_ c: BeginCase) throws {
        let h = Harness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        start(h)
        h.send(0.1, (2, .moved, 100 + c.distance, 200))
        if let scale = c.scale {
            #expect(h.log == ["pinch began @0.1"])
            let v = try #require(values(h).last)
            #expect(abs(v.scale! - scale) < 1e-12)
            #expect(v.scalarVelocity == 0)
            #expect(v.numberOfTouches == 2)
        } else {
            #expect(h.log.isEmpty)
            h.send(0.2, (1, .ended, 100, 200), (2, .ended, 100 + c.distance, 200))
            #expect(h.log == ["pinch failed @0.2"])
            #expect(h.reason("pinch") == "lifted before it began: distance changed 8 pt, needs more than 8 pt")
        }
    }

    @Test("scale is cumulative: 100 -> 110 begins at 110/108, then 216 pt gives 2.0; velocity blends 0.75/0.25")
    func cumulativeScaleAndVelocity() throws {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        h.send(0.1, (2, .moved, 210, 200))
        h.send(0.2, (2, .moved, 316, 200))                          // 216 pt
        h.send(0.3, (1, .moved, 110, 200), (2, .moved, 326, 200))   // moved together: scale unchanged
        h.send(0.4, (1, .ended, 110, 200), (2, .ended, 326, 200))
        #expect(h.log == ["pinch began @0.1", "pinch changed @0.2", "pinch changed @0.3", "pinch ended @0.4"])
        let v = values(h)
        #expect(abs(v[0].scale! - 110.0 / 108) < 1e-12)
        #expect(abs(v[1].scale! - 2.0) < 1e-12)
        #expect(abs(v[2].scale! - 2.0) < 1e-12)
        // Δscale/Δt = (2 - 1.0185185) / 0.1 = 9.8148148 scale/s; 0.25 × that = 2.4537037.
        let first = 0.25 * (2.0 - 110.0 / 108) / 0.1
        #expect(abs(first - 2.4537037037) < 1e-9)
        #expect(abs(v[1].scalarVelocity! - first) < 1e-9)
        // No change: 0.75 × 2.4537037 = 1.8402778.
        #expect(abs(v[2].scalarVelocity! - 0.75 * first) < 1e-9)
        #expect(abs(v[3].scalarVelocity! - 0.75 * first) < 1e-9)
        #expect(abs(v[3].scale! - 2.0) < 1e-12)
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        let label: String
        let fingers: Int
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        FailureCase(label: "one finger never begins", fingers: 1, reason: "lifted before it began: 1 touch; a pinch needs exactly 2"),
        FailureCase(label: "three fingers fail", fingers: 3, reason: "3 touches; a pinch needs exactly 2"),
    ])
    func wrongNumberOfFingers(_ c: FailureCase) {
        let h = Harness()
        h.add(PinchGestureRecognizer(name: "pinch"))
        let ids = Array(1...c.fingers)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .began, location: Point(x: Double($0) * 100, y: 200)) }, at: 0)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .moved, location: Point(x: Double($0) * 160, y: 260)) }, at: 0.1)
        h.environment.send(ids.map { TouchChange(id: $0, phase: .ended, location: Point(x: Double($0) * 160, y: 260)) }, at: 0.2)
        #expect(h.states("pinch") == [.failed])
        #expect(h.reason("pinch") == c.reason)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("after it began, lifting one finger keeps the scale; a new finger continues from it; ends when all lift")
    func fingerChangesAfterBegan() throws {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        start(h)
        h.send(0.1, (2, .moved, 316, 200))          // 216 pt: began at 216/108 = 2
        h.send(0.2, (2, .ended, 316, 200))
        #expect(pinch.scale == 2)
        h.send(0.3, (3, .began, 150, 200))          // new pair, 50 pt apart: continues at 2
        h.send(0.4, (3, .moved, 200, 200))          // 100 pt: twice the pair's start -> 4
        #expect(abs(pinch.scale - 4) < 1e-12)
        h.send(0.5, (4, .began, 500, 500))          // a third finger after began is ignored
        h.send(0.6, (4, .moved, 900, 900))
        #expect(abs(pinch.scale - 4) < 1e-12)
        h.send(0.7, (1, .ended, 100, 200), (3, .ended, 200, 200))
        // The lift at 0.2 is the next event after began, so the engine reports changed (UIKit does the same).
        #expect(h.log == ["pinch began @0.1", "pinch changed @0.2", "pinch changed @0.4", "pinch ended @0.7"])
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("defaults: 8 pt, exactly 2 touches, velocity weights 0.75 / 0.25")
    func defaults() {
        #expect(PinchGestureRecognizer.hysteresis == 8)
        #expect(PinchGestureRecognizer.requiredNumberOfTouches == 2)
        #expect(PinchGestureRecognizer.previousVelocityWeight == 0.75)
        #expect(PinchGestureRecognizer.sampleWeight == 0.25)
        #expect(PinchGestureRecognizer().kind == "pinch")
    }
}
