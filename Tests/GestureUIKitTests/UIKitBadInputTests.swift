import GestureEngine
import GestureTesting
import GestureUIKit
import Testing

/// The issue's bad input for GestureUIKit: illegal states, unbound selectors, view cycles, a
/// recognizer added to two views, a timer outside a replay.
@Suite struct UIKitBadInputTests {
    /// Asks for `changed` from `possible` at the first move and `failed` after beginning.
    final class Rude: UIGestureRecognizer {
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            state = state == .possible ? .changed : .failed
        }
    }

    @Test func anIllegalStateIsCoercedAsUIKitDoesWithANote() throws {
        let h = GestureHarness()
        let rude = Rude(target: nil, action: nil)
        rude.name = "rude"
        h.root.addGestureRecognizer(rude)
        let f = h.down(x: 10, y: 10)
        h.wait(0.1)
        f.move(by: Vector(dx: 5, dy: 0))
        h.wait(0.1)
        f.move(by: Vector(dx: 5, dy: 0))
        try h.expect("rude", states: [.began, .cancelled])
        let notes = h.recorder.diagnostics.filter { $0.kind == .coercedTransition }.map(\.message)
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.contains("requested") || $0.contains("->") })
    }

    final class Handler {
        var log: [String] = []
        func first(_ g: UITapGestureRecognizer) { log.append("first") }
        func second(_ g: UIGestureRecognizer) { log.append("second") }
    }

    @Test func aSelectorNamingNoMethodIsListedAndReportedOnceNeverACrash() throws {
        let h = GestureHarness()
        let handler = Handler()
        let tap = UITapGestureRecognizer(target: handler, action: Selector("handleTap:"))
        tap.name = "tap"
        tap.addTarget(handler, action: Selector("second:", Handler.second))
        #expect(tap.unboundActions == [Selector("handleTap:")])
        h.root.addGestureRecognizer(tap)
        h.tap(at: 0)
        h.tap(at: 1)
        try h.expect("tap", states: [.ended, .ended])
        // The bound target still runs; the unbound one is reported into the replay, once.
        #expect(handler.log == ["second", "second"])
        let errors = h.recorder.messages.map(\.text)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("error: action 'handleTap:' names no method of Handler") == true)
        #expect(errors.first?.contains(#"Selector("handleTap:", Handler.method)"#) == true)
    }

    @Test func theTargetGivenAtInitRunsFirstAsInUIKit() throws {
        let h = GestureHarness()
        let handler = Handler()
        let tap = UITapGestureRecognizer(target: handler, action: Selector("first:", Handler.first))
        tap.addTarget(handler, action: Selector("second:", Handler.second))
        tap.engineRecognizer.addAction { _ in handler.log.append("engine") }
        h.root.addGestureRecognizer(tap)
        h.tap(at: 0)
        #expect(handler.log == ["first", "second", "engine"])
    }

    @Test func aViewHierarchyCycleIsRefused() {
        let root = UIView(name: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(name: "child", frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let grandchild = UIView(name: "grandchild", frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(child)
        child.addSubview(grandchild)
        grandchild.addSubview(root)
        child.addSubview(child)
        grandchild.insertSubview(child, at: 0)
        #expect(root.superview == nil)
        #expect(child.superview === root && grandchild.superview === child)
        #expect(grandchild.subviews.isEmpty && child.subviews.count == 1)
        // Hit-testing still terminates.
        #expect(root.hitTest(CGPoint(x: 16, y: 16), with: nil) === grandchild)
    }

    @Test func aRecognizerAddedToASecondViewMovesThereAsInUIKit() throws {
        let root = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let left = UIView(name: "left", frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let right = UIView(name: "right", frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        root.addSubview(left)
        root.addSubview(right)
        let h = GestureHarness(root: root.engineView)
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "tap"
        left.addGestureRecognizer(tap)
        right.addGestureRecognizer(tap)
        #expect(tap.view === right)
        #expect(left.gestureRecognizers == nil && right.gestureRecognizers?.count == 1)
        #expect(right.gestureRecognizers?.first === tap)
        h.tap(at: 0, x: 100, y: 100)
        h.tap(at: 1, x: 300, y: 100)
        #expect(h.log == ["tap ended @1.1"])
    }

    @Test func aTimerOutsideAReplayIsInvalidNotSilentlyPending() {
        var fired = false
        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in fired = true }
        #expect(!timer.isValid)
        #expect(!fired)
    }
}

/// A target or delegate that went away is said once into the replay, naming where the selector was
/// made (UIKit holds both weakly and says nothing); the other targets still run.
@Suite struct UIKitGoneTargetTests {
    final class Counter {
        var n = 0
        func hit(_ g: UIGestureRecognizer) { n += 1 }
    }

    final class Refuser: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    @Test func aGoneTargetIsReportedOnceWithItsPlace() throws {
        let h = GestureHarness()
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        let kept = Counter()
        var gone: Counter? = Counter()
        tap.addTarget(gone!, action: Selector("hit:", Counter.hit))
        tap.addTarget(kept, action: Selector("hit:", Counter.hit))
        gone = nil
        h.root.addGestureRecognizer(tap)
        h.tap(at: 0)
        h.tap(at: 1)
        #expect(kept.n == 2)
        let messages = h.recorder.messages.map(\.text)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("warning: the target of action 'hit:' (GestureUIKitTests/UIKitBadInputTests.swift:") == true)
        #expect(messages.first?.contains("is gone") == true)
    }

    @Test func aGoneDelegateIsReportedOnceAndItsDefaultsApply() throws {
        let h = GestureHarness()
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        var delegate: Refuser? = Refuser()
        tap.delegate = delegate
        h.root.addGestureRecognizer(tap)
        h.tap(at: 0)
        try h.expect("tap", states: [.failed])
        delegate = nil
        h.tap(at: 1)
        h.tap(at: 2)
        try h.expect("tap", states: [.failed, .ended, .ended])
        let messages = h.recorder.messages.map(\.text)
        #expect(messages.count == 1 && messages.first?.contains("the delegate of 'tap' (a Refuser) is gone") == true)
    }

    /// A view subclass overriding both designated initializers inherits `init()`, as on iOS.
    final class Card: UIView {
        var taps = 0
        override init(frame: CGRect) { super.init(frame: frame) }
        required init?(coder: NSCoder) { nil }
    }

    @Test func aViewSubclassIsMadeWithInit() {
        let card = Card()
        #expect(card.frame == .zero && card.name.hasPrefix("Card-"))
        let named = Card(name: "named", frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(named.name == "named" && named.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(named.description == "<Card: named; frame = (1.0 2.0; 3.0 4.0)>")
    }
}
