import GestureEngine
import GestureTesting
import Testing

/// `UIScrollView`'s drag and deceleration (`handlePan:`, `_updatePanGesture`, `_endPanNormal:`,
/// `_smoothScrollSyncWithUpdateTime:`), against the iOS 26.1 simulator's measured 1500 pt/s fling
/// (reference page `uikit-scroll-control.md` §5.1, §7.2: offsets 5182.667, 5206.333, 5229.333,
/// 5251.667, 5273 ... resting at 5901.667 after 151 frames; first offset change = travel − 10).
@Suite("UIScrollView: drag, release velocity and deceleration")
struct ScrollDecelerationTests {
    /// A 393×852 scroll view (the measured iPhone) with tall content at offset 5000.
    static func phone(offset: Double = 5000) -> (GestureHarness, ScrollView) {
        let h = GestureHarness(root: View(name: "root", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let sv = ScrollView(name: "scroll", frame: Rect(x: 0, y: 0, width: 393, height: 852))
        sv.contentSize = Size(width: 393, height: 20000)
        sv.contentOffset = Point(x: 0, y: offset)
        h.root.addSubview(sv)
        return (h, sv)
    }

    /// The finger moves up 12 pt every 8 ms (1500 pt/s) 14 times from (200, 700), then lifts.
    static func fling1500(_ h: GestureHarness) {
        h.send(0, (1, .began, 200, 700))
        for i in 1...14 { h.send(Double(i) * 0.008, (1, .moved, 200, 700 - 12 * Double(i))) }
        h.send(0.120, (1, .ended, 200, 700 - 12 * 14))
        h.finish()
    }

    @Test("the first offset change is the travel minus 10 pt (-[UIPanGestureRecognizer _removeHysteresisFromTranslation])")
    func firstOffsetIsTravelMinusTen() {
        let (h, _) = Self.phone()
        Self.fling1500(h)
        let first = h.recorder.scrolls.first
        #expect(first?.contentOffset == Point(x: 0, y: 5002))
        #expect(first?.time == 0.008)
        #expect(first?.phase == .dragging)
    }

    @Test("the 1500 pt/s fling decelerates frame by frame as measured and rests at 5901.667 (_smoothScrollSyncWithUpdateTime:)")
    func flingFramesMatchTheSimulator() {
        let (h, sv) = Self.phone()
        Self.fling1500(h)
        let frames = h.recorder.scrolls.filter { $0.phase != .dragging }
        let ys = frames.map { ($0.contentOffset.y * 1000).rounded() / 1000 }
        #expect(Array(ys.prefix(5)) == [5182.667, 5206.333, 5229.333, 5251.667, 5273])
        #expect(ys.last == 5901.667)
        #expect(frames.count == 151)
        #expect(frames.last?.phase == .resting)
        // Frames come at the lift + n/60 s.
        #expect(Swift.abs((frames.first?.time ?? 0) - (0.120 + 1.0 / 60)) < 1e-9)
        #expect(Swift.abs((frames.last?.time ?? 0) - (0.120 + 151.0 / 60)) < 1e-9)
        #expect(sv.contentOffset.y == frames.last?.contentOffset.y)
        #expect(!sv.isDecelerating)
    }

    @Test("a release slower than 250 pt/s inside the bounds does not decelerate (_endPanNormal:)")
    func slowReleaseRests() {
        let (h, _) = Self.phone()
        h.send(0, (1, .began, 200, 700))
        for i in 1...10 { h.send(Double(i) * 0.1, (1, .moved, 200, 700 - 12 * Double(i))) }  // 120 pt/s
        h.send(1.05, (1, .ended, 200, 580))
        h.finish()
        let last = h.recorder.scrolls.last
        #expect(last?.phase == .resting)
        #expect(last?.time == 1.05)
        #expect(last?.contentOffset == Point(x: 0, y: 5110))
    }

    @Test("past the top edge the drag rubber-bands with c = 0.55 and the release bounces back to 0 (_rubberBandContentOffsetForOffset:)")
    func rubberBandAndBounceBack() {
        let (h, sv) = Self.phone(offset: 0)
        h.send(0, (1, .began, 200, 100))
        h.send(0.05, (1, .moved, 200, 114))  // 14 pt down: overshoot 4 -> 4*0.55*... ≈ 2.2 → −2.333 measured
        h.send(0.10, (1, .moved, 200, 114))
        h.send(0.4, (1, .ended, 200, 114))
        h.finish()
        let drag = h.recorder.scrolls.filter { $0.phase == .dragging }
        // f(4) = (1 − 1/(4·0.55/852 + 1))·852 = 2.1944 → −2.333 at 3x (the measured −2.333).
        #expect(drag.first?.contentOffset.y == ScrollPhysics.pixelRounded(-ScrollPhysics.rubberBand(4, dimension: 852), scale: 3))
        #expect(drag.first?.contentOffset.y == -7.0 / 3)
        #expect(h.recorder.scrolls.last?.phase == .resting)
        #expect(h.recorder.scrolls.last?.contentOffset.y == 0)
        #expect(h.recorder.scrolls.contains { $0.phase == .bouncing })
        #expect(sv.contentOffset == Point(x: 0, y: 0))
    }

    @Test("a fling of 10^6 pt/s is bounded in frames and ends at an edge, finite (bad input)")
    func hugeFlingIsBounded() {
        let (h, sv) = Self.phone()
        h.send(0, (1, .began, 200, 700))
        h.send(0.001, (1, .moved, 200, 700 - 500))
        h.send(0.002, (1, .moved, 200, 700 - 1500))
        h.send(0.003, (1, .ended, 200, -800))
        h.finish()
        #expect(h.recorder.scrolls.count < ScrollView.maximumFrames + 10)
        #expect(h.recorder.scrolls.allSatisfy { $0.contentOffset.y.isFinite })
        #expect(sv.contentOffset.y == 20000 - 852)
        #expect(!sv.isDecelerating)
    }
}
