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

/// A pan that starts at an edge of the screen, as `UIScreenEdgePanGestureRecognizer`.
///
/// Rules (`shared/reference/uikit-semantics.md`, "Screen-edge pan"):
/// - the touch must begin within `edgeRegionSize` (13 pt) of one of `edges`; otherwise it fails;
/// - it must leave that edge region within `maximumTimeInEdgeRegion` (0.25 s) or it fails (a timer in
///   trace time, firing at the deadline even when no event arrives);
/// - it begins when the touch has moved `hysteresis` (15 pt) inward from where it touched down,
///   measured along the edge's normal (to the right for the left edge, down for the top edge, ...);
/// - then it behaves like a pan: `changed` on every move, `ended` when the finger lifts (failed if it
///   lifts before beginning); `maximumNumberOfTouches` is 1: further fingers are ignored;
/// - `delaysTouchesBegan` is true: the view receives no `touchesBegan` until this recognizer fails.
///
/// The screen is `screenSize` (window coordinates, origin at the top left); when it is nil the root
/// view's size is used if the root is bounded, otherwise the recognizer fails with a reason. With the
/// default `edges` (none, as UIKit's `UIRectEdgeNone`) it never recognizes: set `edges`.
///
/// Reported values: `location` (the touch, window coordinates), `numberOfTouches`, `translation`
/// (from where the touch began, points; re-based to zero when a failure requirement held the
/// recognition back), `velocity` (pt/s, `velocityEstimator`, UIKit's 0.2 / 0.8 blend by default,
/// computed by `VelocityTracker`).
open class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    /// Default edges: none (`UIRectEdgeNone`, UIKit's default; the recognizer must be told its edges).
    public static let defaultEdges: ScreenEdges = []
    /// Default width of the edge region a touch must begin in: 13 pt (see `shared/reference/uikit-semantics.md`,
    /// "Screen-edge pan").
    public static let defaultEdgeRegionSize = 13.0
    /// Default inward movement, along the edge's normal, that makes it begin: 15 pt (see
    /// `shared/reference/uikit-semantics.md`, "Screen-edge pan").
    public static let defaultHysteresis = 15.0
    /// Default longest time the touch may stay in the edge region: 0.25 s (see
    /// `shared/reference/uikit-semantics.md`, "Screen-edge pan").
    public static let defaultMaximumTimeInEdgeRegion = 0.25
    /// Default maximum number of fingers: 1 (see `shared/reference/uikit-semantics.md`, "Screen-edge pan").
    public static let defaultMaximumNumberOfTouches = 1

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// The edges a touch may start from.
    @exclusivity(unchecked) public var edges: ScreenEdges
    /// The screen's size, points (window coordinates from the origin). Nil: the root view's size if bounded.
    @exclusivity(unchecked) public var screenSize: Size?
    /// Width of the region along each edge in which the touch must begin, points.
    @exclusivity(unchecked) public var edgeRegionSize = ScreenEdgePanGestureRecognizer.defaultEdgeRegionSize
    /// Inward movement from the touch-down point that makes the gesture begin, points.
    @exclusivity(unchecked) public var hysteresis = ScreenEdgePanGestureRecognizer.defaultHysteresis
    /// How long the touch may stay within the edge region, seconds.
    @exclusivity(unchecked) public var maximumTimeInEdgeRegion = ScreenEdgePanGestureRecognizer.defaultMaximumTimeInEdgeRegion
    /// Fingers it follows; further fingers are ignored.
    @exclusivity(unchecked) public var maximumNumberOfTouches = ScreenEdgePanGestureRecognizer.defaultMaximumNumberOfTouches
    /// The velocity estimator (UIKit's blend by default).
    @exclusivity(unchecked) public var velocityEstimator: VelocityEstimatorKind = .uikit

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The edge the gesture started from, once it began.
    @exclusivity(unchecked) public private(set) var recognizedEdge: ScreenEdges?
    /// Translation since the touch began (or since the recognition was released), points.
    @exclusivity(unchecked) public private(set) var translation = Vector.zero

    /// Edges whose region the touch began in.
    @exclusivity(unchecked) private var candidates: ScreenEdges = []
    @exclusivity(unchecked) private var hasLeftRegion = false
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var hasBegun = false
    @exclusivity(unchecked) private var tracker = VelocityTracker()
    @exclusivity(unchecked) private var regionTimer: TimerToken?

    override open var kind: String { "screenEdgePan" }

    /// A screen-edge pan named `name` (the kind, `"screenEdgePan"`, when nil) from `edges`.
    public init(name: String? = nil, edges: ScreenEdges = ScreenEdgePanGestureRecognizer.defaultEdges, screenSize: Size? = nil) {
        self.edges = edges
        self.screenSize = screenSize
        super.init(name: name)
        delaysTouchesBegan = true
    }

    /// The current velocity, points per second.
    public var velocity: Vector { tracker.velocityInPlace() ?? .zero }

    /// The screen in use: `screenSize`, else the bounded root view's size.
    private var effectiveScreenSize: Size? {
        if let screenSize { return screenSize }
        if let root = environment?.rootView, root.isBounded { return root.frame.size }
        return nil
    }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        // Fingers beyond the maximum are ignored (the first ones stay).
        var i = touches.count - 1
        while numberOfTouches > max(maximumNumberOfTouches, 1), i >= 0 {
            ignore(touches[i], for: event)
            i -= 1
        }
        guard start == nil, let touch = trackedTouches.first else { return }
        guard let screen = effectiveScreenSize else {
            fail("screen size unknown: set screenSize (the root view is unbounded)")
            return
        }
        guard !edges.isEmpty else {
            fail("no edges set (edges is empty, UIKit's default)")
            return
        }
        let p = touch.windowLocation
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
            fail(makeReason("began \(short: nearest) pt from the \(nearestEdge) edge > edge region \(short: edgeRegionSize) pt"))
            return
        }
        start = p
        tracker = VelocityTracker(kind: velocityEstimator)
        tracker.addSample(time: event.timestamp, position: p)
        let limit = maximumTimeInEdgeRegion
        regionTimer = schedule(after: limit) { [unowned self] in
            guard !self.hasBegun, !self.hasLeftRegion else { return }
            self.fail(makeReason("still within \(short: self.edgeRegionSize) pt of the \(self.candidates) edge after maximumTimeInEdgeRegion \(short: limit, decimals: 3) s"))
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let start, let touch = trackedTouches.first else { return }
        let p = touch.windowLocation
        tracker.addSample(time: event.timestamp, position: p)
        translation = p - start
        if hasBegun {
            state = .changed
            return
        }
        guard let screen = effectiveScreenSize else { return }
        for (_, edge) in ScreenEdges.named where candidates.contains(edge) {
            if Self.distance(of: p, from: edge, screen: screen) > edgeRegionSize { hasLeftRegion = true }
            if Self.inward(translation, from: edge) >= hysteresis {
                recognizedEdge = edge
                hasBegun = true
                if let regionTimer {
                    cancelTimer(regionTimer)
                    self.regionTimer = nil
                }
                state = .began
                return
            }
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let touch = trackedTouches.first, touches.contains(where: { $0 === touch }) {
            tracker.addLift(time: event.timestamp, position: touch.windowLocation)
        }
        if hasBegun {
            state = .ended
        } else {
            fail(makeReason("lifted before moving \(short: hysteresis) pt inward from the \(candidates) edge (moved \(short: inwardMovement) pt)"))
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .cancelled
        } else {
            fail("touch cancelled before the screen-edge pan began")
        }
    }

    override open func recognitionWillResumeAfterFailureRequirements() {
        if let touch = trackedTouches.first { start = touch.windowLocation }
        translation = .zero
    }

    override open func reset() {
        candidates = []
        hasLeftRegion = false
        start = nil
        hasBegun = false
        recognizedEdge = nil
        translation = .zero
        tracker = VelocityTracker(kind: velocityEstimator)
        regionTimer = nil
    }

    override open func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.translation = translation
        values.velocity = velocity
    }

    // MARK: Geometry

    /// The largest inward movement toward any candidate edge so far, points (for reasons).
    private var inwardMovement: Double {
        var best = 0.0
        for (_, edge) in ScreenEdges.named where candidates.contains(edge) {
            best = max(best, Self.inward(translation, from: edge))
        }
        return best
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

    /// The component of `v` pointing away from `edge`, into the screen, points.
    static func inward(_ v: Vector, from edge: ScreenEdges) -> Double {
        switch edge {
        case .left: v.dx
        case .right: -v.dx
        case .top: v.dy
        default: -v.dy
        }
    }
}
