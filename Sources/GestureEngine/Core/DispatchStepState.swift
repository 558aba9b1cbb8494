/// The current dispatch step: its stamp, touches and recognizers, and the delivery in progress.
///
/// A value the environment holds in one stored property (`GestureEnvironment.step`) and changes in
/// place: a field is an offset from the environment, with no indirection and, like the rest of the
/// engine's state, no run-time exclusivity check (docs/engine.md, "Cost").
struct StepState: ~Copyable {
    /// Identifies the current dispatch step (one per event, or more when a touch appears twice in an event).
    var stamp = 0
    /// The touches changed in the current step, in row order, unretained: every one is down
    /// (`GestureEnvironment.activeTouches` holds it) until `removeEndedTouches()`, which keeps the
    /// ended ones alive until it has told the observer.
    var stepTouches = TouchList()
    /// Empty storage for the ended touches `removeEndedTouches()` holds while the observer hears of them.
    var spareEndedTouches: [Touch] = []
    /// The recognizers of the current step, each once, unretained: every one of them is in
    /// `adopted`, which holds it strongly for this environment's whole life (see `Recognizers`).
    /// Nested steps (a handler that feeds the environment again) add theirs after the outer step's
    /// and cut the list back to where they started.
    var stepRecognizers = RecognizerList()
    var endingRecognizers: [Unmanaged<GestureRecognizer>] = []
    var scratch: [Touch] = []
    /// The touches the last whole delivery of a step of moves only passed (`deliver(to:sharing:)`),
    /// kept for the next step: a finger moving on hands its recognizers the same list again with no
    /// retain and release per step. Dropped before any list it may share is changed (a touch
    /// beginning, a step with a touch of another phase, a reset), so that change copies nothing.
    var sharedTouches: [Touch] = []
    /// Recognizers of the current step in `began` or `changed` whose delivery changed no state: the
    /// update sends them `changed` (`sendChangedToIdleActiveRecognizers(from:)`).
    var idleActiveRecognizers = RecognizerList()
    /// True while a step's touches are being delivered to its recognizers: a discrete recognition
    /// (`possible -> ended`) made then waits for the end of the delivery (`deferredRecognitions`).
    var isDeliveringStep = false
    /// Above zero while recognizers are being called; resets wait until it is back to zero.
    var dispatchDepth = 0
    /// Touches begun so far (`Touch.beganOrder`).
    var touchesBegun = 0

    /// Drops `sharedTouches` before a list it may share changes (a touch beginning, a reset), so
    /// that change copies nothing.
    @inline(__always)
    mutating func dropSharedTouches() {
        if !sharedTouches.isEmpty { sharedTouches = [] }
    }
}
