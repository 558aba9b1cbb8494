/// A continuous long press, as `UILongPressGestureRecognizer` (decompiled iOS 18.2 UIKitCore; each
/// rule names its method; Apple's `UILongPressGestureRecognizer` reference for the documented defaults):
/// - **The press** (`touchesBegan:withEvent:`): fingers gather until `numberOfTouchesRequired` are
///   down; when the last one lands, the start point is the centroid of the fingers' *current*
///   positions (`_centroidScreen`) and the timer of `minimumPressDuration` starts. When it fires the
///   press begins (`possible -> began`) at the timer's own deadline, even if no event arrives then.
///   One finger too many fails it.
/// - **Movement** (`touchesMoved:withEvent:`): nothing is checked until all the required fingers
///   are down; then the centroid may not move more than `allowableMovement` from the start point
///   before the press begins. Once begun there is no movement limit, and the press never sets
///   `changed` itself: the engine's update sends `changed` every time an event is delivered to it
///   (`-[UIGestureRecognizer _updateGestureForActiveEvents]`), a finger landing on it included.
/// - Lifting a finger before it began fails it; once begun, a lift of one of its fingers ends it
///   (`_interactionsEndedWithValidTouches:`); fingers added after it began are ignored
///   (`ignore(_:for:)`): they neither move nor end it.
/// - **Tap-and-hold** (`numberOfTapsRequired` > 0): the taps are recognized by an embedded
///   `UITapRecognizer` (`_imp`) with *its own* defaults, not the press's: one finger per tap
///   (`TapGestureRecognizer.defaultNumberOfTouchesRequired`) and 45 pt of movement from the first
///   tap's start point (`TapGestureRecognizer.defaultAllowableMovement`); `numberOfTouchesRequired`
///   and `allowableMovement` of the long press do not reach it. A tap lasts at most
///   `maximumTapDuration`, the next touch-down comes within `maximumTapInterval`. When the taps
///   are done (`tapRecognizerRecognizedTap:`) the tap state is reset and the press starts afresh
///   wherever its fingers land (no distance check against the taps), within `maximumTapInterval`
///   of the last tap (`_startTapFinishedTimer`). That the embedded tap's failure fails the long
///   press is inferred: `tapRecognizerFailedToRecognizeTap:` has an empty body in the decompile.
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

    /// The first tap's start point during the taps, then the press's start point (`_startPointScreen`), window coordinates.
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var phaseInProgress = false
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

    /// The embedded tap's fingers per tap and allowable movement: `UITapRecognizer`'s defaults.
    private static let tapTouchesRequired = TapGestureRecognizer.defaultNumberOfTouchesRequired
    private static let tapAllowableMovement = TapGestureRecognizer.defaultAllowableMovement

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if isTapPhase {
            tapTouchesBegan(touches, event)
            return
        }
        // `touchesBegan:`: the press's fingers came down after the taps (`_tooMuchTimeElapsed`).
        cancelTimer(&intervalTimer)
        let fingers = numberOfTouches
        if fingers > numberOfTouchesRequired {
            fail("\(fingers) touches > numberOfTouchesRequired \(numberOfTouchesRequired)")
            return
        }
        guard fingers == numberOfTouchesRequired else { return }
        // The last required finger landed: the start point is the centroid of the fingers where
        // they are now, and the timer (re)starts (`clearAllTimersAndStartEnoughTimeElapsedTimer`).
        start = centroid()
        pressStartTime = event.timestamp
        cancelTimer(&pressTimer)
        pressTimer = schedule(after: minimumPressDuration) { [unowned self] in
            guard self.state == .possible, !self.hasBegun else { return }
            self.hasBegun = true
            self.state = .began
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        // Once begun: no check and no state change (the update sends `changed`).
        if hasBegun { return }
        if isTapPhase {
            tapTouchesMoved(touches)
            return
        }
        guard let start, numberOfTouches == numberOfTouchesRequired else { return }
        let d = centroid().distance(to: start)
        if d > allowableMovement {
            fail(
                "moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt before minimumPressDuration \(short: minimumPressDuration, decimals: 3) s"
            )
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .ended
            return
        }
        if isTapPhase {
            tapTouchesEnded(touches)
            return
        }
        if let pressStartTime {
            fail(
                "lifted after \(short: event.timestamp - pressStartTime, decimals: 3) s < minimumPressDuration \(short: minimumPressDuration, decimals: 3) s"
            )
        } else {
            fail("lifted with \(numberOfTouches) touches < numberOfTouchesRequired \(numberOfTouchesRequired)")
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if hasBegun {
            state = .cancelled
        } else {
            fail("touch cancelled before the press began")
        }
    }

    // MARK: The embedded tap (`_imp`, a `UITapRecognizer` with its defaults)

    private func tapTouchesBegan(_ touches: [Touch], _ event: TouchEvent) {
        let down = numberOfTouches
        if down > Self.tapTouchesRequired {
            fail(
                "\(down) touches in tap \(tapsCompleted + 1) before the press > \(Self.tapTouchesRequired) (the embedded tap's numberOfTouchesRequired)"
            )
            return
        }
        if !phaseInProgress {
            phaseInProgress = true
            cancelTimer(&intervalTimer)
            let tapNumber = tapsCompleted + 1
            let limit = maximumTapDuration
            tapTimer = schedule(after: limit) { [unowned self] in
                self.fail("tap \(tapNumber) before the press lasted longer than maximumTapDuration \(short: limit, decimals: 3) s")
            }
        }
        guard down == Self.tapTouchesRequired else { return }
        let here = centroid()
        guard let start else {
            start = here
            return
        }
        let d = here.distance(to: start)
        if d > Self.tapAllowableMovement {
            fail(
                "tap \(tapsCompleted + 1) landed \(short: d) pt from the first tap > \(short: Self.tapAllowableMovement) pt (the embedded tap's allowableMovement)"
            )
        }
    }

    private func tapTouchesMoved(_ touches: [Touch]) {
        guard let start, numberOfTouches == Self.tapTouchesRequired else { return }
        let d = centroid().distance(to: start)
        if d > Self.tapAllowableMovement {
            fail(
                "tap \(tapsCompleted + 1) moved \(short: d) pt > \(short: Self.tapAllowableMovement) pt (the embedded tap's allowableMovement)"
            )
        }
    }

    private func tapTouchesEnded(_ touches: [Touch]) {
        guard numberOfTouches - touches.count == 0 else { return }
        phaseInProgress = false
        cancelTimer(&tapTimer)
        tapsCompleted += 1
        let done = tapsCompleted
        let limit = maximumTapInterval
        if !isTapPhase {
            // `tapRecognizerRecognizedTap:`: the tap state is reset; the press starts afresh.
            start = nil
        }
        intervalTimer = schedule(after: limit) { [unowned self] in
            self.fail("no touch-down within maximumTapInterval \(short: limit, decimals: 3) s after tap \(done)")
        }
    }

    override open func reset() {
        start = nil
        phaseInProgress = false
        tapsCompleted = 0
        pressStartTime = nil
        pressTimer = nil
        tapTimer = nil
        intervalTimer = nil
        hasBegun = false
    }
}
