/// A continuous two-finger pinch, as `UIPinchGestureRecognizer` with its `_UIPinchGestureRecognizerDriver`
/// (decompiled iOS 18.2 UIKitCore; each rule names the method it follows).
///
/// - **Pair lock** (`touchesBegan:withEvent:`, `shouldReceiveComponent:withEvent:`): the pair forms
///   when a touch-down brings the pinch's touches to exactly 2. From then on every later touch is
///   refused until the pinch resets: a third finger neither fails it nor joins, and a finger that
///   lands after one of the pair lifted does not resume it. Touches that land together with more
///   than two down never form a pair (the pinch fails when they have all lifted).
/// - **Begins** (`touchesMoved:withEvent:`) when the distance between the two fingers differs by
///   more than `hysteresis` (8 pt) from its value when the pair formed; the start distance is then
///   moved 8 pt toward the current one, so 100 → 110 pt begins with 110/108. It begins even when the
///   pinch does not dominate the motion (the driver's `touchesMoved:withEvent:`, docs/fidelity.md):
///   its scale then stays 1 and its velocity 0.
/// - **Dominance** (`_applyScale:atLocation:touchDistance:withEvent:`, `TransformAnalyzer` with the
///   pinch driver's weights): the scale (current distance / start distance, cumulative) is applied
///   only while the pinch component dominates; otherwise the start distance is re-based so the scale
///   freezes, and the velocity sample is 0. Two fingers dragged together keep scale 1.
/// - **Velocity** (`-[UIPinchGestureRecognizer velocity]`): 0.75 × previous sample + 0.25 × current
///   sample (the current alone when the previous is 0). A sample is Δscale / Δt since the last
///   applied move, the first one timed from when the pair formed, so `began` reports a velocity;
///   with Δt = 0 the last non-zero Δt is used, or one 60 Hz frame (UIKit: `UIScreen _refreshRate`).
/// - Lifting one finger of the pair freezes the scale; it **ends** when every finger it tracks has
///   lifted (`touchesEnded:withEvent:`) and **fails** if they lift before it began.
/// - `location` is UIKit's `locationInView:` while fingers are down: the base class's centroid,
///   summed and divided in integers (`-[UIGestureRecognizer locationInView:]`); without fingers,
///   the driver's anchor point (the centroid at the last applied move).
///
/// Reports `scale` and `scalarVelocity`.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Change of the finger distance needed to begin: more than 8 pt (`_UIPinchGestureRecognizerDriver
    /// init`, `_hysteresis`).
    public static let hysteresis = 8.0
    /// Number of touches a pinch uses: exactly 2 (`touchesBegan:withEvent:` forms the pair at 2).
    public static let requiredNumberOfTouches = TwoFingerPair.requiredNumberOfTouches
    /// Weight of the previous velocity sample: 0.75 (`-[UIPinchGestureRecognizer velocity]`).
    public static let previousVelocityWeight = TwoFingerPair.previousVelocityWeight
    /// Weight of the current velocity sample: 0.25 (same method).
    public static let sampleWeight = TwoFingerPair.sampleWeight
    /// Δt used for a velocity sample when no time has passed and no earlier Δt is known: one frame
    /// of a 60 Hz screen (UIKit uses `UIScreen _refreshRate`, the frame duration), seconds.
    public static let fallbackSampleInterval = 1.0 / 60

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The pair lock, crowd, anchor and velocity samples (shared with the rotation driver).
    @exclusivity(unchecked) private var pair = TwoFingerPair()
    @exclusivity(unchecked) private var hasBegun = false
    /// Distance that gives the current scale's reference, divided by the scale at pair formation, pt.
    @exclusivity(unchecked) private var startDistance = 0.0
    /// The scale when the pair formed (`_initialScale`).
    @exclusivity(unchecked) private var initialScale = 1.0
    @exclusivity(unchecked) private var currentScale = 1.0
    @exclusivity(unchecked) private var lastEventTime = 0.0
    @exclusivity(unchecked) private var lastNonZeroInterval = 0.0
    @exclusivity(unchecked) private var analyzer = TransformAnalyzer(weights: .pinchDriver)
    /// |distance − start distance| at the last move before began, points (for the failure reason).
    @exclusivity(unchecked) private var lastDistanceChange = 0.0

    open override var kind: String { "pinch" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The scale since the pinch began (1 at the start), cumulative. Setting it re-bases the start
    /// distance so the next events continue from the new value (`_UIPinchGestureRecognizerDriver
    /// setScale:`; the velocity is kept, as there).
    public var scale: Double {
        get { currentScale }
        set {
            if pair.isLocked && newValue != 0 && newValue.isFinite {
                startDistance = currentScale * startDistance / newValue
            }
            initialScale = newValue
            currentScale = newValue
        }
    }

    /// The velocity of the pinch, scale per second (`-[UIPinchGestureRecognizer velocity]`).
    public var velocity: Double { pair.velocity }

    /// The dominant component of the pair's motion at the last move.
    public var dominantComponent: TransformAnalyzer.Component { analyzer.dominant }

    /// Once the pair formed, every later touch is refused (the driver's `shouldReceiveComponent:withEvent:`,
    /// consulted by `_shouldReceiveTouch:`): it is never delivered, so it does not update the recognizer.
    override func shouldReceiveNewTouch(_ touch: Touch) -> Bool { !pair.isLocked }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        defer { quietMovesUntilPaired(pair, exactClass: type(of: self) == PinchGestureRecognizer.self) }
        guard formPair(&pair, touches, with: event) else { return }
        initialScale = currentScale
        let d = pairDistance()
        startDistance = initialScale != 0 ? d / initialScale : d
        lastEventTime = event.timestamp
        pair.anchor = pairCentroid(orElse: pair.anchor)
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard pair.isLocked, numberOfTouches == Self.requiredNumberOfTouches else { return }
        let d = pairDistance()
        analyzer.analyze(touchesOf: self, moved: touches)
        if !hasBegun {
            let change = d - startDistance * initialScale
            lastDistanceChange = Swift.abs(change)
            guard Swift.abs(change) > Self.hysteresis else { return }
            let shift = startDistance > d ? Self.hysteresis : -Self.hysteresis
            startDistance -= initialScale != 0 ? shift / initialScale : shift
        }
        applyScale(startDistance != 0 ? d / startDistance : currentScale, distance: d, at: event.timestamp)
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // The touches that end in this event are still counted by `numberOfTouches`.
        guard numberOfTouches - touches.count == 0 else { return }
        if hasBegun {
            state = .ended
        } else if pair.isLocked {
            fail("lifted before it began: distance changed \(short: lastDistanceChange) pt, needs more than \(short: Self.hysteresis) pt")
        } else {
            failWithoutPair(pair, gesture: "a pinch")
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        // `touchesCancelled:withEvent:`: the pinch stops once none of its touches is left.
        guard numberOfTouches - touches.count == 0 else { return }
        if hasBegun { state = .cancelled } else { fail("touch cancelled before the pinch began") }
    }

    open override func reset() {
        pair.reset()
        hasBegun = false
        startDistance = 0
        initialScale = 1
        currentScale = 1
        lastEventTime = 0
        lastNonZeroInterval = 0
        analyzer.reset()
        lastDistanceChange = 0
    }

    /// `UIPinchGestureRecognizer locationInView:`: the integer centroid of the fingers down, else
    /// where the pair was (``pairLocation(in:anchor:)``); points.
    public override func location(in view: View?) -> Point { pairLocation(in: view, anchor: pair.anchor) }

    open override func fillValues(_ values: inout GestureValues) {
        fillPairLocation(&values, anchor: pair.anchor)
        values.scale = currentScale
        values.scalarVelocity = velocity
    }

    // MARK: Helpers

    /// `_applyScale:atLocation:touchDistance:withEvent:`: the scale and a velocity sample while the
    /// pinch dominates, else a re-based start and a zero sample; begins the pinch if it was possible.
    private func applyScale(_ newScale: Double, distance d: Double, at time: Double) {
        let oldScale = currentScale
        var dt = time - lastEventTime
        pair.anchor = pairCentroid(orElse: pair.anchor)
        pair.previousSample = pair.sample
        lastEventTime = time
        if analyzer.dominant == .pinch {
            currentScale = newScale
            if dt >= TraceClock.resolution {
                lastNonZeroInterval = dt
            } else {
                dt = dt >= 0 && lastNonZeroInterval > 0 ? lastNonZeroInterval : Self.fallbackSampleInterval
            }
            pair.sample = (newScale - oldScale) / dt
        } else {
            // Frozen: the start distance follows the fingers so the scale keeps its value. A scale of 0
            // (the fingers met) cannot be re-based; the start distance is kept (engine choice).
            if currentScale != 0 { startDistance = d / currentScale }
            pair.sample = 0
        }
        if hasBegun {
            state = .changed
        } else {
            hasBegun = true
            state = .began
        }
    }
}
