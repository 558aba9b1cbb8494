import GestureEngine

/// Watches an environment and records every violation of the engine's invariants:
/// - every transition is legal (`GestureRecognizerState.isLegal`) and starts from the state the
///   recognizer was last reported in (`possible` again after a terminal state);
/// - a `began` is followed by `changed`s and then exactly one `ended` or `cancelled` (never
///   `failed`, never a second `began`), and by the end of the trace no gesture is left open;
/// - time never goes backwards;
/// - every reported value (location, translation, velocity, scale, rotation, selection rect,
///   custom values) is finite;
/// - a valid trace makes the engine report no problem (no state request UIKit would coerce from a
///   built-in recognizer, no unknown touch, no time going backwards, no touch left down);
/// - every touch that began ends exactly once;
/// - nothing at all is reported after `finish()`.
/// It also renders everything it is told into `log`, to compare two runs byte for byte.
final class InvariantChecker: GestureEnvironmentObserver {
    private(set) var violations: [String] = []
    private(set) var log: [String] = []
    private(set) var transitionCount = 0
    private(set) var endedTouches: [Int: Int] = [:]
    private var state: [ObjectIdentifier: (name: String, state: GestureRecognizerState)] = [:]
    private var lastTime = -Double.infinity
    /// Set once `finish()` has returned; anything reported after it is a violation.
    var finished = false
    /// Reports the checker expects (the one for an event sent after `finish()`).
    var expectedDiagnostics = 0
    /// Whether to render everything into `log` (for determinism checks; costs time).
    let keepsLog: Bool

    init(keepsLog: Bool) {
        self.keepsLog = keepsLog
    }

    private func violation(_ text: String) {
        if violations.count < 20 { violations.append(text) }
    }

    func environment(_ environment: GestureEnvironment, didTransition t: Transition) {
        transitionCount += 1
        let name = t.recognizer.name
        if finished { violation("\(name): \(t.previous) -> \(t.state) at \(t.time) after finish()") }
        let key = ObjectIdentifier(t.recognizer)
        let known = state[key]?.state ?? .possible
        if t.previous != known { violation("\(name): transition from \(t.previous) but it was \(known) (at \(t.time))") }
        if !GestureRecognizerState.isLegal(from: t.previous, to: t.state) {
            violation("\(name): illegal transition \(t.previous) -> \(t.state) at \(t.time)")
        }
        if t.time < lastTime { violation("\(name): time went back from \(lastTime) to \(t.time)") }
        if !t.time.isFinite { violation("\(name): time \(t.time)") }
        lastTime = max(lastTime, t.time)
        checkFinite(t)
        state[key] = (name, t.state.isTerminal ? .possible : t.state)
        if keepsLog { log.append("\(t.time) \(name) \(t.previous)->\(t.state) \(Self.render(t.values)) \(t.reason ?? "")") }
    }

    func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        if finished {
            if expectedDiagnostics > 0 && diagnostic.kind == .invalidTime && diagnostic.message.contains("after the trace finished") {
                expectedDiagnostics -= 1
            } else {
                violation("reported after finish(): \(diagnostic.kind) \(diagnostic.message)")
            }
        } else {
            violation("engine diagnostic on a valid trace: \(diagnostic.kind) at \(diagnostic.time): \(diagnostic.message)")
        }
        if keepsLog { log.append("\(diagnostic.time) note \(diagnostic.kind) \(diagnostic.message)") }
    }

    func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        if finished { violation("view delivery after finish()") }
        if keepsLog { log.append("\(delivery.time) view \(delivery.view.name) \(delivery.kind) \(delivery.touch.id)") }
    }

    func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        if finished { violation("touch \(touch.id) ended after finish()") }
        if touch.phase != .ended && touch.phase != .cancelled { violation("touch \(touch.id) ended in phase \(touch.phase)") }
        endedTouches[touch.id, default: 0] += 1
        if keepsLog { log.append("\(touch.timestamp) touch \(touch.id) \(touch.phase)") }
    }

    /// After `finish()`: no gesture may be left open.
    func checkAllClosed() {
        for (_, entry) in state where entry.state != .possible {
            violation("\(entry.name) left in \(entry.state) after finish()")
        }
    }

    private func checkFinite(_ t: Transition) {
        let v = t.values
        func check(_ value: Double, _ what: @autoclosure () -> String) {
            if !value.isFinite { violation("\(t.recognizer.name) \(t.previous) -> \(t.state) at \(t.time): \(what()) is \(value)") }
        }
        check(v.location.x, "location.x")
        check(v.location.y, "location.y")
        if let p = v.translation { check(p.dx, "translation.dx"); check(p.dy, "translation.dy") }
        if let p = v.velocity { check(p.dx, "velocity.dx"); check(p.dy, "velocity.dy") }
        if let d = v.scalarVelocity { check(d, "scalarVelocity") }
        if let d = v.scale { check(d, "scale") }
        if let d = v.rotation { check(d, "rotation") }
        if let r = v.selectionRect {
            check(r.origin.x, "selectionRect.x"); check(r.origin.y, "selectionRect.y")
            check(r.size.width, "selectionRect.width"); check(r.size.height, "selectionRect.height")
        }
        for (name, value) in v.extra {
            switch value {
            case .number(let d): check(d, name)
            case .point(let p): check(p.x, name + ".x"); check(p.y, name + ".y")
            case .integer, .text: break
            }
        }
        if v.numberOfTouches < 0 { violation("\(t.recognizer.name): \(v.numberOfTouches) touches") }
    }

    private static func render(_ v: GestureValues) -> String {
        var s = "\(v.location.x),\(v.location.y) n\(v.numberOfTouches)"
        if let p = v.translation { s += " tr\(p.dx),\(p.dy)" }
        if let p = v.velocity { s += " v\(p.dx),\(p.dy)" }
        if let d = v.scalarVelocity { s += " sv\(d)" }
        if let d = v.scale { s += " s\(d)" }
        if let d = v.rotation { s += " r\(d)" }
        if let d = v.direction { s += " d\(d)" }
        if let r = v.selectionRect { s += " rect\(r.origin.x),\(r.origin.y),\(r.size.width),\(r.size.height)" }
        if let n = v.taps { s += " taps\(n)" }
        for (name, value) in v.extra { s += " \(name)=\(value)" }
        return s
    }
}
