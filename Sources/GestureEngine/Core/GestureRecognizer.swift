/// The base class of every recognizer, as `UIGestureRecognizer`.
///
/// Subclass it exactly as in UIKit: override `touchesBegan(_:with:)`, `touchesMoved(_:with:)`,
/// `touchesEnded(_:with:)`, `touchesCancelled(_:with:)` and `reset()`, and set `state`.
/// The environment checks every state change against UIKit's state machine, arbitrates between
/// recognizers, and calls `reset()` after every terminal state. Report extra values by overriding
/// `fillValues(_:)`, and say why an attempt failed with `fail(_:)`.
open class GestureRecognizer {
    /// The name used in output and in scene files.
    public var name: String {
        get { storedName }
        set {
            storedName = newValue
            storedNameRevision &+= 1
        }
    }
    /// Changes every time `name` is set (the initial name is revision 0). A renderer that caches
    /// what it prints for a recognizer compares this number instead of the name itself: no
    /// `String` copy per transition. `final`: read directly, not through the class's table (a call
    /// per printed line).
    package final var nameRevision: Int { storedNameRevision }
    /// The view this recognizer is attached to. Not retained (the view holds its recognizers); the
    /// view sets it to nil when it detaches the recognizer or goes away, so it never dangles.
    public internal(set) var view: View? {
        get { viewLink?.takeUnretainedValue() }
        set { viewLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `view`'s storage, unretained: arbitration compares views at every exclusion test
    /// (`viewsAreRelated`) without a retain and release.
    @exclusivity(unchecked) final var viewLink: Unmanaged<View>?
    /// GestureUIKit's link to this recognizer's `UIGestureRecognizer` (its `FaceAnchor`): nil until
    /// UIKit-style code asks for the recognizer. Never read by the engine.
    package var uikitFace: AnyObject?
    /// The delegate (held weakly, as in UIKit).
    public var delegate: (any GestureRecognizerDelegate)? {
        get { storedDelegate }
        set {
            storedDelegate = newValue
            delegateQuestionsDidChange()
        }
    }

    /// The questions the engine asks the delegate (`DelegateQuestions`): all of them unless the
    /// delegate declares fewer, none without a delegate (a delegate that goes away leaves its set
    /// behind; the weak load then finds nil and the default answer stands, as before).
    @exclusivity(unchecked) package private(set) var delegateQuestions: DelegateQuestions = []

    /// Reads the delegate's `DelegateQuestions` again (its delegate calls it when they change).
    package func delegateQuestionsDidChange() {
        if let d = storedDelegate {
            delegateQuestions = (d as? any DeclaresDelegateQuestions)?.questions(answeredFor: self) ?? .all
        } else {
            delegateQuestions = []
        }
        environment?.failureQuestionsDidChange(for: self)
    }

    // Configuration below: plain values (numbers, flags, option sets), read at every event. An
    // overlapping access to a trivial value cannot corrupt memory, so the run-time exclusivity check
    // (~80 instructions per read) is skipped (docs/engine.md, "Cost").
    /// When the recognizer recognizes, its view's touches are cancelled (default true, UIKit).
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    /// The view gets no `touchesBegan` until this recognizer fails (default false, UIKit).
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// The view's `touchesEnded` is held until this recognizer fails (default true, UIKit).
    @exclusivity(unchecked) public var delaysTouchesEnded = true

    /// False stops the recognizer; disabling it mid-gesture cancels it (or fails it if it has not begun).
    public var isEnabled: Bool {
        get { storedIsEnabled }
        set {
            let wasEnabled = storedIsEnabled
            storedIsEnabled = newValue
            if wasEnabled && !newValue { environment?.recognizerWasDisabled(self) }
        }
    }

    /// A recognizer named `name` (the type's kind when nil).
    public init(name: String? = nil) {
        self.storedName = name ?? ""
        if name == nil { self.storedName = kind }
    }

    /// The kind of recognizer, printed in output (`"tap"`, `"pan"`, ...). Subclasses override it
    /// with their type's kind, the same for every call: a renderer reads it when it first prints the
    /// recognizer and after each rename (`name`), not per line.
    open var kind: String { "custom" }

    /// The recognizer's state. Setting it asks the environment for the transition; a request UIKit
    /// does not allow is coerced as `-[UIGestureRecognizer setState:]` does (`began -> failed` becomes
    /// `began -> cancelled`; requests after a terminal state are ignored) and reported as a
    /// `coercedTransition` note. While a recognition is held back by a failure requirement the state
    /// reads `possible`.
    public var state: GestureRecognizerState {
        get { dispatch.currentState }
        set {
            if let p = dispatch.environmentPointer {
                Unmanaged<GestureEnvironment>.fromOpaque(p)._withUnsafeGuaranteedRef { $0.request(self, to: newValue) }
            } else if let applied = GestureRecognizerState.coerced(from: dispatch.currentState, requested: newValue) {
                dispatch.currentState = applied
            }
        }
    }

    /// Fails the current attempt, saying why (shown in output as the transition's `reason`):
    /// `fail("moved \(short: d) pt > allowableMovement \(short: allowableMovement) pt")`. The
    /// literal is a `FailureReason`, whose `\(short:)` and `\(short:decimals:)` print numbers as
    /// the engine's own recognizers do, without `String` interpolation's cost. The reason is
    /// written only when someone will read it (an observer that hears this recognizer's failures,
    /// or no environment yet): a replay whose output filter drops failures builds no text.
    public func fail(_ reason: @autoclosure () -> FailureReason) {
        if reportsFailureReason { dispatch.pendingReason.set(reason()) }
        state = .failed
    }

    /// Fails the current attempt with a reason held in a `String` (built only when read, as above).
    @_disfavoredOverload
    public func fail(_ reason: @autoclosure () -> String) {
        if reportsFailureReason {
            var string = reason()
            string.withUTF8 { dispatch.pendingReason.set($0) }
        }
        state = .failed
    }

    /// Whether a reason this recognizer gives for failing or being cancelled is reported
    /// (`GestureEnvironment.reportsReasons(of:)`; true before it has an environment).
    var reportsFailureReason: Bool {
        guard let p = dispatch.environmentPointer else { return true }
        return Unmanaged<GestureEnvironment>.fromOpaque(p)._withUnsafeGuaranteedRef { $0.reportsReasons(of: self) }
    }

    /// Whether `environment` delivers this recognizer's touches (compares pointers: no retain, no
    /// copy of the bookkeeping struct).
    @inline(__always)
    func isDelivered(by environment: GestureEnvironment) -> Bool {
        dispatch.environmentPointer == Unmanaged.passUnretained(environment).toOpaque()
    }

    /// Holds back this recognizer's recognition until `other` fails; if `other` recognizes, this one fails.
    public func require(toFail other: GestureRecognizer) {
        guard !dispatch.requiredToFail.contains(where: { $0 === other }) else { return }
        dispatch.requiredToFail.append(other)
        other.dispatch.requiredBy.removeAll { $0.recognizer == nil }
        other.dispatch.requiredBy.append(WeakRecognizer(recognizer: self))
    }

    /// Whether this recognizer, recognizing, may prevent `other` (default true; UIKit's tap overrides it).
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other`, recognizing, may prevent this recognizer (default true).
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// True makes this recognizer wait for `other` to fail (per attempt; default false).
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// True makes `other` wait for this recognizer to fail (per attempt; default false).
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Overridden by subclasses

    /// New touches for this recognizer, all with one timestamp.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches of this recognizer that moved in this event (two fingers moving together arrive in one call).
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches of this recognizer that lifted in this event.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches of this recognizer that were cancelled in this event.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
    /// Called by the environment after every terminal state: forget the attempt. As in UIKit
    /// (`-[UIGestureRecognizer _resetGestureRecognizer]`) `state` still reads the terminal state
    /// here, so a state set inside `reset()` is ignored; it reads `possible` afterwards.
    open func reset() {}
    /// Whether a touch landing now may join this recognizer (UIKit's `_shouldReceiveTouch:`, which
    /// the pinch and rotation drivers refuse once their pair formed: such a touch is never
    /// delivered). The engine's built-in recognizers override it; default true.
    func shouldReceiveNewTouch(_ touch: Touch) -> Bool { true }
    /// Called when a recognition held back by a failure requirement is finally applied,
    /// just before the transition is reported (a pan re-bases its translation to zero here).
    open func recognitionWillResumeAfterFailureRequirements() {}

    /// Fills the values reported with a transition. The base fills `location` and `numberOfTouches`;
    /// call `super` and add your own.
    open func fillValues(_ values: inout GestureValues) {
        values.location = location(in: nil)
        values.numberOfTouches = numberOfTouches
    }

    // MARK: Touches and locations

    /// Whether the environment's observer hears this recognizer's transitions (true by default): a
    /// replay whose output shows some recognizers only, with no summary or other listener, clears
    /// it for the others (see `GestureEnvironment.reportedStates`).
    package var isReported: Bool {
        get { dispatch.isReported }
        set { dispatch.isReported = newValue }
    }

    /// The touches this recognizer currently receives (including ones that end in the current event).
    public var touches: [Touch] { dispatch.trackedTouches }

    /// Number of touches this recognizer currently receives; a built-in class answers what its
    /// UIKit class's `numberOfTouches` counts (a tap: the touches of the tap).
    public var numberOfTouches: Int { dispatch.trackedTouches.count }

    /// Number of touches this recognizer currently receives, whatever its class reports.
    final var trackedTouchCount: Int { dispatch.trackedTouches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (window coordinates when nil), points.
    /// After the touches lift, the last centroid. A built-in class answers what its UIKit class's
    /// `locationInView:` answers (a tap's and a swipe's start point, a pinch's and a rotation's
    /// integer centroid), the location its transitions report.
    public func location(in view: View?) -> Point {
        let window = dispatch.trackedTouches.isEmpty ? dispatch.lastCentroid : centroid()
        guard let view else { return window }
        return view.convert(fromWindow: window)
    }

    /// `point`, in window coordinates, in this recognizer's view's coordinates (unchanged when it
    /// has no view), points: `view.convert(fromWindow:)`, for a recognizer that reports a value
    /// in its view at every move (the view is read in place, not retained for the call).
    public final func convertFromWindow(_ point: Point) -> Point {
        guard let link = viewLink else { return point }
        return link._withUnsafeGuaranteedRef { $0.convert(fromWindow: point) }
    }

    /// The location of touch number `index` (0-based, in the order the touches began) in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        dispatch.trackedTouches[index].location(in: view)
    }

    /// Stops delivering `touch` to this recognizer (as `ignore(_:for:)`).
    public func ignore(_ touch: Touch, for event: TouchEvent) {
        dispatch.trackedTouches.removeAll { $0 === touch }
        if let i = touch.recognizers.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(self).toOpaque() }) {
            touch.recognizers.remove(at: i)
            touch.recognizerAttempts.remove(at: i)
        }
    }

    /// Declares that moves delivered before `time` (trace seconds) change nothing for this attempt:
    /// the engine leaves such moves out of a step of moves only, until the next reset or the next
    /// declaration (`-.infinity` takes every move again); a step with a touch of another phase is
    /// delivered whole. For built-in recognizers whose own `touchesMoved` is known to do nothing
    /// then; a subclass that overrides it must get every move, so they declare it only for their
    /// exact class.
    func ignoresMoves(before time: Double) {
        dispatch.quietMovesBefore = time
    }

    /// The centroid of the touches it receives, window coordinates (NaN when it has none).
    func centroid() -> Point {
        dispatch.trackedTouches.windowCentroid() ?? Point(x: .nan, y: .nan)
    }

    // MARK: Target-action

    /// Calls `action` on `target` whenever this recognizer changes state to `began`, `changed`,
    /// `ended` or `cancelled`, as UIKit's `addTarget(_:action:)` sends its action message (never for
    /// `failed`). The target is held weakly, as in UIKit: once it goes away its actions stop.
    ///
    ///     pan.addTarget(self, action: ViewController.handlePan)   // func handlePan(_ pan: PanGestureRecognizer)
    ///
    /// The action's parameter may be any recognizer class this recognizer is (an action for another
    /// class is never called). Actions run after the environment's observer has seen the
    /// transition, in the order they were added.
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        storedActions.append(
            TargetAction(target: target) { [weak target] r in
                guard let target, let r = r as? Recognizer else { return }
                action(target)(r)
            })
    }

    /// `addTarget(_:action:)` for an action that takes no argument (`func handleTap()`).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        storedActions.append(
            TargetAction(target: target) { [weak target] _ in
                guard let target else { return }
                action(target)()
            })
    }

    /// Calls `handler` with this recognizer whenever it changes state to `began`, `changed`, `ended`
    /// or `cancelled` (the closure form of `addTarget(_:action:)`; the closure is retained).
    public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
        storedActions.append(TargetAction(target: nil, call: handler))
    }

    /// Removes the actions added for `target` (`addTarget(_:action:)`); nil removes every action,
    /// closures included (UIKit's `removeTarget(nil, action: nil)`).
    public func removeTarget(_ target: AnyObject?) {
        if let target {
            storedActions.removeAll { $0.target === target }
        } else {
            storedActions.removeAll()
        }
    }

    /// Runs the actions for a transition to `state` (the engine calls it after reporting the transition).
    /// Inlined into the engine: a recognizer without actions (every one in a replay) costs a load
    /// and a branch per transition, not a call.
    @inline(__always) func sendActions(for state: GestureRecognizerState) {
        if !storedActions.isEmpty { runActions(for: state) }
    }

    /// Whether any action was added (`addTarget(_:action:)`, `addAction(_:)`): the update looks
    /// only at recognizers that have some.
    var hasActions: Bool { !storedActions.isEmpty }

    private func runActions(for state: GestureRecognizerState) {
        switch state {
        case .began, .changed, .ended, .cancelled:
            // A copy (a retain, no allocation): an action may add or remove actions.
            let actions = storedActions
            for a in actions { a.call(self) }
        default:
            break
        }
    }

    // MARK: Time

    /// The current trace time, seconds.
    public var currentTime: Double { environment?.currentTime ?? 0 }

    /// Schedules `action` to run `delay` seconds of trace time from now. Timers are cancelled when the
    /// recognizer resets.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerToken {
        guard let environment else { return TimerToken(value: -1) }
        return environment.timers.schedule(at: environment.currentTime + delay, owner: self, action: action)
    }

    /// Cancels a timer scheduled with `schedule(after:_:)`.
    public func cancelTimer(_ token: TimerToken) {
        environment?.timers.cancel(token)
    }

    /// Cancels the timer in `token`, if any, and clears it: the one spelling of
    /// `if let t { cancelTimer(t); self.t = nil }` (UIKit's `[_timer invalidate]; _timer = nil`).
    @inline(__always)
    public func cancelTimer(_ token: inout TimerToken?) {
        if let t = token {
            cancelTimer(t)
            token = nil
        }
    }

    // MARK: Engine bookkeeping
    //
    // Everything below belongs to the engine. Its state for this recognizer (the state it applied,
    // the touches it delivers, the dispatch step's stamps and phases, the attempt number, the
    // failure requirements, the environment) lives in one struct, changed in place through this one
    // property (`dispatch.deliveryStamp = stamp`), never copied out and back. Only the engine
    // touches it, with plain reads, assignments and short array calls that call out to nothing, so
    // accesses never overlap: it skips the run-time exclusivity check (see `GestureEnvironment` and
    // docs/engine.md, "Cost"); a field of the struct is an offset from it, with no check of its own.
    @exclusivity(unchecked) var dispatch = RecognizerDispatchState()

    /// The touches this recognizer receives, in the order they began (the engine's list; for the
    /// built-in recognizers, which read it at every event).
    var trackedTouches: [Touch] { dispatch.trackedTouches }
    /// The environment that delivered this recognizer's touches (nil before the first touch and
    /// after the environment went away).
    var environment: GestureEnvironment? { dispatch.environment }
    /// The environment this recognizer's own calls (`scheduledTimer`, `replayPrint`) go to: the
    /// one delivering its touches, else its view's before its first touch.
    var hostingEnvironment: GestureEnvironment? { dispatch.environment ?? view?.environment }

    // The storage behind `name`, `delegate` and `isEnabled`, which the engine reads for every
    // recognizer at every event. Only their accessors touch it, each in one short access (an
    // outside `inout` use of the public property works on a temporary through get and set), so
    // accesses never overlap: no run-time exclusivity check (docs/engine.md, "Cost").
    @exclusivity(unchecked) private var storedName: String
    @exclusivity(unchecked) private var storedNameRevision = 0
    @exclusivity(unchecked) private weak var storedDelegate: (any GestureRecognizerDelegate)?
    @exclusivity(unchecked) private var storedIsEnabled = true
    /// The target-actions and handlers, read at every transition (no allocation while empty).
    @exclusivity(unchecked) private var storedActions: [TargetAction] = []
}

/// One `addTarget(_:action:)` or `addAction(_:)` entry: the target (weak; nil for a closure) and
/// the call.
struct TargetAction {
    weak var target: AnyObject?
    let call: (GestureRecognizer) -> Void
}
