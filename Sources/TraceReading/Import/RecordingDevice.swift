import GestureEngine

/// One input device of a recording, from its header (or its event lines' `/dev/input/eventN:`).
struct RecordingDevice {
    var path: [UInt8] = []
    var name = ""
    var line = 0
    /// The header listed its capabilities (`getevent -p`, evemu, libinput, evtest).
    var capabilitiesKnown = false
    var hasMT = false, hasX = false, hasBtnTouch = false
    var mtX: ClosedRange<Int64>?, mtY: ClosedRange<Int64>?, x: ClosedRange<Int64>?, y: ClosedRange<Int64>?
    /// Where the position ranges were read: the line, and the file when not the recording (a `.desc`).
    var rangeLine = 0
    var rangePath: String?
    /// The ABS codes below 64 the header lists (bit `code`), to notice events it does not describe.
    var absListed: UInt64 = 0

    var pathText: String { String(decoding: path, as: UTF8.self) }
    var touchLike: Bool { hasMT || (hasX && hasBtnTouch) }
    var described: String {
        var s = path.isEmpty ? "the device" : pathText
        if !name.isEmpty { s += " \"\(name)\"" }
        if line > 0 { s += " (line \(line))" }
        return s
    }
    func matches(_ wanted: String) -> Bool { pathText == wanted || name == wanted }
    var ranges: (x: ClosedRange<Int64>, y: ClosedRange<Int64>)? {
        if let a = mtX, let b = mtY { return (a, b) }
        if let a = x, let b = y { return (a, b) }
        return nil
    }
    func rangesAt(_ recording: String) -> DeviceRanges? {
        guard let r = ranges else { return nil }
        return DeviceRanges(x: r.x, y: r.y, location: SourceLocation(path: rangePath ?? recording, line: max(rangeLine, 1), column: 1))
    }
    /// Takes the header data of `other` (the same device read elsewhere: a `.desc`, a later `-lp` block).
    mutating func takeCapabilities(of other: RecordingDevice) {
        if name.isEmpty { name = other.name }
        capabilitiesKnown = capabilitiesKnown || other.capabilitiesKnown
        hasMT = hasMT || other.hasMT
        hasX = hasX || other.hasX
        hasBtnTouch = hasBtnTouch || other.hasBtnTouch
        mtX = other.mtX ?? mtX; mtY = other.mtY ?? mtY; x = other.x ?? x; y = other.y ?? y
        rangeLine = other.rangeLine
        rangePath = other.rangePath
        absListed |= other.absListed
    }
}
