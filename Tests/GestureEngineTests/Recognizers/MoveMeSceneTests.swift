import GestureEngine
import GestureTesting
import Testing

/// The seed-004 "MoveMe" setup: three squares under a root; a long press (0.1 s) and a pan, both on
/// the root view. The finger lands on square 2, holds, then drags it.
@Suite("Scene: MoveMe (long press + pan on the root)")
struct MoveMeSceneTests {
    struct Scene {
        let h: GestureHarness
        let square1: View
        let square2: View
        let square3: View
        let press: LongPressGestureRecognizer
        let pan: PanGestureRecognizer
        let delegate: TestDelegate
    }

    func scene(simultaneous: Bool) -> Scene {
        let h = GestureHarness()
        let square1 = View(name: "square1", frame: Rect(x: 20, y: 20, width: 100, height: 100))
        let square2 = View(name: "square2", frame: Rect(x: 150, y: 20, width: 100, height: 100))
        let square3 = View(name: "square3", frame: Rect(x: 20, y: 150, width: 100, height: 100))
        for s in [square1, square2, square3] { h.root.addSubview(s) }
        let press = LongPressGestureRecognizer(name: "press")
        press.minimumPressDuration = 0.1
        let pan = PanGestureRecognizer(name: "pan")
        h.add(press)
        h.add(pan)
        let delegate = TestDelegate()
        delegate.simultaneous = { _, _ in simultaneous }
        press.delegate = delegate
        pan.delegate = delegate
        return Scene(h: h, square1: square1, square2: square2, square3: square3, press: press, pan: pan, delegate: delegate)
    }

    @Test("the touch is bound to square 2, found by hit-testing the root")
    func squareUnderTheFinger() throws {
        let s = scene(simultaneous: true)
        #expect(s.h.root.hitTest(Point(x: 200, y: 70)) === s.square2)
        #expect(s.h.root.hitTest(Point(x: 70, y: 70)) === s.square1)
        #expect(s.h.root.hitTest(Point(x: 70, y: 200)) === s.square3)
        #expect(s.h.root.hitTest(Point(x: 200, y: 200)) === s.h.root)
        s.h.send(0, (1, .began, 200, 70))
        let touch = try #require(s.h.environment.touchesDown.first)
        #expect(touch.view === s.square2)
        #expect(s.pan.touches.first?.view === s.square2)
        #expect(s.press.touches.first?.view === s.square2)
        // The touch stays bound to square 2 even when the finger leaves it.
        s.h.send(0.2, (1, .moved, 60, 200))
        #expect(touch.view === s.square2)
        s.h.send(0.3, (1, .ended, 60, 200))
    }

    @Test("with permission: the long press begins at +0.1 s, the pan begins on the drag, both continue; the square moves")
    func bothRecognize() throws {
        let s = scene(simultaneous: true)
        let h = s.h
        try withExtendedLifetime(s.delegate) {
            h.send(0, (1, .began, 200, 70))
            h.send(0.15, (1, .moved, 205, 70))  // held 0.15 s (5 pt: under both thresholds)
            #expect(h.log == ["press began @0.1", "press changed @0.15"])
            h.send(0.2, (1, .moved, 220, 80))  // (20, 10): the pan begins with (10, 0)
            let selected = try #require(s.pan.touches.first?.view)
            #expect(selected === s.square2)
            h.send(0.25, (1, .moved, 240, 100))
            h.send(0.3, (1, .ended, 240, 100))
            #expect(
                h.log == [
                    "press began @0.1", "press changed @0.15",
                    // The press's `changed` is sent by the update, after every touch method of the event.
                    "pan began @0.2", "press changed @0.2",
                    "press changed @0.25", "pan changed @0.25",
                    "press ended @0.3", "pan ended @0.3",
                ])
            let moved = try #require(h.recorder.transitions(of: "pan").last?.values.translation)
            #expect(moved == Vector(dx: 30, dy: 20))
            // What MoveMe does with it: move the selected square by the translation.
            selected.frame.origin = selected.frame.origin + moved
            #expect(s.square2.frame == Rect(x: 180, y: 40, width: 100, height: 100))
            #expect(h.recorder.diagnostics.isEmpty)
        }
    }

    struct ExclusiveCase: CustomTestStringConvertible, Sendable {
        let label: String
        /// The first move: (time, x, y).
        let firstMove: (Double, Double, Double)
        let pressAllowableMovement: Double
        let log: [String]
        let loser: String
        let reason: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        ExclusiveCase(
            label: "the long press begins first and fails the pan",
            firstMove: (0.15, 205, 70), pressAllowableMovement: 10,
            log: [
                "press began @0.1", "pan failed @0.1", "press changed @0.15", "press changed @0.2",
                "press changed @0.25", "press ended @0.3",
            ],
            loser: "pan", reason: "prevented by longPress 'press', which began"),
        ExclusiveCase(
            label: "the pan begins first (a quick drag) and fails the long press",
            firstMove: (0.05, 220, 70), pressAllowableMovement: 50,
            log: ["pan began @0.05", "press failed @0.05", "pan changed @0.2", "pan changed @0.25", "pan ended @0.3"],
            loser: "press", reason: "prevented by pan 'pan', which began"),
    ])
    func withoutPermission(_ c: ExclusiveCase) {
        let s = scene(simultaneous: false)
        s.press.allowableMovement = c.pressAllowableMovement
        let h = s.h
        withExtendedLifetime(s.delegate) {
            h.send(0, (1, .began, 200, 70))
            h.send(c.firstMove.0, (1, .moved, c.firstMove.1, c.firstMove.2))
            h.send(0.2, (1, .moved, 220, 80))
            h.send(0.25, (1, .moved, 240, 100))
            h.send(0.3, (1, .ended, 240, 100))
        }
        #expect(h.log == c.log)
        #expect(h.reason(c.loser) == c.reason)
        #expect(h.recorder.diagnostics.isEmpty)
    }
}
