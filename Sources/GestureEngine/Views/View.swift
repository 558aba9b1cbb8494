/// A named rectangle in a tree of views, as `UIView` reduced to what gestures need:
/// a frame in its superview's coordinates, subviews, and attached gesture recognizers.
public final class View {
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
    /// The parent view. Not retained (the parent holds its subviews); the parent sets it to nil
    /// when it detaches the view or goes away, so it never dangles.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View?
    /// Child views, back to front: the last one is on top and wins hit-testing.
    public private(set) var subviews: [View] = []
    /// Recognizers attached to this view, in the order added (their delivery order).
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Objects that live as long as this view: a scene keeps its recognizers' delegates here (a
    /// recognizer holds its delegate weakly), so keeping only the root view keeps them too.
    package var retainedObjects: [AnyObject] = []

    /// A view with a frame in its superview's coordinates, points.
    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
        self.isBounded = true
    }

    /// An unbounded view at the window's origin: it contains every point.
    public init(unboundedNamed name: String) {
        self.name = name
        self.frame = .zero
        self.isBounded = false
    }

    deinit {
        // Keep the unretained back references from dangling (they read as nil, as weak ones would).
        for view in subviews where view.superview === self { view.superview = nil }
        for r in gestureRecognizers where r.view === self { r.view = nil }
    }

    /// Adds `view` on top of the existing subviews.
    public func addSubview(_ view: View) {
        view.superview?.subviews.removeAll { $0 === view }
        subviews.append(view)
        view.superview = self
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

    /// The view's own coordinate space: origin zero, its frame's size (as `bounds`).
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The view's top-left corner in window coordinates, points.
    public var originInWindow: Point {
        var p = isBounded ? frame.origin : .zero
        var v = superview
        while let s = v {
            if s.isBounded { p = p + Vector(dx: s.frame.origin.x, dy: s.frame.origin.y) }
            v = s.superview
        }
        return p
    }

    /// A window point in this view's coordinates.
    public func convert(fromWindow p: Point) -> Point {
        let o = originInWindow
        return Point(x: p.x - o.x, y: p.y - o.y)
    }

    /// A point of this view's coordinates in window coordinates.
    public func convert(toWindow p: Point) -> Point {
        let o = originInWindow
        return Point(x: p.x + o.x, y: p.y + o.y)
    }

    /// True when `p` (in this view's coordinates) is inside the view.
    public func contains(_ p: Point) -> Bool {
        !isBounded || bounds.contains(p)
    }

    /// The deepest view containing `p` (in this view's coordinates), front-most subview first; nil when outside.
    public func hitTest(_ p: Point) -> View? {
        guard isUserInteractionEnabled, contains(p) else { return nil }
        for child in subviews.reversed() {
            let local = Point(
                x: p.x - (child.isBounded ? child.frame.origin.x : 0),
                y: p.y - (child.isBounded ? child.frame.origin.y : 0))
            if let hit = child.hitTest(local) { return hit }
        }
        return self
    }

    /// True when this view is `other` or lies below it in the tree.
    public func isDescendant(of other: View) -> Bool {
        var v: View? = self
        while let c = v {
            if c === other { return true }
            v = c.superview
        }
        return false
    }

    /// This view, then its superview, up to the root.
    var chain: UnfoldSequence<View, (View?, Bool)> {
        sequence(first: self) { $0.superview }
    }
}
