/// One finger on the screen, as `UITouch`: the same object for the whole life of the touch,
/// updated by the environment at every event that mentions it.
///
/// Locations are stored in window (root view) coordinates, points; ask `location(in:)` for a view's.
public final class Touch {
    // Only the engine writes these, with plain assignments: no run-time exclusivity check (see
    // `GestureEnvironment` and docs/engine.md, "Cost").

    /// The identifier the trace gave this touch, interned to an integer by the reader.
    public let id: Int
    /// The phase of the touch in the current event.
    @exclusivity(unchecked) public internal(set) var phase: TouchPhase
    /// Current location, window coordinates, points.
    @exclusivity(unchecked) public internal(set) var windowLocation: Point
    /// Location at the previous event that mentioned this touch, window coordinates, points.
    @exclusivity(unchecked) public internal(set) var previousWindowLocation: Point
    /// Time of the last event that mentioned this touch, seconds (trace time).
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// Time the touch began, seconds (trace time).
    public let beganTimestamp: Double
    /// Location where the touch began, window coordinates, points.
    public let beganWindowLocation: Point
    /// The view the touch was hit-tested to when it began; it stays bound to that view for its life
    /// (held strongly, as `UITouch` holds its view: a weak reference would give the view a side
    /// table, which makes every retain and release of it, at every transition, take the slow path).
    public let view: View?
    /// How many taps this touch is in a quick succession of taps at about the same place: 1 for a
    /// first touch, 2 for the second tap of a double tap, and so on (`UITouch.tapCount`). Set when
    /// the touch begins; set to 0 when it lifts if it was not a tap (down longer than 0.75 s, or
    /// 45 pt or more from the sequence's first touch-down on either axis), as UIKit does. The rule
    /// is UIKit's, `TapCountRule` (docs/engine.md, "Tap count").
    @exclusivity(unchecked) public internal(set) var tapCount: Int = 1
    /// UIKit's touch flag "is a tap": false once the touch went too far or stayed too long.
    @exclusivity(unchecked) var isTap = true
    /// True while the touch is its tap record's last touch and still a tap: each sample is checked.
    @exclusivity(unchecked) var tracksTap = false
    /// The tap record's first touch-down location (window coordinates) and this touch's tap deadline
    /// (touch-down time + 0.75 s), copied when the touch began so that a sample needs no look-up.
    @exclusivity(unchecked) var tapStart = Point.zero
    @exclusivity(unchecked) var tapDeadline = 0.0
    /// True when the touch is not delivered at all: it began while a view with `isExclusiveTouch`
    /// had a touch down, or on such a view while other views had touches down. Its recognizers and
    /// its view never hear of it (`View.isExclusiveTouch`).
    @exclusivity(unchecked) public internal(set) var isBlockedByExclusiveTouch = false
    /// True when the touch landed (admitted) on a view with `isExclusiveTouch`: it counts in
    /// `GestureEnvironment.views.exclusiveTouchesDown` until it ends.
    @exclusivity(unchecked) var isOnExclusiveView = false
    /// True when the touch's view or one of its ancestors is a `View` subclass: its view messages
    /// are sent (a plain view's default methods pass them up the responder chain).
    @exclusivity(unchecked) var reachesResponderSubclass = false
    /// The touch's place among the environment's touches in the order they began (view messages
    /// list their touches in that order).
    @exclusivity(unchecked) var beganOrder = 0

    /// Recognizers that receive this touch, in delivery order (deepest view first, then order added).
    /// Unretained: the environment that delivers the touch holds each of them strongly for its
    /// whole life (`GestureEnvironment.adopted`); once it is gone the list is only compared by identity.
    @exclusivity(unchecked) var recognizers: [Unmanaged<GestureRecognizer>] = []
    /// The attempt of each of `recognizers` when this touch began (see `GestureRecognizer.attempt`).
    @exclusivity(unchecked) var recognizerAttempts: [Int] = []
    /// Marks the touch as queued for `removeStaleRecognizers()` in the environment's current cleanup.
    @exclusivity(unchecked) var listCleanupMark = 0
    /// The dispatch step in which this touch last changed (to find a recognizer's touches of this event without allocating).
    @exclusivity(unchecked) var changeStamp: Int = 0

    /// Whether the last event `environment` dispatched left this touch unchanged: UIKit reports such
    /// a touch's phase as `UITouchPhaseStationary` (GestureUIKit's `UITouch.phase`); the engine keeps
    /// its last phase in `phase`.
    package func isStationary(in environment: GestureEnvironment) -> Bool {
        changeStamp != environment.step.stamp && !phase.isTerminal
    }
    /// How this touch is being delivered to its view (only used when view delivery is enabled).
    @exclusivity(unchecked) var viewDelivery: ViewDeliveryState = .notDelivered
    /// True while the environment holds back this touch's `began` or `ended` from its view.
    @exclusivity(unchecked) var heldBegan = false
    @exclusivity(unchecked) var heldEnded = false
    /// GestureUIKit's link to this touch's `UITouch` (its `FaceAnchor`): nil until UIKit-style code
    /// receives the touch. Never read by the engine.
    package var uikitFace: AnyObject?

    init(id: Int, location: Point, timestamp: Double, view: View?) {
        self.id = id
        self.phase = .began
        self.windowLocation = location
        self.previousWindowLocation = location
        self.timestamp = timestamp
        self.beganTimestamp = timestamp
        self.beganWindowLocation = location
        self.view = view
    }

    /// Current location in `view`'s coordinate space (window coordinates when `view` is nil), points.
    public func location(in view: View?) -> Point {
        guard let view else { return windowLocation }
        return view.convert(fromWindow: windowLocation)
    }

    /// Location at the previous event in `view`'s coordinate space (window coordinates when `view` is nil), points.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousWindowLocation }
        return view.convert(fromWindow: previousWindowLocation)
    }
}

/// What a touch's view has been told so far (UIKit delivery rules, see `GestureEnvironment.deliversTouchesToViews`).
/// `never`: the view is not told anything about the touch (a second touch on a view that is not
/// `isMultipleTouchEnabled`, a touch blocked by an exclusive-touch view).
enum ViewDeliveryState: UInt8 {
    case notDelivered, delivered, finished, never
}

extension Touch {
    /// Drops from `recognizers` the recognizers reset since they took this touch (their attempt
    /// moved on: `GestureEnvironment.removeResetRecognizersFromLists()`), keeping the others' order.
    func removeStaleRecognizers() {
        var kept = 0
        for i in recognizers.indices where recognizers[i]._withUnsafeGuaranteedRef({ $0.dispatch.attempt }) == recognizerAttempts[i] {
            if kept != i {
                recognizers[kept] = recognizers[i]
                recognizerAttempts[kept] = recognizerAttempts[i]
            }
            kept += 1
        }
        // One element at a time: `removeLast(_:)` goes through the general `replaceSubrange`.
        while recognizers.count > kept {
            recognizers.removeLast()
            recognizerAttempts.removeLast()
        }
    }

}
