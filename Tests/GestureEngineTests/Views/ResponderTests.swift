@testable import GestureEngine
import GestureTesting
import Testing

/// A view that logs every touch message it receives, as a `UIView` subclass overriding the four
/// `UIResponder` methods would.
final class LoggingView: View {
    var log: [String] = []
    var counts: [Int] = []

    private func note(_ message: String, _ touches: [Touch], _ event: TouchEvent) {
        log.append("\(message) \(touches.map { String($0.id) }.joined(separator: ",")) @\(event.timestamp)")
        counts.append(touches.count)
    }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { note("began", touches, event) }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { note("moved", touches, event) }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { note("ended", touches, event) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { note("cancelled", touches, event) }
}

/// A subclass that overrides nothing: its messages go up the responder chain.
final class SilentView: View {}

@Suite("View subclasses receive UIKit's touch messages")
struct ResponderTests {
    /// root > box (100,100 200x200, a LoggingView).
    func harness(multipleTouch: Bool = false) -> (GestureHarness, LoggingView) {
        let root = View(unboundedNamed: "root")
        let box = LoggingView(name: "box", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        box.isMultipleTouchEnabled = multipleTouch
        root.addSubview(box)
        let h = GestureHarness(root: root)
        return (h, box)
    }

    @Test("a subclass receives began, moved and ended with locations in its own coordinates")
    func plainDelivery() {
        let (h, box) = harness()
        var seen: [Point] = []
        final class Probe: View {
            var onMoved: (Touch) -> Void = { _ in }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { onMoved(touches[0]) }
        }
        let probe = Probe(name: "probe", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        box.addSubview(probe)
        probe.onMoved = { t in
            seen.append(t.location(in: probe))
            seen.append(t.previousLocation(in: probe))
        }
        h.send(0, (1, .began, 150, 150))
        h.send(0.1, (1, .moved, 160, 170))
        h.send(0.2, (1, .ended, 160, 170))
        // The touch landed in probe (box's 10...60): probe handles the moves itself and passes
        // began and ended up the responder chain to box.
        #expect(box.log == ["began 1 @0.0", "ended 1 @0.2"])
        #expect(seen == [Point(x: 50, y: 60), Point(x: 40, y: 40)])
    }

    @Test("what a subclass receives is exactly what --views reports (cancelsTouchesInView)")
    func matchesViewDelivery() {
        let (h, box) = harness()
        h.environment.deliversTouchesToViews = true
        h.add(TapGestureRecognizer(name: "tap"), to: box)
        h.send(0, (1, .began, 150, 150))
        h.send(0.05, (1, .moved, 151, 150))
        h.send(0.1, (1, .ended, 151, 150))
        h.finish()
        let reported = h.recorder.deliveries.map { "\($0.kind.rawValue) \($0.touch.id) @\($0.time)" }
        #expect(reported == ["touchesBegan 1 @0.0", "touchesMoved 1 @0.05", "touchesCancelled 1 @0.1"])
        #expect(box.log == ["began 1 @0.0", "moved 1 @0.05", "cancelled 1 @0.1"])
    }

    @Test("delaysTouchesBegan holds touchesBegan until the recognizer fails, then replays it")
    func delaysTouchesBegan() {
        let (h, box) = harness()
        let tap = h.add(TapGestureRecognizer(name: "tap"), to: box)
        tap.delaysTouchesBegan = true
        h.send(0, (1, .began, 150, 150))
        #expect(box.log.isEmpty)
        h.send(0.1, (1, .moved, 250, 150))  // moved 100 pt: the tap fails, the view hears of the touch
        // The touch moved on since it was held: a catch-up move follows the began
        // (`-[UIGestureDelayedEventComponentDispatcher sendDelayedTouches]`).
        #expect(box.log == ["began 1 @0.1", "moved 1 @0.1"])
        h.send(0.2, (1, .moved, 260, 150))
        #expect(box.log == ["began 1 @0.1", "moved 1 @0.1", "moved 1 @0.2"])
    }

    @Test("a subclass that overrides nothing passes the messages to its superview (the responder chain)")
    func responderChain() {
        let (h, box) = harness()
        let inner = SilentView(name: "inner", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        box.addSubview(inner)
        h.send(0, (1, .began, 110, 110))
        h.send(0.1, (1, .ended, 110, 110))
        #expect(box.log == ["began 1 @0.0", "ended 1 @0.1"])
        #expect(inner.next === box)
    }

    @Test("a plain View under a subclass passes the messages up to it (UIView's default methods)")
    func plainViewUnderSubclass() {
        let (h, box) = harness()
        let inner = View(name: "inner", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        box.addSubview(inner)
        h.send(0, (1, .began, 110, 110))
        h.send(0.1, (1, .moved, 112, 110))
        h.send(0.2, (1, .ended, 112, 110))
        #expect(box.log == ["began 1 @0.0", "moved 1 @0.1", "ended 1 @0.2"])
    }

    @Test("one message lists the view's touches in the order they began, whatever the rows' order")
    func touchesInBeganOrder() {
        let (h, box) = harness(multipleTouch: true)
        h.send(0, (7, .began, 150, 150), (3, .began, 160, 160))
        h.send(0.1, (3, .moved, 161, 160), (7, .moved, 151, 150))
        h.send(0.2, (3, .ended, 161, 160), (7, .ended, 151, 150))
        #expect(box.log == ["began 7,3 @0.0", "moved 7,3 @0.1", "ended 7,3 @0.2"])
    }

    @Test("a tree of plain views never works out view delivery")
    func plainViewsCostNothing() {
        let root = View(unboundedNamed: "root")
        root.addSubview(View(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let h = GestureHarness(root: root)
        h.send(0, (1, .began, 5, 5))
        h.send(0.1, (1, .ended, 5, 5))
        #expect(!h.environment.sendsTouchMessages)
        #expect(!root.isResponderSubclass)
        #expect(LoggingView(name: "x", frame: .zero).isResponderSubclass)
    }

    @Test("two fingers landing together arrive in one touchesBegan; event.touches(for:) and allTouches")
    func grouping() {
        let (h, box) = harness(multipleTouch: true)
        var forView: [Int] = []
        var all: [Int] = []
        final class Probe: View {
            var onBegan: ([Touch], TouchEvent) -> Void = { _, _ in }
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { onBegan(touches, event) }
        }
        let outside = Probe(name: "outside", frame: Rect(x: 400, y: 0, width: 100, height: 100))
        h.root.addSubview(outside)
        outside.onBegan = { _, event in
            forView = event.touches(for: box).map(\.id)
            all = event.allTouches.map(\.id)
        }
        h.send(0, (1, .began, 150, 150), (2, .began, 160, 160))
        h.send(0.1, (3, .began, 450, 50))
        #expect(box.log == ["began 1,2 @0.0"])
        #expect(box.counts == [2])
        #expect(forView == [1, 2])
        #expect(all == [1, 2, 3])
    }

    @Test("isMultipleTouchEnabled false: a second finger is not delivered to the view; its recognizers still get it")
    func multipleTouchDisabled() {
        let (h, box) = harness()
        let recorder = CallRecorder(name: "r")
        h.add(recorder, to: box)
        recorder.delaysTouchesEnded = false
        h.send(0, (1, .began, 150, 150))
        h.send(0.1, (2, .began, 200, 200))
        h.send(0.2, (1, .moved, 155, 150), (2, .moved, 205, 200))
        h.send(0.3, (2, .ended, 205, 200))
        h.send(0.4, (1, .ended, 155, 150))
        #expect(box.log == ["began 1 @0.0", "moved 1 @0.2", "ended 1 @0.4"])
        #expect(recorder.calls.contains("began 2 @0.1"))
        // Touch 1 gone: the next touch is the view's first again.
        h.send(0.5, (3, .began, 150, 150))
        #expect(box.log.last == "began 3 @0.5")
    }

    @Test("isMultipleTouchEnabled true: every finger is delivered")
    func multipleTouchEnabled() {
        let (h, box) = harness(multipleTouch: true)
        h.send(0, (1, .began, 150, 150))
        h.send(0.1, (2, .began, 200, 200))
        #expect(box.log == ["began 1 @0.0", "began 2 @0.1"])
    }

    @Test("isExclusiveTouch: while the exclusive view has a touch, other views and their recognizers get no new touch")
    func exclusiveTouchBlocksOthers() {
        let (h, box) = harness()
        box.isExclusiveTouch = true
        let other = LoggingView(name: "other", frame: Rect(x: 400, y: 100, width: 100, height: 100))
        h.root.addSubview(other)
        let otherRecognizer = CallRecorder(name: "r")
        h.add(otherRecognizer, to: other)
        h.send(0, (1, .began, 150, 150))
        h.send(0.1, (2, .began, 450, 150))
        h.send(0.2, (2, .ended, 450, 150))
        #expect(other.log.isEmpty)
        #expect(!otherRecognizer.calls.contains { $0.hasSuffix("@0.1") || $0.hasSuffix("@0.2") })
        #expect(h.environment.touchesDown.first { $0.id == 1 }?.isBlockedByExclusiveTouch == false)
        h.send(0.3, (1, .ended, 150, 150))
        // The exclusive view's touch is gone: others receive touches again.
        h.send(0.4, (3, .began, 450, 150))
        #expect(other.log == ["began 3 @0.4"])
        #expect(otherRecognizer.calls.filter { $0.hasPrefix("began") } == ["began 3 @0.4"])
    }

    @Test("isExclusiveTouch: a touch landing on the exclusive view while another view has a touch is not delivered")
    func exclusiveTouchBlockedItself() {
        let (h, box) = harness()
        box.isExclusiveTouch = true
        let other = LoggingView(name: "other", frame: Rect(x: 400, y: 100, width: 100, height: 100))
        h.root.addSubview(other)
        h.send(0, (1, .began, 450, 150))
        h.send(0.1, (2, .began, 150, 150))
        h.send(0.2, (2, .ended, 150, 150))
        #expect(box.log.isEmpty)
        #expect(other.log == ["began 1 @0.0"])
    }
}

extension ResponderTests {
    @Test("isExclusiveTouch: touches inside the exclusive view (its subviews) are not blocked")
    func exclusiveTouchAllowsItsSubviews() {
        let (h, box) = harness()
        box.isExclusiveTouch = true
        let inner = LoggingView(name: "inner", frame: Rect(x: 100, y: 100, width: 50, height: 50))
        box.addSubview(inner)
        let innerRecognizer = CallRecorder(name: "r")
        h.add(innerRecognizer, to: inner)
        h.send(0, (1, .began, 110, 110))  // box
        h.send(0.1, (2, .began, 220, 220))  // inner, inside box
        #expect(inner.log == ["began 2 @0.1"])
        #expect(innerRecognizer.calls.filter { $0.hasPrefix("began") } == ["began 2 @0.1"])
        #expect(box.log == ["began 1 @0.0"])
    }
}
