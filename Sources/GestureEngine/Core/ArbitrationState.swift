/// Who takes part in the gesture and what arbitration is waiting on (Arbitration.swift, FailureQuestions.swift).
///
/// A value the environment holds in one stored property (`GestureEnvironment.arbitration`) and changes in
/// place: a field is an offset from the environment, with no indirection and, like the rest of the
/// engine's state, no run-time exclusivity check (docs/engine.md, "Cost").
struct ArbitrationState {
    /// Recognizers that received a touch since their last reset: the ones arbitration looks at.
    var participants: [GestureRecognizer] = []
    /// How many participants may answer a failure question other than from `require(toFail:)`
    /// (FailureQuestions.swift): while none do, a recognizer waits only for its own requirements.
    var failureAnswerers = 0
    /// Participants with a recognition held back by a failure requirement (`pendingState`), in
    /// `participants` order (`WaitingList`): a failure looks only at them.
    var waiting = WaitingList()
    /// Counts recognizers joining `participants`; each gets the count as its `joinOrder`, so the
    /// order of `participants` is the order of `joinOrder`.
    var joins = 0
    /// Recognizers that joined `participants` in the current step: the exclusion pass after the
    /// step's delivery looks at them (`excludeNewcomers()`); empty in a step where no touch began.
    var newcomers: [GestureRecognizer] = []
    /// Discrete recognitions made during the current step's delivery, applied (or excluded) after
    /// it, as UIKit's exclusion pass runs before the actions are sent (`resolveDeferredRecognitions`).
    var deferredRecognitions: [GestureRecognizer] = []
    /// The recognizers of a large batch of resets still in `participants`, and the touches (still
    /// down) whose lists still hold them, with the recognizer, until `removeResetRecognizersFromLists()`.
    /// Unretained: `adopted` holds the recognizers, `activeTouches` the touches, until then.
    var leftParticipants: [Unmanaged<GestureRecognizer>] = []
    var staleTouchEntries: [(touch: Unmanaged<Touch>, recognizer: Unmanaged<GestureRecognizer>)] = []
    var listCleanupGeneration = 1
    /// True while `participants` or a touch's list holds a reset recognizer (either of the above).
    var listsHoldResetRecognizers = false
}
