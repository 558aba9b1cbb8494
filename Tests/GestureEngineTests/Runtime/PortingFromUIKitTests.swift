import GestureEngine
import Testing

/// Issue 14 item 6: what a recognizer and its handler code ported from UIKit need, used from
/// outside the engine's module (a plain `import GestureEngine`, as a user's module sees it).
@Suite("Porting from UIKit")
struct PortingFromUIKitTests {
    /// A seed-style recognizer written as a user would: failure reasons with `\(short:)`.
    final class Nudge: GestureRecognizer {
        var maximumTravel = 20.0
        override var kind: String { "nudge" }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            if numberOfTouches > 1 { fail("\(numberOfTouches) touches; a nudge needs 1") }
        }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            let travel = location(ofTouch: 0, in: nil).distance(to: touches[0].beganWindowLocation)
            if travel > maximumTravel {
                fail("moved \(short: travel) pt > maximumTravel \(short: maximumTravel) pt after \(short: event.timestamp, decimals: 3) s")
            }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .ended }
    }

    final class Handler {
        var log: [String] = []
        func handleNudge(_ nudge: Nudge) { log.append("nudge \(nudge.state) touches \(nudge.numberOfTouches)") }
        func handlePan(_ pan: PanGestureRecognizer) { log.append("pan \(pan.state)") }
        func handleAnything() { log.append("no-argument action") }
    }

    private func environment(with recognizers: GestureRecognizer...) -> (GestureEnvironment, TransitionRecorder) {
        let root = View(unboundedNamed: "root")
        for r in recognizers { root.addGestureRecognizer(r) }
        let environment = GestureEnvironment(rootView: root)
        let recorder = TransitionRecorder()
        environment.observer = recorder
        return (environment, recorder)
    }

    @Test("fail(_:) takes a FailureReason literal whose \\(short:) numbers print as the engine's own reasons")
    func failureReasonLiteral() {
        let nudge = Nudge(name: "nudge")
        let (environment, recorder) = environment(with: nudge)
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 10, y: 10))], at: 0)
        environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 30.04, y: 10))], at: 0.25)
        #expect(recorder.transitions(of: "nudge").last?.reason == "moved 20.04 pt > maximumTravel 20 pt after 0.25 s")
        let reason: FailureReason = "\(short: 2.25) and \(short: 1.0 / 3, decimals: 3) s, \(7) touches, \("text")"
        #expect(reason.string == "2.3 and 0.333 s, 7 touches, text")
        #expect(FailureReason("plain").description == "plain")
        let text = "from a String"
        nudge.fail(text)  // the String overload still compiles
    }

    @Test(
        "addTarget(_:action:) calls a method of the target, typed to the recognizer's class, at began/changed/ended/cancelled, never at failed"
    )
    func targetAction() {
        let pan = PanGestureRecognizer(name: "pan")
        let nudge = Nudge(name: "nudge")
        let (environment, _) = environment(with: pan)
        let handler = Handler()
        pan.addTarget(handler, action: Handler.handlePan)
        pan.addTarget(handler, action: Handler.handleNudge)  // another class: never called
        nudge.addTarget(handler, action: Handler.handleNudge)
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))], at: 0)
        for i in 1...3 {
            environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: Double(20 * i), y: 0))], at: Double(i) * 0.01)
        }
        environment.send([TouchChange(id: 1, phase: .ended, location: Point(x: 60, y: 0))], at: 0.05)
        #expect(handler.log == ["pan began", "pan changed", "pan changed", "pan ended"])

        // A discrete recognizer: the action at ended only, none at failed.
        let (environment2, _) = self.environment(with: nudge)
        handler.log = []
        environment2.send([TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))], at: 0)
        environment2.send([TouchChange(id: 1, phase: .moved, location: Point(x: 50, y: 0))], at: 0.1)
        environment2.send([TouchChange(id: 1, phase: .ended, location: Point(x: 50, y: 0))], at: 0.2)
        environment2.send([TouchChange(id: 2, phase: .began, location: Point(x: 0, y: 0))], at: 1)
        environment2.send([TouchChange(id: 2, phase: .ended, location: Point(x: 1, y: 0))], at: 1.1)
        #expect(handler.log == ["nudge ended touches 1"])
    }

    @Test("targets are held weakly; removeTarget removes a target's actions, removeTarget(nil) all; addAction is the closure form")
    func targetLifetimeAndRemoval() {
        let pan = PanGestureRecognizer(name: "pan")
        let (environment, _) = environment(with: pan)
        var handler: Handler? = Handler()
        weak let weakHandler = handler
        pan.addTarget(handler!, action: Handler.handleAnything)
        handler = nil
        #expect(weakHandler == nil, "the recognizer does not retain its target")
        let kept = Handler()
        pan.addTarget(kept, action: Handler.handleAnything)
        var closureStates: [GestureRecognizerState] = []
        pan.addAction { closureStates.append($0.state) }
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 0, y: 0))], at: 0)
        environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 30, y: 0))], at: 0.01)
        #expect(kept.log == ["no-argument action"])
        #expect(closureStates == [.began])
        pan.removeTarget(kept)
        environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 40, y: 0))], at: 0.02)
        #expect(kept.log.count == 1)
        #expect(closureStates == [.began, .changed])
        pan.removeTarget(nil)
        environment.send([TouchChange(id: 1, phase: .cancelled, location: Point(x: 40, y: 0))], at: 0.03)
        #expect(closureStates == [.began, .changed])
    }

    @Test("location(in:), location(ofTouch:in:) and numberOfTouches read as UIKit's, in a view's coordinates")
    func locations() {
        let root = View(unboundedNamed: "root")
        let child = View(name: "child", frame: Rect(x: 100, y: 200, width: 300, height: 300))
        root.addSubview(child)
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = 2
        child.addGestureRecognizer(pan)
        let environment = GestureEnvironment(rootView: root)
        var seen: [String] = []
        pan.addAction { r in
            seen.append("\(r.numberOfTouches) \(r.location(in: child)) \(r.location(ofTouch: 1, in: child)) \(r.location(in: nil))")
        }
        environment.send(
            [
                TouchChange(id: 1, phase: .began, location: Point(x: 110, y: 210)),
                TouchChange(id: 2, phase: .began, location: Point(x: 150, y: 250)),
            ],
            at: 0)
        environment.send(
            [
                TouchChange(id: 1, phase: .moved, location: Point(x: 130, y: 210)),
                TouchChange(id: 2, phase: .moved, location: Point(x: 170, y: 250)),
            ],
            at: 0.02)
        #expect(seen.first == "2 \(Point(x: 50, y: 30)) \(Point(x: 70, y: 50)) \(Point(x: 150, y: 230))")
    }
}
