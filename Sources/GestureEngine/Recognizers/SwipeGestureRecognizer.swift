/// A discrete swipe, as `UISwipeGestureRecognizer`.
///
/// Rules (`docs/reference/uikit-semantics.md`, "Swipe"; decompiled iOS 18 UIKitCore
/// `-[UISwipeGestureRecognizer touchesMoved:withEvent:]`):
/// - every move is judged, per finger, on its movement since it touched down and on the time `t`
///   since the last finger touched down. The thresholds shrink with `t`:
///   minimum primary movement `50 x (1 - min(t, 0.5) x (1 - 0.06))` (45.3 pt at 0.1 s, 26.5 pt at
///   0.5 s) and maximum secondary movement `50 x (1 - min(t, 0.5) x (1 - 0.02))` (45.1 / 25.5 pt);
///   movement against the direction may not exceed `maximumOppositeMovement` (0 pt);
/// - it recognizes (`possible -> ended`) during the move in which all `numberOfTouchesRequired`
///   fingers qualify, never at a lift; a move more than `maximumDuration` (0.5 s) after touch-down
///   fails it (0.500 s recognizes, 0.501 s does not, measured to the nanosecond);
/// - a finger also qualifies only if its last step's primary speed (movement since the previous
///   move / time since it, at least 0.01 s) reaches `minimumPrimaryMovementRate`;
/// - a finger that breaks a limit fails it at once; lifting before it recognized fails it;
/// - a finger beyond `numberOfTouchesRequired` is never added to the swipe's touches
///   (`touchesBegan:withEvent:` marks the attempt failed instead, and so do too many fingers
///   landing in one event, none of which is added); one of its fingers lifting while others stay
///   down also marks it. Marked, it moves to `failed` when its own fingers have all lifted
///   (`touchesEnded:withEvent:`; an extra finger lifting changes nothing), or at the first move
///   past `maximumDuration`; while marked, moves do nothing else (`touchesMoved:withEvent:`).
///
/// There is no timer: like UIKit, a swipe whose fingers stay still past `maximumDuration` stays
/// `possible` until the next move or lift (the decompiled code checks the duration in `touchesMoved`
/// only; the probe's 0.501 s case is a move that arrives late).
///
/// With a horizontal and a vertical direction in one set UIKit judges the horizontal axis first:
/// a finger whose vertical movement exceeds the secondary maximum fails before the vertical test,
/// so `[.right, .down]` recognizes right swipes but a straight down swipe fails. This engine keeps
/// that behaviour.
///
/// Reported values: `location` (the centroid where the swipe began, as UIKit's `locationInView:`),
/// `numberOfTouches`, `direction` (the single direction that fired, from the first finger).
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Default direction: right (UIKit's documented default, see `docs/reference/uikit-semantics.md`).
    public static let defaultDirection = SwipeDirection.right
    /// Default number of fingers: 1 (UIKit's documented default).
    public static let defaultNumberOfTouchesRequired = 1
    /// Default maximum duration: 0.5 s from touch-down to the recognizing move (decompiled iOS 18
    /// UIKitCore; 0.500 s recognizes, 0.501 s does not, probe on iOS 26.1; see `docs/reference/uikit-semantics.md`).
    public static let defaultMaximumDuration = 0.5
    /// Default minimum primary movement at t = 0: 50 pt (decompiled iOS 18 UIKitCore, see `docs/reference/uikit-semantics.md`).
    public static let defaultMinimumPrimaryMovement = 50.0
    /// Default maximum secondary movement at t = 0: 50 pt (decompiled iOS 18 UIKitCore, see `docs/reference/uikit-semantics.md`).
    public static let defaultMaximumSecondaryMovement = 50.0
    /// Default maximum movement against the direction: 0 pt (decompiled iOS 18 UIKitCore, see `docs/reference/uikit-semantics.md`).
    public static let defaultMaximumOppositeMovement = 0.0
    /// Default decay rate of the minimum primary movement: 0.06, dimensionless (decompiled iOS 18
    /// UIKitCore: minimum x (1 - min(t, 0.5) x (1 - rate)); see `docs/reference/uikit-semantics.md`).
    public static let defaultRateOfMinimumMovementDecay = 0.06
    /// Default decay rate of the maximum secondary movement: 0.02, dimensionless (decompiled iOS 18
    /// UIKitCore, see `docs/reference/uikit-semantics.md`).
    public static let defaultRateOfMaximumMovementDecay = 0.02
    /// Default `minimumPrimaryMovementRate`: 0 pt/s, so the speed test never fails a finger. UIKit's
    /// value is set in `_UISwipeGestureRecognizerCommonInit`, a C function missing from the 18.2
    /// decompile; the iOS 26.1 simulator's boundary cases bound it at about 53 pt/s or less, and
    /// 0 keeps every one of them (docs/fidelity.md).
    public static let defaultMinimumPrimaryMovementRate = 0.0
    /// A step shorter than this counts as this long when the speed is taken: 0.01 s (`touchesMoved:withEvent:`).
    public static let minimumStepDuration = 0.01
    /// The thresholds stop shrinking after 0.5 s (the literal `fmin(t, 0.5)` in decompiled iOS 18 UIKitCore).
    public static let movementDecayDuration = 0.5

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// The directions that may fire (an option set; right by default).
    @exclusivity(unchecked) public var direction = SwipeGestureRecognizer.defaultDirection
    /// Fingers that must swipe together.
    @exclusivity(unchecked) public var numberOfTouchesRequired = SwipeGestureRecognizer.defaultNumberOfTouchesRequired
    /// Longest time from touch-down to the recognizing move, seconds.
    @exclusivity(unchecked) public var maximumDuration = SwipeGestureRecognizer.defaultMaximumDuration
    /// Primary movement needed at t = 0, points (shrinks with time).
    @exclusivity(unchecked) public var minimumPrimaryMovement = SwipeGestureRecognizer.defaultMinimumPrimaryMovement
    /// Secondary (perpendicular) movement allowed at t = 0, points (shrinks with time).
    @exclusivity(unchecked) public var maximumSecondaryMovement = SwipeGestureRecognizer.defaultMaximumSecondaryMovement
    /// Movement allowed against the direction, points.
    @exclusivity(unchecked) public var maximumOppositeMovement = SwipeGestureRecognizer.defaultMaximumOppositeMovement
    /// Decay rate of `minimumPrimaryMovement` (dimensionless).
    @exclusivity(unchecked) public var rateOfMinimumMovementDecay = SwipeGestureRecognizer.defaultRateOfMinimumMovementDecay
    /// Decay rate of `maximumSecondaryMovement` (dimensionless).
    @exclusivity(unchecked) public var rateOfMaximumMovementDecay = SwipeGestureRecognizer.defaultRateOfMaximumMovementDecay
    /// Primary speed of a finger's last step needed to qualify, pt/s (`_minimumPrimaryMovementRate`;
    /// default `defaultMinimumPrimaryMovementRate`, 0).
    @exclusivity(unchecked) public var minimumPrimaryMovementRate = SwipeGestureRecognizer.defaultMinimumPrimaryMovementRate

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The direction that fired, once recognized.
    @exclusivity(unchecked) public private(set) var recognizedDirection: SwipeDirection?

    /// Centroid where the swipe began, window coordinates.
    @exclusivity(unchecked) private var startLocation = Point.zero
    /// Time the last finger touched down, seconds (trace time).
    @exclusivity(unchecked) private var startTime = 0.0
    @exclusivity(unchecked) private var hasStarted = false
    /// Set when the attempt is already lost but UIKit has not moved it to `failed` yet.
    @exclusivity(unchecked) private var markedFailed = false
    @exclusivity(unchecked) private var markedReason: FailureReason?
    /// The first finger's last judgement, for the reason given at the lift.
    @exclusivity(unchecked) private var lastPrimary = 0.0
    @exclusivity(unchecked) private var lastNeeded = 0.0
    @exclusivity(unchecked) private var lastElapsed = 0.0
    @exclusivity(unchecked) private var hasMoved = false
    /// UIKit's `_touches`: the fingers the swipe took (never more than `numberOfTouchesRequired`),
    /// with `_startLocations` and `_previousLocations` (window coordinates) and `_previousTime`.
    @exclusivity(unchecked) private var swipeTouches: [Touch] = []
    @exclusivity(unchecked) private var startLocations: [Point] = []
    @exclusivity(unchecked) private var previousLocations: [Point] = []
    @exclusivity(unchecked) private var previousTime = 0.0

    override open var kind: String { "swipe" }

    /// A swipe named `name` (the kind, `"swipe"`, when nil) in `direction`.
    public init(
        name: String? = nil, direction: SwipeDirection = SwipeGestureRecognizer.defaultDirection,
        touches: Int = SwipeGestureRecognizer.defaultNumberOfTouchesRequired
    ) {
        self.direction = direction
        self.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    /// Minimum primary movement `t` seconds after touch-down, points.
    public func minimumPrimaryMovement(after t: Double) -> Double {
        minimumPrimaryMovement * (1 - min(t, Self.movementDecayDuration) * (1 - rateOfMinimumMovementDecay))
    }

    /// Maximum secondary movement `t` seconds after touch-down, points.
    public func maximumSecondaryMovement(after t: Double) -> Double {
        maximumSecondaryMovement * (1 - min(t, Self.movementDecayDuration) * (1 - rateOfMaximumMovementDecay))
    }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if markedFailed { return }
        if swipeTouches.count + touches.count > numberOfTouchesRequired {
            // `touchesBegan:withEvent:`: none of them is added; the attempt is marked failed.
            mark("\(swipeTouches.count + touches.count) touches > numberOfTouchesRequired \(numberOfTouchesRequired)")
            return
        }
        for touch in touches {
            swipeTouches.append(touch)
            startLocations.append(touch.windowLocation)
            previousLocations.append(touch.windowLocation)
        }
        startLocation = swipeCentroid()
        startTime = event.timestamp
        previousTime = startTime
        hasStarted = true
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        // With no finger taken (too many landed at once) there is nothing to judge.
        guard hasStarted, !swipeTouches.isEmpty else { return }
        // `_TimestampForTouches(_touches)`: the latest time of the swipe's own fingers.
        var now = startTime
        for t in swipeTouches where t.timestamp > now { now = t.timestamp }
        let elapsedNanos = TraceClock.nanoseconds(from: startTime, to: now)
        if elapsedNanos > TraceClock.rounded(maximumDuration * 1e9) {
            fail(
                "moved \(short: now - startTime, decimals: 3) s after touch-down > maximumDuration \(short: maximumDuration, decimals: 3) s"
            )
            return
        }
        defer { previousTime = now }
        if markedFailed { return }
        let t = now - startTime
        let minPrimary = minimumPrimaryMovement(after: t)
        let maxSecondary = maximumSecondaryMovement(after: t)
        let step = Swift.max(now - previousTime, Self.minimumStepDuration)
        var allQualify = swipeTouches.count == numberOfTouchesRequired
        var fired: SwipeDirection?
        for i in swipeTouches.indices {
            // The location read in place (no touch held across the loop: a retain and release per move).
            let p = swipeTouches[i].windowLocation
            let d = p - startLocations[i]
            let stepSpeed = Vector(dx: Swift.abs(p.x - previousLocations[i].x) / step, dy: Swift.abs(p.y - previousLocations[i].y) / step)
            previousLocations[i] = p
            let verdict = judge(d, minPrimary: minPrimary, maxSecondary: maxSecondary, stepSpeed: stepSpeed)
            if i == 0 {
                hasMoved = true
                lastElapsed = t
                lastNeeded = minPrimary
                lastPrimary = verdict.primary
            }
            if let failure = verdict.failure, !markedFailed {
                mark(
                    failure.reason(
                        touch: swipeTouches[i].id, t: t, minPrimary: minPrimary, maxSecondary: maxSecondary,
                        maxOpposite: maximumOppositeMovement, direction: direction))
            }
            if let d = verdict.fired {
                if fired == nil { fired = d }
            } else {
                allQualify = false
            }
        }
        if allQualify {
            recognizedDirection = fired
            state = .ended
        } else if markedFailed {
            fail(markedReason ?? "swipe failed")
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // `touchesEnded:withEvent:`: the swipe's own fingers leave; it fails once none is left.
        removeSwipeTouches(touches)
        if !swipeTouches.isEmpty {
            if !markedFailed { mark("a finger lifted before the swipe was recognized") }
            return
        }
        failAtLift()
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        removeSwipeTouches(touches)
        if !swipeTouches.isEmpty {
            if !markedFailed { mark("a touch was cancelled before the swipe was recognized") }
            return
        }
        fail(markedReason ?? "touch cancelled before the swipe was recognized")
    }

    private func removeSwipeTouches(_ touches: [Touch]) {
        for touch in touches {
            if let i = swipeTouches.firstIndex(where: { $0 === touch }) {
                swipeTouches.remove(at: i)
                startLocations.remove(at: i)
                previousLocations.remove(at: i)
            }
        }
    }

    /// `_centroidOfTouches:excludingEnded:` over the swipe's fingers, window coordinates.
    private func swipeCentroid() -> Point {
        swipeTouches.windowCentroid() ?? Point(x: .nan, y: .nan)
    }

    override open func reset() {
        recognizedDirection = nil
        startLocation = .zero
        startTime = 0
        hasStarted = false
        markedFailed = false
        markedReason = nil
        lastPrimary = 0
        lastNeeded = 0
        lastElapsed = 0
        hasMoved = false
        swipeTouches.clearKeepingCapacity()
        startLocations.clearKeepingCapacity()
        previousLocations.clearKeepingCapacity()
        previousTime = 0
    }

    /// `UISwipeGestureRecognizer locationInView:`: where the swipe started (the centroid of its
    /// touches at the first touch-down) once it has, else the base class's centroid; points, in
    /// `view`'s coordinates (the window's when nil).
    public override func location(in view: View?) -> Point {
        guard hasStarted else { return super.location(in: view) }
        return view?.convert(fromWindow: startLocation) ?? startLocation
    }

    override open func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.direction = recognizedDirection
    }

    // MARK: Judging one finger

    private enum Failure {
        case opposite(Double)
        case secondary(Double)

        func reason(
            touch: Int, t: Double, minPrimary: Double, maxSecondary: Double, maxOpposite: Double,
            direction: SwipeDirection
        ) -> FailureReason {
            let at: FailureReason = "at \(short: t, decimals: 3) s"
            switch self {
            case .opposite(let m):
                return
                    "touch \(touch) moved \(short: m) pt against direction \(direction) > maximumOppositeMovement \(short: maxOpposite) pt"
            case .secondary(let m):
                return "touch \(touch) secondary movement \(short: m) pt > \(short: maxSecondary) pt allowed \(at)"
            }
        }
    }

    private struct Verdict {
        var fired: SwipeDirection?
        var failure: Failure?
        var primary: Double
    }

    /// UIKit's per-finger test: the opposite-movement checks on both axes, then the horizontal test,
    /// then the vertical one (skipped when the horizontal test already failed the finger).
    private func judge(_ d: Vector, minPrimary: Double, maxSecondary: Double, stepSpeed: Vector) -> Verdict {
        let rate = minimumPrimaryMovementRate
        let horizontal = direction.intersection([.right, .left])
        let vertical = direction.intersection([.up, .down])
        let ax = abs(d.dx), ay = abs(d.dy)
        var verdict = Verdict(fired: nil, failure: nil, primary: horizontal.isEmpty ? ay : ax)
        if horizontal == .right && d.dx < -maximumOppositeMovement { verdict.failure = .opposite(-d.dx); return verdict }
        if horizontal == .left && d.dx > maximumOppositeMovement { verdict.failure = .opposite(d.dx); return verdict }
        if vertical == .down && d.dy < -maximumOppositeMovement { verdict.failure = .opposite(-d.dy); return verdict }
        if vertical == .up && d.dy > maximumOppositeMovement { verdict.failure = .opposite(d.dy); return verdict }
        if !horizontal.isEmpty {
            // UIKit's maximum primary movement is unlimited (FLT_MAX); only the secondary limit applies.
            if ay > maxSecondary {
                verdict.failure = .secondary(ay)
                return verdict
            }
            if ax >= minPrimary && stepSpeed.dx >= rate { verdict.fired = d.dx >= 0 ? .right : .left }
        }
        if !vertical.isEmpty {
            if ax > maxSecondary {
                verdict.failure = .secondary(ax)
            } else if ay >= minPrimary && stepSpeed.dy >= rate {
                if verdict.fired == nil { verdict.fired = d.dy >= 0 ? .down : .up }
                verdict.primary = max(verdict.primary, ay)
            }
        }
        return verdict
    }

    private func mark(_ reason: FailureReason) {
        markedFailed = true
        markedReason = reason
        // Marked, a move does nothing but test the duration (`touchesMoved`), which cannot fail it
        // before `startTime + maximumDuration` (the fingers' times are never later than the
        // event's; a microsecond of margin, more than the nanosecond rounding): the engine may skip
        // those moves. With no finger taken, every move does nothing. Not for a subclass, whose own
        // `touchesMoved` gets every move.
        guard type(of: self) == SwipeGestureRecognizer.self else { return }
        if !hasStarted || swipeTouches.isEmpty {
            ignoresMoves(before: .infinity)
        } else {
            let deadline = startTime + maximumDuration
            ignoresMoves(before: deadline - Swift.max(1e-6, 16 * deadline.ulp))
        }
    }

    private func failAtLift() {
        if let markedReason {
            fail(markedReason)
        } else if hasMoved {
            fail(
                "lifted before swiping: primary movement \(short: lastPrimary, decimals: 2) pt < \(short: lastNeeded, decimals: 2) pt needed at \(short: lastElapsed, decimals: 3) s"
            )
        } else {
            fail("lifted without moving")
        }
    }
}
