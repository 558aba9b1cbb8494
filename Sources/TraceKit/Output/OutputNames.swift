import GestureEngine

/// The output names of states and directions as static bytes (the `description`s, without
/// building a `String` per line).
@inline(__always)
func stateName(_ s: GestureRecognizerState) -> StaticString {
    switch s {
    case .possible: "possible"
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    }
}

extension ByteWriter {
    /// A direction's `description`: a single direction from a static table, a set spelled out
    /// (at most `right|left|up|down`, 18 bytes).
    @inline(__always)
    mutating func direction(_ d: SwipeDirection) {
        switch d {
        case .right: bytes("right")
        case .left: bytes("left")
        case .up: bytes("up")
        case .down: bytes("down")
        default: string(d.description)
        }
    }
}
