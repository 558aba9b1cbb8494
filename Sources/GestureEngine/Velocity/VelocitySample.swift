/// One recorded position of a touch (or of a centroid) at one moment of trace time.
///
/// Units: `time` in seconds (s) of the trace's own clock, `position` in points (pt).
public struct VelocitySample: Hashable, Sendable {
    /// Timestamp, seconds. Only differences between timestamps matter, so large absolute
    /// values (uptime clocks such as 216690.896 s) are fine.
    public var time: Double
    /// Position, points.
    public var position: Point

    @inlinable public init(time: Double, position: Point) {
        self.time = time
        self.position = position
    }
}
