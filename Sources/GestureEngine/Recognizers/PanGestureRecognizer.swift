/// A continuous pan (drag), as `UIPanGestureRecognizer`: one or more fingers moving together.
///
/// Follows the decompiled iOS 18.2 UIKitCore `UIPanGestureRecognizer` (public repository
/// `EthanArbuckle/iPhone17-1_18.2_22C152_Restore`; class and method named on each rule):
/// - **Begins** when the translation has reached `hysteresis` (10 pt) along either axis
///   (`_willScrollX` / `_willScrollY`: a diagonal of (7, 7) does not begin, (10.5, 10.7) does) with
///   at least `minimumNumberOfTouches` fingers (`_shouldTryToBeginWithEvent:`).
/// - At `began`, 10 pt is removed from each axis of the translation, clamped at zero, sign kept
///   (`_removeHysteresisFromTranslation`): (10.5, 10.7) begins with (0.5, 0.7).
/// - **Translation** = last centroid − first centroid (`translationInView:`); when fingers are
///   added or lifted both are shifted by the centroid's jump (`_touchesListChangedFrom:to:`), so it
///   does not jump. `setTranslation(_:in:)` moves the first centroid only; the velocity is kept.
/// - **Location** (`locationInView:`) is the last centroid (`_lastSceneReferenceLocation`). A lift
///   never moves it (`touchesEnded:` -> `_handleEndedTouches:withFinalStateAdjustments:`), so
///   `ended` reports the translation and location of the last move, not the lift row's position.
/// - **Velocity** (pt/s) comes from the estimator chosen by `velocityEstimator` (default `.uikit`,
///   `UIKitVelocityEstimator`: 0.2 × latest sample + 0.8 × previous sample, the latest alone when
///   there is no previous one, a sample under 1 ms counting as zero; no sample at the lift).
/// - **Fingers past `maximumNumberOfTouches`** are never added to the pan's touches
///   (`touchesBegan:`); with `failsPastMaxTouches` (on by default) such a finger landing while the
///   pan is still possible fails it. Otherwise it is not ignored either: its moves still reach
///   `touchesMoved:`, which samples the unchanged centroid (a zero velocity sample).
/// - Once begun the pan never sets `changed` itself: the engine's update sends `changed` every
///   time an event is delivered to it (`-[UIGestureRecognizer _updateGestureForActiveEvents]`), so
///   a finger landing or one of several lifting also sends it.
/// - **Ends** when every finger has lifted; **fails** if they all lift before it began. A cancelled
///   touch is handled as a lift, except that the last one fails (cancels, once begun) the pan
///   (`touchesCancelled:`).
/// - A pan whose recognition was held back by a failure requirement starts with zero translation
///   (`_willBeginAfterSatisfyingFailureRequirements`).
///
/// Reports `location` (pt), `translation` (pt) and `velocity` (pt/s). Values that overflow a
/// `Double` (absurd coordinates) are reported as ±`Double.greatestFiniteMagnitude`, never infinity.
open class PanGestureRecognizer: GestureRecognizer {
    /// Movement of the centroid along either axis needed to begin: 10 pt per axis
    /// (`+[UIPanGestureRecognizer _defaultHysteresis]`, decompiled iOS 18.2 UIKitCore).
    public static let hysteresis = 10.0
    /// Default `minimumNumberOfTouches`: 1 finger (UIKit `UIPanGestureRecognizer` documentation).
    public static let defaultMinimumNumberOfTouches = 1
    /// Default `maximumNumberOfTouches`: unlimited, `Int.max` (UIKit `UIPanGestureRecognizer` documentation).
    public static let defaultMaximumNumberOfTouches = Int.max
    /// Default `failsPastMaxTouches`: true. The pan's init (`_UIPanGestureRecognizerCommonInit`) is
    /// not in the 18.2 decompile; a later build's sets the bit, and the 18.2 scroll view turns it
    /// off explicitly for its own pan (docs/fidelity.md).
    public static let defaultFailsPastMaxTouches = true

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// Fewest fingers that may begin the pan (default 1).
    @exclusivity(unchecked) public var minimumNumberOfTouches = PanGestureRecognizer.defaultMinimumNumberOfTouches
    /// Most fingers the pan follows (default `Int.max`, unlimited); further fingers are never added.
    @exclusivity(unchecked) public var maximumNumberOfTouches = PanGestureRecognizer.defaultMaximumNumberOfTouches
    /// When true (the default), a finger past `maximumNumberOfTouches` landing while the pan is
    /// still possible fails it (`-[UIPanGestureRecognizer failsPastMaxTouches]`); when false it is
    /// only left out.
    @exclusivity(unchecked) public var failsPastMaxTouches = PanGestureRecognizer.defaultFailsPastMaxTouches

    /// Which velocity estimator the pan uses (default `.uikit`, UIKit's 0.2/0.8 blend). Changing it
    /// starts a fresh estimator.
    @exclusivity(unchecked) public var velocityEstimator: VelocityEstimatorKind = .uikit {
        didSet { tracker = VelocityTracker(kind: velocityEstimator) }
    }

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// UIKit's `_firstSceneReferenceLocation`, window coordinates: translation = last − first.
    @exclusivity(unchecked) var firstLocation = Point.zero
    /// UIKit's `_lastSceneReferenceLocation`, window coordinates: the centroid at the last move,
    /// shifted when fingers are added or lifted; the pan's location.
    @exclusivity(unchecked) var lastLocation = Point.zero
    /// Sum of the shifts applied to `lastLocation` when fingers were added or lifted. The velocity
    /// estimator is fed `lastLocation − rebaseShift`, a path without those jumps, so each sample
    /// is the movement from the shifted last location, as UIKit's.
    @exclusivity(unchecked) private var rebaseShift = Vector.zero
    @exclusivity(unchecked) var hasTouchedDown = false
    /// True once this pan asked for `began` (its state may still read `possible` while a failure
    /// requirement holds the recognition back).
    @exclusivity(unchecked) var hasBegun = false
    @exclusivity(unchecked) private var tracker = VelocityTracker(kind: .uikit)
    /// UIKit's `_touches`: the fingers the pan follows (at most `maximumNumberOfTouches`), in the
    /// order they began. A finger past the maximum is delivered but not in this list.
    @exclusivity(unchecked) private(set) var panTouches: [Touch] = []

    override open var kind: String { "pan" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    // MARK: Public values

    /// The translation since the pan began, points (`translationInView:`). Views only translate,
    /// so the vector is the same in every view's coordinates; `view` is accepted for UIKit's signature.
    public func translation(in view: View?) -> Vector {
        if holdsMotionAtZero { return .zero }
        let t = lastLocation - firstLocation
        return Vector(dx: UIKitVelocityEstimator.finite(t.dx), dy: UIKitVelocityEstimator.finite(t.dy))
    }

    /// Sets the translation (points), as `setTranslation:inView:`: only the first location moves,
    /// the velocity is kept (UIKit does not touch its velocity samples here). Ignored before a touch.
    public func setTranslation(_ translation: Vector, in view: View?) {
        guard hasTouchedDown else { return }
        firstLocation = Self.finite(lastLocation - translation)
    }

    /// The velocity of the pan, points per second (zero before any movement).
    public func velocity(in view: View?) -> Vector {
        if holdsMotionAtZero { return .zero }
        return tracker.velocityInPlace() ?? .zero
    }

    /// The pan's location (`locationInView:`): the centroid at its last move (shifted when fingers
    /// were added or lifted), not moved by a lift. Before a touch, the base class's centroid.
    public override func location(in view: View?) -> Point {
        guard hasTouchedDown else { return super.location(in: view) }
        guard let view else { return lastLocation }
        return view.convert(fromWindow: lastLocation)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        // `touchesBegan:`: a finger past the maximum is never added; with `failsPastMaxTouches`
        // it fails a pan that is still possible.
        let before = panTouches.count
        for t in touches {
            if panTouches.count < maximumNumberOfTouches {
                panTouches.append(t)
            } else if failsPastMaxTouches && !hasBegun {
                fail("touch \(t.id) landed past maximumNumberOfTouches \(maximumNumberOfTouches) (failsPastMaxTouches)")
                return
            }
        }
        guard panTouches.count > before, let all = centroidOfPanTouches() else { return }
        let added = panTouches[before...]
        if hasTouchedDown, let old = centroidOfTouches(excluding: added) {
            // `_touchesListChangedFrom:to:`: first and last shift by the centroid's jump.
            rebase(by: all - old)
            return
        }
        hasTouchedDown = true
        firstLocation = all
        lastLocation = all
        rebaseShift = .zero
        tracker.reset()
        tracker.addSample(time: event.timestamp, position: all)
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard hasTouchedDown, let c = centroidOfPanTouches() else { return }
        // `_centroidMovedTo:atTime:affectingTranslation:`: the last location is the centroid; the
        // estimator takes its sample from the previous last location.
        lastLocation = c
        tracker.addSample(time: event.timestamp, position: Self.finite(c - rebaseShift))
        // Once begun, no state change: the update sends `changed`.
        if hasBegun || !beginsOnAxisHysteresis { return }
        let raw = lastLocation - firstLocation
        let h = Self.hysteresis
        guard Swift.abs(raw.dx) >= h || Swift.abs(raw.dy) >= h else { return }
        guard panTouches.count >= minimumNumberOfTouches else { return }
        // A subclass's own test (the scroll view's pan: `_shouldTryToBeginWithEvent:`), only when it has one.
        if checksBegin && !shouldTryToBegin(translation: raw) { return }
        removeHysteresisFromTranslation(h)
        hasBegun = true
        state = .began
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        handleEndedTouches(touches, event) {
            if hasBegun {
                state = .ended
            } else {
                fail(reasonForEndBeforeBegan(cancelled: false))
            }
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        handleEndedTouches(touches, event) {
            if hasBegun {
                state = .cancelled
            } else {
                fail(reasonForEndBeforeBegan(cancelled: true))
            }
        }
    }

    /// Whether the pan's own begin test (`hysteresis` per axis) applies: a subclass with its own
    /// recognition (the screen-edge pan's features) turns it off in its initializer and sets
    /// `began` itself. A stored flag, read at every move before the pan began.
    @exclusivity(unchecked) var beginsOnAxisHysteresis = true

    /// The reason given when the last finger lifts (or is cancelled) before the pan began.
    func reasonForEndBeforeBegan(cancelled: Bool) -> FailureReason {
        cancelled ? "touch cancelled before the pan began" : liftReason()
    }

    open override func recognitionWillResumeAfterFailureRequirements() {
        // `_willBeginAfterSatisfyingFailureRequirements`: setTranslation(zero).
        setTranslation(.zero, in: nil)
    }

    open override func reset() {
        hasTouchedDown = false
        hasBegun = false
        firstLocation = .zero
        lastLocation = .zero
        rebaseShift = .zero
        tracker.reset()
        panTouches.clearKeepingCapacity()
    }

    open override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        // A finger past the maximum is delivered to the pan but is not one of its touches.
        values.numberOfTouches = Swift.min(values.numberOfTouches, maximumNumberOfTouches)
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
    }

    // MARK: Subclass hooks (this module's UIKit subclasses, e.g. `ScrollViewPanGestureRecognizer`)

    /// True makes the pan ask `shouldTryToBegin(translation:)` once the hysteresis is reached
    /// (false for a plain pan: no call per move).
    @exclusivity(unchecked) var checksBegin = false

    /// True makes `translation(in:)` and `velocity(in:)` read zero (a scroll view's pan holding a
    /// caught deceleration: `_beginScroll` sets the caught bit, which they check).
    @exclusivity(unchecked) var holdsMotionAtZero = false

    /// Whether the pan begins now that `raw` (the translation before the hysteresis is removed)
    /// reached the hysteresis on an axis; false keeps it possible (asked again at the next move). It
    /// may fail the pan itself. Only asked when `checksBegin`.
    func shouldTryToBegin(translation raw: Vector) -> Bool { true }

    /// Begins at once, without movement (a scroll view's pan catching a deceleration at touch-down:
    /// `-[UIScrollViewPanGestureRecognizer _beginScroll]` sets state began).
    func beginWithoutMovement() {
        guard hasTouchedDown, !hasBegun else { return }
        hasBegun = true
        state = .began
    }

    // MARK: UIKit's steps

    /// `_handleEndedTouches:withFinalStateAdjustments:`: the lifted (or cancelled) touches leave;
    /// while others remain, first and last shift by the centroid's jump (from all the touches at
    /// their positions now to the remaining ones); when none remains, `final` sets the state. The
    /// centroid is never moved to the lift positions and no velocity sample is taken.
    @inline(__always)
    private func handleEndedTouches(_ touches: [Touch], _ event: TouchEvent, final: () -> Void) {
        guard hasTouchedDown else { return }
        if let remaining = centroidOfTouches(excluding: touches) {
            if let all = centroidOfPanTouches() { rebase(by: remaining - all) }
            removePanTouches(touches)
            return
        }
        tracker.addLift(time: event.timestamp, position: Self.finite(lastLocation - rebaseShift))
        // The failure reason counts the fingers that lift (as `numberOfTouches` still does).
        final()
        removePanTouches(touches)
    }

    /// The lifted or cancelled touches leave `panTouches` (a finger past the maximum is not in it).
    private func removePanTouches(_ touches: [Touch]) {
        for t in touches {
            if let i = panTouches.firstIndex(where: { $0 === t }) { panTouches.remove(at: i) }
        }
    }

    /// `_touchesListChangedFrom:to:`: first and last location shift by `jump`.
    private func rebase(by jump: Vector) {
        firstLocation = Self.finite(firstLocation + jump)
        lastLocation = Self.finite(lastLocation + jump)
        let shift = rebaseShift + jump
        rebaseShift = Vector(dx: UIKitVelocityEstimator.finite(shift.dx), dy: UIKitVelocityEstimator.finite(shift.dy))
    }

    /// `_removeHysteresisFromTranslation`: `h` comes off each axis of the translation, clamped at
    /// zero, sign kept (`setTranslation:inView:` with the result).
    func removeHysteresisFromTranslation(_ h: Double) {
        let raw = translation(in: nil)
        setTranslation(Vector(dx: Self.removingHysteresis(raw.dx, h), dy: Self.removingHysteresis(raw.dy, h)), in: nil)
    }

    // MARK: Helpers

    /// `value` moved toward zero by `h`, clamped at zero, sign kept.
    static func removingHysteresis(_ value: Double, _ h: Double) -> Double {
        let m = Swift.max(Swift.abs(value) - h, 0)
        return value < 0 ? -m : m
    }

    private func liftReason() -> FailureReason {
        let raw = translation(in: nil)
        let n = panTouches.count
        if n < minimumNumberOfTouches {
            return "lifted before it began: \(n) touch\(n == 1 ? "" : "es") < minimumNumberOfTouches \(minimumNumberOfTouches)"
        }
        return "lifted before it began: moved (\(short: raw.dx), \(short: raw.dy)) pt, needs \(short: Self.hysteresis) pt along an axis"
    }

    /// `p` with each coordinate clamped to the finite range (absurd input must not give infinity).
    @inline(__always) static func finite(_ p: Point) -> Point {
        Point(x: UIKitVelocityEstimator.finite(p.x), y: UIKitVelocityEstimator.finite(p.y))
    }

    /// Centroid of all the pan's touches, window coordinates; nil when it has none. The hot case of
    /// `centroidOfTouches(excluding:)` (every move), with nothing to leave out: one pass over the
    /// touches, which it reads in place; a sum that overflows takes the general path.
    private func centroidOfPanTouches() -> Point? {
        guard let c = panTouches.windowCentroid() else { return nil }
        if c.x.isFinite && c.y.isFinite { return c }
        return centroidOfTouches(excluding: EmptyCollection<Touch>())
    }

    /// Centroid of this recognizer's touches, window coordinates, leaving out `excluded`; nil when none is left.
    private func centroidOfTouches<C: Collection<Touch>>(excluding excluded: C) -> Point? {
        var x = 0.0, y = 0.0, n = 0
        // Many touches in one event (a palm; 10,000 in a stress trace) must not cost n * m comparisons.
        let excludedSet: Set<ObjectIdentifier>? = excluded.count > 8 ? Set(excluded.lazy.map(ObjectIdentifier.init)) : nil
        for t in panTouches {
            if let excludedSet {
                if excludedSet.contains(ObjectIdentifier(t)) { continue }
            } else if excluded.contains(where: { $0 === t }) {
                continue
            }
            let p = t.windowLocation
            x += p.x
            y += p.y
            n += 1
        }
        if n == 0 { return nil }
        let c = Point(x: x / Double(n), y: y / Double(n))
        if c.x.isFinite && c.y.isFinite { return c }
        // The sum overflowed (coordinates near Double's limit): the mean of the quotients cannot.
        x = 0
        y = 0
        for t in panTouches {
            if let excludedSet {
                if excludedSet.contains(ObjectIdentifier(t)) { continue }
            } else if excluded.contains(where: { $0 === t }) {
                continue
            }
            x += t.windowLocation.x / Double(n)
            y += t.windowLocation.y / Double(n)
        }
        return Self.finite(Point(x: x, y: y))
    }
}
