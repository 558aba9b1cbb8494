/// A discrete tap (single, double, ...; one or more fingers), as `UITapGestureRecognizer` and the
/// `UITapRecognizer` it forwards to (decompiled iOS 18.2 UIKitCore; each rule names its method):
/// - **Touch count** (`touchesBegan:withEvent:`, `countsOnlyActiveTouches`, on by default): a tap
///   fails only when more than `numberOfTouchesRequired` fingers are down *at the same time*; A and
///   B down, A up, C down, B and C up is a two-finger tap. A tap whose last touch-down left fewer
///   than the required fingers down fails at its first lift (`touchesEnded:withEvent:`).
/// - **Start point** (`_startPoint`): whenever a touch-down brings the fingers down to exactly the
///   required number, those fingers become the tap's touches (`_touches`); during the first tap their
///   centroid becomes the start point (so it is the centroid when the first tap's required fingers
///   were last all down).
/// - **Movement** (`allowableMovement`, 45 pt, from the start point): checked on every move in which
///   a finger really moved (the centroid of the tap's touches, lifted ones where they lifted), and in
///   `touchesBegan:` of every later tap once its required fingers are down (more than 45 pt away fails
///   at once). Before the first tap's required fingers are all down there is nothing to check.
/// - the recognizer counts the taps itself and recognizes (`possible -> ended`) on the lift of the
///   final tap; it never begins;
/// - a tap may last at most `maximumTapDuration` (first finger down to last finger up), and the
///   next tap must touch down within `maximumTapInterval` of the previous tap's last lift. Both are
///   timers in trace time: they fail the attempt at their deadline even when no event arrives, and a
///   touch-down exactly at the deadline is too late (the timer fires first).
///
/// Reported values: `location` = the start point once the tap has its touches (`UITapRecognizer
/// locationInView:`), else the centroid of the fingers down; `numberOfTouches` = the tap's touches
/// (`numberOfTouches` counts `_touches`); `taps` (taps completed).
open class TapGestureRecognizer: GestureRecognizer {
    /// Default number of taps: 1 (UIKit's documented default, confirmed in decompiled iOS 18 UIKitCore,
    /// see `docs/reference/uikit-semantics.md`).
    public static let defaultNumberOfTapsRequired = 1
    /// Default number of fingers per tap: 1 (UIKit's documented default, see `docs/reference/uikit-semantics.md`).
    public static let defaultNumberOfTouchesRequired = 1
    /// Default allowable movement: 45 pt from the first tap's starting centroid (decompiled iOS 18
    /// UIKitCore, see `docs/reference/uikit-semantics.md`; reimplementations that use 10 pt are wrong).
    public static let defaultAllowableMovement = 45.0
    /// Default maximum time between a tap's last lift and the next tap's first touch-down: 0.35 s
    /// (decompiled iOS 18 UIKitCore, see `docs/reference/uikit-semantics.md`).
    public static let defaultMaximumTapInterval = 0.35
    /// Default maximum duration of one tap, first finger down to last finger up: 0.75 s (best estimate
    /// given by `docs/reference/uikit-semantics.md`).
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

    /// `_startPoint`: the centroid of the first tap's touches when they were all down, window coordinates.
    @exclusivity(unchecked) private var startPoint: Point?
    /// `_touches`: the fingers that were down when a tap last had all its required fingers down (kept
    /// after they lift; their locations are then where they lifted).
    @exclusivity(unchecked) private var tapTouches: [Touch] = []
    /// `_currentNumberOfTouches`: fingers down at the current tap's last touch-down; 0 between taps.
    @exclusivity(unchecked) private var touchesAtLastDown = 0
    @exclusivity(unchecked) private var durationTimer: TimerToken?
    @exclusivity(unchecked) private var intervalTimer: TimerToken?

    override open var kind: String { "tap" }

    /// A tap named `name` (the kind, `"tap"`, when nil) needing `taps` taps of `touches` fingers.
    public init(
        name: String? = nil, taps: Int = TapGestureRecognizer.defaultNumberOfTapsRequired,
        touches: Int = TapGestureRecognizer.defaultNumberOfTouchesRequired
    ) {
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
            tap.numberOfTapsRequired > numberOfTapsRequired
        {
            return false
        }
        if let press = other as? LongPressGestureRecognizer,
            press.numberOfTouchesRequired == numberOfTouchesRequired,
            press.numberOfTapsRequired >= numberOfTapsRequired
        {
            return false
        }
        return true
    }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let down = trackedTouchCount
        if down > numberOfTouchesRequired {
            fail("\(down) touches in tap \(tapsCompleted + 1) > numberOfTouchesRequired \(numberOfTouchesRequired)")
            return
        }
        if touchesAtLastDown == 0 {
            // `_beginInteraction`: a new tap; its duration timer replaces the interval timer.
            cancelTimer(&intervalTimer)
            let tapNumber = tapsCompleted + 1
            let limit = maximumTapDuration
            durationTimer = schedule(after: limit) { [unowned self] in
                self.fail("tap \(tapNumber) lasted longer than maximumTapDuration \(short: limit, decimals: 3) s")
            }
        }
        touchesAtLastDown = down
        guard down == numberOfTouchesRequired else { return }
        tapTouches.clearKeepingCapacity()
        tapTouches.append(contentsOf: self.touches)
        let here = tapCentroid()
        guard let startPoint, tapsCompleted > 0 else {
            startPoint = here
            return
        }
        let d = here.distance(to: startPoint)
        if d > allowableMovement {
            fail("tap \(tapsCompleted + 1) landed \(short: d) pt from the first tap > allowableMovement \(short: allowableMovement) pt")
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let startPoint, !tapTouches.isEmpty else { return }
        var moved = false
        for t in touches where t.windowLocation != t.previousWindowLocation {
            moved = true
            break
        }
        guard moved else { return }
        let d = tapCentroid().distance(to: startPoint)
        if d > allowableMovement {
            fail("moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt")
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if touchesAtLastDown != numberOfTouchesRequired {
            fail("tap \(tapsCompleted + 1) had \(touchesAtLastDown) touches < numberOfTouchesRequired \(numberOfTouchesRequired)")
            return
        }
        // The touches that end in this event are still counted by `numberOfTouches`.
        guard trackedTouchCount - touches.count == 0 else { return }
        cancelTimer(&durationTimer)
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .ended
            return
        }
        touchesAtLastDown = 0
        let done = tapsCompleted
        let required = numberOfTapsRequired
        let limit = maximumTapInterval
        intervalTimer = schedule(after: limit) { [unowned self] in
            self.fail("no touch-down within maximumTapInterval \(short: limit, decimals: 3) s after tap \(done) of \(required)")
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled during tap \(tapsCompleted + 1)")
    }

    override open func reset() {
        startPoint = nil
        tapTouches.clearKeepingCapacity()
        touchesAtLastDown = 0
        tapsCompleted = 0
        durationTimer = nil
        intervalTimer = nil
    }

    /// `UITapRecognizer locationInView:`: `_startPoint` while the tap has touches, else the base
    /// class's centroid; points, in `view`'s coordinates (the window's when nil).
    public override func location(in view: View?) -> Point {
        guard let startPoint, !tapTouches.isEmpty else { return super.location(in: view) }
        return view?.convert(fromWindow: startPoint) ?? startPoint
    }

    /// `UITapRecognizer numberOfTouches`: the touches of the tap (`_touches`: a recognized tap
    /// counts all of them, lifted or not) while it has a start point, else the touches down.
    public override var numberOfTouches: Int {
        startPoint != nil && !tapTouches.isEmpty ? tapTouches.count : trackedTouchCount
    }

    override open func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.taps = tapsCompleted
    }

    /// `_locationInSceneReferenceSpace`: the centroid of the tap's touches, window coordinates.
    private func tapCentroid() -> Point {
        var x = 0.0, y = 0.0
        for t in tapTouches {
            x += t.windowLocation.x
            y += t.windowLocation.y
        }
        let n = Double(tapTouches.count)
        return Point(x: x / n, y: y / n)
    }
}
