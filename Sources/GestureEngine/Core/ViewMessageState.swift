/// What the views are told and when (ViewTouchDelivery.swift).
///
/// A value the environment holds in one stored property (`GestureEnvironment.views`) and changes in
/// place: a field is an offset from the environment, with no indirection and, like the rest of the
/// engine's state, no run-time exclusivity check (docs/engine.md, "Cost").
struct ViewMessageState {
    /// Admitted touches down on views with `isExclusiveTouch` (see `admit(_:to:)`).
    var exclusiveTouchesDown = 0
    /// View messages of the current delivery pass, sent grouped by view and message (see ViewTouchDelivery).
    var pendingMessages: [ViewDelivery] = []
    /// Emptied lists for `sendPendingMessages` (a pool: a handler may feed the environment again,
    /// and the nested pass takes lists of its own), so that a pass allocates nothing once warm.
    var spareMessageLists: [[ViewDelivery]] = []
    var spareTouchLists: [[Touch]] = []
    /// Touches whose `began` or `ended` is held back from their view.
    var heldTouches: [Touch] = []
}
