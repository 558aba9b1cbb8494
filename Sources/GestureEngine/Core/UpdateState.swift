/// What the event's touch methods did, waiting for the update (Update.swift), and the resets it queued.
///
/// A value the environment holds in one stored property (`GestureEnvironment.update`) and changes in
/// place: a field is an offset from the environment, with no indirection and, like the rest of the
/// engine's state, no run-time exclusivity check (docs/engine.md, "Cost").
struct UpdateState: ~Copyable {
    /// True while `runUpdate()` runs (a nested call returns at once: the running one picks up its work).
    var isUpdating = false
    /// Transitions applied since the last update, in order, for the observer (filled only when there
    /// is one); reported by the update with the values read then.
    var reports = PendingTransitions()
    /// Something waits for the update (a transition, a newcomer, a deferred recognition): set where
    /// it is queued, so a step with none skips the update with one test.
    var hasUpdateWork = false
    /// Something waits for the update's arbitration or releases (a recognition during the delivery,
    /// a deferred discrete recognition, a newcomer, a failure or cancellation).
    var hasArbitrationWork = false
    /// Recognizers with actions that had a transition since the last update, in order, each once.
    var updateQueue: [Unmanaged<GestureRecognizer>] = []
    var spareUpdateQueue: [Unmanaged<GestureRecognizer>] = []
    /// Recognitions made during the current delivery whose exclusion waits for the update, in order.
    var arbitrationQueue: [Unmanaged<GestureRecognizer>] = []
    /// Failures and cancellations whose waiting recognizers the update has not yet released, in order.
    var failedQueue: [Unmanaged<GestureRecognizer>] = []
    /// Recognizers that reached a terminal state since the last update: the update queues their
    /// resets, or holds them back while a relative is active (`blockedResets`).
    var finishedQueue: [Unmanaged<GestureRecognizer>] = []
    /// Recognitions whose views' touches are cancelled after the update's reports.
    var viewCancellations: [Unmanaged<GestureRecognizer>] = []
    /// Finished recognizers whose reset waits for their active relatives (`isResetBlocked`).
    var blockedResets: [Unmanaged<GestureRecognizer>] = []
    /// Recognizers to reset at the end of the step (`settle()`), unretained as the other queues:
    /// `adopted` holds every recognizer the environment delivers to.
    var resetQueue: [Unmanaged<GestureRecognizer>] = []
    /// Empty storage for the next `resetQueue` (see `settle()`).
    var spareResetQueue: [Unmanaged<GestureRecognizer>] = []
    /// How many reports are under way (one inside another when an observer feeds the environment).
    var reportingDepth = 0
    /// Observer holders replaced while a report reads them in place, kept until the outermost
    /// report ends (`ObserverHolder`).
    var retiredObserverHolders: [ObserverHolder] = []
}
