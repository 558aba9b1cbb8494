import GestureEngine

/// One row of a trace (one touch at one instant), as read from a file, before
/// rows are grouped into frames and before sequence checks.
///
/// Every field keeps the line and column it came from, so that later checks
/// (timestamps going backwards, a touch that moves before it began, ...) can
/// point at the offending value.
public struct TraceRow: Hashable, Sendable {
    /// Where the row and each of its values start in the file.
    public struct Positions: Hashable, Sendable {
        /// The row: CSV record start, or the `{` of a JSON event.
        public var row: TextPosition
        /// The time value.
        public var time: TextPosition
        /// The touch id value.
        public var touch: TextPosition
        /// The phase value.
        public var phase: TextPosition
        /// The x value.
        public var x: TextPosition
        /// The y value.
        public var y: TextPosition

        /// All positions set to `p`.
        public init(all p: TextPosition) {
            row = p; time = p; touch = p; phase = p; x = p; y = p
        }

        /// The position of `field`'s value.
        public subscript(field: TraceField) -> TextPosition {
            get {
                switch field {
                case .time: time
                case .touch: touch
                case .phase: phase
                case .x: x
                case .y: y
                }
            }
            set {
                switch field {
                case .time: time = newValue
                case .touch: touch = newValue
                case .phase: phase = newValue
                case .x: x = newValue
                case .y: y = newValue
                }
            }
        }
    }

    /// Time in seconds (after ``TimeUnit`` conversion).
    public var time: Double
    /// The touch identifier.
    public var touch: TouchID
    /// The phase.
    public var phase: TouchPhase
    /// Horizontal coordinate, points.
    public var x: Double
    /// Vertical coordinate, points.
    public var y: Double
    /// Source positions of the row and of each value.
    public var positions: Positions

    /// Creates a row.
    @inlinable
    public init(time: Double, touch: TouchID, phase: TouchPhase, x: Double, y: Double, positions: Positions) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
        self.positions = positions
    }

    /// The location as a `Point`.
    @inlinable public var location: Point { Point(x: x, y: y) }
}
