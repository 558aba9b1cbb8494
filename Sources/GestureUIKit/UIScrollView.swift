import GestureEngine

/// `UIScrollView`, over the engine's `ScrollView` (docs/scroll-and-controls.md): its pan moves the
/// content, the content-touch delay holds touches for 0.15 s, the content decelerates, bounces and
/// pages in trace time. `panGestureRecognizer` is a `UIPanGestureRecognizer` that other recognizers
/// may require to fail (`require(toFail: scrollView.panGestureRecognizer)`), the same object each time.
open class UIScrollView: UIView {
    /// The engine view as a scroll view.
    var scroll: ScrollView { unsafeDowncast(engineView, to: ScrollView.self) }

    /// `panGestureRecognizer`: the pan that moves the content.
    open var panGestureRecognizer: UIPanGestureRecognizer {
        unsafeDowncast(scroll.panGestureRecognizer.uikitRecognizer, to: UIPanGestureRecognizer.self)
    }
    /// `pinchGestureRecognizer`: nil (zooming is not modelled).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { nil }

    /// `contentOffset`: the origin of `bounds`, points.
    open var contentOffset: CGPoint {
        get { CGPoint(scroll.contentOffset) }
        set { scroll.contentOffset = newValue.engine }
    }
    /// `setContentOffset(_:animated:)`: set at once (there are no animations).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { self.contentOffset = contentOffset }
    /// `contentSize`, points.
    open var contentSize: CGSize {
        get { CGSize(scroll.contentSize) }
        set { scroll.contentSize = newValue.engine }
    }
    /// `contentInset`: stored; the engine's scroll view has no insets.
    open var contentInset = UIEdgeInsets.zero
    /// `isScrollEnabled`: the pan's `isEnabled` (as `-[UIScrollView setScrollEnabled:]`).
    open var isScrollEnabled: Bool {
        get { scroll.panGestureRecognizer.isEnabled }
        set { scroll.panGestureRecognizer.isEnabled = newValue }
    }
    /// `isPagingEnabled`: stops on multiples of the bounds size.
    open var isPagingEnabled: Bool {
        get { scroll.isPagingEnabled }
        set { scroll.isPagingEnabled = newValue }
    }
    open var bounces: Bool {
        get { scroll.bounces }
        set { scroll.bounces = newValue }
    }
    open var alwaysBounceVertical: Bool {
        get { scroll.alwaysBounceVertical }
        set { scroll.alwaysBounceVertical = newValue }
    }
    open var alwaysBounceHorizontal: Bool {
        get { scroll.alwaysBounceHorizontal }
        set { scroll.alwaysBounceHorizontal = newValue }
    }
    open var isDirectionalLockEnabled: Bool {
        get { scroll.isDirectionalLockEnabled }
        set { scroll.isDirectionalLockEnabled = newValue }
    }
    /// `delaysContentTouches` (default true: 0.15 s).
    open var delaysContentTouches: Bool {
        get { scroll.delaysContentTouches }
        set { scroll.delaysContentTouches = newValue }
    }
    /// `canCancelContentTouches` (default true).
    open var canCancelContentTouches: Bool {
        get { scroll.canCancelContentTouches }
        set { scroll.canCancelContentTouches = newValue }
    }
    /// `decelerationRate`: per millisecond (`.normal` 0.998, `.fast` 0.99).
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scroll.decelerationRate)) }
        set { scroll.decelerationRate = newValue.rawValue.native }
    }
    /// `isDragging`: the pan moves the content.
    open var isDragging: Bool { scroll.isDragging }
    /// `isDecelerating`: the content moves after a release.
    open var isDecelerating: Bool { scroll.isDecelerating }
    /// `isTracking`: a touch is down on the content and the pan tracks it (approximated by the pan
    /// having touches).
    open var isTracking: Bool { scroll.panGestureRecognizer.numberOfTouches > 0 }
    /// Stored; no indicators are drawn and zooming is not modelled.
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var zoomScale: CGFloat { 1 }
    open var isZooming: Bool { false }

    /// `touchesShouldBegin(_:with:in:)`: whether content touches may begin in `view` (default true).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        let list = touches.compactMap(\.engineTouch)
        if let bridge = engineView as? any ScrollViewBridge { return bridge.engineTouchesShouldBegin(list, view.engineView) }
        return scroll.touchesShouldBegin(list, in: view.engineView)
    }
    /// `touchesShouldCancel(in:)`: whether the pan may cancel `view`'s touches (false for a control).
    open func touchesShouldCancel(in view: UIView) -> Bool {
        if let bridge = engineView as? any ScrollViewBridge { return bridge.engineTouchesShouldCancel(view.engineView) }
        return scroll.touchesShouldCancel(in: view.engineView)
    }

    /// `UIScrollView.DecelerationRate`.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}

/// `UIEdgeInsets`, points.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
