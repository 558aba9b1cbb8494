import GestureEngine
import Testing

/// The back references the engine reads in its loop (a recognizer's environment and view, a view's
/// superview) are not retained and cost a plain load; their owners set them to nil when they let go,
/// so they behave as weak references: nil once the owner is gone, never dangling.
@Suite("Back references: nil once their owner is gone")
struct LifetimeTests {
    final class Pan: GestureRecognizer {
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            state = state == .possible ? .began : .changed
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .ended }
    }

    /// Logs what it hears; on its first transition it may hand the environment to another observer.
    final class HandingObserver: GestureEnvironmentObserver {
        final class Log { var lines: [String] = [] }
        let name: String
        let log: Log
        var handOver: (() -> Void)?
        init(_ name: String, _ log: Log) {
            self.name = name
            self.log = log
        }
        func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
            log.lines.append("\(name): \(report.recognizer.name) \(report.state)")
            if let handOver {
                self.handOver = nil
                handOver()
            }
        }
        deinit { log.lines.append("\(name) gone") }
    }

    @Test("an observer that replaces itself mid-update hears the rest of that update, then goes; the next update reaches the new one")
    func observerReplacedDuringItsReport() {
        let log = HandingObserver.Log()
        let root = View(unboundedNamed: "root")
        let first = Pan(name: "first"), second = Pan(name: "second")
        root.addGestureRecognizer(first)
        root.addGestureRecognizer(second)
        let environment = GestureEnvironment(rootView: root)
        do {
            // The environment holds the only reference to `a` once this scope ends.
            let a = HandingObserver("a", log)
            a.handOver = { [unowned environment] in environment.observer = HandingObserver("b", log) }
            environment.observer = a
        }
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))], at: 0)
        environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 20, y: 0))], at: 0.01)
        environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 30, y: 0))], at: 0.02)
        // The first pan's recognition excludes the second in the same update: two reports, both to `a`.
        #expect(log.lines == ["a: first began", "a: second failed", "a gone", "b: first changed"])
    }

    @Test("a recognizer outlives its environment: it no longer reaches it")
    func recognizerOutlivesEnvironment() {
        let pan = Pan(name: "pan")
        weak var gone: GestureEnvironment?
        do {
            let root = View(unboundedNamed: "root")
            root.addGestureRecognizer(pan)
            let environment = GestureEnvironment(rootView: root)
            gone = environment
            environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))], at: 0)
            environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 20, y: 0))], at: 0.01)
            #expect(pan.state == .began)
            #expect(pan.currentTime == 0.01)
        }
        #expect(gone == nil)
        // The environment reset it when it went away mid-gesture (as the gesture's end would).
        #expect(pan.state == .possible)
        // Without an environment the recognizer sets its state directly and reads time 0.
        #expect(pan.currentTime == 0)
        pan.state = .began
        #expect(pan.state == .began)
        pan.isEnabled = false
    }

    @Test("a recognizer moved to a second environment is left alone when the first goes away")
    func secondEnvironment() {
        let pan = Pan(name: "pan")
        let root = View(unboundedNamed: "root")
        root.addGestureRecognizer(pan)
        let second = GestureEnvironment(rootView: root)
        do {
            let first = GestureEnvironment(rootView: root)
            first.send([TouchChange(id: 1, phase: .began, location: .zero)], at: 0)
            first.send([TouchChange(id: 1, phase: .ended, location: .zero)], at: 0.01)
            second.send([TouchChange(id: 1, phase: .began, location: .zero)], at: 1)
        }
        #expect(pan.currentTime == 1)
        second.send([TouchChange(id: 1, phase: .moved, location: Point(x: 30, y: 0))], at: 1.5)
        #expect(pan.state == .began)
    }

    @Test("a recognizer and a view outlive their views: view and superview read nil")
    func viewsGoAway() {
        let pan = Pan(name: "pan")
        let child = View(name: "child", frame: Rect(x: 10, y: 10, width: 10, height: 10))
        do {
            let root = View(unboundedNamed: "root")
            let panel = View(name: "panel", frame: Rect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(panel)
            panel.addSubview(child)
            panel.addGestureRecognizer(pan)
            #expect(pan.view === panel)
            #expect(child.superview === panel)
            #expect(child.originInWindow == Point(x: 10, y: 10))
        }
        #expect(pan.view == nil)
        #expect(child.superview == nil)
        #expect(child.originInWindow == Point(x: 10, y: 10))
        #expect(pan.location(in: nil) == .zero)
    }

    @Test("detaching and moving views and recognizers updates the back references")
    func detach() {
        let root = View(unboundedNamed: "root")
        let a = View(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(name: "b", frame: Rect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(a)
        root.addSubview(b)
        let pan = Pan(name: "pan")
        a.addGestureRecognizer(pan)
        b.addGestureRecognizer(pan)
        #expect(pan.view === b)
        #expect(a.gestureRecognizers.isEmpty)
        b.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        a.addSubview(b)
        #expect(b.superview === a)
        #expect(root.subviews.map(\.name) == ["a"])
    }
}
