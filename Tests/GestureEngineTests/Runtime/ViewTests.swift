import GestureEngine
import GestureTesting
import Testing

@Suite("Views and hit-testing")
struct ViewTests {
    /// root (unbounded) > panel (50,50 200x200) > button (10,10 40x40); overlay (0,0 80x80) on top of panel's corner.
    func tree() -> (root: View, panel: View, button: View, overlay: View) {
        let root = View(unboundedNamed: "root")
        let panel = View(name: "panel", frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let button = View(name: "button", frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let overlay = View(name: "overlay", frame: Rect(x: 0, y: 0, width: 80, height: 80))
        root.addSubview(panel)
        panel.addSubview(button)
        root.addSubview(overlay)
        return (root, panel, button, overlay)
    }

    struct HitCase: CustomTestStringConvertible, Sendable {
        let x: Double, y: Double, expected: String
        var testDescription: String { "(\(x), \(y)) -> \(expected)" }
    }

    @Test(
        "a touch goes to the deepest, front-most view containing it",
        arguments: [
            HitCase(x: 70, y: 70, expected: "overlay"),  // overlay is on top of panel and button
            HitCase(x: 90, y: 70, expected: "button"),  // outside overlay, inside button (60..<100 in the window)
            HitCase(x: 100, y: 100, expected: "panel"),  // the button's max edge is outside it
            HitCase(x: 249.9, y: 60, expected: "panel"),
            HitCase(x: 250, y: 60, expected: "root"),  // the frame's max edge is outside
            HitCase(x: -5000, y: 9000, expected: "root"),  // unbounded root
        ])
    func hitTest(_ c: HitCase) {
        let (root, _, _, _) = tree()
        #expect(root.hitTest(Point(x: c.x, y: c.y))?.name == c.expected)
    }

    @Test("coordinates convert between the window and nested views")
    func conversion() {
        let (_, panel, button, _) = tree()
        #expect(button.originInWindow == Point(x: 60, y: 60))
        #expect(button.convert(fromWindow: Point(x: 65, y: 70)) == Point(x: 5, y: 10))
        #expect(panel.convert(toWindow: Point(x: 1, y: 2)) == Point(x: 51, y: 52))
        #expect(button.isDescendant(of: panel))
        #expect(!panel.isDescendant(of: button))
    }

    @Test("a touch stays bound to the view it began in, and location(in:) uses that view's coordinates")
    func binding() {
        let (root, panel, button, _) = tree()
        let h = GestureHarness(root: root)
        let r = CallRecorder(name: "r")
        h.add(r, to: button)
        h.send(0, (1, .began, 90, 70))
        h.send(0.1, (1, .moved, 400, 400))
        #expect(r.touches.first?.view === button)
        #expect(r.location(in: button) == Point(x: 340, y: 340))
        #expect(r.location(in: panel) == Point(x: 350, y: 350))
        #expect(r.calls == ["began 1 @0.0", "moved 1 @0.1"])
    }

    @Test("a bounded root ignores touches outside the screen; views without interaction are skipped")
    func boundedRoot() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let hidden = View(name: "hidden", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        hidden.isUserInteractionEnabled = false
        root.addSubview(hidden)
        #expect(root.hitTest(Point(x: 400, y: 10)) == nil)
        #expect(root.hitTest(Point(x: 10, y: 10))?.name == "root")
        let h = GestureHarness(root: root)
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 400, 10))
        #expect(r.calls.isEmpty)
    }
}

@Suite("Touch delivery to views")
struct ViewDeliveryTests {
    func harness(_ configure: (GestureRecognizer) -> Void, make: () -> GestureRecognizer) -> (GestureHarness, View) {
        let root = View(unboundedNamed: "root")
        let target = View(name: "target", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        root.addSubview(target)
        let h = GestureHarness(root: root)
        h.environment.deliversTouchesToViews = true
        let r = make()
        configure(r)
        h.add(r, to: target)
        return (h, target)
    }

    func deliveries(_ h: GestureHarness) -> [String] {
        h.recorder.deliveries.map { "\($0.view.name) \($0.kind.rawValue) \($0.touch.id) @\(formatShort($0.time, decimals: 3))" }
    }

    @Test("cancelsTouchesInView: the view gets touchesCancelled when the recognizer begins")
    func cancelsTouches() {
        let (h, _) = harness({ _ in }, make: { TestPan(name: "pan") })
        h.send(0, (1, .began, 10, 10))
        h.send(0.1, (1, .moved, 15, 10))
        h.send(0.2, (1, .moved, 40, 10))
        h.send(0.3, (1, .moved, 50, 10))
        h.send(0.4, (1, .ended, 50, 10))
        #expect(deliveries(h) == ["target touchesBegan 1 @0", "target touchesMoved 1 @0.1", "target touchesCancelled 1 @0.2"])
    }

    @Test("cancelsTouchesInView false: the view keeps receiving the touch")
    func doesNotCancel() {
        let (h, _) = harness({ $0.cancelsTouchesInView = false }, make: { TestPan(name: "pan") })
        h.send(0, (1, .began, 10, 10))
        h.send(0.2, (1, .moved, 40, 10))
        h.send(0.4, (1, .ended, 40, 10))
        #expect(deliveries(h) == ["target touchesBegan 1 @0", "target touchesMoved 1 @0.2", "target touchesEnded 1 @0.4"])
    }

    @Test("delaysTouchesEnded: the lift is held while a double tap waits, and delivered when it fails")
    func delaysEnded() {
        let (h, _) = harness({ _ in }, make: { TestTap(name: "double", taps: 2) })
        h.tap(at: 0, x: 10, y: 10)
        h.environment.finish()
        #expect(deliveries(h) == ["target touchesBegan 1 @0", "target touchesEnded 1 @0.45"])
    }

    @Test("delaysTouchesEnded: when the recognizer recognizes at the lift, the view gets a cancel instead")
    func recognizedAtLift() {
        let (h, _) = harness({ _ in }, make: { TestTap(name: "tap") })
        h.tap(at: 0, x: 10, y: 10)
        #expect(deliveries(h) == ["target touchesBegan 1 @0", "target touchesCancelled 1 @0.1"])
    }

    @Test("delaysTouchesEnded: a held lift becomes a cancel when the recognizer recognizes later (double tap)")
    func heldLiftCancelledOnLaterRecognition() {
        let (h, _) = harness({ _ in }, make: { TestTap(name: "double", taps: 2) })
        h.tap(id: 1, at: 0, x: 10, y: 10)
        h.tap(id: 2, at: 0.3, x: 10, y: 10)
        #expect(
            deliveries(h) == [
                // Touch 2's began is held too: the double tap holds touch 1's end
                // (`_delayTouchesForEventIfNeeded:`), so the view never hears of touch 2.
                "target touchesBegan 1 @0", "target touchesCancelled 1 @0.4",
            ])
    }

    @Test("delaysTouchesBegan: the view hears nothing until the recognizer fails, then the began is replayed")
    func delaysBegan() {
        let (h, _) = harness({ $0.delaysTouchesBegan = true }, make: { TestTap(name: "tap") })
        h.send(0, (1, .began, 10, 10))
        h.send(0.1, (1, .moved, 100, 10))
        h.send(0.2, (1, .moved, 110, 10))
        h.send(0.3, (1, .ended, 110, 10))
        // The released touch had moved on since it was held: a catch-up move follows its began.
        #expect(
            deliveries(h) == [
                "target touchesBegan 1 @0.1", "target touchesMoved 1 @0.1", "target touchesMoved 1 @0.2", "target touchesEnded 1 @0.3",
            ])
    }

    @Test("delaysTouchesBegan: if the recognizer recognizes, the view never hears of the touch")
    func delaysBeganRecognized() {
        let (h, _) = harness({ $0.delaysTouchesBegan = true }, make: { TestTap(name: "tap") })
        h.tap(at: 0, x: 10, y: 10)
        #expect(deliveries(h).isEmpty)
    }
}
