import GestureEngine
import TraceReading

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

/// A state's position in the line templates (`StateTemplates`), in declaration order.
@inline(__always)
func stateIndex(_ s: GestureRecognizerState) -> Int {
    switch s {
    case .possible: 0
    case .began: 1
    case .changed: 2
    case .ended: 3
    case .cancelled: 4
    case .failed: 5
    }
}

/// The constant text around a transition line's states, one fixed-size slot per state (or pair of
/// states), so a line copies a whole slot with a few moves (no call, no loop on the length) and
/// keeps only the slot's meaningful bytes.
enum StateTemplates {
    /// The length of each state's name, a byte per state (`stateIndex` order).
    @inline(__always) static func nameLength(_ i: Int) -> Int {
        Int(truncatingIfNeeded: (0x06_09_05_07_05_08 as UInt64) &>> UInt64(truncatingIfNeeded: i &<< 3)) & 0xFF
    }

    /// JSON Lines: `STATE","previous":"` in 32-byte slots (its length: the name's + 14).
    static let jsonState: StaticString =
        "possible\",\"previous\":\"          began\",\"previous\":\"             changed\",\"previous\":\"           ended\",\"previous\":\"             cancelled\",\"previous\":\"         failed\",\"previous\":\"            "
    /// JSON Lines: `PREVIOUS","location":` in 32-byte slots (its length: the name's + 13).
    static let jsonPrevious: StaticString =
        "possible\",\"location\":           began\",\"location\":              changed\",\"location\":            ended\",\"location\":              cancelled\",\"location\":          failed\",\"location\":             "
    /// Text: `PREVIOUS -> STATE` padded to the state column's width and its two spaces (23 bytes
    /// for every pair, the longest has one space), in 24-byte slots, `6 * previous + state`.
    static let textStates: StaticString =
        "possible -> possible    possible -> began       possible -> changed     possible -> ended       possible -> cancelled   possible -> failed      began -> possible       began -> began          began -> changed        began -> ended          began -> cancelled      began -> failed         changed -> possible     changed -> began        changed -> changed      changed -> ended        changed -> cancelled    changed -> failed       ended -> possible       ended -> began          ended -> changed        ended -> ended          ended -> cancelled      ended -> failed         cancelled -> possible   cancelled -> began      cancelled -> changed    cancelled -> ended      cancelled -> cancelled  cancelled -> failed     failed -> possible      failed -> began         failed -> changed       failed -> ended         failed -> cancelled     failed -> failed        "
}

extension ByteWriter {
    /// Copies the `size`-byte slot `index` of `table` and keeps its first `count` bytes (the
    /// caller reserved room for the whole slot).
    @inline(__always)
    mutating func slot(_ table: StaticString, _ index: Int, size: Int, count: Int) {
        room(size)
        UnsafeMutableRawPointer(p).copyMemory(from: table.utf8Start + index &* size, byteCount: size)
        p += count
    }
}
