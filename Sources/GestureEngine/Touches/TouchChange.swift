/// One row of a trace: what happened to one touch at an event's timestamp.
public struct TouchChange: Hashable, Sendable {
    /// The touch's identifier (interned by the trace reader).
    public var id: Int
    /// What happened.
    public var phase: TouchPhase
    /// Where the touch is, window coordinates, points.
    public var location: Point

    @inlinable public init(id: Int, phase: TouchPhase, location: Point) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}
