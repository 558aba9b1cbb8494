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

    @Test("each recognizer of a step gets its own touches, whatever the one before it got")
    func ownTouchesInOneStep() {
        // The engine passes one list to the recognizers of a step whose touches are the same ones
        // (GestureEnvironment.deliver(to:sharing:)): recognizers on two views, one on their common
        // ancestor, with the fingers moving together, in every order of delivery.
        let root = View(unboundedNamed: "root")
        let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = View(name: "right", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        let h = GestureHarness(root: root)
        let a = CallRecorder(name: "a"), a2 = CallRecorder(name: "a2"), b = CallRecorder(name: "b"), all = CallRecorder(name: "all")
        h.add(a, to: left)
        h.add(a2, to: left)
        h.add(b, to: right)
        h.add(all, to: root)
        h.send(0, (1, .began, 10, 10), (2, .began, 210, 10))
        h.send(0.1, (1, .moved, 15, 10), (2, .moved, 215, 10))
        h.send(0.2, (2, .moved, 220, 10))
        h.send(0.3, (1, .ended, 15, 10), (2, .ended, 220, 10))
        #expect(a.calls == ["began 1 @0.0", "moved 1 @0.1", "ended 1 @0.3"])
        #expect(a2.calls == a.calls)
        #expect(b.calls == ["began 2 @0.0", "moved 2 @0.1", "moved 2 @0.2", "ended 2 @0.3"])
        #expect(all.calls == ["began 1,2 @0.0", "moved 1,2 @0.1", "moved 2 @0.2", "ended 1,2 @0.3"])

        // Without the common ancestor's recognizer, the two views' recognizers follow each other.
        let root2 = View(unboundedNamed: "root")
        let left2 = View(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right2 = View(name: "right", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        root2.addSubview(left2)
        root2.addSubview(right2)
        let h2 = GestureHarness(root: root2)
        let c = CallRecorder(name: "c"), d = CallRecorder(name: "d")
        h2.add(c, to: left2)
        h2.add(d, to: right2)
        h2.send(0, (1, .began, 10, 10), (2, .began, 210, 10))
        h2.send(0.1, (1, .moved, 15, 10), (2, .moved, 215, 10))
        h2.send(0.2, (1, .ended, 15, 10), (2, .ended, 215, 10))
        #expect(c.calls == ["began 1 @0.0", "moved 1 @0.1", "ended 1 @0.2"])
        #expect(d.calls == ["began 2 @0.0", "moved 2 @0.1", "ended 2 @0.2"])
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
