import GestureEngine
import GestureTesting
import Testing

@Suite("Touch delivery to recognizers")
struct DeliveryTests {
    @Test("two fingers moving in one event arrive as one touchesMoved with two touches")
    func twoFingersOneCall() {
        let h = GestureHarness()
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 0, 0), (2, .began, 50, 0))
        h.send(0.1, (1, .moved, 5, 0), (2, .moved, 55, 0))
        h.send(0.2, (1, .ended, 5, 0), (2, .stationary, 55, 0))
        #expect(r.calls == ["began 1,2 @0.0", "moved 1,2 @0.1", "ended 1 @0.2"])
    }

    /// A root with two side-by-side views (x 0-100 and 200-300), a recorder on each view and,
    /// with `onRoot`, one on the root; two fingers land one on each view, move together, then the
    /// right one alone, and both lift. The harness comes back too: dropping it ends the trace.
    static func twoViews(onRoot: Bool) -> (harness: GestureHarness, left: CallRecorder, right: CallRecorder, root: CallRecorder) {
        let root = View(unboundedNamed: "root")
        let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = View(name: "right", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        let h = GestureHarness(root: root)
        let recorders = (left: CallRecorder(name: "left"), right: CallRecorder(name: "right"), root: CallRecorder(name: "root"))
        h.add(recorders.left, to: left)
        h.add(recorders.right, to: right)
        if onRoot { h.add(recorders.root, to: root) }
        h.send(0, (1, .began, 10, 10), (2, .began, 210, 10))
        h.send(0.1, (1, .moved, 15, 10), (2, .moved, 215, 10))
        h.send(0.2, (2, .moved, 220, 10))
        h.send(0.3, (1, .ended, 15, 10), (2, .ended, 220, 10))
        return (h, recorders.left, recorders.right, recorders.root)
    }

    @Test("each recognizer of a step gets its own touches, whatever the one before it got", arguments: [false, true])
    func ownTouchesInOneStep(onRoot: Bool) {
        // The engine passes one list to consecutive recognizers of a step whose touches are the
        // same ones (GestureEnvironment.deliver(to:sharing:)). Without the root's recognizer, the
        // two views' recognizers are delivered one after the other, each with one different touch.
        let r = Self.twoViews(onRoot: onRoot)
        defer { withExtendedLifetime(r.harness) {} }
        #expect(r.left.calls == ["began 1 @0.0", "moved 1 @0.1", "ended 1 @0.3"])
        #expect(r.right.calls == ["began 2 @0.0", "moved 2 @0.1", "moved 2 @0.2", "ended 2 @0.3"])
        #expect(r.root.calls == (onRoot ? ["began 1,2 @0.0", "moved 1,2 @0.1", "moved 2 @0.2", "ended 1,2 @0.3"] : []))
    }

    @Test("a touch that moves and lifts at one timestamp is delivered in two steps, in order")
    func repeatedTouchSplitsTheEvent() {
        let h = GestureHarness()
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 5, 0), (1, .ended, 5, 0))
        #expect(r.calls == ["began 1 @0.0", "moved 1 @0.1", "ended 1 @0.1"])
    }

    @Test("touches already down when a recognizer resets are ignored by it until they end")
    func resetIgnoresTouchesDown() {
        let h = GestureHarness()
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        r.fail("test")
        h.send(0.1, (1, .moved, 5, 0))
        h.send(0.2, (2, .began, 50, 0))
        h.send(0.3, (1, .moved, 9, 0), (2, .moved, 55, 0))
        h.send(0.4, (1, .ended, 9, 0))
        #expect(r.calls == ["began 1 @0.0", "reset", "began 2 @0.2", "moved 2 @0.3"])
        #expect(r.numberOfTouches == 1)
    }

    @Test("recognizers on the deepest view receive a touch first, then ancestors, each in the order added")
    func deliveryOrder() {
        let root = View(unboundedNamed: "root")
        let child = View(name: "child", frame: Rect(x: 10, y: 10, width: 100, height: 100))
        root.addSubview(child)
        let h = GestureHarness(root: root)
        var order: [String] = []
        final class Probe: GestureRecognizer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan() }
        }
        for (name, view) in [("root1", root), ("child1", child), ("root2", root), ("child2", child)] {
            let p = Probe(name: name)
            p.onBegan = { order.append(name) }
            h.add(p, to: view)
        }
        h.send(0, (1, .began, 50, 50))
        #expect(order == ["child1", "child2", "root1", "root2"])
        h.send(0.1, (2, .began, 500, 500))
        #expect(order == ["child1", "child2", "root1", "root2", "root1", "root2"])
    }

    @Test("shouldReceive false hides the touch from the recognizer for its whole life")
    func shouldReceive() {
        let h = GestureHarness()
        let r = CallRecorder(name: "r")
        let d = TestDelegate()
        d.shouldReceive = { _, touch in touch.id != 2 }
        r.delegate = d
        h.add(r)
        h.send(0, (1, .began, 0, 0), (2, .began, 10, 0))
        h.send(0.1, (2, .moved, 15, 0))
        h.send(0.2, (2, .ended, 15, 0), (1, .ended, 0, 0))
        #expect(r.calls == ["began 1 @0.0", "ended 1 @0.2"])
    }

    @Test("a delegate that takes a later recognizer off the view while a touch lands: the touch-down still offers it the touch")
    func recognizersOfTheViewAsTheTouchLanded() {
        // The touch-down walks the view's recognizers as they were when the touch landed (a
        // snapshot, read without a reference per recognizer), so a recognizer the delegate removes
        // mid-walk is still asked, and takes the touch; the snapshot keeps it alive until the
        // environment holds it. The test keeps no reference to it: `second` is weak.
        let root = View(unboundedNamed: "root")
        let h = GestureHarness(root: root)
        let d = TestDelegate()
        let first = h.add(CallRecorder(name: "first"))
        first.delegate = d
        weak var second: CallRecorder?
        do {
            let r = h.add(CallRecorder(name: "second"))
            r.delegate = d
            second = r
        }
        var asked: [String] = []
        d.shouldReceive = { r, _ in
            asked.append(r.name)
            if r === first, let s = second { root.removeGestureRecognizer(s) }
            return true
        }
        h.send(0, (1, .began, 0, 0))
        #expect(asked == ["first", "second"])
        #expect(root.gestureRecognizers.map(\.name) == ["first"])
        #expect(second?.calls == ["began 1 @0.0"])
        h.send(0.1, (1, .ended, 0, 0))
        #expect(first.calls == ["began 1 @0.0", "ended 1 @0.1"])
    }

    @Test("a change for a touch that is not down is reported and ignored, never a crash")
    func unknownTouch() {
        let h = GestureHarness()
        h.add(CallRecorder(name: "r"))
        h.send(0, (9, .moved, 0, 0))
        h.send(0.1, (1, .began, 0, 0))
        h.send(0.2, (1, .began, 0, 0))
        #expect(
            h.recorder.diagnostics.map(\.message) == [
                "touch 9 moved but it is not down; ignored",
                "touch 1 began while it is already down; ignored",
            ])
    }
}
