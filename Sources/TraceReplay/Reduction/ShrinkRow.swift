import GestureEngine
import TraceReading

/// One row of a trace being shrunk (``TraceShrinker``): the five fields of the canonical trace
/// (docs/trace-format.md), in seconds and points, with the touch's id as the trace writes it.
public struct ShrinkRow: Hashable, Sendable {
    /// Seconds (after `--time-unit` conversion).
    public var time: Double
    /// The touch's id as written (`1`, `A`).
    public var touch: String
    public var phase: TouchPhase
    /// Points.
    public var x: Double
    /// Points.
    public var y: Double

    public init(time: Double, touch: String, phase: TouchPhase, x: Double, y: Double) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// Whether the row ends its touch (`ended` or `cancelled`).
    var endsTouch: Bool { phase == .ended || phase == .cancelled }

    /// A row between its touch's `began` and its end (`moved`, `stationary`): the rows the finest
    /// pass removes one by one.
    var isMiddle: Bool { phase == .moved || phase == .stationary }
}

/// The structure of a list of rows that the reducer cuts along: its touches (each from a `began`
/// to its end, an id used again later is another touch) and its gestures (the rows between two
/// moments with no touch down).
struct ShrinkStructure {
    /// Row indexes of each touch, in row order; a row that belongs to no touch (a `moved` with no
    /// `began` before it) is a touch of its own, so every row is in exactly one.
    var touches: [[Int]] = []
    /// Row indexes of each gesture, in row order.
    var gestures: [[Int]] = []

    init(_ rows: [ShrinkRow]) {
        var open: [String: Int] = [:]
        var down = 0
        var gesture: [Int] = []
        for (i, row) in rows.enumerated() {
            if row.phase == .began {
                if let t = open[row.touch] {
                    touches[t].append(i)
                } else {
                    open[row.touch] = touches.count
                    touches.append([i])
                    down += 1
                }
            } else if let t = open[row.touch] {
                touches[t].append(i)
                if row.endsTouch {
                    open[row.touch] = nil
                    down -= 1
                }
            } else {
                touches.append([i])
            }
            gesture.append(i)
            if down == 0 {
                gestures.append(gesture)
                gesture = []
            }
        }
        if !gesture.isEmpty { gestures.append(gesture) }
    }
}
