import GestureEngine
import GestureTesting
import Testing

/// Controls and plain views inside a `UIScrollView`, and a scroll view among other recognizers
/// (reference page `uikit-scroll-control.md` §4, §5, §10; each test names the UIKit method).
@Suite("UIScrollView content touches: delay, cancellation, controls, axes, paging")
struct ScrollContentTouchTests {
    /// A plain view that records what it receives.
    final class Recording: View {
        var log: [String] = []
        var now: Double { environment?.currentTime ?? -1 }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { log.append("began \(now)") }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { log.append("moved") }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { log.append("ended \(now)") }
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { log.append("cancelled \(now)") }
    }

    struct Screen {
        let h: GestureHarness
        let scroll: ScrollView
        let button: Button
        let plain: Recording
    }

    /// A vertical 393×852 scroll view (content 393×3000) holding a button at (20, 100) 200×60 and
    /// a plain view at (20, 300) 200×60, both in content coordinates.
    static func screen(offset: Double = 0, configure: (ScrollView) -> Void = { _ in }) -> Screen {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv = ScrollView(name: "scroll", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv.contentSize = Size(width: 393, height: 3000)
        sv.contentOffset = Point(x: 0, y: offset)
        configure(sv)
        let button = Button(name: "button", frame: Rect(x: 20, y: 100, width: 200, height: 60))
        let plain = Recording(name: "plain", frame: Rect(x: 20, y: 300, width: 200, height: 60))
        sv.addSubview(button)
        sv.addSubview(plain)
        h.root.addSubview(sv)
        return Screen(h: h, scroll: sv, button: button, plain: plain)
    }

    static func events(_ h: GestureHarness) -> [String] {
        h.recorder.controlEvents.map { "\($0.event.rawValue) \(($0.time * 1000).rounded() / 1000)" }
    }

    @Test(
        "a quick tap on a button in a scroll view: touchDown and touchUpInside together at the lift (UIScrollViewDelayedTouchesBeganGestureRecognizer touchesEnded:)"
    )
    func quickTap() {
        let s = Self.screen()
        s.h.send(0, (1, .began, 100, 130))
        s.h.send(0.08, (1, .ended, 100, 130))
        s.h.finish()
        #expect(Self.events(s.h) == ["touchDown 0.08", "touchUpInside 0.08", "primaryActionTriggered 0.08"])
        #expect(s.h.recorder.states(of: "scroll.delayedTouchesBegan") == [.failed])
        #expect(s.h.recorder.scrolls.isEmpty)
        #expect(!s.button.isHighlighted)
    }

    @Test("a press held past 0.15 s: touchDown at touch-down + 0.15 s, touchUpInside at the lift (sendDelayedTouches)")
    func heldPress() {
        let s = Self.screen()
        s.h.send(0, (1, .began, 100, 130))
        s.h.send(0.4, (1, .ended, 100, 130))
        s.h.finish()
        #expect(Self.events(s.h) == ["touchDown 0.15", "touchUpInside 0.4", "primaryActionTriggered 0.4"])
    }

    @Test(
        "a flick that starts on a button scrolls and the button sees nothing (the pan prevents the delay recognizer and cancels the held touch)"
    )
    func flickOnButton() {
        let s = Self.screen()
        s.h.send(0, (1, .began, 100, 130))
        s.h.send(0.02, (1, .moved, 100, 110))
        s.h.send(0.04, (1, .moved, 100, 80))
        s.h.send(0.05, (1, .ended, 100, 80))
        s.h.finish()
        #expect(Self.events(s.h).isEmpty)
        #expect(s.h.recorder.states(of: "scroll.pan").first == .began)
        #expect(s.h.recorder.scrolls.first?.contentOffset == Point(x: 0, y: 10))
        #expect((s.scroll.contentOffset.y) > 50)  // the fling carried it on
    }

    @Test("a hold-then-drag on a button does not scroll: _canCancelContentTouches: is NO for a control (touchesShouldCancelInContentView:)")
    func holdThenDragOnButton() {
        let s = Self.screen()
        s.h.send(0, (1, .began, 100, 130))
        s.h.send(0.2, (1, .moved, 100, 110))
        s.h.send(0.25, (1, .moved, 100, 90))
        s.h.send(0.3, (1, .ended, 100, 90))
        s.h.finish()
        #expect(
            Self.events(s.h) == [
                "touchDown 0.15", "touchDragInside 0.2", "touchDragInside 0.25", "touchUpInside 0.3", "primaryActionTriggered 0.3",
            ])
        // The pan reaches Began inside `[super touchesMoved:]`; the NO makes its Failed a Cancelled.
        let pan = s.h.recorder.transitions(of: "scroll.pan")
        #expect(pan.map(\.state) == [.began, .cancelled])
        #expect(pan.allSatisfy { $0.time == 0.2 })
        #expect(pan.last?.reason?.contains("_canCancelContentTouches: returned NO: 'button'") == true)
        #expect(s.h.recorder.scrolls.isEmpty)
    }

    @Test("a hold-then-drag on a plain view scrolls and the view gets touchesCancelled (cancelsTouchesInView)")
    func holdThenDragOnPlainView() {
        let s = Self.screen()
        s.h.send(0, (1, .began, 100, 330))
        s.h.send(0.2, (1, .moved, 100, 310))
        s.h.send(0.25, (1, .moved, 100, 290))
        s.h.send(0.6, (1, .ended, 100, 290))
        s.h.finish()
        #expect(s.plain.log == ["began 0.15", "cancelled 0.2"])
        #expect(s.h.recorder.states(of: "scroll.pan").first == .began)
        #expect(s.h.recorder.scrolls.first?.contentOffset == Point(x: 0, y: 10))
    }

    @Test("canCancelContentTouches false: once a plain view has the touch the scroll view does not scroll")
    func canCancelContentTouchesOff() {
        let s = Self.screen { $0.canCancelContentTouches = false }
        s.h.send(0, (1, .began, 100, 330))
        s.h.send(0.2, (1, .moved, 100, 300))
        s.h.send(0.3, (1, .ended, 100, 300))
        s.h.finish()
        #expect(s.h.recorder.states(of: "scroll.pan") == [.began, .cancelled])
        #expect(s.plain.log == ["began 0.15", "moved", "ended 0.3"])
    }

    @Test("delaysContentTouches false: touchDown at touch-down, and a drag on the button does not scroll")
    func noDelay() {
        let s = Self.screen { $0.delaysContentTouches = false }
        s.h.send(0, (1, .began, 100, 130))
        s.h.send(0.05, (1, .moved, 100, 100))
        s.h.send(0.1, (1, .ended, 100, 100))
        s.h.finish()
        #expect(Self.events(s.h).first == "touchDown 0.0")
        #expect(s.h.recorder.scrolls.isEmpty)
    }

    @Test(
        "a horizontal drag in a vertical scroll view: the scroll pan never begins, a pan on the superview does (_shouldTryToBeginWithEvent:)"
    )
    func horizontalDragReachesSuperviewPan() {
        let s = Self.screen()
        let outer = s.h.add(PanGestureRecognizer(name: "drawer"), to: s.h.root)
        _ = outer
        s.h.send(0, (1, .began, 100, 500))
        s.h.send(0.02, (1, .moved, 112, 500))
        s.h.send(0.04, (1, .moved, 140, 501))
        s.h.send(0.06, (1, .ended, 140, 501))
        s.h.finish()
        #expect(s.h.recorder.states(of: "drawer") == [.began, .changed, .ended])
        #expect(s.h.recorder.states(of: "scroll.pan") == [.failed])
        #expect(s.h.recorder.transitions(of: "scroll.pan").first?.reason?.contains("drawer") == true)
        #expect(s.h.recorder.scrolls.isEmpty)
        // The cross-axis move released the content touch early (touchesMoved: > 10 pt on x).
        #expect(s.h.recorder.transitions(of: "scroll.delayedTouchesBegan").first?.time == 0.02)
    }

    @Test("the same drag vertical: the scroll pan is deeper and wins over the superview's pan")
    func verticalDragScrolls() {
        let s = Self.screen()
        s.h.add(PanGestureRecognizer(name: "drawer"), to: s.h.root)
        s.h.send(0, (1, .began, 100, 500))
        s.h.send(0.02, (1, .moved, 100, 488))
        s.h.send(0.2, (1, .ended, 100, 488))
        s.h.finish()
        #expect(s.h.recorder.states(of: "scroll.pan").first == .began)
        #expect(s.h.recorder.states(of: "drawer") == [.failed])
    }

    @Test("a touch catches a deceleration: the content stops at touch-down and the pan begins (_beginScroll)")
    func touchCatchesDeceleration() {
        let s = Self.screen(offset: 500)
        s.h.send(0, (1, .began, 100, 600))
        for i in 1...5 { s.h.send(Double(i) * 0.01, (1, .moved, 100, 600 - 20 * Double(i))) }
        s.h.send(0.06, (1, .ended, 100, 500))
        s.h.send(0.3, (2, .began, 100, 130))
        let caught = s.scroll.contentOffset
        s.h.send(0.5, (2, .ended, 100, 130))
        s.h.finish()
        #expect(s.h.recorder.scrolls.last?.time == 0.3)
        #expect(s.h.recorder.scrolls.last?.phase == .resting)
        #expect(s.scroll.contentOffset == caught)
        #expect(!s.scroll.isDecelerating)
        // The pan began at touch-down; the button under the finger heard nothing.
        #expect(s.h.recorder.transitions(of: "scroll.pan").filter { $0.time == 0.3 }.map(\.state) == [.began])
        #expect(Self.events(s.h).isEmpty)
    }

    @Test("paging: a 60 pt flick at 750 pt/s changes page, a slow drag returns (_prepareToPageWithHorizontalVelocity:)")
    func pagingFling() {
        func pager() -> (GestureHarness, ScrollView) {
            let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
            let sv = ScrollView(name: "pager", frame: Rect(x: 0, y: 0, width: 393, height: 852))
            sv.contentSize = Size(width: 393 * 4, height: 852)
            sv.isPagingEnabled = true
            h.root.addSubview(sv)
            return (h, sv)
        }
        let (h, sv) = pager()
        h.send(0, (1, .began, 300, 400))
        for i in 1...6 { h.send(Double(i) * 0.0133333, (1, .moved, 300 - 10 * Double(i), 400)) }
        h.send(0.09, (1, .ended, 240, 400))
        h.finish()
        #expect(sv.contentOffset == Point(x: 393, y: 0))
        #expect(h.recorder.scrolls.last?.phase == .resting)
        #expect(h.recorder.scrolls.contains { $0.phase == .paging })
        #expect(h.recorder.states(of: "pager.pagingSwipe") == [.failed])

        let (h2, sv2) = pager()
        h2.send(0, (1, .began, 300, 400))
        for i in 1...10 { h2.send(Double(i) * 0.2, (1, .moved, 300 - 13.7 * Double(i), 400)) }
        h2.send(2.1, (1, .ended, 163, 400))
        h2.finish()
        #expect(sv2.contentOffset == Point(x: 0, y: 0))
    }

    @Test("directional lock: a mostly vertical drag moves only y (_centroidMovedTo:atTime:affectingTranslation:)")
    func directionalLock() {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv = ScrollView(name: "grid", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv.contentSize = Size(width: 2000, height: 2000)
        sv.contentOffset = Point(x: 500, y: 500)
        sv.isDirectionalLockEnabled = true
        h.root.addSubview(sv)
        h.send(0, (1, .began, 200, 500))
        for i in 1...6 { h.send(Double(i) * 0.1, (1, .moved, 200 - 2 * Double(i), 500 - 10 * Double(i))) }
        h.send(0.7, (1, .ended, 188, 440))
        h.finish()
        #expect(h.recorder.scrolls.allSatisfy { $0.contentOffset.x == 500 })
        #expect(sv.contentOffset.y == 550)
        // Without the lock the same drag moves x too: 12 pt, less the 10 pt hysteresis taken off at `began`.
        let h2 = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv2 = ScrollView(name: "grid", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv2.contentSize = Size(width: 2000, height: 2000)
        sv2.contentOffset = Point(x: 500, y: 500)
        h2.root.addSubview(sv2)
        h2.send(0, (1, .began, 200, 500))
        for i in 1...6 { h2.send(Double(i) * 0.1, (1, .moved, 200 - 2 * Double(i), 500 - 10 * Double(i))) }
        h2.send(0.7, (1, .ended, 188, 440))
        h2.finish()
        #expect(sv2.contentOffset.x == 510)
    }

    @Test("subviews move with the content: after scrolling, hit-testing finds the button at its new place (bounds origin = contentOffset)")
    func subviewsMoveWithContent() {
        let s = Self.screen(offset: 100)
        #expect(s.h.root.hitTest(Point(x: 100, y: 30)) === s.button)
        #expect(s.h.root.hitTest(Point(x: 100, y: 130)) === s.scroll)
        #expect(s.button.convert(toWindow: Point(x: 0, y: 0)) == Point(x: 20, y: 0))
    }
}

/// `UIScrollViewPagingSwipeGestureRecognizer`: a quick second flick during a page change.
@Suite("UIScrollView paging swipe")
struct PagingSwipeTests {
    @Test(
        "a 60 pt flick within 0.083 s during a page change pages once more; the pan, which requires the swipe to fail, fails (_handleSwipe)"
    )
    func secondFlickPagesOnceMore() {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv = ScrollView(name: "pager", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv.contentSize = Size(width: 393 * 4, height: 852)
        sv.isPagingEnabled = true
        h.root.addSubview(sv)
        h.send(0, (1, .began, 300, 400))
        for i in 1...6 { h.send(Double(i) * 0.0133333, (1, .moved, 300 - 10 * Double(i), 400)) }
        h.send(0.09, (1, .ended, 240, 400))
        // During the animation to page 2 (390 pt), a quick flick left.
        h.send(0.15, (2, .began, 300, 400))
        h.send(0.17, (2, .moved, 270, 400))
        h.send(0.19, (2, .moved, 235, 400))
        h.send(0.2, (2, .ended, 235, 400))
        h.finish()
        #expect(h.recorder.states(of: "pager.pagingSwipe") == [.failed, .ended])
        #expect(h.recorder.transitions(of: "pager.pan").last?.state == .failed)
        #expect(sv.contentOffset == Point(x: 786, y: 0))
        #expect(h.recorder.scrolls.last?.phase == .resting)
    }

    @Test("outside a page change the paging swipe fails at touch-down and holds nothing back")
    func failsAtTouchDown() {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv = ScrollView(name: "pager", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv.contentSize = Size(width: 393 * 4, height: 852)
        sv.isPagingEnabled = true
        h.root.addSubview(sv)
        h.send(0, (1, .began, 300, 400))
        h.send(0.01, (1, .moved, 280, 400))
        h.send(0.3, (1, .ended, 280, 400))
        h.finish()
        #expect(h.recorder.transitions(of: "pager.pagingSwipe").map(\.time) == [0])
        #expect(h.recorder.states(of: "pager.pan").first == .began)
    }
}
