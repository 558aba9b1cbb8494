/// A scroll view's built-in pan, as `UIScrollViewPanGestureRecognizer` (decompiled iOS 18.2
/// UIKitCore; the reference page `uikit-scroll-control.md` §3, §5):
/// - **Axis rule** (`_shouldTryToBeginWithEvent:`): it begins only once the 10 pt hysteresis is
///   reached on an axis the scroll view can scroll (`_canScrollX/Y` and `_canPanHorizontally/Vertically`);
///   otherwise it stays possible and asks again at the next move, so a horizontal drag in a
///   vertical-only scroll view never begins it (a pan on the superview can take it).
/// - **Content cancellation** (`-[UIScrollViewPanGestureRecognizer touchesMoved:withEvent:]`): the
///   pan reaches `began` inside `[super touchesMoved:]`, and only then asks
///   `-[UIScrollView _canCancelContentTouches:]`; when a content view that already has the touch may
///   not be cancelled (`ScrollView.touchesShouldCancel(in:)` false: a control; or any view when
///   `canCancelContentTouches` is false) it requests Failed, which `setState:` turns into
///   `cancelled` (reported `began -> cancelled` with the reason; its Began never reaches the scroll
///   view, whose content does not move, and the content view keeps its touch).
/// - **Catching a deceleration** (`_beginScroll`): a touch landing while the content moves stops it
///   and begins the pan at touch-down; `translation(in:)` and `velocity(in:)` read zero while the
///   caught bit is set (`_handleCaughtDeceleratingScrollViewWithEvent:` sets it again while the
///   finger is under 10 pt from its start on a scrollable axis), and 10 pt come off the translation then.
/// - **Directional lock** (`_centroidMovedTo:atTime:affectingTranslation:`, when the scroll view's
///   `isDirectionalLockEnabled`): while possible each move step re-decides the lock (≤ 20° from
///   horizontal: horizontal, ≥ 70°: vertical, between: unchanged); after it began, only after a pause
///   of 0.6 s. The locked-out axis's translation and velocity read zero (UIKit freezes that
///   coordinate of the location; the same from the first move on).
/// `delaysTouchesEnded` is off and `failsPastMaxTouches` false (the scroll view sets them).
public final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    /// The lock angles: tan 20° and tan 70° (`0.34906585` and `1.22173048` rad compared with
    /// `atanf(|dy/dx|)`; compared here as slopes).
    static let horizontalLockSlope = 0.36397023426620234
    static let verticalLockSlope = 2.7474774194546216
    /// A pause this long (s) between moves lets a begun pan re-decide its lock.
    static let lockPause = 0.6

    enum Lock { case none, horizontal, vertical }

    weak var scrollView: ScrollView?
    private(set) var lock = Lock.none
    /// Caught a deceleration at touch-down; the translation and velocity read zero until 10 pt.
    private(set) var isCaught = false {
        didSet { holdsMotionAtZero = isCaught }
    }
    private var lastStepLocation = Point.zero
    private var lastMoveTime = 0.0

    override public var kind: String { "scrollViewPan" }

    init(name: String) {
        super.init(name: name)
        delaysTouchesEnded = false
        failsPastMaxTouches = false
        checksBegin = true
    }

    /// The translation the content follows (`translationInView:`, zero while caught, the locked-out axis zero).
    func contentTranslation() -> Vector {
        locked(translation(in: nil))
    }

    /// The velocity the content follows, pt/s (zero while caught, the locked-out axis zero).
    func contentVelocity() -> Vector {
        locked(velocity(in: nil))
    }

    private func locked(_ v: Vector) -> Vector {
        switch lock {
        case .none: v
        case .horizontal: Vector(dx: v.dx, dy: 0)
        case .vertical: Vector(dx: 0, dy: v.dy)
        }
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let first = numberOfTouches == touches.count
        super.touchesBegan(touches, with: event)
        guard let sv = scrollView else { return }
        if first {
            lastStepLocation = centroid()
            lastMoveTime = event.timestamp
            sv.panWillReceiveTouches()
            if sv.stopMotionForCatch() {
                isCaught = true
                beginWithoutMovement()
            } else {
                lock = .none
            }
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let sv = scrollView, sv.isDirectionalLockEnabled, numberOfTouches > 0 { updateLock(sv, event.timestamp) }
        let hadBegun = hasBegun
        super.touchesMoved(touches, with: event)
        if isCaught, let sv = scrollView {
            // `_handleCaughtDeceleratingScrollViewWithEvent:`: caught until the hysteresis is met on a
            // scrollable axis; then the hysteresis comes off the translation.
            isCaught = false
            let raw = translation(in: nil)
            let h = Self.hysteresis
            if (sv.canScrollX && Swift.abs(raw.dx) >= h) || (sv.canScrollY && Swift.abs(raw.dy) >= h) {
                removeHysteresisFromTranslation(h)
            } else {
                isCaught = true
            }
        }
        if !hadBegun && hasBegun, let sv = scrollView, let holder = sv.contentViewBlockingCancel(self.touches) {
            // Began inside `[super touchesMoved:]`; `_canCancelContentTouches:` said NO: Failed,
            // coerced to Cancelled (requested as such here: no coercion note for the engine's own class).
            if reportsFailureReason {
                dispatch.pendingReason.set(
                    sv.canCancelContentTouches
                        ? "_canCancelContentTouches: returned NO: '\(holder.name)' has the touch and touchesShouldCancel(in:) is false"
                        : "_canCancelContentTouches: returned NO: '\(holder.name)' has the touch and canCancelContentTouches is false")
            }
            state = .cancelled
        }
    }

    private func updateLock(_ sv: ScrollView, _ time: Double) {
        let c = centroid()
        let step = c - lastStepLocation
        lastStepLocation = c
        let paused = time - lastMoveTime >= Self.lockPause
        lastMoveTime = time
        let s = state
        if (s == .began || s == .changed) && !paused { return }
        let canH = sv.canScrollX, canV = sv.canScrollY
        if step.dx != 0 && step.dy != 0 {
            let slope = Swift.abs(step.dy / step.dx)
            if canH && slope <= Self.horizontalLockSlope {
                lock = .horizontal
            } else if canV && slope >= Self.verticalLockSlope {
                lock = .vertical
            }
        } else if step.dy == 0 && step.dx != 0 && canH {
            lock = .horizontal
        } else if step.dx == 0 && step.dy != 0 && canV {
            lock = .vertical
        }
    }

    override func shouldTryToBegin(translation raw: Vector) -> Bool {
        guard let sv = scrollView else { return false }
        let canX = sv.canScrollX && lock != .vertical
        let canY = sv.canScrollY && lock != .horizontal
        let h = Self.hysteresis
        let willX = Swift.abs(raw.dx) >= h, willY = Swift.abs(raw.dy) >= h
        if !canX && !canY { return false }
        if canY && !canX && !willY { return false }
        if canX && !canY && !willX { return false }
        return true
    }

    public override func reset() {
        super.reset()
        isCaught = false
        // The lock stays for a touch that catches the motion this gesture starts (`_beginScroll`
        // restores the previous lock); any other gesture clears it at its first touch.
    }
}
