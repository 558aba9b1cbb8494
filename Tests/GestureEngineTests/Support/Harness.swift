import GestureEngine

/// A root view, an environment and a recorder, with shorthand for feeding touches.
final class Harness {
    let root: View
    let environment: GestureEnvironment
    let recorder = TransitionRecorder()

    init(root: View = View(unboundedNamed: "root")) {
        self.root = root
        environment = GestureEnvironment(rootView: root)
        environment.observer = recorder
    }

    @discardableResult
    func add(_ r: GestureRecognizer, to view: View? = nil) -> GestureRecognizer {
        (view ?? root).addGestureRecognizer(r)
        return r
    }

    func send(_ t: Double, _ changes: (Int, TouchPhase, Double, Double)...) {
        environment.send(changes.map { TouchChange(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3)) }, at: t)
    }

    /// A one-finger tap: down at `t`, up at `t + duration`.
    func tap(id: Int = 1, at t: Double, x: Double = 100, y: Double = 100, duration: Double = 0.1) {
        send(t, (id, .began, x, y))
        send(t + duration, (id, .ended, x, y))
    }

    /// `name state @time` for every transition, e.g. `"double ended @0.3"`.
    var log: [String] {
        recorder.transitions.map { "\($0.recognizer.name) \($0.state) @\(formatShort($0.time, decimals: 3))" }
    }

    func states(_ name: String) -> [GestureRecognizerState] { recorder.states(of: name) }
    func reason(_ name: String) -> String? { recorder.transitions(of: name).last(where: { $0.reason != nil })?.reason }
}
