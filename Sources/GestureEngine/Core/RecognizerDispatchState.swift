/// The engine's bookkeeping for one recognizer: its state as the engine holds it, the touches it
/// receives, what it got in the current dispatch step, its attempt number, its failure requirements
/// and its environment. A `GestureRecognizer` holds it in one stored property, `dispatch`, so that
/// the class users subclass shows their API and this plumbing stays out of their way.
///
/// Only the engine touches it, always in place through the recognizer
/// (`r.dispatch.deliveryStamp = stamp`, never a copy taken out and stored back), with plain reads,
/// assignments and short array calls that call out to nothing. Accesses never overlap, so the
/// property skips the run-time exclusivity check (`@exclusivity(unchecked)`, see docs/engine.md,
/// "Cost"); a field of a struct is reached by an offset from the property, with no check of its own.
struct RecognizerDispatchState {
    /// The state the engine applied last (`state` reads it).
    var currentState: GestureRecognizerState = .possible
    /// A recognition held back until the recognizers this one requires to fail have failed.
    var pendingState: GestureRecognizerState?
    /// True when the held-back recognition passed through `began` (a continuous gesture that also ended while waiting).
    var pendingBegan = false
    /// True once the delegate was asked `shouldBegin` in this attempt.
    var shouldBeginAsked = false
    /// The reason given with `fail(_:)` for the next `failed`.
    var pendingReason = ReasonBytes()
    /// Touches this recognizer receives, in the order they began.
    var trackedTouches: [Touch] = []
    /// True once it has received a touch since its last reset: it takes part in arbitration.
    var isParticipating = false
    /// The dispatch step this recognizer was last gathered for, with the phases (bits, 1 << phase)
    /// and number of its touches in that step.
    var deliveryStamp = 0
    var stepPhases: UInt8 = 0
    var stepTouchCount = 0
    /// The step in which some of its touches last ended, and the last of them in row order (only
    /// set while that step removes ended touches).
    var endStamp = 0
    unowned(unsafe) var lastEndedTouch: Touch?
    /// Counts the transitions applied (wrapping): the update after a delivery sends `changed` only
    /// when the delivery itself changed nothing.
    var transitions = 0
    /// True while a discrete recognition made during a step's delivery waits for the exclusion
    /// pass after it (the state reads `ended`; nothing is reported yet).
    var isRecognitionDeferred = false
    /// The recognizer that excludes a deferred recognition, found by the pass before any is applied.
    unowned(unsafe) var deferredExcluder: GestureRecognizer?
    /// Moves delivered before this trace time (seconds) change nothing for this recognizer, which
    /// said so (`GestureRecognizer.ignoresMoves(before:)`): the engine leaves such moves out when it
    /// gathers a step of moves only (`GestureEnvironment.dispatchStep()`). -infinity (every move
    /// delivered) after a reset.
    var quietMovesBefore = -Double.infinity
    /// True from a terminal state until the engine resets the recognizer.
    var isQueuedForReset = false
    /// Counts attempts (incremented at every reset), so a touch can tell a stale recognizer from a current one.
    var attempt = 0
    /// Where the touches were when the last one left, window coordinates (reported after they lift).
    var lastCentroid: Point = .zero
    /// Timers this recognizer scheduled that are still pending, and the epoch its reset moves on to
    /// cancel them all at once (`TimerQueue.cancelAll(ownedBy:)`).
    var liveTimers = 0
    var timerEpoch = 0
    /// Whether its class may answer a failure question other than from `requiredToFail` (nil until
    /// first asked), and whether the environment counts it among the participants that may
    /// (`GestureRecognizer.answersFailureQuestions`, FailureQuestions.swift).
    var classAnswersFailureQuestions: Bool?
    var isCountedAsFailureAnswerer = false
    /// Its place in `participants` (the environment's join count when it joined), and whether it is
    /// in the environment's `WaitingList` (held back by a failure requirement).
    var joinOrder = 0
    var isInWaitingList = false
    /// Recognizers that must fail before this one may recognize (`require(toFail:)`).
    var requiredToFail: [GestureRecognizer] = []
    /// The recognizers that listed this one in their `require(toFail:)` (held weakly): with
    /// `requiredToFail`, the relatives whose activity holds back this recognizer's reset.
    var requiredBy: [WeakRecognizer] = []

    // The update (`GestureEnvironment.runUpdate()`, UIKit's `_UIGestureEnvironmentUpdate`).
    /// In the environment's update queue: its actions are sent at the next update.
    var needsUpdate = false
    /// UIKit's "began, actions not yet sent" flag: set when `began` is applied to a recognizer with
    /// actions, cleared when the update sends them (Began first, with `state` reading `began`, for
    /// one that has moved on in the same event; `_updateGestureForActiveEvents`).
    var beganActionPending = false
    /// Began (or recognized) during the current delivery: its exclusion of others and its view's
    /// touch cancellation wait for the update, and another recognition of the same event may still
    /// exclude it (its Began was never sent).
    var arbitrationPending = false
    /// Failed (or was cancelled) since the update last looked at the recognizers waiting for it:
    /// it still counts as undecided for them, so their release waits for the update.
    var releasePending = false
    /// `transitions` when its touches were last delivered: the update sends `changed` to an active
    /// recognizer whose delivery changed nothing.
    var transitionsAtDelivery = 0
    /// The reason of its failure or cancellation, until the update reports it.
    var reportedReason = ReasonBytes()
    /// Whether the observer hears its transitions (`GestureRecognizer.isReported`).
    var isReported = true
    /// Finished, with its reset held back while a recognizer joined to it by a failure requirement
    /// is active (`-[UIGestureEnvironment _activeRelationshipsForGestureRecognizer:]`).
    var isResetBlocked = false
    /// The environment that delivered this recognizer's touches, not retained: read at every state
    /// change, it is a plain pointer (comparing it or calling through it retains nothing), and the
    /// environment sets it back to nil when it goes away (`GestureEnvironment.deinit`), so it
    /// behaves as a weak reference and never dangles.
    var environmentPointer: UnsafeMutableRawPointer?

    /// `environmentPointer` as a reference (a strong one, for uses off the hot path).
    var environment: GestureEnvironment? {
        get { environmentPointer.map { Unmanaged<GestureEnvironment>.fromOpaque($0).takeUnretainedValue() } }
        set { environmentPointer = newValue.map { Unmanaged.passUnretained($0).toOpaque() } }
    }

    /// The reason given with `fail(_:)` becomes the reported one: the two buffers trade places (no
    /// byte copied), and the pending one is empty again.
    mutating func reportPendingReason() {
        swap(&pendingReason, &reportedReason)
        pendingReason.clear()
    }
}

/// A recognizer held weakly (`RecognizerDispatchState.requiredBy`).
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
