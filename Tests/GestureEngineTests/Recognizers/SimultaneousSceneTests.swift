import Foundation
import GestureEngine
import GestureTesting
import Testing

/// A pinch and a rotation on one view, as in a photo viewer: with the delegate's permission both
/// recognize together; without it the first to begin prevents the other.
@Suite("Scene: pinch and rotation together")
struct SimultaneousSceneTests {
    /// Finger 1 stays at (300, 300); finger 2 at `distance` pt, `degrees` clockwise.
    static func second(_ distance: Double, _ degrees: Double) -> (Double, Double) {
        let a = degrees * Double.pi / 180
        return (300 + distance * cos(a), 300 + distance * sin(a))
    }

    func scene(simultaneous: Bool) -> (GestureHarness, PinchGestureRecognizer, RotationGestureRecognizer, TestDelegate) {
        let h = GestureHarness()
        let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 800, height: 800))
        h.root.addSubview(photo)
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(pinch, to: photo)
        h.add(rotation, to: photo)
        let delegate = TestDelegate()
        delegate.simultaneous = { _, _ in simultaneous }
        pinch.delegate = delegate
        return (h, pinch, rotation, delegate)
    }

    /// Twist and spread together: each 0.02 s step adds 3.5 pt of distance and 3° of turn.
    /// Step 2 (t = 0.04): 7 pt and 6° < 5° + 5° × √0.07 = 6.32°: neither begins.
    /// Step 3 (t = 0.06): 10.5 pt > 8 pt for the pinch, and 9° > 5° + 5° × √0.105 = 6.62° for the rotation.
    func twistAndSpread(_ h: GestureHarness, steps: Int = 5) {
        h.send(0, (1, .began, 300, 300), (2, .began, 400, 300))
        for k in 1...steps {
            let (x, y) = Self.second(100 + 3.5 * Double(k), 3 * Double(k))
            h.send(Double(k) * 0.02, (2, .moved, x, y))
        }
        let (x, y) = Self.second(100 + 3.5 * Double(steps), 3 * Double(steps))
        h.send(Double(steps + 1) * 0.02, (1, .ended, 300, 300), (2, .ended, x, y))
    }

    @Test("with shouldRecognizeSimultaneously both begin on a twist and spread, and both continue")
    func bothBegin() throws {
        let (h, _, _, delegate) = scene(simultaneous: true)
        withExtendedLifetime(delegate) { twistAndSpread(h) }
        #expect(
            h.log == [
                "pinch began @0.06", "rotation began @0.06",
                "pinch changed @0.08", "rotation changed @0.08",
                "pinch changed @0.1", "rotation changed @0.1",
                "pinch ended @0.12", "rotation ended @0.12",
            ])
        let pinchEnd = try #require(h.recorder.transitions(of: "pinch").last?.values)
        let rotationEnd = try #require(h.recorder.transitions(of: "rotation").last?.values)
        #expect(abs(pinchEnd.scale! - 117.5 / 108) < 1e-9)
        // 15° turned, minus the threshold at began: 5° + 5° × √(10.5 / 100).
        let threshold = 5 + 5 * 0.105.squareRoot()
        // 1e-5: UIKit converts the threshold with 0.017453 rad per degree in single precision (2e-6 rad off).
        #expect(abs(rotationEnd.rotation! - (15 - threshold) * Double.pi / 180) < 1e-5)
        #expect(h.recorder.diagnostics.isEmpty)
    }

    @Test("without the permission the pinch, beginning first, fails the rotation")
    func pinchWins() {
        let (h, _, _, delegate) = scene(simultaneous: false)
        withExtendedLifetime(delegate) { twistAndSpread(h) }
        #expect(h.log == ["pinch began @0.06", "rotation failed @0.06", "pinch changed @0.08", "pinch changed @0.1", "pinch ended @0.12"])
        #expect(h.reason("rotation") == "prevented by pinch 'pinch', which began")
    }

    @Test("without the permission a twist first: the rotation begins and the pinch fails, even after a later spread")
    func rotationWins() {
        let (h, _, _, delegate) = scene(simultaneous: false)
        withExtendedLifetime(delegate) {
            h.send(0, (1, .began, 300, 300), (2, .began, 400, 300))
            var t = 0.0
            for degrees in [3.0, 6, 9] {  // 6° > 5°: the rotation begins at 0.04
                t += 0.02
                let (x, y) = Self.second(100, degrees)
                h.send(t, (2, .moved, x, y))
            }
            for distance in [120.0, 150] {  // a spread afterwards: the pinch is out
                t += 0.02
                let (x, y) = Self.second(distance, 9)
                h.send(t, (2, .moved, x, y))
            }
            h.send(0.2, (1, .ended, 300, 300), (2, .ended, 300, 450))
        }
        #expect(
            h.log == [
                "rotation began @0.04", "pinch failed @0.04",
                "rotation changed @0.06", "rotation changed @0.08", "rotation changed @0.1", "rotation ended @0.2",
            ])
        #expect(h.reason("pinch") == "prevented by rotation 'rotation', which began")
    }
}
