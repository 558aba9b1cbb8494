/// A named rectangle in a tree of views, as `UIView` reduced to what gestures need:
/// a frame in its superview's coordinates, subviews, and attached gesture recognizers.
///
/// Subclass it as `UIView` (a `UIResponder`): override `touchesBegan(_:with:)`,
/// `touchesMoved(_:with:)`, `touchesEnded(_:with:)` and `touchesCancelled(_:with:)` to receive
/// exactly what UIKit delivers to the view after its recognizers have seen the touches (under
/// `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`, `isMultipleTouchEnabled`
/// and `isExclusiveTouch`); a method not overridden passes the message to `next`, the superview,
/// as `UIResponder` does. See docs/engine.md, "Views and the responder chain".
open class View {
    /// The view's name (unique within a scene; used in output).
    public let name: String
    // `frame`, `isUserInteractionEnabled` and `superview` are plain values read at every
    // conversion and hit test (a marquee's location, each touch that lands): no run-time
    // exclusivity check, as for the recognizers' configuration (docs/engine.md, "Cost").
    /// Position and size in the superview's coordinates (the window's for the root), points.
    @exclusivity(unchecked) public var frame: Rect
    /// False for an unbounded view (a root view when the screen size is unknown): it contains every point.
    public let isBounded: Bool
    /// False makes hit-testing skip this view and its subviews (as `isUserInteractionEnabled`).
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    /// True makes hit-testing skip this view and its subviews (as `UIView.isHidden`; default false).
    @exclusivity(unchecked) public var isHidden = false
    /// Opacity, 0 to 1 (as `UIView.alpha`; default 1): at 0.01 or less hit-testing skips the view
    /// and its subviews. Nothing is drawn; only hit-testing reads it.
    @exclusivity(unchecked) public var alpha = 1.0
    /// The parent view. Not retained (the parent holds its subviews); the parent sets it to nil
    /// when it detaches the view or goes away, so it never dangles.
    public private(set) var superview: View? {
        get { superviewLink?.takeUnretainedValue() }
        set { superviewLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `superview`'s storage, unretained: the walks up the tree (`originInWindow`, `isDescendant(of:)`,
    /// read at every conversion and exclusion test) follow it without a retain and release per view.
    @exclusivity(unchecked) private var superviewLink: Unmanaged<View>?
    /// Child views, back to front: the last one is on top and wins hit-testing.
    public private(set) var subviews: [View] = []
    /// Recognizers attached to this view, in the order added (their delivery order).
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Objects that live as long as this view: a scene keeps its recognizers' delegates here (a
    /// recognizer holds its delegate weakly), so keeping only the root view keeps them too.
    package var retainedObjects: [AnyObject] = []
    /// GestureUIKit's link to this view's `UIView` (its `FaceAnchor`): nil until UIKit-style code
    /// asks for the view. Never read by the engine.
    package var uikitStorage: AnyObject?
    /// False (UIKit's default, `UIView.isMultipleTouchEnabled`): the view receives only the first
    /// of the touches down on it at a time; a touch that lands while another is down on the view is
    /// never delivered to the view (its recognizers still receive it). UIKit keeps the first touch
    /// per view, `-[UITouchesEvent _firstTouchForView:]`, and sends a view only that one.
    @exclusivity(unchecked) public var isMultipleTouchEnabled = false
    /// True (`UIView.isExclusiveTouch`): while this view has a touch down, no view outside it (nor
    /// its recognizers) receives a new touch, and a touch that lands on this view while views outside
    /// it have touches down is not delivered at all (`-[UITouchesEvent _addTouch:forDelayedDelivery:]`,
    /// `-[UIWindow _setExclusiveTouchView:]`, `-[UITouchesEvent _collectGestureRecognizersFromContainer:withBlock:]`).
    @exclusivity(unchecked) public var isExclusiveTouch = false
    /// True for a subclass (which may override the touches methods): only then does the environment
    /// send it touch messages, so a tree of plain views costs nothing per event. Computed once.
    public let isResponderSubclass: Bool
    /// The origin of `bounds`, points: zero for a plain view; a scroll view's `contentOffset`
    /// (`UIScrollView` keeps its offset as its bounds origin). Subviews are framed in this space,
    /// so they move with it. Read at hit tests and conversions only.
    @exclusivity(unchecked) package var boundsOrigin = Point.zero
    /// True makes hit-testing skip this view and its subviews without changing
    /// `isUserInteractionEnabled`: a disabled control (`-[UIControl hitTest:withEvent:]` returns nil
    /// unless `isEnabled`).
    @exclusivity(unchecked) package var skipsHitTesting = false
    /// The environment replaying this view tree: set on its root by `GestureEnvironment.init`,
    /// cleared by its `deinit` (so it never dangles; unretained, as `GestureRecognizer`'s).
    @exclusivity(unchecked) unowned(unsafe) var hostEnvironment: GestureEnvironment?

    /// A view with a frame in its superview's coordinates, points.
    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
        self.isBounded = true
        self.isResponderSubclass = Self.self != View.self
    }

    /// An unbounded view at the window's origin: it contains every point.
    public init(unboundedNamed name: String) {
        self.name = name
        self.frame = .zero
        self.isBounded = false
        self.isResponderSubclass = Self.self != View.self
    }

    // MARK: Responder

    /// The next responder, as `UIResponder.next`: the superview (nil for the root view).
    open var next: View? { superview }

    /// One or more touches began in this view (`UIResponder.touchesBegan(_:with:)`): the touches of
    /// this view that began in the event, in the order they began. The default passes them to `next`.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches of this view moved (`UIResponder.touchesMoved(_:with:)`). The default passes them to `next`.
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches of this view lifted (`UIResponder.touchesEnded(_:with:)`). The default passes them to `next`.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches of this view were cancelled (`UIResponder.touchesCancelled(_:with:)`): a recognizer
    /// with `cancelsTouchesInView` recognized, or the trace ended. The default passes them to `next`.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Whether `recognizer`, attached to this view or another, may begin, when one of its touches
    /// is on this view (`-[UIView gestureRecognizerShouldBegin:]`, default true). The engine asks the
    /// views of a recognizer's touches only when the recognizer cancels touches in its view, as
    /// `-[UIGestureRecognizer _shouldBegin]` does; `Button` refuses a one-finger single tap on
    /// another view.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    /// The environment replaying this view's tree (the one its root view belongs to), if any.
    public var environment: GestureEnvironment? {
        var v: View = self
        while let s = v.superview { v = s }
        return v.hostEnvironment
    }

    deinit {
        // Keep the unretained back references from dangling (they read as nil, as weak ones would).
        let me = Unmanaged.passUnretained(self).toOpaque()
        for view in subviews where view.superviewLink?.toOpaque() == me { view.superviewLink = nil }
        for r in gestureRecognizers where r.viewLink?.toOpaque() == me { r.viewLink = nil }
    }

    /// Adds `view` on top of the existing subviews (moving it from its old superview, as UIKit).
    /// Adding this view or one of its ancestors changes nothing: the tree would become a cycle.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to `0...subviews.count`; back to
    /// front), moving it from its old superview (`UIView.insertSubview(_:at:)`). Inserting this view
    /// or one of its ancestors changes nothing: the tree would become a cycle (UIKit raises for a
    /// view added to itself and hangs on an ancestor).
    public func insertSubview(_ view: View, at index: Int) {
        if isDescendant(of: view) { return }
        var index = index
        if let old = view.superview, let i = old.subviews.firstIndex(where: { $0 === view }) {
            old.subviews.remove(at: i)
            if old === self && i < index { index -= 1 }
        }
        subviews.insert(view, at: Swift.min(Swift.max(index, 0), subviews.count))
        view.superview = self
    }

    /// Detaches this view from its superview (`UIView.removeFromSuperview()`).
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Attaches a recognizer (after the existing ones).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// The view's own coordinate space, as `bounds`: its frame's size at `boundsOrigin` (zero,
    /// except a scroll view's, which is at its content offset).
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// The view's top-left corner in window coordinates, points.
    public var originInWindow: Point {
        var p = isBounded ? frame.origin : .zero
        var link = superviewLink
        while let u = link {
            u._withUnsafeGuaranteedRef { s in
                if s.isBounded { p = p + Vector(dx: s.frame.origin.x - s.boundsOrigin.x, dy: s.frame.origin.y - s.boundsOrigin.y) }
                link = s.superviewLink
            }
        }
        return p
    }

    /// A window point in this view's coordinates.
    public func convert(fromWindow p: Point) -> Point {
        let o = originInWindow
        return Point(x: p.x - o.x + boundsOrigin.x, y: p.y - o.y + boundsOrigin.y)
    }

    /// A point of this view's coordinates in window coordinates.
    public func convert(toWindow p: Point) -> Point {
        let o = originInWindow
        return Point(x: p.x + o.x - boundsOrigin.x, y: p.y + o.y - boundsOrigin.y)
    }

    /// True when `p` (in this view's coordinates) is inside the view.
    public func contains(_ p: Point) -> Bool {
        !isBounded || bounds.contains(p)
    }

    /// The deepest view containing `p` (in this view's coordinates), front-most subview first; nil
    /// when outside (`hitTest(_:with:)` without an event).
    public func hitTest(_ p: Point) -> View? {
        hitTest(p, with: nil)
    }

    /// The deepest view that should receive a touch at `point` (this view's coordinates, points),
    /// as `-[UIView hitTest:withEvent:]`: nil when the view is hidden, has `alpha` of 0.01 or less,
    /// does not take user interaction, or `point(inside:with:)` says the point is outside; else the
    /// front-most subview's answer (subviews last to first, the point converted to each), else this
    /// view. The environment calls it on the root view once per touch, at its touch-down, with the
    /// event. Override it (or `point(inside:with:)`) to enlarge or redirect a view's hit area.
    open func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        guard isUserInteractionEnabled, !skipsHitTesting, !isHidden, alpha > View.hitTestAlphaThreshold,
            self.point(inside: point, with: event)
        else {
            return nil
        }
        var i = subviews.count
        while i > 0 {
            i -= 1
            let child = subviews[i]
            let local = Point(
                x: point.x - (child.isBounded ? child.frame.origin.x - child.boundsOrigin.x : 0),
                y: point.y - (child.isBounded ? child.frame.origin.y - child.boundsOrigin.y : 0))
            if let hit = child.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (this view's coordinates, points) is inside the view, as
    /// `-[UIView pointInside:withEvent:]`: the bounds (every point for an unbounded view). Override
    /// it to enlarge the area that takes touches (subviews outside the bounds are still tried only
    /// when this returns true, as in UIKit).
    open func point(inside point: Point, with event: TouchEvent?) -> Bool {
        contains(point)
    }

    /// Views with `alpha` at or below this are skipped by hit-testing: 0.01 (`-[UIView hitTest:withEvent:]`,
    /// UIKit's documented rule).
    public static let hitTestAlphaThreshold = 0.01

    /// True when this view is `other` or lies below it in the tree.
    public func isDescendant(of other: View) -> Bool {
        if self === other { return true }
        let target = Unmanaged.passUnretained(other).toOpaque()
        var link = superviewLink
        while let u = link {
            if u.toOpaque() == target { return true }
            link = u._withUnsafeGuaranteedRef { $0.superviewLink }
        }
        return false
    }

    /// This view, then its superview, up to the root.
    var chain: UnfoldSequence<View, (View?, Bool)> {
        sequence(first: self) { $0.superview }
    }
}
