import GestureEngine
import GestureTesting
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

    /// UIKit's table, written out by hand (reference: docs/reference/uikit-semantics.md, "State machine").
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

    /// What UIKit applies when a recognizer in `from` asks for `to`, written out by hand from
    /// `-[UIGestureRecognizer setState:]` (decompiled iOS 18.2 UIKitCore): the state applied, or nil
    /// when the request is ignored (after a terminal state).
    static let uikitApplies: [String: GestureRecognizerState?] = [
        "possible->possible": .possible, "possible->began": .began, "possible->changed": .began,
        "possible->ended": .ended, "possible->cancelled": .failed, "possible->failed": .failed,
        "began->possible": .began, "began->began": .changed, "began->changed": .changed,
        "began->ended": .ended, "began->cancelled": .cancelled, "began->failed": .cancelled,
        "changed->possible": .changed, "changed->began": .changed, "changed->changed": .changed,
        "changed->ended": .ended, "changed->cancelled": .cancelled, "changed->failed": .cancelled,
    ]

    /// `-[UIGestureRecognizer setState:]`: every request is applied as UIKit applies it; a request
    /// UIKit coerces or ignores is applied that way and named in a `coercedTransition` note.
    @Test("setState: coerces every request as UIKit does and says so", arguments: cases)
    func setState_coercesRequestsAsUIKit(_ c: Case) {
        let h = GestureHarness()
        let r = ScriptedRecognizer(name: "r")
        r.script = Self.path(to: c.from) + [c.to]
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        let states = h.states("r")
        let reached = Self.path(to: c.from)
        let applied = Self.uikitApplies["\(c.from)->\(c.to)"] ?? nil
        // A transition is reported when the state changes, and for changed -> changed (actions sent again).
        let moves = applied.map { $0 != c.from || $0 == .changed } ?? false
        #expect(states == reached + (moves ? [applied!] : []))
        if applied == c.to {
            #expect(h.recorder.diagnostics.isEmpty)
        } else {
            #expect(h.recorder.diagnostics.map(\.kind) == [.coercedTransition])
            let what =
                applied.map { "applied \($0), as UIKit's setState: does" } ?? "ignored, as UIKit's setState: does after a terminal state"
            #expect(h.recorder.diagnostics.first?.message == "custom 'r' requested \(c.to) in state \(c.from); \(what)")
        }
        #expect(GestureRecognizerState.coerced(from: c.from, requested: c.to) == applied)
    }

    /// The seed article's theme swipe sets `began` at the first touch and `failed` later: UIKit
    /// applies `cancelled` (`-[UIGestureRecognizer setState:]`), so the replay shows
    /// `began -> cancelled` with the recognizer's reason, and a note naming the request.
    @Test("setState: the seed theme swipe's began then failed shows as began -> cancelled")
    func setState_seedThemeSwipeBeganThenFailedIsCancelled() {
        let h = GestureHarness()
        let swipe = SeedThemeSwipe(name: "themeSwitch")
        h.add(swipe)
        // One finger only: the seed recognizer began at the touch-down, and fails at the lift.
        h.send(0, (1, .began, 150, 600))
        h.send(0.05, (1, .moved, 150, 560))
        h.send(0.1, (1, .ended, 150, 520))
        #expect(h.states("themeSwitch") == [.began, .changed, .cancelled])
        #expect(h.reason("themeSwitch") == "needs two fingers")
        #expect(
            h.recorder.diagnostics.map(\.message) == [
                "seedThemeSwipe 'themeSwitch' requested failed in state changed; applied cancelled, as UIKit's setState: does"
            ])
    }

    @Test("the legality table matches GestureRecognizerState.isLegal", arguments: cases)
    func table(_ c: Case) {
        #expect(GestureRecognizerState.isLegal(from: c.from, to: c.to) == c.legal)
    }

    @Test("began left standing at the next event becomes changed")
    func beganBecomesChanged() {
        let h = GestureHarness()
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
        let h = GestureHarness()
        let r = CallRecorder(name: "r")
        h.add(r)
        h.send(0, (1, .began, 0, 0))
        r.state = .ended
        #expect(r.state == .possible)
        #expect(r.calls == ["began 1 @0.0", "reset"])
    }

    @Test("a recognizer not attached to an environment coerces as UIKit's setState: does")
    func setState_standaloneCoerces() {
        let r = GestureRecognizer(name: "r")
        r.state = .began
        r.state = .failed
        #expect(r.state == .cancelled)
        r.state = .began
        #expect(r.state == .cancelled)
    }
}

/// The seed article's dark-theme swipe as the article writes it: `began` at the first touch,
/// `changed` on moves, `failed` when it turns out wrong (here: lifting with one finger).
final class SeedThemeSwipe: GestureRecognizer {
    override var kind: String { "seedThemeSwipe" }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { state = .began }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { state = .changed }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if numberOfTouches < 2 { fail("needs two fingers") } else { state = .ended }
    }
}
