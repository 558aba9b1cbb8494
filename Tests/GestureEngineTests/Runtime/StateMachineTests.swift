import GestureEngine
import Testing

/// Sets the states of `script` one after another when its first touch begins.
final class ScriptedRecognizer: GestureRecognizer {
    var script: [GestureRecognizerState] = []
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for s in script { state = s }
    }
}

@Suite("State machine")
struct StateMachineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let from: GestureRecognizerState
        let to: GestureRecognizerState
        let legal: Bool
        var testDescription: String { "\(from) -> \(to) \(legal ? "legal" : "illegal")" }
    }

    /// UIKit's table, written out by hand (reference: shared/reference/uikit-semantics.md, "State machine").
    static let legal: Set<String> = [
        "possible->began", "possible->ended", "possible->failed",
        "began->changed", "began->ended", "began->cancelled",
        "changed->changed", "changed->ended", "changed->cancelled",
    ]

    static let cases: [Case] = GestureRecognizerState.allCases.flatMap { from in
        GestureRecognizerState.allCases.map { to in Case(from: from, to: to, legal: legal.contains("\(from)->\(to)")) }
    }

    /// A legal way to reach each state from `possible`.
    static func path(to state: GestureRecognizerState) -> [GestureRecognizerState] {
        switch state {
        case .possible: []
        case .began: [.began]
        case .changed: [.began, .changed]
        case .ended: [.ended]
        case .cancelled: [.began, .cancelled]
        case .failed: [.failed]
        }
    }

    @Test("every transition is applied when legal and reported, not applied, when illegal", arguments: cases)
    func transition(_ c: Case) {
        let h = Harness()
        let r = ScriptedRecognizer(name: "r")
        r.script = Self.path(to: c.from) + [c.to]
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        let states = h.states("r")
        let reached = Self.path(to: c.from)
        if c.legal {
            #expect(states == reached + [c.to])
            #expect(h.recorder.diagnostics.isEmpty)
        } else {
            #expect(states == reached)
            #expect(h.recorder.diagnostics.map(\.kind) == [.illegalTransition])
            #expect(h.recorder.diagnostics.first?.message == "illegal transition \(c.from) -> \(c.to) requested by custom 'r'; not applied")
        }
    }

    @Test("the legality table matches GestureRecognizerState.isLegal", arguments: cases)
    func table(_ c: Case) {
        #expect(GestureRecognizerState.isLegal(from: c.from, to: c.to) == c.legal)
    }

    @Test("began left standing at the next event becomes changed")
    func beganBecomesChanged() {
        let h = Harness()
        let r = ScriptedRecognizer(name: "r")
        r.script = [.began]
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 5, 0))
        #expect(h.states("r") == [.began, .changed])
        #expect(h.recorder.transitions.last?.previous == .began)
    }

    @Test("reset is called after every terminal state and the state reads possible again")
    func resetAfterTerminal() {
        let h = Harness()
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        r.state = .ended
        #expect(r.state == .possible)
        #expect(r.calls == ["began 1 @0.0", "reset"])
    }

    @Test("a recognizer not attached to an environment still refuses illegal transitions")
    func standalone() {
        let r = GestureRecognizer(name: "r")
        r.state = .began
        r.state = .failed
        #expect(r.state == .began)
    }
}
