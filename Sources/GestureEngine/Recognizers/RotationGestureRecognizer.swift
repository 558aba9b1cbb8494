/// A continuous two-finger rotation, as `UIRotationGestureRecognizer` with its
/// `_UIRotationGestureRecognizerDriver` (decompiled iOS 18.2 UIKitCore; each rule names the method
/// it follows).
///
/// - **Angle**: the line from the first finger of the pair to the second, `atan2(y0 − y1, x1 − x0)`
///   (`Angle.atan2`, stdlib only); rotation = start angle − current angle + turns × 2π, radians,
///   positive clockwise on screen (`-[UIRotationGestureRecognizer rotation]`).
/// - **Turns** (`touchesMoved:withEvent:`): whenever the angle changes by more than π/2 from one
///   event to the next, a full turn is counted in the direction of the change. A real crossing of
///   ±π is counted right; a genuine step of more than π/2 is counted as a turn too (UIKit's rule),
///   so a 100° step reads as −260°.
/// - **Pair lock** (`touchesBegan:withEvent:`, `shouldReceiveComponent:withEvent:`): once a
///   touch-down brings its touches to exactly 2, every later touch is refused until reset (a third
///   finger neither fails it nor joins; a finger landing after one of the pair lifted does not resume).
/// - **Begins** when the angle differs from the start angle by more than
///   `5° + 5° × √min(|Δd / d0|, 1)` (5° to 10°, d0 the distance when the pair formed; 10° when d0 is
///   0, as C's `fmin` gives) and the rotation component dominates (`TransformAnalyzer` with the
///   rotation driver's weights): the start angle is moved by the threshold toward the current one,
///   so the rotation starts near 0. While rotation does not dominate, before or after it began, the
///   start angle follows the fingers (the rotation freezes) and the velocity sample is 0; so a spread
///   with a slight twist does not begin a rotation.
/// - **Velocity** (`-[UIRotationGestureRecognizer velocity]`): 0.75 × previous sample + 0.25 ×
///   current sample (the current alone when the previous is 0); a sample is Δrotation / Δt since the
///   last move that passed the threshold (the first timed from when the pair formed), so `began`
///   reports a velocity. With Δt = 0 the sample keeps its last value.
/// - Lifting one finger freezes the rotation; it **ends** when every finger it tracks has lifted and
///   **fails** if they lift before it began.
/// - `location`: the base class's integer centroid while fingers are down (`-[UIGestureRecognizer
///   locationInView:]`), else the anchor point (the centroid at the last move that passed the threshold).
///
/// Reports `rotation` and `scalarVelocity`.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Rotation needed to begin with no change of distance: 5°, in radians
    /// (`_UIRotationGestureRecognizerDriver touchesMoved:withEvent:`).
    public static let minimumThreshold = 5.0 * Double.pi / 180
    /// Extra rotation needed as the distance changes: up to 5° more, in radians, scaled by
    /// √min(|Δd/d0|, 1) (same method).
    public static let distanceThreshold = 5.0 * Double.pi / 180
    /// Number of touches a rotation uses: exactly 2 (`touchesBegan:withEvent:` forms the pair at 2).
    public static let requiredNumberOfTouches = TwoFingerPair.requiredNumberOfTouches
    /// Weight of the previous velocity sample: 0.75 (`-[UIRotationGestureRecognizer velocity]`).
    public static let previousVelocityWeight = TwoFingerPair.previousVelocityWeight
    /// Weight of the current velocity sample: 0.25 (same method).
    public static let sampleWeight = TwoFingerPair.sampleWeight
    /// An angle step larger than this counts a full turn: π/2 (`touchesMoved:withEvent:`).
    public static let turnStep = Double.pi / 2

    /// π/180 in single precision (0.017453292): the decompile's `0.017453` is this float printed
    /// with six decimals; the iOS 26.1 simulator reports 10°, 45° and 90° turns as 0.087266465,
    /// 0.698131703 and 1.483529867, i.e. less `Float(5) × Float(π/180)` = 0.0872664600610733.
    public static let radiansPerDegree = Float(Double.pi / 180)

    /// The threshold for a relative distance change `|Δd/d0|`, radians (5° to 10°). UIKit computes it
    /// in degrees in single precision and converts with the float π/180 (`touchesMoved:`,
    /// `radiansPerDegree`); a NaN or infinite ratio (d0 = 0) counts as 1, as C's `fmin` gives.
    public static func threshold(relativeDistanceChange r: Double) -> Double {
        let ratio = r.isFinite ? Swift.min(Swift.abs(r), 1) : 1
        let degrees = Float(ratio.squareRoot() * 5 + 5)
        return Double(degrees * Self.radiansPerDegree)
    }

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// The pair lock, crowd, anchor and velocity samples (shared with the pinch driver).
    @exclusivity(unchecked) private var pair = TwoFingerPair()
    @exclusivity(unchecked) private var hasBegun = false
    @exclusivity(unchecked) private var initialDistance = 0.0
    /// `_initialTouchAngle`, `_currentTouchAngle`, `_currentRotationCount`.
    @exclusivity(unchecked) private var initialAngle = 0.0
    @exclusivity(unchecked) private var currentAngle = 0.0
    @exclusivity(unchecked) private var turns = 0
    @exclusivity(unchecked) private var lastTouchTime = 0.0
    @exclusivity(unchecked) private var analyzer = TransformAnalyzer(weights: .rotationDriver)
    /// For the failure reason: how far the pair had turned from the start angle, and the threshold.
    @exclusivity(unchecked) private var lastTurn = 0.0
    @exclusivity(unchecked) private var lastThreshold = RotationGestureRecognizer.minimumThreshold
    /// The turn passed the threshold at least once while rotation did not dominate.
    @exclusivity(unchecked) private var passedWithoutDominance = false

    open override var kind: String { "rotation" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The rotation since the gesture began, radians, counting full turns. Setting it continues
    /// from the new value (`_UIRotationGestureRecognizerDriver setRotation:`; the velocity is kept).
    public var rotation: Double {
        get { initialAngle - currentAngle + Double(turns) * 2 * Double.pi }
        set {
            // A value beyond ±1e9 rad (or not finite) is ignored (engine choice: no turn count overflows).
            guard Swift.abs(newValue) <= 1e9 else { return }
            initialAngle = currentAngle + newValue
            turns = 0
            normalizeInitialAngle()
        }
    }

    /// The velocity of the rotation, radians per second (`-[UIRotationGestureRecognizer velocity]`).
    public var velocity: Double { pair.velocity }

    /// The dominant component of the pair's motion at the last move.
    public var dominantComponent: TransformAnalyzer.Component { analyzer.dominant }

    /// Once the pair formed, every later touch is refused (the driver's `shouldReceiveComponent:withEvent:`,
    /// consulted by `_shouldReceiveTouch:`): it is never delivered, so it does not update the recognizer.
    override func shouldReceiveNewTouch(_ touch: Touch) -> Bool { !pair.isLocked }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        defer { quietMovesUntilPaired(pair, exactClass: type(of: self) == RotationGestureRecognizer.self) }
        guard formPair(&pair, touches, with: event) else { return }
        lastTouchTime = event.timestamp
        pair.anchor = pairCentroid(orElse: pair.anchor)
        initialDistance = pairDistance()
        let a = pairAngle()
        initialAngle = a + initialAngle - currentAngle
        currentAngle = a
        normalizeInitialAngle()
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard pair.isLocked, numberOfTouches == Self.requiredNumberOfTouches else { return }
        let a = pairAngle()
        let previousAngle = currentAngle
        let previousTurns = turns
        let step = a - previousAngle
        let previousTime = lastTouchTime
        analyzer.analyze(touchesOf: self, moved: touches)
        if Swift.abs(step) > Self.turnStep { turns += step >= 0 ? 1 : -1 }
        if !hasBegun {
            let relative = (pairDistance() - initialDistance) / initialDistance
            let threshold = Self.threshold(relativeDistanceChange: relative)
            lastThreshold = threshold
            lastTurn = Swift.abs(initialAngle - a)
            guard lastTurn > threshold else { return }
            initialAngle += initialAngle <= a ? threshold : -threshold
        }
        pair.anchor = pairCentroid(orElse: pair.anchor)
        pair.previousSample = pair.sample
        lastTouchTime = event.timestamp
        currentAngle = a
        if analyzer.dominant == .rotation {
            let dt = event.timestamp - previousTime
            if dt >= TraceClock.resolution {
                pair.sample = (previousAngle - a + Double(turns - previousTurns) * 2 * Double.pi) / dt
            }
            if hasBegun {
                state = .changed
            } else {
                hasBegun = true
                state = .began
            }
        } else {
            // Not dominant: the start angle follows the fingers, so the rotation keeps its value.
            initialAngle += step
            pair.sample = 0
            if hasBegun { state = .changed } else { passedWithoutDominance = true }
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches - touches.count == 0 else { return }
        if hasBegun {
            state = .ended
        } else if pair.isLocked {
            let deg = Angle.degrees(fromRadians: lastTurn)
            let needed = Angle.degrees(fromRadians: lastThreshold)
            let note = initialDistance == 0 ? "; the pair's fingers coincided when it formed, so its start angle was taken as 0" : ""
            if passedWithoutDominance {
                fail(
                    "lifted before it began: turned past the threshold (\(short: needed)°), but rotation never dominated the motion\(note)")
            } else {
                fail("lifted before it began: turned \(short: deg)°, needs more than \(short: needed)°\(note)")
            }
        } else {
            failWithoutPair(pair, gesture: "a rotation")
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        // `touchesCancelled:withEvent:` stops the rotation at once.
        if hasBegun { state = .cancelled } else { fail("touch cancelled before the rotation began") }
    }

    open override func reset() {
        pair.reset()
        hasBegun = false
        initialDistance = 0
        initialAngle = 0
        currentAngle = 0
        turns = 0
        lastTouchTime = 0
        analyzer.reset()
        lastTurn = 0
        lastThreshold = Self.minimumThreshold
        passedWithoutDominance = false
    }

    /// `UIRotationGestureRecognizer locationInView:`: the integer centroid of the fingers down,
    /// else where the pair was (``pairLocation(in:anchor:)``); points.
    public override func location(in view: View?) -> Point { pairLocation(in: view, anchor: pair.anchor) }

    open override func fillValues(_ values: inout GestureValues) {
        fillPairLocation(&values, anchor: pair.anchor)
        values.rotation = rotation
        values.scalarVelocity = velocity
    }

    // MARK: Helpers

    /// Brings the start angle into [−π, π], counting the turns it sheds (`touchesBegan:`, `setRotation:`).
    private func normalizeInitialAngle() {
        if Swift.abs(initialAngle) > 64 * Double.pi {
            // Far outside (a large `rotation` set from outside): whole turns at once, then as UIKit.
            let k = (initialAngle / (2 * Double.pi)).rounded()
            turns += Int(k)
            initialAngle -= k * 2 * Double.pi
        }
        while initialAngle > Double.pi {
            turns += 1
            initialAngle -= 2 * Double.pi
        }
        while initialAngle < -Double.pi {
            turns -= 1
            initialAngle += 2 * Double.pi
        }
    }

    /// `atan2(y0 − y1, x1 − x0)` of the pair (y up), radians in [−π, π]; 0 for coincident fingers.
    private func pairAngle() -> Double {
        guard let (p0, p1) = pairLocations() else { return 0 }
        return Angle.atan2(p0.y - p1.y, p1.x - p0.x)
    }
}
