/// A discrete tap (single, double, ...; one or more fingers), as `UITapGestureRecognizer`.
///
/// Rules (`shared/reference/uikit-semantics.md`, "Tap"; decompiled iOS 18 UIKitCore):
/// - a tap is `numberOfTouchesRequired` fingers going down and all of them lifting; more fingers
///   than required in one tap fails the attempt, fewer fails it when they have all lifted;
/// - the recognizer counts the taps itself and recognizes (`possible -> ended`) on the lift of the
///   final tap; it never begins;
/// - the touches may not move more than `allowableMovement` from the first tap's starting centroid
///   (the centroid of where that tap's fingers touched down); later taps must land within it too;
/// - a tap may last at most `maximumTapDuration` (first finger down to last finger up), and the
///   next tap must touch down within `maximumTapInterval` of the previous tap's last lift. Both are
///   timers in trace time: they fail the attempt at their deadline even when no event arrives, and a
///   touch-down exactly at the deadline is too late (the timer fires first).
///
/// While a tap's fingers are still landing, each finger is held to `allowableMovement` from where it
/// touched down; once all of them are down the centroid is held to it from the first tap's start.
///
/// Reported values: `location` (the centroid of the final tap's fingers where they lifted, window
/// coordinates), `numberOfTouches`, `taps` (taps completed).
open class TapGestureRecognizer: GestureRecognizer {
    /// Default number of taps: 1 (UIKit's documented default, confirmed in decompiled iOS 18 UIKitCore,
    /// see `shared/reference/uikit-semantics.md`).
    public static let defaultNumberOfTapsRequired = 1
    /// Default number of fingers per tap: 1 (UIKit's documented default, see `shared/reference/uikit-semantics.md`).
    public static let defaultNumberOfTouchesRequired = 1
    /// Default allowable movement: 45 pt from the first tap's starting centroid (decompiled iOS 18
    /// UIKitCore, see `shared/reference/uikit-semantics.md`; reimplementations that use 10 pt are wrong).
    public static let defaultAllowableMovement = 45.0
    /// Default maximum time between a tap's last lift and the next tap's first touch-down: 0.35 s
    /// (decompiled iOS 18 UIKitCore, see `shared/reference/uikit-semantics.md`).
    public static let defaultMaximumTapInterval = 0.35
    /// Default maximum duration of one tap, first finger down to last finger up: 0.75 s (best estimate
    /// given by `shared/reference/uikit-semantics.md`).
    public static let defaultMaximumTapDuration = 0.75

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// Taps needed to recognize (1 = single tap, 2 = double tap, ...).
    @exclusivity(unchecked) public var numberOfTapsRequired = TapGestureRecognizer.defaultNumberOfTapsRequired
    /// Fingers that make up each tap.
    @exclusivity(unchecked) public var numberOfTouchesRequired = TapGestureRecognizer.defaultNumberOfTouchesRequired
    /// How far the touches may move from the first tap's starting centroid, points.
    @exclusivity(unchecked) public var allowableMovement = TapGestureRecognizer.defaultAllowableMovement
    /// Longest wait from one tap's last lift to the next tap's first touch-down, seconds.
    @exclusivity(unchecked) public var maximumTapInterval = TapGestureRecognizer.defaultMaximumTapInterval
    /// Longest a single tap may last, first finger down to last finger up, seconds.
    @exclusivity(unchecked) public var maximumTapDuration = TapGestureRecognizer.defaultMaximumTapDuration

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// Taps completed in the current attempt.
    @exclusivity(unchecked) public private(set) var tapsCompleted = 0

    /// The first tap's starting centroid, window coordinates (set when its fingers are all down).
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var tapInProgress = false
    /// Fingers that touched down in the current tap.
    @exclusivity(unchecked) private var downsInTap = 0
    @exclusivity(unchecked) private var beganSum = Vector.zero
    @exclusivity(unchecked) private var liftSum = Vector.zero
    @exclusivity(unchecked) private var liftCount = 0
    @exclusivity(unchecked) private var recognizedLocation: Point?
    @exclusivity(unchecked) private var durationTimer: TimerToken?
    @exclusivity(unchecked) private var intervalTimer: TimerToken?

    override open var kind: String { "tap" }

    /// A tap named `name` (the kind, `"tap"`, when nil) needing `taps` taps of `touches` fingers.
    public init(name: String? = nil, taps: Int = TapGestureRecognizer.defaultNumberOfTapsRequired,
                touches: Int = TapGestureRecognizer.defaultNumberOfTouchesRequired) {
        numberOfTapsRequired = taps
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    /// UIKit's exception to exclusion (`-[UITapGestureRecognizer canPreventGestureRecognizer:]`): a
    /// tap does not prevent a tap with the same number of touches that needs more taps, nor a long
    /// press with the same number of touches that needs at least as many taps.
    override open func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer,
           tap.numberOfTouchesRequired == numberOfTouchesRequired,
           tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        if let press = other as? LongPressGestureRecognizer,
           press.numberOfTouchesRequired == numberOfTouchesRequired,
           press.numberOfTapsRequired >= numberOfTapsRequired {
            return false
        }
        return true
    }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let intervalTimer {
            cancelTimer(intervalTimer)
            self.intervalTimer = nil
        }
        if !tapInProgress {
            tapInProgress = true
            downsInTap = 0
            beganSum = .zero
            liftSum = .zero
            liftCount = 0
            let tapNumber = tapsCompleted + 1
            let limit = maximumTapDuration
            durationTimer = schedule(after: limit) { [unowned self] in
                self.fail(makeReason("tap \(tapNumber) lasted longer than maximumTapDuration \(short: limit, decimals: 3) s"))
            }
        }
        downsInTap += touches.count
        for touch in touches {
            beganSum = beganSum + Vector(dx: touch.beganWindowLocation.x, dy: touch.beganWindowLocation.y)
        }
        let fingers = max(downsInTap, numberOfTouches)
        if fingers > numberOfTouchesRequired {
            fail(makeReason("\(fingers) touches in tap \(tapsCompleted + 1) > numberOfTouchesRequired \(numberOfTouchesRequired)"))
            return
        }
        if downsInTap == numberOfTouchesRequired {
            let tapStart = Point(x: beganSum.dx / Double(downsInTap), y: beganSum.dy / Double(downsInTap))
            if let start {
                let d = tapStart.distance(to: start)
                if d > allowableMovement {
                    fail(makeReason("tap \(tapsCompleted + 1) landed \(short: d) pt from the first tap > allowableMovement \(short: allowableMovement) pt"))
                }
            } else {
                start = tapStart
            }
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let start, downsInTap == numberOfTouchesRequired, numberOfTouches == numberOfTouchesRequired {
            let d = centroid().distance(to: start)
            if d > allowableMovement {
                fail(makeReason("moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt"))
            }
            return
        }
        // Fingers still landing (or some already lifted): each finger is held to its own start.
        for touch in touches {
            let d = touch.windowLocation.distance(to: touch.beganWindowLocation)
            if d > allowableMovement {
                fail(makeReason("touch \(touch.id) moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt"))
                return
            }
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            liftSum = liftSum + Vector(dx: touch.windowLocation.x, dy: touch.windowLocation.y)
        }
        liftCount += touches.count
        // The touches that end in this event are still counted by `numberOfTouches`.
        guard numberOfTouches - touches.count == 0 else { return }
        tapInProgress = false
        if let durationTimer {
            cancelTimer(durationTimer)
            self.durationTimer = nil
        }
        if downsInTap < numberOfTouchesRequired {
            fail(makeReason("tap \(tapsCompleted + 1) had \(downsInTap) touches < numberOfTouchesRequired \(numberOfTouchesRequired)"))
            return
        }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            recognizedLocation = Point(x: liftSum.dx / Double(liftCount), y: liftSum.dy / Double(liftCount))
            state = .ended
            return
        }
        let done = tapsCompleted
        let required = numberOfTapsRequired
        let limit = maximumTapInterval
        intervalTimer = schedule(after: limit) { [unowned self] in
            self.fail(makeReason("no touch-down within maximumTapInterval \(short: limit, decimals: 3) s after tap \(done) of \(required)"))
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail(makeReason("touch cancelled during tap \(tapsCompleted + 1)"))
    }

    override open func reset() {
        start = nil
        tapInProgress = false
        downsInTap = 0
        beganSum = .zero
        liftSum = .zero
        liftCount = 0
        tapsCompleted = 0
        recognizedLocation = nil
        durationTimer = nil
        intervalTimer = nil
    }

    override open func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        if let recognizedLocation {
            // A recognized tap reports all the fingers of its final tap, as UIKit's numberOfTouches
            // does, even when they lifted at different times.
            values.location = recognizedLocation
            values.numberOfTouches = numberOfTouchesRequired
        }
        values.taps = tapsCompleted
    }
}
