/// Where a touch is in its life, as `UITouch.Phase`.
public enum TouchPhase: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// The finger touched down.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move in this event (another finger did).
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch (for example the recording stopped).
    case cancelled

    /// The lowercase name used in traces and output (`began`, `moved`, ...).
    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// True for `ended` and `cancelled`: the touch's last phase.
    @inlinable public var isTerminal: Bool { self == .ended || self == .cancelled }
}
