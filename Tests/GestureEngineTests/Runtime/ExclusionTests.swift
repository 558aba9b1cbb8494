import GestureEngine
import GestureTesting
import Testing

@Suite("Exclusion and simultaneous recognition")
struct ExclusionTests {
    enum Placement: String, CaseIterable, Sendable {
        case sameView, panOnParent, panOnChild
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let placement: Placement
        let excludes: Bool
        var testDescription: String { "\(placement.rawValue): pan \(excludes ? "fails" : "does not fail") the long-touch recognizer" }
    }

    /// A pan and a tap-like recognizer share a touch. When the pan begins, the other fails if
    /// their views are the same or one contains the other; siblings never exclude each other.
    @Test(arguments: [
        Case(placement: .sameView, excludes: true),
        Case(placement: .panOnParent, excludes: true),
        Case(placement: .panOnChild, excludes: true),
    ])
    func exclusion(_ c: Case) throws {
        let root = View(unboundedNamed: "root")
        let parent = View(name: "parent", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let child = View(name: "child", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(parent)
        parent.addSubview(child)
        let h = GestureHarness(root: root)
        let pan = TestPan(name: "pan")
        let tap = TestTap(name: "tap")
        switch c.placement {
        case .sameView: h.add(pan, to: child); h.add(tap, to: child)
        case .panOnParent: h.add(pan, to: parent); h.add(tap, to: child)
        case .panOnChild: h.add(pan, to: child); h.add(tap, to: parent)
        }
        h.send(0, (1, .began, 50, 50))
        h.send(0.05, (1, .moved, 70, 50))
        #expect(h.states("tap") == (c.excludes ? [.failed] : []))
        if c.excludes { #expect(h.reason("tap") == "prevented by testPan 'pan', which began") }
        try h.expect("pan", states: [.began])
    }

    @Test("siblings never exclude each other: a pan on one does not fail a tap on the other in the same event")
    func siblingsNeverExclude() throws {
        let root = View(unboundedNamed: "root")
        let a = View(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = View(name: "b", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        root.addSubview(a)
        root.addSubview(b)
        let h = GestureHarness(root: root)
        h.add(TestPan(name: "panA"), to: a)
        h.add(TestTap(name: "tapB"), to: b)
        let panRoot = TestPan(name: "panRoot")
        panRoot.threshold = 100
        h.add(panRoot, to: root)
        h.send(0, (1, .began, 50, 50), (2, .began, 250, 50))
        h.send(0.1, (1, .moved, 80, 50), (2, .stationary, 250, 50))
        h.send(0.2, (2, .ended, 250, 50))
        try h.expectLog(["panA began @0.1", "panRoot failed @0.1", "tapB ended @0.2"])
    }

    /// `-[UIGestureRecognizer _isExcludedByExcludable:]`, continuous branch: a recognizer that has
    /// already begun is excluded only through the private delegate method
    /// `_gestureRecognizer:canBeCancelledByGestureRecognizer:`, so by default never. A newcomer that
    /// joins while it is active is excluded by it instead, after its first delivery.
    @Test("an active recognizer is never cancelled by a newcomer; the newcomer fails when it joins")
    func isExcludedByExcludable_activeRecognizerIsNeverCancelled() throws {
        let h = GestureHarness()
        let first = ScriptedRecognizer(name: "first")
        first.script = [.began]
        let second = TestPan(name: "second")
        h.add(first)
        h.add(second)
        h.send(0, (1, .began, 0, 0))
        // `first` began and excluded `second`, which resets and so ignores touch 1 from now on.
        try h.expectLog(["first began @0", "second failed @0"])
        h.send(0.05, (2, .began, 100, 0))
        try h.expectLog(["first began @0", "second failed @0", "first changed @0.05", "second failed @0.05"])
        #expect(h.reason("second") == "excluded: custom 'first' is active")
        h.send(0.1, (2, .moved, 130, 0))
        try h.expect("second", states: [.failed, .failed])
        // The newcomer's touch was delivered to `first` at 0.05 (its update sent `changed`); the
        // move at 0.1 is touch 2's, which `first` also has.
        try h.expect("first", states: [.began, .changed, .changed])
    }

    enum Side: String, CaseIterable, Sendable { case first, second, both, neither }

    @Test("simultaneous recognition is allowed when either delegate says yes", arguments: Side.allCases)
    func simultaneous(_ side: Side) throws {
        let h = GestureHarness()
        let a = TestPan(name: "a")
        let b = TestPan(name: "b")
        b.threshold = 20
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        if side == .first || side == .both { a.delegate = yes }
        if side == .second || side == .both { b.delegate = yes }
        h.add(a)
        h.add(b)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        h.send(0.2, (1, .moved, 30, 0))
        try h.expect("a", states: [.began, .changed])
        #expect(h.states("b") == (side == .neither ? [.failed] : [.began]))
    }

    final class Polite: TestPan { override func canPrevent(_ other: GestureRecognizer) -> Bool { false } }
    final class Stubborn: TestPan { override func canBePrevented(by other: GestureRecognizer) -> Bool { false } }

    struct PreventCase: CustomTestStringConvertible, Sendable {
        let label: String
        let make: @Sendable () -> (TestPan, TestPan)
        let loser: [GestureRecognizerState]
        var testDescription: String { label }
    }

    /// The first pan to begin fails the second unless `canPrevent` / `canBePrevented` say no; the
    /// second one, beginning later, does not cancel the first (a recognizer that has begun is never
    /// excluded, `-[UIGestureRecognizer _isExcludedByExcludable:]`): both run.
    @Test(arguments: [
        PreventCase(
            label: "default: the first to begin fails the other", make: { (TestPan(name: "w"), TestPan(name: "l")) }, loser: [.failed]),
        PreventCase(label: "canPrevent false on the winner", make: { (Polite(name: "w"), TestPan(name: "l")) }, loser: [.began]),
        PreventCase(label: "canBePrevented false on the loser", make: { (TestPan(name: "w"), Stubborn(name: "l")) }, loser: [.began]),
    ])
    func canPrevent(_ c: PreventCase) throws {
        let (winner, loser) = c.make()
        let h = GestureHarness()
        loser.threshold = 20
        h.add(winner)
        h.add(loser)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        h.send(0.2, (1, .moved, 30, 0))
        #expect(h.states("l") == c.loser)
        try h.expect("w", states: [.began, .changed])
    }

    @Test("shouldBegin is asked once, when leaving possible; false fails the recognizer")
    func shouldBegin() {
        for allow in [true, false] {
            let h = GestureHarness()
            let pan = TestPan(name: "pan")
            let d = TestDelegate()
            d.shouldBegin = { _ in allow }
            pan.delegate = d
            h.add(pan)
            h.send(0, (1, .began, 0, 0))
            h.send(0.1, (1, .moved, 15, 0))
            h.send(0.2, (1, .moved, 30, 0))
            h.send(0.3, (1, .ended, 30, 0))
            #expect(d.shouldBeginCalls == 1)
            #expect(h.states("pan") == (allow ? [.began, .changed, .ended] : [.failed]))
            if !allow { #expect(h.reason("pan") == "gestureRecognizerShouldBegin returned false") }
        }
    }

    @Test("disabling a recognizer mid-gesture cancels it; disabling an undecided one fails it")
    func disabling() throws {
        let h = GestureHarness()
        let pan = TestPan(name: "pan")
        let tap = TestTap(name: "tap")
        let yes = TestDelegate()
        yes.simultaneous = { _, _ in true }
        pan.delegate = yes
        h.add(pan)
        h.add(tap)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        pan.isEnabled = false
        tap.isEnabled = false
        try h.expect("pan", states: [.began, .cancelled])
        try h.expect("tap", states: [.failed])
        #expect(h.reason("pan") == "disabled")
        h.send(0.2, (1, .moved, 30, 0))
        try h.expect("pan", states: [.began, .cancelled])
    }

    @Test("delegate failure requirements work per attempt, from either side")
    func delegateRequirements() throws {
        for useRequire in [true, false] {
            let h = GestureHarness()
            let single = TestTap(name: "single")
            let double = TestTap(name: "double", taps: 2)
            let d = TestDelegate()
            if useRequire {
                d.requireFailure = { r, o in r === single && o === double }
                single.delegate = d
            } else {
                d.beRequiredToFail = { r, o in r === double && o === single }
                double.delegate = d
            }
            h.add(single)
            h.add(double)
            h.tap(at: 0)
            h.finish()
            try h.expectLog(["double failed @0.45", "single ended @0.45"])
        }
    }

    @Test("a pan held back by a failure requirement begins with zero translation")
    func heldBackPanStartsAtZero() throws {
        let h = GestureHarness()
        let pan = TestPan(name: "pan")
        let blocker = TestTap(name: "blocker")
        pan.require(toFail: blocker)
        blocker.allowableMovement = 20
        h.add(pan)
        h.add(blocker)
        h.send(0, (1, .began, 0, 0))
        h.send(0.1, (1, .moved, 15, 0))
        try h.expect("pan", states: [])
        h.send(0.2, (1, .moved, 30, 0))
        try h.expectLog(["blocker failed @0.2", "pan began @0.2"])
        #expect(h.recorder.transitions.last?.values.translation == .zero)
    }
}
