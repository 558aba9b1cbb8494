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
}
