import GestureEngine
import GestureTesting
import GestureUIKit
import Testing
import TraceReplay

/// UIKit's classes behave as NSObjects and as UIKit types where app code relies on it (issue 48,
/// items 1 to 3): Foundation's geometry, `init()`, identity, `view` as a `UIView`, `location(in:)`
/// overridden, and one UIKit object per engine object for its whole life.
@Suite struct UIKitObjectModelTests {
    func window() -> UIWindow { UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 800)) }

    @Test func aFileImportingFoundationAndGestureUIKitUsesFoundationsGeometry() throws {
        let w = window()
        let h = GestureHarness(root: w.engineView)
        let trail = TrailRecognizer()
        trail.name = "trail"
        w.addGestureRecognizer(trail)
        let f = h.down(x: 100, y: 100)
        f.move(by: Vector(dx: 30, dy: 0), over: 0.1, steps: 3)
        f.move(by: Vector(dx: 0, dy: 40), over: 0.1, steps: 2)
        f.up()
        // Began past 20 pt of trail (the third move), then one change per move.
        try h.expect("trail", states: [.began, .changed, .changed, .ended])
        // Foundation's own types (no GestureUIKit declaration of them): the trail's size is 30 x 40.
        #expect(type(of: trail.size) == Foundation.CGSize.self)
        #expect(trail.size == CGSize(width: 30, height: 40))
        #expect(trail.points.first == CGPoint(x: 100, y: 100))
    }

    @Test func recognizersAreNSObjectsMadeWithInitAndComparedByIdentity() throws {
        let a = PlainPress(), b = PlainPress()
        #expect(a.minimumPressDuration == 0.5)
        #expect(a == a && a != b)
        #expect(Set<UIGestureRecognizer>([a, b, a]).count == 2)
        #expect((a as NSObject).isEqual(a) && !(a as NSObject).isEqual(b))
        a.name = "press"
        #expect(a.description == "<PlainPress: press; state = possible; view = nil>")
        let w = window()
        w.addGestureRecognizer(a)
        #expect(w.gestureRecognizers?.contains(a) == true && w.gestureRecognizers?.contains(b) == false)
        #expect(a.view === w)
    }

    @Test func viewIsAUIViewAndLocationInIsOverridable() throws {
        let w = window()
        let card = UIView(name: "card", frame: CGRect(x: 100, y: 100, width: 200, height: 100))
        let other = UIView(name: "other", frame: CGRect(x: 0, y: 600, width: 400, height: 200))
        w.addSubview(card)
        w.addSubview(other)
        let h = GestureHarness(root: w.engineView)
        let probe = ProbeRecognizer()
        probe.name = "probe"
        probe.other = other
        card.addGestureRecognizer(probe)
        h.tap(at: 0, x: 150, y: 120)
        try h.expect("probe", states: [.ended])
        #expect(probe.widths == [200])
        // The override is what UIKit code calling location(in:) gets.
        #expect(probe.location(in: card) == CGPoint(x: -50, y: -30))
        // Moved to `other`, it finds itself in other.gestureRecognizers (same object) and fails.
        other.addGestureRecognizer(probe)
        h.tap(at: 1, x: 100, y: 700)
        try h.expect("probe", states: [.ended, .failed])
    }

    @Test func aScenesRecognizersAndViewsHaveOneUIKitObjectEach() throws {
        let scene = try SceneLoader(screen: nil).load(
            text: #"""
                {"views": [{"name": "box", "frame": [0, 0, 300, 300]}],
                 "recognizers": [{"name": "tap", "kind": "tap", "view": "box"}, {"name": "pan", "kind": "pan", "view": "box"}]}
                """#)
        let tap = try #require(scene.recognizer(named: "tap"))
        let face = tap.uikitRecognizer
        #expect(face === tap.uikitRecognizer)
        #expect(face is UITapGestureRecognizer)
        #expect(scene.recognizer(named: "pan")?.uikitRecognizer is UIPanGestureRecognizer)
        let box = try #require(face.view)
        #expect(box.name == "box" && box === tap.view?.uikitView)
        #expect(box.gestureRecognizers?.first === face)
        #expect(box.superview is UIWindow)
        #expect(box.superview?.subviews.first === box)
    }

    /// Records the UIKit objects it is asked about.
    final class Recorder: UIGestureRecognizerDelegate {
        var seen: [UIGestureRecognizer] = []
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool {
            seen.append(otherGestureRecognizer)
            return true
        }
    }

    @Test func delegateQuestionsGetTheSameObjectEachTime() throws {
        let h = GestureHarness()
        let pan = h.add(PanGestureRecognizer(name: "enginePan"))
        let mine = UIPanGestureRecognizer()
        mine.name = "mine"
        let recorder = Recorder()
        mine.delegate = recorder
        h.root.addGestureRecognizer(mine)
        for start in [0.0, 1.0] {
            h.advance(to: start)
            let f = h.down(x: 100, y: 100)
            f.move(by: Vector(dx: 40, dy: 0), over: 0.1, steps: 2)
            f.up()
        }
        #expect(recorder.seen.count == 2)
        #expect(recorder.seen.allSatisfy { $0 === pan.uikitRecognizer })
    }

    @Test func touchesAreUIKitObjectsWithUIKitViews() throws {
        final class Spy: UIGestureRecognizer {
            var seen: [UITouch] = []
            var views: [UIView?] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                seen += touches
                views += touches.map(\.view)
            }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { seen += touches }
        }
        let w = window()
        let h = GestureHarness(root: w.engineView)
        let spy = Spy()
        w.addGestureRecognizer(spy)
        let f = h.down(x: 10, y: 10)
        f.move(by: Vector(dx: 5, dy: 0))
        f.move(by: Vector(dx: 5, dy: 0))
        #expect(spy.seen.count == 3 && Set(spy.seen).count == 1)
        #expect(spy.views.first! === w && spy.seen[0].window === w)
        #expect(spy.seen[0].location(in: nil) == CGPoint(x: 20, y: 10))
    }
}
