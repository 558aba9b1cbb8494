/// The values a recognizer reports with a state transition: a small record each recognizer fills
/// in `GestureRecognizer.fillValues(_:)`. Unset fields are `nil` and are not printed.
public struct GestureValues: Sendable {
    /// Centroid of the recognizer's touches (the last one after they lift), window coordinates, points.
    public var location: Point = .zero
    /// Number of touches the recognizer is tracking.
    public var numberOfTouches: Int = 0
    /// Pan-style translation since the gesture began, points.
    public var translation: Vector?
    /// Velocity, points per second (pan, screen-edge pan, marquee).
    public var velocity: Vector?
    /// Scalar velocity: scale per second (pinch) or radians per second (rotation).
    public var scalarVelocity: Double?
    /// Cumulative scale (pinch), 1 at the start.
    public var scale: Double?
    /// Cumulative rotation, radians, counting full turns.
    public var rotation: Double?
    /// The direction that fired (swipe, two-finger swipe).
    public var direction: SwipeDirection?
    /// Normalized selection rectangle in the recognizer's view coordinates, points (marquee).
    public var selectionRect: Rect?
    /// Number of taps recognized (tap).
    public var taps: Int?
    /// Further named values a custom recognizer reports (printed under their names).
    public var extra: [(name: String, value: GestureValue)] = []

    public init() {}
}

/// A named value in `GestureValues.extra`.
public enum GestureValue: Sendable, Equatable {
    case integer(Int)
    case number(Double)
    case text(String)
    case point(Point)
}

extension GestureValues {
    /// Back to `GestureValues()`, in place: the update reuses one record for every report it makes
    /// (`GestureEnvironment.reportTransitions()`). Plain stores; `extra` is assigned only when it
    /// holds something (assigning over it releases the old array, empty or not). Every stored field
    /// is reset here: TransitionReportTests compares a cleared record with a new one, field by field.
    mutating func clear() {
        location = .zero
        numberOfTouches = 0
        translation = nil
        velocity = nil
        scalarVelocity = nil
        scale = nil
        rotation = nil
        direction = nil
        selectionRect = nil
        taps = nil
        if !extra.isEmpty { extra = [] }
    }
}
