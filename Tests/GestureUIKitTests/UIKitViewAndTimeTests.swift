import GestureEngine
import GestureTesting
import GestureUIKit
import Testing

/// UIKit-style views (touch methods with `Set<UITouch>` and `UIEvent?`), delegates, events, and
/// the other timer forms, replayed.
@Suite struct UIKitViewAndTimeTests {
    /// A view that handles touches as UIKit views do, printing what it sees.
    final class CanvasView: UIView {
        var strokes = 0
        override init(frame: CGRect) { super.init(frame: frame) }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self)
            print("began at \(Int(p.x)),\(Int(p.y)) of \(event?.allTouches?.count ?? 0)")
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            strokes += 1
            backgroundColor = .red
            layer.borderWidth = 2
            super.touchesEnded(touches, with: event)
        }
    }

    @Test func aUIViewSubclassGetsItsTouchesAndPrintsIntoTheReplay() throws {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let canvas = CanvasView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(canvas)
        let h = GestureHarness(root: window.engineView)
        let f = h.down(x: 150, y: 120)
        h.wait(0.1)
        f.up()
        #expect(canvas.strokes == 1)
        #expect(canvas.backgroundColor == .red && canvas.layer.borderWidth == 2)
        #expect(h.recorder.messages.map { "\($0.sourceName ?? "-"): \($0.text)" } == ["\(canvas.name): began at 50,20 of 1"])
        #expect(canvas.name.hasPrefix("CanvasView-"))
    }

    /// A small button-like view whose hit area is enlarged by 30 pt on each side, the usual UIKit way.
    final class EnlargedHitArea: UIView {
        var touched = 0
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -30, dy: -30).contains(point)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touched += 1 }
    }

    @Test func theEngineHitTestAsksAUIViewsPointInsideOverride() throws {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let small = EnlargedHitArea(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        window.addSubview(small)
        let h = GestureHarness(root: window.engineView)
        h.tap(at: 0, x: 140, y: 110)  // 20 pt right of the view: inside the enlarged area
        #expect(small.touched == 1)
        h.tap(at: 1, x: 160, y: 110)  // 40 pt right: outside it
        #expect(small.touched == 1)
        small.isHidden = true  // hidden views are skipped (-[UIView hitTest:withEvent:])
        h.tap(at: 2, x: 110, y: 110)
        #expect(small.touched == 1)
    }

    /// Refuses touches in the left half of the view and records what it was asked.
    final class LeftHalfRefuser: UIGestureRecognizerDelegate {
        var asked: [String] = []
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            asked.append("receive \(gestureRecognizer is UITapGestureRecognizer)")
            return touch.location(in: gestureRecognizer.view).x >= 200
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            asked.append("begin")
            return true
        }
    }

    @Test func aUIKitDelegateIsAskedWithUIKitObjects() throws {
        let h = GestureHarness(root: UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 400)).engineViewForReplay)
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "tap"
        let delegate = LeftHalfRefuser()
        tap.delegate = delegate
        h.root.addGestureRecognizer(tap)
        h.tap(at: 0, x: 100, y: 100)
        h.tap(at: 1, x: 300, y: 100)
        #expect(h.log == ["tap ended @1.1"])
        #expect(delegate.asked == ["receive true", "receive true", "begin"])
    }

    /// Counts the firings of a repeating timer made with a target and selector.
    final class Ticker {
        var ticks: [Double] = []
        func tick(_ timer: Timer) {
            ticks.append(CACurrentMediaTime())
            if ticks.count == 3 { timer.invalidate() }
        }
    }

    /// Starts a repeating selector timer and a RunLoop-added block timer when a touch begins.
    final class TimerStarter: UIGestureRecognizer {
        let ticker = Ticker()
        var blockFiredAt: Double?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            Timer.scheduledTimer(
                timeInterval: 0.25, target: ticker, selector: Selector("tick:", Ticker.tick), userInfo: nil, repeats: true)
            let timer = Timer(timeInterval: 0.5, repeats: false) { [weak self] _ in self?.blockFiredAt = CACurrentMediaTime() }
            RunLoop.main.add(timer, forMode: .common)
        }
    }

    @Test func repeatingSelectorTimersAndRunLoopTimersFireInTraceTime() {
        let h = GestureHarness()
        let starter = TimerStarter(target: nil, action: nil)
        h.root.addGestureRecognizer(starter)
        let f = h.down(x: 10, y: 10)
        h.wait(2)
        f.up()
        h.finish()
        #expect(starter.ticker.ticks == [0.25, 0.5, 0.75])
        #expect(starter.blockFiredAt == 0.5)
    }
}
