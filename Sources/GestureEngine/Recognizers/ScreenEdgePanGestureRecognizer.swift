/// Edges of the screen, as `UIRectEdge` (top 1, left 2, bottom 4, right 8).
public struct ScreenEdges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = ScreenEdges(rawValue: 1)
    public static let left = ScreenEdges(rawValue: 2)
    public static let bottom = ScreenEdges(rawValue: 4)
    public static let right = ScreenEdges(rawValue: 8)
    /// All four edges.
    public static let all: ScreenEdges = [.top, .left, .bottom, .right]

    /// Every single edge with its output name, in `UIRectEdge`'s bit order.
    public static let named: [(name: String, edge: ScreenEdges)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    /// The names of the edges in the set, joined by `|` (`"left"`, `"left|right"`; `"none"` when empty).
    public var description: String {
        var parts: [String] = []
        for (name, e) in Self.named where contains(e) { parts.append(name) }
        return parts.isEmpty ? "none" : parts.joined(separator: "|")
    }
}

/// A pan that starts at an edge of the screen, as `UIScreenEdgePanGestureRecognizer`: a
/// `PanGestureRecognizer` subclass, as in UIKit (code that asks `as? PanGestureRecognizer` finds it).
///
/// Rules (decompiled iOS 18.2 UIKitCore, public repository
/// `EthanArbuckle/iPhone17-1_18.2_22C152_Restore`; docs/fidelity.md):
/// - the touch must begin within `edgeRegionSize` (13 pt) of one of `edges`; otherwise it fails;
/// - it must leave that edge region within `maximumTimeInEdgeRegion` (0.25 s) or it fails (a timer in
///   trace time, firing at the deadline even when no event arrives);
/// - it begins at the first move that takes the touch more than `hysteresis` (15 pt, Euclidean) from
///   where it touched down (`_UISEDiagonalHysteresisRecognizeGestureFeature _incorporateSample:`);
///   the pan's own per-axis test does not apply;
/// - its translation is the pan's (last location − first location), and when it begins
///   (`featureDidChangeState:`, run from `touchesMoved:` before the pan's own) the hysteresis is
///   removed from the translation as of the previous event (`_removeHysteresisFromTranslation`: 15
///   per axis, clamped at zero), then the move's delta is added in full: a touch from x = 2 through
///   8, 18, 30 begins at x = 18 with translation 10, then 22;
/// - everything else is the pan's: `changed` from the update, `ended` when the finger lifts (failed
///   if it lifts before beginning), location and translation of the last move at the lift, UIKit's
///   pan velocity (`velocityEstimator`), `maximumNumberOfTouches` 1
///   (`-[UIScreenEdgePanGestureRecognizer initWithTarget:action:]`) with `failsPastMaxTouches`;
/// - `delaysTouchesBegan` is true: the view receives no `touchesBegan` until this recognizer fails.
///
/// The screen is `screenSize` (window coordinates, origin at the top left); when it is nil the root
/// view's size is used if the root is bounded, otherwise the recognizer fails with a reason. With the
/// default `edges` (none, as UIKit's `UIRectEdgeNone`) it never recognizes: set `edges`.
///
/// Reported values: the pan's `location`, `numberOfTouches`, `translation` (points; re-based to
/// zero when a failure requirement held the recognition back), `velocity` (pt/s).
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Default edges: none (`UIRectEdgeNone`, UIKit's default; the recognizer must be told its edges).
    public static let defaultEdges: ScreenEdges = []
    /// Default width of the edge region a touch must begin in: 13 pt (`_UISEGestureFeatureSettings`,
    /// see `docs/reference/uikit-semantics.md`, "Screen-edge pan").
    public static let defaultEdgeRegionSize = 13.0
    /// Default distance from the touch-down point that must be exceeded to begin, and that comes off
    /// the translation at `began`: 15 pt (`_UISEGestureFeatureSettings` hysteresis; the pan's
    /// hysteresis is set to it by a later build's `_commonInit`).
    public static let defaultHysteresis = 15.0
    /// Default longest time the touch may stay in the edge region: 0.25 s (`_UISEGestureFeatureSettings`
    /// maximum swipe duration, `_UISEIdleTimerFailGestureFeature`).
    public static let defaultMaximumTimeInEdgeRegion = 0.25
    /// Its `maximumNumberOfTouches`: 1 (`-[UIScreenEdgePanGestureRecognizer initWithTarget:action:]`
    /// sets it over the pan's default).
    public static let edgeMaximumNumberOfTouches = 1

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// The edges a touch may start from.
    @exclusivity(unchecked) public var edges: ScreenEdges
    /// The screen's size, points (window coordinates from the origin). Nil: the root view's size if bounded.
    @exclusivity(unchecked) public var screenSize: Size?
    /// Width of the region along each edge in which the touch must begin, points.
    @exclusivity(unchecked) public var edgeRegionSize = ScreenEdgePanGestureRecognizer.defaultEdgeRegionSize
    /// Distance from the touch-down point (Euclidean) that must be exceeded to begin, points; also
    /// removed from each axis of the translation when it begins.
    @exclusivity(unchecked) public var hysteresis = ScreenEdgePanGestureRecognizer.defaultHysteresis
    /// How long the touch may stay within the edge region, seconds.
    @exclusivity(unchecked) public var maximumTimeInEdgeRegion = ScreenEdgePanGestureRecognizer.defaultMaximumTimeInEdgeRegion

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The edges the touch began in (within `edgeRegionSize`), once it began (UIKit's `touchedEdges`).
    @exclusivity(unchecked) public private(set) var recognizedEdge: ScreenEdges?

    /// Edges whose region the touch began in.
    @exclusivity(unchecked) private var candidates: ScreenEdges = []
    @exclusivity(unchecked) private var hasLeftRegion = false
    /// Where the touch began (the hysteresis feature's initial location), window coordinates.
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var regionTimer: TimerToken?

    override open var kind: String { "screenEdgePan" }

    /// A screen-edge pan named `name` (the kind, `"screenEdgePan"`, when nil) from `edges`.
    public init(name: String? = nil, edges: ScreenEdges = ScreenEdgePanGestureRecognizer.defaultEdges, screenSize: Size? = nil) {
        self.edges = edges
        self.screenSize = screenSize
        super.init(name: name)
        // Its own recognition (the edge features) sets `began`: no hysteresis test.
        beginsOnAxisHysteresis = false
        maximumNumberOfTouches = Self.edgeMaximumNumberOfTouches
        delaysTouchesBegan = true
    }

    /// Translation since the touch began (or since the recognition was released), points (`translation(in:)`).
    public var translation: Vector { translation(in: nil) }

    /// The current velocity, points per second (`velocity(in:)`).
    public var velocity: Vector { velocity(in: nil) }

    /// The screen in use: `screenSize`, else the bounded root view's size.
    private var effectiveScreenSize: Size? {
        if let screenSize { return screenSize }
        if let root = environment?.rootView, root.isBounded { return root.frame.size }
        return nil
    }

    /// The features decide when it begins, not the pan's per-axis hysteresis.
    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard start == nil, state == .possible, let touch = panTouches.first else { return }
        guard let screen = effectiveScreenSize else {
            fail("screen size unknown: set screenSize (the root view is unbounded)")
            return
        }
        guard !edges.isEmpty else {
            fail("no edges set (edges is empty, UIKit's default)")
            return
        }
        let p = PanGestureRecognizer.finite(touch.windowLocation)
        var nearest = Double.infinity
        var nearestEdge = ScreenEdges()
        for (_, edge) in ScreenEdges.named where edges.contains(edge) {
            let d = Self.distance(of: p, from: edge, screen: screen)
            if d <= edgeRegionSize { candidates.insert(edge) }
            if d < nearest {
                nearest = d
                nearestEdge = edge
            }
        }
        guard !candidates.isEmpty else {
            fail("began \(short: nearest) pt from the \(nearestEdge) edge > edge region \(short: edgeRegionSize) pt")
            return
        }
        start = p
        let limit = maximumTimeInEdgeRegion
        regionTimer = schedule(after: limit) { [unowned self] in
            guard !self.hasBegun, !self.hasLeftRegion else { return }
            self.fail(
                "still within \(short: self.edgeRegionSize) pt of the \(self.candidates) edge after maximumTimeInEdgeRegion \(short: limit, decimals: 3) s"
            )
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let start, let touch = panTouches.first else { return }
        let p = PanGestureRecognizer.finite(touch.windowLocation)
        var recognizes = false
        if !hasBegun {
            // `_UISEDiagonalHysteresisRecognizeGestureFeature _incorporateSample:`: more than the
            // hysteresis from the initial location (Euclidean), or any move when it is not positive.
            recognizes = hysteresis <= 0 || Self.distance(from: start, to: p) > hysteresis
            if recognizes {
                // `featureDidChangeState:` runs before the pan's `touchesMoved:`: the hysteresis comes
                // off the translation as of the previous event (`_removeHysteresisFromTranslation`).
                removeHysteresisFromTranslation(Swift.max(hysteresis, 0))
            }
        }
        // The pan's `touchesMoved:` (`_centroidMovedTo:atTime:affectingTranslation:`).
        super.touchesMoved(touches, with: event)
        if hasBegun { return }
        if recognizes {
            recognizedEdge = candidates
            hasBegun = true
            cancelTimer(&regionTimer)
            state = .began
            return
        }
        guard let screen = effectiveScreenSize else { return }
        for (_, edge) in ScreenEdges.named where candidates.contains(edge) {
            if Self.distance(of: p, from: edge, screen: screen) > edgeRegionSize { hasLeftRegion = true }
        }
    }

    override func reasonForEndBeforeBegan(cancelled: Bool) -> FailureReason {
        if cancelled { return "touch cancelled before the screen-edge pan began" }
        guard let start else { return "lifted before the screen-edge pan began" }
        return
            "lifted before moving more than \(short: hysteresis) pt from where it began (moved \(short: Self.distance(from: start, to: location(in: nil))) pt)"
    }

    override open func reset() {
        super.reset()
        candidates = []
        hasLeftRegion = false
        start = nil
        recognizedEdge = nil
        regionTimer = nil
    }

    // MARK: Geometry

    /// Euclidean distance between `a` and `b`, points (an overflow reads as the largest finite value).
    static func distance(from a: Point, to b: Point) -> Double {
        let d = b - a
        return UIKitVelocityEstimator.finite((d.dx * d.dx + d.dy * d.dy).squareRoot())
    }

    /// Distance of `p` (window coordinates) from `edge` of a screen of size `screen`, points
    /// (negative outside the screen).
    static func distance(of p: Point, from edge: ScreenEdges, screen: Size) -> Double {
        switch edge {
        case .left: p.x
        case .right: screen.width - p.x
        case .top: p.y
        default: screen.height - p.y
        }
    }
}
