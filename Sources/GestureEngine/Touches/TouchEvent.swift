/// All touch changes that share one timestamp, as `UIEvent`.
///
/// The environment reuses one event object; do not keep it beyond the call that received it.
public final class TouchEvent {
    /// The event's time, seconds (trace time).
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// Every touch that is down during this event, including the ones that end in it, in the order they began.
    @exclusivity(unchecked) public internal(set) var allTouches: [Touch] = []

    init() {}

    /// The touches of this event that `recognizer` receives.
    public func touches(for recognizer: GestureRecognizer) -> [Touch] {
        recognizer.dispatch.trackedTouches
    }

    /// The touches of this event whose view is `view` (not its subviews'), in the order they began,
    /// as `-[UITouchesEvent touchesForView:]` (the event's touches keyed by their view).
    public func touches(for view: View) -> [Touch] {
        allTouches.filter { $0.view === view }
    }
}
