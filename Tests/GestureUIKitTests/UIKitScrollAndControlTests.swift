import GestureEngine
import GestureTesting
import GestureUIKit
import Testing

/// `UIScrollView`, `UIControl` and `UIButton` are the engine's scroll view and control with UIKit's
/// API (issue 48, item 6).
@Suite struct UIKitScrollAndControlTests {
    /// A window with a list (a scroll view taller in content than on screen) and a sheet drag on the
    /// window that requires the list's pan to fail.
    func sheet() -> (UIWindow, UIScrollView, SheetDragRecognizer, GestureHarness) {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let list = UIScrollView(name: "list", frame: CGRect(x: 0, y: 200, width: 390, height: 644))
        list.contentSize = CGSize(width: 390, height: 3000)
        window.addSubview(list)
        let drag = SheetDragRecognizer()
        drag.name = "sheet"
        drag.require(toFail: list.panGestureRecognizer)
        window.addGestureRecognizer(drag)
        return (window, list, drag, GestureHarness(root: window.engineView))
    }

    @Test func theSheetWaitsForTheListsPanWhichScrolls() throws {
        let (_, list, drag, h) = sheet()
        #expect(list.panGestureRecognizer === list.panGestureRecognizer)
        #expect(list.panGestureRecognizer.view === list)
        let f = h.down(x: 200, y: 600)
        f.move(by: Vector(dx: 0, dy: -120), over: 0.2, steps: 6)
        f.up()
        #expect(h.states("list.pan").first == .began)
        try h.expect("sheet", states: [.failed])
        #expect(drag.pulled == 0)
        #expect(list.contentOffset.y > 100)
        #expect(list.isDecelerating || list.contentOffset.y > 100)
    }

    @Test func withScrollingOffTheSheetDrags() throws {
        let (_, list, drag, h) = sheet()
        list.isScrollEnabled = false
        #expect(!list.panGestureRecognizer.isEnabled)
        let f = h.down(x: 200, y: 600)
        f.move(by: Vector(dx: 0, dy: 120), over: 0.2, steps: 6)
        f.up()
        #expect(h.states("sheet").first == .began && h.states("sheet").last == .ended)
        #expect(drag.pulled > 100)
        #expect(list.contentOffset == .zero && !list.isDragging)
    }

    /// Receives a button's control events.
    final class Buy {
        var log: [String] = []
        func bought(_ sender: UIButton) { log.append("up \(sender.name) highlighted=\(sender.isHighlighted)") }
        func pressed(_ sender: UIButton) { log.append("down highlighted=\(sender.isHighlighted) tracking=\(sender.isTracking)") }
    }

    @Test func aButtonsTargetsGetItsEventsWithTheButtonAsSender() throws {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let button = UIButton(type: .system)
        let buy = Buy()
        button.frame = CGRect(x: 20, y: 400, width: 160, height: 44)
        button.addTarget(buy, action: Selector("bought:", Buy.bought), for: .touchUpInside)
        button.addTarget(buy, action: Selector("pressed:", Buy.pressed), for: [.touchDown])
        window.addSubview(button)
        #expect(button.allControlEvents == [.touchUpInside, .touchDown])
        let h = GestureHarness(root: window.engineView)
        h.tap(at: 0, x: 100, y: 420)
        // touchUpInside is sent before the highlight goes off (-[UIControl touchesEnded:withEvent:]).
        #expect(buy.log == ["down highlighted=true tracking=true", "up \(button.name) highlighted=true"])
        #expect(!button.isHighlighted && !button.isTracking)
        // A lift outside the slop is touchUpOutside: no action.
        let f = h.down(x: 100, y: 420)
        f.move(by: Vector(dx: 0, dy: 300), over: 0.1)
        f.up()
        #expect(buy.log.count == 3)
        // sendActions(for:) from code reaches the targets too.
        button.sendActions(for: .touchUpInside)
        #expect(buy.log.count == 4)
    }

    /// A control whose tracking methods are overridden with UIKit's signatures.
    final class Knob: UIControl {
        var began = 0
        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            began += 1
            return touch.location(in: self).x < bounds.midX  // only the left half tracks
        }
    }

    @Test func trackingMethodsAreOverridable() throws {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let knob = Knob(name: "knob", frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.addSubview(knob)
        final class Sink { var n = 0; func hit(_ c: UIControl) { n += 1 } }
        let sink = Sink()
        knob.addTarget(sink, action: Selector("hit:", Sink.hit), for: .touchUpInside)
        let h = GestureHarness(root: window.engineView)
        h.tap(at: 0, x: 50, y: 50)
        h.tap(at: 1, x: 150, y: 50)
        #expect(knob.began == 2 && sink.n == 1)
    }
}
