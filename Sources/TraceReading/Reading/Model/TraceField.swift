import GestureEngine

/// A required field of a trace event, with its accepted names.
public enum TraceField: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Timestamp (`t`, `timestamp`, `time`).
    case time
    /// Touch identifier (`id`, `touch`, `touchId`, `touch_id`, `finger`, `pointer`).
    case touch
    /// Phase (`phase`, `type`, `action`).
    case phase
    /// Horizontal coordinate (`x`).
    case x
    /// Vertical coordinate (`y`).
    case y

    /// The canonical name (`t`, `id`, `phase`, `x`, `y`).
    public var name: String { Self.names[Int(rawValue)][0] }

    /// What the field is, for messages: `time`, `touch id`, `phase`, `x`, `y`.
    public var displayName: String {
        switch self {
        case .time: "time"
        case .touch: "touch id"
        case .phase: "phase"
        case .x: "x"
        case .y: "y"
        }
    }

    /// Every accepted name, canonical first.
    public var acceptedNames: [String] { Self.names[Int(rawValue)] }

    /// The canonical name.
    public var description: String { name }

    static let names: [[String]] = [
        ["t", "timestamp", "time"],
        ["id", "touch", "touchId", "touch_id", "finger", "pointer"],
        ["phase", "type", "action"],
        ["x"],
        ["y"],
    ]

    /// The field named by `bytes` (exact, case-sensitive: JSON keys).
    @inline(__always)
    static func match(_ p: UnsafePointer<UInt8>, _ n: Int) -> TraceField? {
        switch n {
        case 1:
            switch p[0] {
            case UInt8(ascii: "t"): return .time
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            default: return nil
            }
        case 2: return traceBytesEqual(p, n, "id") ? .touch : nil
        case 4:
            if traceBytesEqual(p, n, "time") { return .time }
            if traceBytesEqual(p, n, "type") { return .phase }
            return nil
        case 5:
            if traceBytesEqual(p, n, "phase") { return .phase }
            if traceBytesEqual(p, n, "touch") { return .touch }
            return nil
        case 6:
            if traceBytesEqual(p, n, "finger") { return .touch }
            if traceBytesEqual(p, n, "action") { return .phase }
            return nil
        case 7:
            if traceBytesEqual(p, n, "touchId") { return .touch }
            if traceBytesEqual(p, n, "pointer") { return .touch }
            return nil
        case 8: return traceBytesEqual(p, n, "touch_id") ? .touch : nil
        case 9: return traceBytesEqual(p, n, "timestamp") ? .time : nil
        default: return nil
        }
    }

    /// The field named `name`, ignoring ASCII case (CSV headers).
    static func matchIgnoringCase(_ name: String) -> TraceField? {
        let lower = traceASCIILowercased(name)
        for field in allCases {
            for alias in field.acceptedNames where traceASCIILowercased(alias) == lower {
                return field
            }
        }
        return nil
    }

    /// `'t' (also accepted: timestamp, time)`.
    var quotedWithAliases: String {
        let others = acceptedNames.dropFirst()
        if others.isEmpty { return "'\(name)'" }
        return "'\(name)' (also accepted: \(others.joined(separator: ", ")))"
    }
}

@inline(__always)
func traceBytesEqual(_ p: UnsafePointer<UInt8>, _ n: Int, _ s: StaticString) -> Bool {
    guard s.utf8CodeUnitCount == n else { return false }
    let q = s.utf8Start
    for k in 0..<n where p[k] != q[k] { return false }
    return true
}

func traceASCIILowercased(_ s: String) -> String {
    String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
}

/// Phase names accepted in traces, and `UITouch.Phase` raw values (`0` began,
/// `1` moved, `2` stationary, `3` ended, `4` cancelled), which recorders that
/// write `touch.phase.rawValue` produce: a JSON number, or the one-digit text
/// `"0"`...`"4"` (a JSON string, a CSV field).
enum PhaseNames {
    /// `began, moved, stationary, ended, cancelled (aliases: down, move, up, cancel)`.
    static let expectedList = "began, moved, stationary, ended, cancelled (aliases: down, move, up, cancel; any letter case)"

    /// The accepted raw values, for the message about a number that is not one.
    static let expectedRawValues = "0 (began), 1 (moved), 2 (stationary), 3 (ended), 4 (cancelled)"

    /// The phase whose `UITouch.Phase` raw value is the digit `byte` (`0`...`4`).
    @inline(__always)
    static func rawValue(_ byte: UInt8) -> TouchPhase? {
        switch byte {
        case UInt8(ascii: "0"): .began
        case UInt8(ascii: "1"): .moved
        case UInt8(ascii: "2"): .stationary
        case UInt8(ascii: "3"): .ended
        case UInt8(ascii: "4"): .cancelled
        default: nil
        }
    }

    /// ``match(_:_:)`` for bytes in a reader's buffer, which may be read up to
    /// 8 bytes past `p + n` (see ``ByteSource/padding``): the name is compared
    /// as one or two little-endian words, lowered by setting bit 5 of every
    /// byte (exactly what ``match(_:_:)`` does byte by byte).
    @inline(__always)
    static func matchPadded(_ p: UnsafePointer<UInt8>, _ n: Int) -> TouchPhase? {
        let lower: UInt64 = 0x2020_2020_2020_2020
        if n < 8 {
            // One byte: a raw value (compared exactly: setting bit 5 would also
            // turn the control bytes 0x10...0x14 into digits).
            guard n >= 2 else { return n == 1 ? rawValue(p[0]) : nil }
            let w = (SWAR.load(p) | lower) & ((1 << UInt64(n &* 8)) &- 1)
            switch w {
            case 0x6e61_6765_62: return .began  // "began"
            case 0x64_6576_6f6d: return .moved  // "moved"
            case 0x64_6564_6e65: return .ended  // "ended"
            case 0x6e77_6f64: return .began  // "down"
            case 0x6576_6f6d: return .moved  // "move"
            case 0x7075: return .ended  // "up"
            case 0x6c65_636e_6163: return .cancelled  // "cancel"
            default: return nil
            }
        }
        guard n == 9 || n == 10 else { return nil }
        let w = SWAR.load(p) | lower
        let tail = (SWAR.load(p + 8) | lower) & ((1 << UInt64((n &- 8) &* 8)) &- 1)
        if w == 0x656c_6c65_636e_6163 && tail == 0x64 { return .cancelled }  // "cancelled"
        if w == 0x616e_6f69_7461_7473 && tail == 0x7972 { return .stationary }  // "stationary"
        return nil
    }

    /// The phase spelled by `p[0..<n]`, ignoring ASCII case.
    @inline(__always)
    static func match(_ p: UnsafePointer<UInt8>, _ n: Int) -> TouchPhase? {
        @inline(__always) func lc(_ k: Int) -> UInt8 { p[k] | 0x20 }
        @inline(__always) func eq(_ s: StaticString) -> Bool {
            let q = s.utf8Start
            for k in 0..<n where lc(k) != q[k] { return false }
            return true
        }
        switch n {
        case 1: return rawValue(p[0])
        case 2: return eq("up") ? .ended : nil
        case 4:
            if eq("down") { return .began }
            if eq("move") { return .moved }
            return nil
        case 5:
            switch lc(0) {
            case UInt8(ascii: "b"): return eq("began") ? .began : nil
            case UInt8(ascii: "m"): return eq("moved") ? .moved : nil
            case UInt8(ascii: "e"): return eq("ended") ? .ended : nil
            default: return nil
            }
        case 6: return eq("cancel") ? .cancelled : nil
        case 9: return eq("cancelled") ? .cancelled : nil
        case 10: return eq("stationary") ? .stationary : nil
        default: return nil
        }
    }
}
