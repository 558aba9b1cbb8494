/// A scrolling view, as `UIScrollView` (decompiled iOS 18.2 UIKitCore `UIScrollView`, its pan and
/// its delayed-touches-began recognizer; the reference page `uikit-scroll-control.md` names each
/// method and constant, and docs/scroll-and-controls.md shows the rules at work).
///
/// Its subviews are framed in content coordinates: the content offset is the origin of `bounds`,
/// so they move with it (hit-testing and conversions follow). It brings its own recognizers, named
/// after it, which take part in arbitration as any other (a scene's `requireToFail` and
/// `simultaneousWith` may name them):
/// - `NAME.delayedTouchesBegan` (`ScrollViewDelayedTouchesBeganGestureRecognizer`): the 0.15 s
///   content-touch delay;
/// - `NAME.pan` (`ScrollViewPanGestureRecognizer`): moves the content;
/// - `NAME.pagingSwipe` (`ScrollViewPagingSwipeGestureRecognizer`, with `isPagingEnabled`): a quick
///   second flick during a page change pages once more; the pan requires it to fail.
///
/// The content follows the pan (`handlePan:`, `_updatePanGesture`): offset = start − translation,
/// rubber-banded past the edges, rounded to the pixel. At the release (`_endPanNormal:`) the
/// velocity is blended with the previous sample and the content decelerates (0.998 per ms),
/// bounces back from past an edge, or pages, in display frames at release + n/60 s until it rests
/// (at most `maximumFrames`, never a hang). A touch landing while it moves catches it. Every
/// change of the offset is reported to the observer (`ScrollReport`).
open class ScrollView: View {
    /// Most display frames one motion may take (60 s at 60 Hz); a motion cut there rests where it
    /// is, clamped to the edges, with a note.
    public static let maximumFrames = 3600

    /// The content's size, points (`UIScrollView.contentSize`, default zero).
    public var contentSize = Size(width: 0, height: 0)
    /// The content offset, points: the origin of `bounds` (`UIScrollView.contentOffset`, default zero).
    public var contentOffset: Point {
        get { boundsOrigin }
        set { boundsOrigin = newValue }
    }
    /// Touches wait 0.15 s before content views hear of them (`delaysContentTouches`, default true).
    public var delaysContentTouches = true
    /// The pan may cancel a content view's touches (`canCancelContentTouches`, default true).
    public var canCancelContentTouches = true
    /// Rubber-banding and bouncing past the edges (`bounces`, default true, both axes).
    public var bounces = true
    /// Bounces (and so scrolls) vertically even when the content is not taller (`alwaysBounceVertical`, default false).
    public var alwaysBounceVertical = false
    /// Bounces (and so scrolls) horizontally even when the content is not wider (`alwaysBounceHorizontal`, default false).
    public var alwaysBounceHorizontal = false
    /// Locks a drag to one axis (`isDirectionalLockEnabled`, default false).
    public var isDirectionalLockEnabled = false
    /// The deceleration rate as set (`decelerationRate`, default 0.998 per ms); UIKit keeps
    /// `ScrollPhysics.quantisedDecelerationRate` of it (fast 0.99 below 0.994, else normal 0.998).
    public var decelerationRate = ScrollPhysics.normalDecelerationRate
    /// Pixels per point for rounding offsets (default 3, the measured iPhone's).
    public var screenScale = 3.0
    /// Stops on multiples of the bounds size (`isPagingEnabled`, default false); turning it on adds
    /// the paging swipe recognizer (`setPagingEnabled:`).
    public var isPagingEnabled = false {
        didSet { if isPagingEnabled && pagingSwipeGestureRecognizer == nil { addPagingSwipe() } }
    }

    /// The content-touch delay recognizer (`NAME.delayedTouchesBegan`).
    public let delayedTouchesBeganGestureRecognizer: ScrollViewDelayedTouchesBeganGestureRecognizer
    /// The pan that moves the content (`NAME.pan`, `UIScrollView.panGestureRecognizer`).
    public let panGestureRecognizer: ScrollViewPanGestureRecognizer
    /// The paging swipe (`NAME.pagingSwipe`), once paging was enabled.
    public private(set) var pagingSwipeGestureRecognizer: ScrollViewPagingSwipeGestureRecognizer?

    /// True while the pan moves the content (`isDragging`).
    public private(set) var isDragging = false
    /// True while the content decelerates, bounces or pages after a release (`isDecelerating`).
    public var isDecelerating: Bool { motion != .none }

    /// A scroll view framed in its superview's coordinates; its recognizers are named `name.pan`...
    public override init(name: String, frame: Rect) {
        delayedTouchesBeganGestureRecognizer = ScrollViewDelayedTouchesBeganGestureRecognizer(name: name + ".delayedTouchesBegan")
        panGestureRecognizer = ScrollViewPanGestureRecognizer(name: name + ".pan")
        super.init(name: name, frame: frame)
        delayedTouchesBeganGestureRecognizer.scrollView = self
        panGestureRecognizer.scrollView = self
        addGestureRecognizer(delayedTouchesBeganGestureRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addAction { [weak self] r in
            if let self, let pan = r as? ScrollViewPanGestureRecognizer { self.handlePan(pan) }
        }
    }

    private func addPagingSwipe() {
        let swipe = ScrollViewPagingSwipeGestureRecognizer(name: name + ".pagingSwipe")
        swipe.scrollView = self
        addGestureRecognizer(swipe)
        panGestureRecognizer.require(toFail: swipe)
        pagingSwipeGestureRecognizer = swipe
    }

    // MARK: Override points (as UIScrollView's)

    /// Whether content touches may begin in `view` (`touchesShouldBegin:withEvent:inContentView:`,
    /// default true); false makes the delay recognizer withhold them.
    open func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool { true }

    /// Whether the pan may cancel the touches `view` already has (`touchesShouldCancelInContentView:`):
    /// false for a control, true otherwise. Asked only when `canCancelContentTouches`.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    // MARK: Geometry

    /// `_canScrollX`: the content is wider than the bounds, or it always bounces horizontally.
    public var canScrollX: Bool {
        contentSize.width > frame.size.width + ScrollPhysics.canScrollEpsilon || (alwaysBounceHorizontal && bounces)
    }
    /// `_canScrollY`: the content is taller than the bounds, or it always bounces vertically.
    public var canScrollY: Bool {
        contentSize.height > frame.size.height + ScrollPhysics.canScrollEpsilon || (alwaysBounceVertical && bounces)
    }
    /// The largest content offset (the smallest is zero: no insets).
    public var maximumContentOffset: Point {
        Point(x: Swift.max(0, contentSize.width - frame.size.width), y: Swift.max(0, contentSize.height - frame.size.height))
    }

    /// The content view holding one of `touches` that the pan may not cancel
    /// (`-[UIScrollView _canCancelContentTouches:]`): a view other than this one that already
    /// received the touch (one still held by the content-touch delay does not count) and either
    /// `canCancelContentTouches` is false or `touchesShouldCancel(in:)` refuses it. Nil: the pan may begin.
    func contentViewBlockingCancel(_ touches: [Touch]) -> View? {
        for t in touches where t.viewDelivery == .delivered {
            guard let v = t.view, v !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: v) { return v }
        }
        return nil
    }

    // MARK: Dragging

    private var startOffset = Point.zero
    /// Scroll velocity at the last and the previous `changed`, pt/ms (content-offset sign).
    private var velocity = Vector.zero
    private var previousVelocity = Vector.zero
    private var movedContent = false
    private var notesReported = false

    private func handlePan(_ pan: ScrollViewPanGestureRecognizer) {
        switch pan.state {
        case .began:
            isDragging = true
            startOffset = contentOffset
            velocity = .zero
            previousVelocity = .zero
            movedContent = false
            updatePan(pan)
        case .changed:
            updatePan(pan)
        case .ended, .cancelled:
            isDragging = false
            endPan()
        default:
            break
        }
    }

    /// `_updatePanGesture`: the offset follows the translation (rubber-banded), the velocity sample is kept.
    private func updatePan(_ pan: ScrollViewPanGestureRecognizer) {
        let t = pan.contentTranslation()
        let v = pan.contentVelocity()
        previousVelocity = velocity
        velocity = Vector(
            dx: canScrollX ? -v.dx * ScrollPhysics.velocityScale : 0, dy: canScrollY ? -v.dy * ScrollPhysics.velocityScale : 0)
        let maxOffset = maximumContentOffset
        let x = banded(startOffset.x - t.dx, current: contentOffset.x, max: maxOffset.x, can: canScrollX, size: frame.size.width)
        let y = banded(startOffset.y - t.dy, current: contentOffset.y, max: maxOffset.y, can: canScrollY, size: frame.size.height)
        let p = Point(x: rounded(x), y: rounded(y))
        if p != contentOffset {
            movedContent = true
            setOffset(p, .dragging)
        }
    }

    /// `_rubberBandContentOffsetForOffset:` along one axis.
    private func banded(_ value: Double, current: Double, max hi: Double, can: Bool, size: Double) -> Double {
        guard can else { return current }
        if value < 0 { return bounces ? ScrollPhysics.rubberBand(value, dimension: size) : 0 }
        if value > hi { return bounces ? hi + ScrollPhysics.rubberBand(value - hi, dimension: size) : hi }
        return value
    }

    private func rounded(_ v: Double) -> Double { ScrollPhysics.pixelRounded(v, scale: screenScale) }

    /// `_endPanNormal:` (and `_prepareToPageWithHorizontalVelocity:...` when paging).
    private func endPan() {
        pageChangeCaught = false
        let o = contentOffset
        let hi = maximumContentOffset
        let inside = o.x >= 0 && o.x <= hi.x && o.y >= 0 && o.y <= hi.y
        var v = velocity
        let unblended = velocity
        var fling = true
        if inside {
            if !movedContent || v.dx * v.dx + v.dy * v.dy < ScrollPhysics.noFlingSquaredSpeed { fling = false }
        }
        if previousVelocity.dx != 0 { v.dx = ScrollPhysics.previousVelocityWeight * previousVelocity.dx + 0.25 * v.dx }
        if previousVelocity.dy != 0 { v.dy = ScrollPhysics.previousVelocityWeight * previousVelocity.dy + 0.25 * v.dy }
        if !fling { v = .zero }
        if isPagingEnabled {
            let target = Point(
                x: canScrollX
                    ? ScrollPhysics.pageTarget(offset: o.x, velocity: unblended.dx, pageSize: frame.size.width, min: 0, max: hi.x) : o.x,
                y: canScrollY
                    ? ScrollPhysics.pageTarget(offset: o.y, velocity: unblended.dy, pageSize: frame.size.height, min: 0, max: hi.y) : o.y)
            startPaging(to: target, velocity: v)
        } else if fling || !inside {
            startDeceleration(velocity: v)
        } else {
            restIfMoved()
        }
    }

    // MARK: Motion after the release

    enum Motion { case none, decelerating, paging }
    private(set) var motion = Motion.none
    private var position = (x: 0.0, y: 0.0)
    private var motionVelocity = (x: 0.0, y: 0.0)
    private var bouncing = (x: false, y: false)
    private var pageTarget = Point.zero
    private var pagingDirection = Vector.zero
    private var pagingMilliseconds = 0.0
    private var motionStart = 0.0
    private var frameCount = 0
    private var frameTimer: TimerToken?

    private func startDeceleration(velocity v: Vector) {
        guard let env = environment else { return }
        position = (contentOffset.x, contentOffset.y)
        motionVelocity = (canScrollX ? v.dx : 0, canScrollY ? v.dy : 0)
        let hi = maximumContentOffset
        bouncing = (canScrollX && (position.x < 0 || position.x > hi.x), canScrollY && (position.y < 0 || position.y > hi.y))
        begin(.decelerating, env)
    }

    private func startPaging(to target: Point, velocity v: Vector) {
        guard let env = environment else { return }
        position = (contentOffset.x, contentOffset.y)
        motionVelocity = (canScrollX ? v.dx : 0, canScrollY ? v.dy : 0)
        pageTarget = target
        pagingDirection = Vector(dx: target.x - contentOffset.x, dy: target.y - contentOffset.y)
        pagingMilliseconds = 0
        begin(.paging, env)
    }

    private func begin(_ m: Motion, _ env: GestureEnvironment) {
        pageChangeCaught = false
        if let t = frameTimer { env.timers.cancel(t) }
        motion = m
        motionStart = env.currentTime
        frameCount = 0
        scheduleFrame(env)
    }

    private func scheduleFrame(_ env: GestureEnvironment) {
        let deadline = motionStart + Double(frameCount + 1) * ScrollPhysics.frameInterval
        frameTimer = env.timers.schedule(at: deadline, owner: nil) { [weak self] in self?.frame() }
    }

    /// One display frame (`_smoothScrollSyncWithUpdateTime:`): 1000/60 ms of motion.
    private func frame() {
        frameTimer = nil
        guard let env = environment, motion != .none else { return }
        frameCount += 1
        let dt = ScrollPhysics.frameInterval * 1000
        let done: Bool
        let phase: ScrollReport.Phase
        switch motion {
        case .paging:
            done = pagingStep(dt)
            phase = .paging
        default:
            done = decelerationStep(dt)
            phase = bouncing.x || bouncing.y ? .bouncing : .decelerating
        }
        if done {
            motion = .none
            setOffset(Point(x: rounded(position.x), y: rounded(position.y)), .resting, always: true)
            movedContent = false
            return
        }
        if frameCount >= Self.maximumFrames {
            let hi = maximumContentOffset
            position = (Swift.min(Swift.max(position.x, 0), hi.x), Swift.min(Swift.max(position.y, 0), hi.y))
            motion = .none
            env.report(
                .scrollView,
                "scroll view '\(name)': the motion was still going after \(Self.maximumFrames) frames (60 s); stopped at the nearest edge")
            setOffset(Point(x: rounded(position.x), y: rounded(position.y)), .resting, always: true)
            return
        }
        setOffset(Point(x: rounded(position.x), y: rounded(position.y)), phase, always: true)
        scheduleFrame(env)
    }

    /// Standard deceleration and bounce, per axis; true when the content has come to rest.
    private func decelerationStep(_ dt: Double) -> Bool {
        let rate = ScrollPhysics.quantisedDecelerationRate(decelerationRate)
        let hi = maximumContentOffset
        var stillBouncing = (x: false, y: false)
        (position.x, motionVelocity.x, bouncing.x, stillBouncing.x) = axisStep(
            position.x, motionVelocity.x, bouncing.x, max: hi.x, can: canScrollX, dt: dt, rate: rate)
        (position.y, motionVelocity.y, bouncing.y, stillBouncing.y) = axisStep(
            position.y, motionVelocity.y, bouncing.y, max: hi.y, can: canScrollY, dt: dt, rate: rate)
        // The standard axes stop together below 0.01 pt/ms (`_smoothScrollSyncWithUpdateTime:`).
        var standard = 0.0
        if !bouncing.x { standard += motionVelocity.x * motionVelocity.x }
        if !bouncing.y { standard += motionVelocity.y * motionVelocity.y }
        let standardDone = standard < ScrollPhysics.stopSquaredSpeed
        if standardDone {
            if !bouncing.x { motionVelocity.x = 0 }
            if !bouncing.y { motionVelocity.y = 0 }
        }
        return standardDone && !stillBouncing.x && !stillBouncing.y
    }

    /// One axis of a deceleration frame: (position, velocity, bouncing, still bouncing).
    private func axisStep(
        _ x: Double, _ v: Double, _ isBouncing: Bool, max hi: Double, can: Bool, dt: Double, rate: Double
    )
        -> (Double, Double, Bool, Bool)
    {
        guard can else { return (x, 0, false, false) }
        if isBouncing {
            let edge = x < 0 ? 0 : hi
            let s0 = x - edge
            let (s, nv) = ScrollPhysics.bounce(s0, v, milliseconds: dt, rate: rate)
            if (Swift.abs(s) <= ScrollPhysics.bounceStopDistance && Swift.abs(nv) < ScrollPhysics.bounceStopSpeed)
                || (s0 != 0 && (s < 0) != (s0 < 0)) || !s.isFinite
            {
                return (edge, 0, false, false)
            }
            return (edge + s, nv, true, true)
        }
        var (nx, nv) = ScrollPhysics.decelerate(x, v, milliseconds: dt, rate: rate)
        if !nx.isFinite { nx = nv > 0 ? hi : 0 }
        if nx < 0 || nx > hi {
            if bounces { return (nx, nv, true, true) }
            return (Swift.min(Swift.max(nx, 0), hi), 0, false, false)
        }
        return (nx, nv, false, false)
    }

    /// The paging spring, one millisecond at a time (`_getPagingDecelerationOffset:forTimeInterval:`);
    /// true when both axes snapped to the target.
    private func pagingStep(_ dt: Double) -> Bool {
        let spring = ScrollPhysics.pagingSpring(width: frame.size.width)
        let springY = ScrollPhysics.pagingSpring(width: frame.size.height)
        pagingMilliseconds += dt
        let steps = Int(pagingMilliseconds.rounded(.down))
        pagingMilliseconds -= Double(steps)
        var doneX = true, doneY = true
        for _ in 0..<steps {
            doneX = springStep(&position.x, &motionVelocity.x, pageTarget.x, spring)
            doneY = springStep(&position.y, &motionVelocity.y, pageTarget.y, springY)
            if doneX && doneY { break }
        }
        return doneX && doneY
    }

    private func springStep(_ x: inout Double, _ v: inout Double, _ target: Double, _ spring: (friction: Double, pull: Double)) -> Bool {
        if x == target && v == 0 { return true }
        v += (target - x) * spring.pull
        v *= spring.friction
        x += v
        if Swift.abs(v) < 0.01 && Swift.abs(target - x) < 1 || !x.isFinite {
            x = target
            v = 0
            return true
        }
        return false
    }

    /// The paging swipe recognized: one more page in the direction of the page change, animated
    /// from where the content is (`_handleSwipe`).
    func pageOnceMore() {
        guard isPagingAnimating else { return }
        let hi = maximumContentOffset
        let next = Point(
            x: Swift.min(Swift.max(pageTarget.x + sign(pagingDirection.dx) * frame.size.width, 0), hi.x),
            y: Swift.min(Swift.max(pageTarget.y + sign(pagingDirection.dy) * frame.size.height, 0), hi.y))
        let direction = pagingDirection
        startPaging(to: next, velocity: .zero)
        pagingDirection = direction
    }

    /// True while a page change is under way: animating, or caught by a touch before it reached its
    /// page (UIKit's pagingLeft/Right/Up/Down flags outlive the catch; the paging swipe reads them).
    var isPagingAnimating: Bool { motion == .paging || pageChangeCaught }
    /// A touch caught a page change (cleared by the next release or page change).
    private var pageChangeCaught = false

    private func sign(_ v: Double) -> Double { v > 0 ? 1 : (v < 0 ? -1 : 0) }

    /// A touch reached the pan while the content moves (`_beginTrackingWithEvent:`): the motion
    /// stops where it is (a decelerating view freezes at its last frame; a bouncing one stops
    /// scrolling). True when there was a motion to catch.
    func stopMotionForCatch() -> Bool {
        guard motion != .none, let env = environment else { return false }
        pageChangeCaught = motion == .paging
        if let t = frameTimer { env.timers.cancel(t) }
        frameTimer = nil
        motion = .none
        setOffset(contentOffset, .resting, always: true)
        movedContent = false
        return true
    }

    private func restIfMoved() {
        guard movedContent else { return }
        movedContent = false
        setOffset(contentOffset, .resting, always: true)
    }

    private func setOffset(_ p: Point, _ phase: ScrollReport.Phase, always: Bool = false) {
        guard always || p != contentOffset else { return }
        contentOffset = p
        guard let env = environment else { return }
        env.observer?.environment(env, didScroll: ScrollReport(time: env.currentTime, view: self, contentOffset: p, phase: phase))
    }

    // MARK: Notes

    /// The first touch: a note for each configuration UIKit handles in a way worth saying (once per scroll view).
    func panWillReceiveTouches() {
        guard !notesReported, let env = environment else { return }
        notesReported = true
        let r = decelerationRate
        if !(r > 0 && r < 1) {
            let kept = ScrollPhysics.quantisedDecelerationRate(r) == ScrollPhysics.fastDecelerationRate ? "fast (0.99)" : "normal (0.998)"
            env.report(
                .scrollView,
                "scroll view '\(name)': decelerationRate \(r) is outside (0, 1); UIKit keeps \(kept) (setDecelerationRate: picks by rate < 0.994)"
            )
        }
        if !canScrollX && !canScrollY {
            env.report(
                .scrollView,
                "scroll view '\(name)': contentSize \(contentSize.width)x\(contentSize.height) does not exceed its bounds "
                    + "\(frame.size.width)x\(frame.size.height) and it does not always bounce: it cannot scroll")
        }
        let hi = maximumContentOffset
        if contentOffset.x < 0 || contentOffset.y < 0 || contentOffset.x > hi.x || contentOffset.y > hi.y {
            env.report(
                .scrollView,
                "scroll view '\(name)': contentOffset (\(contentOffset.x), \(contentOffset.y)) is outside (0, 0)...(\(hi.x), \(hi.y)); "
                    + "a drag rubber-bands from it and the release bounces back")
        }
        var v = superview
        while let s = v {
            if let outer = s as? ScrollView {
                env.report(
                    .scrollView,
                    "scroll view '\(name)' is inside scroll view '\(outer.name)': each pan begins on its own axes; "
                        + "the hand-off at the edges (transfersScrollingToParent) is not modelled")
                break
            }
            v = s.superview
        }
    }
}
