/// A paging scroll view's quick second flick, as `UIScrollViewPagingSwipeGestureRecognizer`
/// (decompiled iOS 18.2 UIKitCore; created by `setPagingEnabled:`, and the scroll view's pan
/// requires it to fail):
/// - it fails at `touchesBegan` unless a page change is animating and there is one touch;
/// - otherwise it fails after 0.0833 s, or recognizes at the lift when the touch moved more than
///   50 pt; the scroll view then pages once more in the same direction (`_handleSwipe`).
/// For ordinary touches it fails at touch-down and holds nothing back.
public final class ScrollViewPagingSwipeGestureRecognizer: GestureRecognizer {
    /// The window for the swipe, seconds (0.0833333333).
    public static let maximumDuration = 0.0833333333
    /// The distance the touch must move, points (50).
    public static let minimumDistance = 50.0

    weak var scrollView: ScrollView?
    private var start = Point.zero

    override public var kind: String { "pagingSwipe" }

    override init(name: String?) {
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard let sv = scrollView, sv.isPagingAnimating else {
            fail("no page change is animating")
            return
        }
        guard numberOfTouches == 1 else {
            fail("\(numberOfTouches) touches")
            return
        }
        start = centroid()
        schedule(after: Self.maximumDuration) { [unowned self] in
            self.fail("0.083 s passed before the lift")
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let t = touches.first else { return }
        let d = t.windowLocation - start
        let distance = (d.dx * d.dx + d.dy * d.dy).squareRoot()
        if distance > Self.minimumDistance {
            state = .ended
            scrollView?.pageOnceMore()
        } else {
            fail("moved \(short: distance) pt, needs more than 50 pt")
        }
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled")
    }
}
