/// Linux input event types and codes the importers need, by name (`getevent -l`, evtest) and number
/// (values from the kernel's `include/uapi/linux/input-event-codes.h`).
enum Evdev {
    static let EV_SYN: UInt16 = 0x00, EV_KEY: UInt16 = 0x01, EV_ABS: UInt16 = 0x03
    static let SYN_REPORT: UInt16 = 0, SYN_MT_REPORT: UInt16 = 2, SYN_DROPPED: UInt16 = 3
    static let ABS_X: UInt16 = 0x00, ABS_Y: UInt16 = 0x01
    static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36
    static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    static let BTN_TOUCH: UInt16 = 0x14a
    /// A code that is named but plays no part in touches (`KEY_POWER`, `MSC_TIMESTAMP`, ...).
    static let irrelevant: UInt16 = 0xFFFF

    static let types: [(String, UInt16)] = [
        ("EV_SYN", 0x00), ("EV_KEY", 0x01), ("EV_REL", 0x02), ("EV_ABS", 0x03), ("EV_MSC", 0x04), ("EV_SW", 0x05),
        ("EV_LED", 0x11), ("EV_SND", 0x12), ("EV_REP", 0x14), ("EV_FF", 0x15), ("EV_PWR", 0x16), ("EV_FF_STATUS", 0x17),
    ]
    static let synCodes: [(String, UInt16)] = [("SYN_REPORT", 0), ("SYN_CONFIG", 1), ("SYN_MT_REPORT", 2), ("SYN_DROPPED", 3)]
    static let absCodes: [(String, UInt16)] = [
        ("ABS_X", 0x00), ("ABS_Y", 0x01), ("ABS_Z", 0x02), ("ABS_RX", 0x03), ("ABS_RY", 0x04), ("ABS_RZ", 0x05),
        ("ABS_THROTTLE", 0x06), ("ABS_RUDDER", 0x07), ("ABS_WHEEL", 0x08), ("ABS_GAS", 0x09), ("ABS_BRAKE", 0x0a),
        ("ABS_HAT0X", 0x10), ("ABS_HAT0Y", 0x11), ("ABS_HAT1X", 0x12), ("ABS_HAT1Y", 0x13), ("ABS_HAT2X", 0x14),
        ("ABS_HAT2Y", 0x15), ("ABS_HAT3X", 0x16), ("ABS_HAT3Y", 0x17), ("ABS_PRESSURE", 0x18), ("ABS_DISTANCE", 0x19),
        ("ABS_TILT_X", 0x1a), ("ABS_TILT_Y", 0x1b), ("ABS_TOOL_WIDTH", 0x1c), ("ABS_VOLUME", 0x20), ("ABS_PROFILE", 0x21),
        ("ABS_MISC", 0x28), ("ABS_RESERVED", 0x2e), ("ABS_MT_SLOT", 0x2f), ("ABS_MT_TOUCH_MAJOR", 0x30),
        ("ABS_MT_TOUCH_MINOR", 0x31), ("ABS_MT_WIDTH_MAJOR", 0x32), ("ABS_MT_WIDTH_MINOR", 0x33),
        ("ABS_MT_ORIENTATION", 0x34), ("ABS_MT_POSITION_X", 0x35), ("ABS_MT_POSITION_Y", 0x36),
        ("ABS_MT_TOOL_TYPE", 0x37), ("ABS_MT_BLOB_ID", 0x38), ("ABS_MT_TRACKING_ID", 0x39), ("ABS_MT_PRESSURE", 0x3a),
        ("ABS_MT_DISTANCE", 0x3b), ("ABS_MT_TOOL_X", 0x3c), ("ABS_MT_TOOL_Y", 0x3d),
    ]
    /// Name prefixes of the codes of other types: any such name is known (and plays no part).
    static let otherPrefixes: [UInt16: [String]] = [
        0x01: ["KEY_", "BTN_"], 0x02: ["REL_"], 0x04: ["MSC_"], 0x05: ["SW_"], 0x11: ["LED_"], 0x12: ["SND_"],
        0x14: ["REP_"], 0x16: ["PWR_"],
    ]

    /// Whether `type` is a type the kernel defines.
    static func isKnownType(_ type: UInt16) -> Bool {
        type <= 0x05 || (0x11...0x12).contains(type) || (0x14...0x17).contains(type)
    }

    /// Whether `code` of `type` is a code the kernel defines (for the types whose codes matter).
    static func isKnownCode(_ type: UInt16, _ code: UInt16) -> Bool {
        switch type {
        case EV_SYN: return code <= 3
        case EV_ABS: return code <= 0x3d
        default: return code <= 0x2ff
        }
    }

    /// The name of a type, for messages (`EV_KEY`, or `type 0x1f`).
    static func typeName(_ type: UInt16) -> String {
        types.first { $0.1 == type }?.0 ?? "type 0x\(String(type, radix: 16))"
    }

    /// The name of an ABS or SYN code, for messages (`ABS_MT_TRACKING_ID`, or `code 0x3e`).
    static func codeName(_ code: UInt16, type: UInt16) -> String {
        let list = type == EV_ABS ? absCodes : type == EV_SYN ? synCodes : []
        return list.first { $0.1 == code }?.0 ?? "code 0x\(String(code, radix: 16))"
    }

    /// Labels by hash: type names, and SYN/ABS codes and `BTN_TOUCH` (type-qualified).
    static let table: LabelTable = {
        var t = LabelTable()
        for (n, v) in types { t.insert(n, kind: 0xFFFF, value: v) }
        for (n, v) in synCodes { t.insert(n, kind: EV_SYN, value: v) }
        for (n, v) in absCodes { t.insert(n, kind: EV_ABS, value: v) }
        t.insert("BTN_TOUCH", kind: EV_KEY, value: BTN_TOUCH)
        return t
    }()

    /// The type named by `p[0..<n]`, or nil.
    static func type(named p: UnsafePointer<UInt8>, _ n: Int) -> UInt16? {
        table.lookup(p, n, kind: 0xFFFF)
    }

    /// The code named by `p[0..<n]` for `type`: its number, ``irrelevant`` for a name of the type's
    /// family that plays no part in touches, nil for an unknown name.
    static func code(named p: UnsafePointer<UInt8>, _ n: Int, type: UInt16) -> UInt16? {
        if let v = table.lookup(p, n, kind: type) { return v }
        if type == EV_SYN || type == EV_ABS { return nil }
        guard let prefixes = otherPrefixes[type] else { return nil }
        for prefix in prefixes where n > prefix.utf8.count {
            var ok = true
            var k = 0
            for b in prefix.utf8 { if p[k] != b { ok = false; break }; k += 1 }
            if ok { return irrelevant }
        }
        return nil
    }
}

/// A small open-addressing hash table from ASCII labels to numbers, looked up from raw bytes.
struct LabelTable {
    private var keys: [[UInt8]] = Array(repeating: [], count: 256)
    private var kinds: [UInt16] = Array(repeating: 0, count: 256)
    private var values: [UInt16] = Array(repeating: 0, count: 256)

    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int, _ kind: UInt16) -> Int {
        var h: UInt64 = 0xcbf29ce484222325 ^ UInt64(kind)
        for k in 0..<n { h = (h ^ UInt64(p[k])) &* 0x100000001b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29)) & 255
    }

    mutating func insert(_ name: String, kind: UInt16, value: UInt16) {
        let bytes = Array(name.utf8)
        var i = bytes.withUnsafeBufferPointer { Self.hash($0.baseAddress!, $0.count, kind) }
        while !keys[i].isEmpty { i = (i + 1) & 255 }
        keys[i] = bytes
        kinds[i] = kind
        values[i] = value
    }

    func lookup(_ p: UnsafePointer<UInt8>, _ n: Int, kind: UInt16) -> UInt16? {
        var i = Self.hash(p, n, kind)
        while true {
            let done: Bool? = keys[i].withUnsafeBufferPointer { key in
                if key.isEmpty { return true }
                if key.count == n && kinds[i] == kind && memcmpBytes(key.baseAddress!, p, n) { return false }
                return nil
            }
            if done == true { return nil }
            if done == false { return values[i] }
            i = (i + 1) & 255
        }
    }
}

@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    for k in 0..<n where a[k] != b[k] { return false }
    return true
}
