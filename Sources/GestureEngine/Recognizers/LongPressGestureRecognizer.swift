/// A continuous long press, as `UILongPressGestureRecognizer`.
///
/// Rules (`docs/reference/uikit-semantics.md`, "Long press"; Apple's `UILongPressGestureRecognizer`
/// reference for the documented defaults):
/// - once `numberOfTouchesRequired` fingers are down, a timer of `minimumPressDuration` starts; when it
///   fires the press begins (`possible -> began`) at the timer's own deadline, even if no event
///   arrives then;
/// - before it begins, the centroid may not move more than `allowableMovement` from where the fingers
///   touched down (while fingers are still landing, each finger is held to its own touch-down point);
///   lifting a finger or adding one too many fails it;
/// - once begun there is no movement limit: every move sends `changed`; it ends when any of its
///   fingers lifts (Apple's reference: "ends when any of the fingers are lifted"); fingers added after
///   it began are ignored (`ignore(_:for:)`): they neither move nor end it.
///
/// `numberOfTapsRequired` > 0 asks for that many taps before the press (tap-and-hold): each tap is
/// `numberOfTouchesRequired` fingers down and up within `maximumTapDuration`, the next touch-down within
/// `maximumTapInterval`, all within `allowableMovement` of the first tap's starting centroid; the
/// press timer starts when the fingers come down after the last tap. The tap limits are the tap
/// recognizer's (`TapGestureRecognizer`).
///
/// Reported values: `location` (centroid of its fingers, window coordinates), `numberOfTouches`.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Default press duration before it begins: 0.5 s (Apple's `UILongPressGestureRecognizer` reference,
    /// see `docs/reference/uikit-semantics.md`).
    public static let defaultMinimumPressDuration = 0.5
    /// Default movement allowed before it begins: 10 pt (Apple's `UILongPressGestureRecognizer` reference,
    /// see `docs/reference/uikit-semantics.md`).
    public static let defaultAllowableMovement = 10.0
    /// Default number of fingers: 1 (Apple's `UILongPressGestureRecognizer` reference).
    public static let defaultNumberOfTouchesRequired = 1
    /// Default number of taps before the press: 0 (Apple's `UILongPressGestureRecognizer` reference).
    public static let defaultNumberOfTapsRequired = 0

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// How long the fingers must stay down before the press begins, seconds.
    @exclusivity(unchecked) public var minimumPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration
    /// How far the fingers may move before the press begins, points (no limit once begun).
    @exclusivity(unchecked) public var allowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
    /// Fingers that must press.
    @exclusivity(unchecked) public var numberOfTouchesRequired = LongPressGestureRecognizer.defaultNumberOfTouchesRequired
    /// Taps before the press (0 = just press).
    @exclusivity(unchecked) public var numberOfTapsRequired = LongPressGestureRecognizer.defaultNumberOfTapsRequired
    /// Longest wait between taps, and between the last tap and the press, seconds
    /// (`TapGestureRecognizer.defaultMaximumTapInterval`, 0.35 s).
    @exclusivity(unchecked) public var maximumTapInterval = TapGestureRecognizer.defaultMaximumTapInterval
    /// Longest a tap before the press may last, seconds (`TapGestureRecognizer.defaultMaximumTapDuration`, 0.75 s).
    @exclusivity(unchecked) public var maximumTapDuration = TapGestureRecognizer.defaultMaximumTapDuration

    // State written only by this recognizer's own handlers, never while another access is in
    // progress: it skips the run-time exclusivity check (docs/engine.md, "Cost").
    /// Taps completed before the press in the current attempt.
    @exclusivity(unchecked) public private(set) var tapsCompleted = 0

    /// Starting centroid of the first tap (or of the press when no taps are required), window coordinates.
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var phaseInProgress = false
    @exclusivity(unchecked) private var downsInPhase = 0
    @exclusivity(unchecked) private var beganSum = Vector.zero
    /// When the press's fingers were all down, seconds (trace time).
    @exclusivity(unchecked) private var pressStartTime: Double?
    @exclusivity(unchecked) private var pressTimer: TimerToken?
    @exclusivity(unchecked) private var tapTimer: TimerToken?
    @exclusivity(unchecked) private var intervalTimer: TimerToken?
    /// True once the press asked to begin (its state may still read `possible` while a failure
    /// requirement holds the recognition back).
    @exclusivity(unchecked) private var hasBegun = false

    override open var kind: String { "longPress" }

    /// UIKit's exception to exclusion (`-[UILongPressGestureRecognizer canPreventGestureRecognizer:]`):
    /// a long press does not prevent another long press with the same number of touches that needs
    /// more taps.
    override open func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let press = other as? LongPressGestureRecognizer,
            press.numberOfTouchesRequired == numberOfTouchesRequired,
            press.numberOfTapsRequired > numberOfTapsRequired
        {
            return false
        }
        return true
    }

    /// A long press named `name` (the kind, `"longPress"`, when nil).
    public init(name: String? = nil, minimumPressDuration: Double = LongPressGestureRecognizer.defaultMinimumPressDuration) {
        self.minimumPressDuration = minimumPressDuration
        super.init(name: name)
    }

    private var isTapPhase: Bool { tapsCompleted < numberOfTapsRequired }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if let intervalTimer {
            cancelTimer(intervalTimer)
            self.intervalTimer = nil
        }
        if !phaseInProgress {
            phaseInProgress = true
            downsInPhase = 0
            beganSum = .zero
            if isTapPhase {
                let tapNumber = tapsCompleted + 1
                let limit = maximumTapDuration
                tapTimer = schedule(after: limit) { [unowned self] in
                    self.fail("tap \(tapNumber) before the press lasted longer than maximumTapDuration \(short: limit, decimals: 3) s")
                }
            }
        }
        downsInPhase += touches.count
        for touch in touches {
            beganSum = beganSum + Vector(dx: touch.beganWindowLocation.x, dy: touch.beganWindowLocation.y)
        }
        let fingers = max(downsInPhase, numberOfTouches)
        if fingers > numberOfTouchesRequired {
            fail("\(fingers) touches > numberOfTouchesRequired \(numberOfTouchesRequired)")
            return
        }
        guard downsInPhase == numberOfTouchesRequired else { return }
        let phaseStart = Point(x: beganSum.dx / Double(downsInPhase), y: beganSum.dy / Double(downsInPhase))
        if let start {
            let d = phaseStart.distance(to: start)
            if d > allowableMovement {
                fail("touched down \(short: d) pt from the first tap > allowableMovement \(short: allowableMovement) pt")
                return
            }
        } else {
            start = phaseStart
        }
        if !isTapPhase {
            pressStartTime = event.timestamp
            pressTimer = schedule(after: minimumPressDuration) { [unowned self] in
                guard self.state == .possible, !self.hasBegun else { return }
                self.hasBegun = true
                self.state = .began
            }
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .changed
            return
        }
        if let start, downsInPhase == numberOfTouchesRequired, numberOfTouches == numberOfTouchesRequired {
            let d = centroid().distance(to: start)
            if d > allowableMovement {
                fail(
                    "moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt before minimumPressDuration \(short: minimumPressDuration, decimals: 3) s"
                )
            }
            return
        }
        for touch in touches {
            let d = touch.windowLocation.distance(to: touch.beganWindowLocation)
            if d > allowableMovement {
                fail(
                    "touch \(touch.id) moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt before minimumPressDuration \(short: minimumPressDuration, decimals: 3) s"
                )
                return
            }
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .ended
            return
        }
        if isTapPhase {
            guard numberOfTouches - touches.count == 0 else { return }
            phaseInProgress = false
            if let tapTimer {
                cancelTimer(tapTimer)
                self.tapTimer = nil
            }
            if downsInPhase < numberOfTouchesRequired {
                fail("tap \(tapsCompleted + 1) had \(downsInPhase) touches < numberOfTouchesRequired \(numberOfTouchesRequired)")
                return
            }
            tapsCompleted += 1
            let done = tapsCompleted
            let limit = maximumTapInterval
            intervalTimer = schedule(after: limit) { [unowned self] in
                self.fail("no touch-down within maximumTapInterval \(short: limit, decimals: 3) s after tap \(done)")
            }
            return
        }
        if let pressStartTime {
            fail(
                "lifted after \(short: event.timestamp - pressStartTime, decimals: 3) s < minimumPressDuration \(short: minimumPressDuration, decimals: 3) s"
            )
        } else {
            fail("lifted with \(downsInPhase) touches < numberOfTouchesRequired \(numberOfTouchesRequired)")
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .cancelled
        } else {
            fail("touch cancelled before the press began")
        }
    }

    override open func reset() {
        start = nil
        phaseInProgress = false
        downsInPhase = 0
        beganSum = .zero
        tapsCompleted = 0
        pressStartTime = nil
        pressTimer = nil
        tapTimer = nil
        intervalTimer = nil
        hasBegun = false
    }
}
