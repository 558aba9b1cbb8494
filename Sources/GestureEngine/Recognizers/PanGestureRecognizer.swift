/// A continuous pan (drag), as `UIPanGestureRecognizer`: one or more fingers moving together.
///
/// - **Begins** when the centroid of the touches has moved at least `hysteresis` (10 pt) along
///   either axis since it touched down (per axis: a diagonal of (7, 7) does not begin, (10.5, 10.7)
///   does), with between `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers down.
/// - At `began`, 10 pt is removed from each axis of the translation (clamped at zero, sign kept), so
///   the translation starts near zero: (10.5, 10.7) begins with (0.5, 0.7).
/// - **Translation** = current centroid − starting centroid, re-based when fingers are added or
///   lifted so it does not jump. `setTranslation(_:in:)` sets it (and resets the velocity, as UIKit).
/// - **Velocity** (pt/s) comes from the estimator chosen by `velocityEstimator` (default `.uikit`:
///   0.2 × latest sample + 0.8 × previous velocity, a sample being the centroid's movement over the
///   time between events, ignored under 1 ms; no sample at the lift).
/// - **Ends** when every finger has lifted; **fails** if they all lift before it began. Too few or
///   too many fingers keep it `possible` (it then fails at the lift). Fingers beyond
///   `maximumNumberOfTouches` that arrive after it began are ignored.
/// - A pan whose recognition was held back by a failure requirement starts with zero translation.
///
/// Reports `translation` (pt) and `velocity` (pt/s). Source of every default:
/// decompiled iOS 18 UIKitCore, see `shared/reference/uikit-semantics.md` (Pan).
open class PanGestureRecognizer: GestureRecognizer {
    /// Movement of the centroid along either axis needed to begin: 10 pt per axis
    /// (decompiled iOS 18 UIKitCore, see shared/reference/uikit-semantics.md, Pan).
    public static let hysteresis = 10.0
    /// Default `minimumNumberOfTouches`: 1 finger (UIKit `UIPanGestureRecognizer` documentation).
    public static let defaultMinimumNumberOfTouches = 1
    /// Default `maximumNumberOfTouches`: unlimited, `Int.max` (UIKit `UIPanGestureRecognizer` documentation).
    public static let defaultMaximumNumberOfTouches = Int.max

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// Fewest fingers that may begin the pan (default 1).
    @exclusivity(unchecked) public var minimumNumberOfTouches = PanGestureRecognizer.defaultMinimumNumberOfTouches
    /// Most fingers that may begin the pan (default `Int.max`, unlimited).
    @exclusivity(unchecked) public var maximumNumberOfTouches = PanGestureRecognizer.defaultMaximumNumberOfTouches

    /// Which velocity estimator the pan uses (default `.uikit`, UIKit's 0.2/0.8 blend). Changing it
    /// starts a fresh estimator.
    @exclusivity(unchecked) public var velocityEstimator: VelocityEstimatorKind = .uikit {
        didSet { tracker = VelocityTracker(kind: velocityEstimator) }
    }

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The centroid's path, window coordinates, made continuous across finger changes:
    /// centroid + `fingerChangeOffset`. Velocity samples and the translation are taken from it.
    @exclusivity(unchecked) private var pathPosition = Point.zero
    /// Accumulated compensation for centroid jumps when fingers are added or lifted.
    @exclusivity(unchecked) private var fingerChangeOffset = Vector.zero
    /// Where the path was at touch-down (hysteresis is measured from it).
    @exclusivity(unchecked) private var startPosition = Point.zero
    /// translation = pathPosition − translationOrigin.
    @exclusivity(unchecked) private var translationOrigin = Point.zero
    @exclusivity(unchecked) private var hasTouchedDown = false
    /// True once this pan asked for `began` (its state may still read `possible` while a failure
    /// requirement holds the recognition back).
    @exclusivity(unchecked) private var hasBegun = false
    @exclusivity(unchecked) private var tracker = VelocityTracker(kind: .uikit)

    override open var kind: String { "pan" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    // MARK: Public values

    /// The translation since the pan began, points. Views only translate, so the vector is the same
    /// in every view's coordinates; `view` is accepted for UIKit's signature.
    public func translation(in view: View?) -> Vector {
        pathPosition - translationOrigin
    }

    /// Sets the translation (points), as UIKit; the velocity restarts from zero.
    public func setTranslation(_ translation: Vector, in view: View?) {
        translationOrigin = pathPosition - translation
        tracker.reset()
        if hasTouchedDown && numberOfTouches > 0 { tracker.addSample(time: currentTime, position: pathPosition) }
    }

    /// The velocity of the pan, points per second (zero before any movement).
    public func velocity(in view: View?) -> Vector {
        tracker.velocityInPlace() ?? .zero
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun && numberOfTouches > maximumNumberOfTouches {
            // Fingers beyond the maximum that arrive once the pan is going are ignored.
            for t in touches where numberOfTouches > maximumNumberOfTouches { ignore(t, for: event) }
        }
        let all = location(in: nil)
        if !hasTouchedDown {
            hasTouchedDown = true
            fingerChangeOffset = .zero
            pathPosition = all
            startPosition = all
            translationOrigin = all
            tracker.reset()
            tracker.addSample(time: event.timestamp, position: all)
            return
        }
        // Re-base: the path stays where it was with the previous fingers.
        if let old = centroidOfTouches(excluding: touches) {
            fingerChangeOffset = fingerChangeOffset + (old - all)
        }
        pathPosition = all + fingerChangeOffset
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard hasTouchedDown else { return }
        pathPosition = location(in: nil) + fingerChangeOffset
        tracker.addSample(time: event.timestamp, position: pathPosition)
        if hasBegun {
            state = .changed
            return
        }
        let raw = pathPosition - startPosition
        let h = Self.hysteresis
        guard Swift.abs(raw.dx) >= h || Swift.abs(raw.dy) >= h else { return }
        let n = numberOfTouches
        guard n >= minimumNumberOfTouches && n <= maximumNumberOfTouches else { return }
        let start = Vector(dx: Self.removingHysteresis(raw.dx, h), dy: Self.removingHysteresis(raw.dy, h))
        translationOrigin = pathPosition - start
        hasBegun = true
        state = .began
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard hasTouchedDown else { return }
        // The lift positions count for the translation; no velocity sample is taken at a lift.
        pathPosition = location(in: nil) + fingerChangeOffset
        if let remaining = centroidOfTouches(excluding: touches) {
            fingerChangeOffset = pathPosition - remaining
            return
        }
        tracker.addLift(time: event.timestamp, position: pathPosition)
        if hasBegun {
            state = .ended
        } else {
            fail(liftReason())
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .cancelled
        } else {
            fail("touch cancelled before the pan began")
        }
    }

    open override func recognitionWillResumeAfterFailureRequirements() {
        translationOrigin = pathPosition
    }

    open override func reset() {
        hasTouchedDown = false
        hasBegun = false
        pathPosition = .zero
        fingerChangeOffset = .zero
        startPosition = .zero
        translationOrigin = .zero
        tracker.reset()
    }

    open override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
    }

    // MARK: Helpers

    /// `value` moved toward zero by `h`, clamped at zero, sign kept.
    static func removingHysteresis(_ value: Double, _ h: Double) -> Double {
        let m = Swift.max(Swift.abs(value) - h, 0)
        return value < 0 ? -m : m
    }

    private func liftReason() -> String {
        let raw = pathPosition - startPosition
        let n = numberOfTouches
        if n < minimumNumberOfTouches {
            return makeReason("lifted before it began: \(n) touch\(n == 1 ? "" : "es") < minimumNumberOfTouches \(minimumNumberOfTouches)")
        }
        if n > maximumNumberOfTouches {
            return makeReason("lifted before it began: \(n) touches > maximumNumberOfTouches \(maximumNumberOfTouches)")
        }
        return makeReason("lifted before it began: moved (\(short: raw.dx), \(short: raw.dy)) pt, needs \(short: Self.hysteresis) pt along an axis")
    }

    /// Centroid of this recognizer's touches, window coordinates, leaving out `excluded`; nil when none is left.
    private func centroidOfTouches(excluding excluded: [Touch]) -> Point? {
        var x = 0.0, y = 0.0, n = 0
        // Many touches in one event (a palm; 10,000 in a stress trace) must not cost n * m comparisons.
        let excludedSet: Set<ObjectIdentifier>? = excluded.count > 8 ? Set(excluded.lazy.map(ObjectIdentifier.init)) : nil
        for t in self.touches {
            if let excludedSet {
                if excludedSet.contains(ObjectIdentifier(t)) { continue }
            } else if excluded.contains(where: { $0 === t }) { continue }
            let p = t.location(in: nil)
            x += p.x
            y += p.y
            n += 1
        }
        return n == 0 ? nil : Point(x: x / Double(n), y: y / Double(n))
    }
}
