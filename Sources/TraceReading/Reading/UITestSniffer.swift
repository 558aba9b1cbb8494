/// Recognizes a UI-test gesture description from its first bytes (``TraceFormat/sniff(_:)-(UnsafeBufferPointer<UInt8>)``
/// asks before its JSON rules), by the object's first key and the first key of the first element
/// of its array:
/// - `{"actions": [{"type": ...` (or `"id"`, `"parameters"`) → ``TraceFormat/w3cActions``;
/// - `{"actions": [[` or `{"actions": [{"action": ...` (or `"options"`), `{"script": "mobile:` →
///   ``TraceFormat/appium``;
/// - `{"events": [{"touches": ...` (or `"inputType"`, `"timeOffset"`, `"interpolate"`, `"timestep"`,
///   `"coordinateSpace"`, `"startEvent"`, `"endEvent"`) → ``TraceFormat/webkitEvents``
///   (a trace's `"events"` start with event fields: `t`, `phase`, ...).
enum UITestSniffer {
    /// The format of `source` if its first 4 KiB (read ahead, not consumed) are a UI-test
    /// description, after an optional UTF-8 BOM and whitespace.
    static func sniff(_ source: ByteSource) throws(TraceError) -> TraceFormat? {
        try source.prefetch(4096)
        var b = UnsafeBufferPointer(start: source.base + source.start, count: min(source.available, 4096))
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { b = UnsafeBufferPointer(rebasing: b[3...]) }
        var i = 0
        skip(b, &i)
        return sniff(UnsafeBufferPointer(rebasing: b[i...]))
    }

    static func sniff(_ b: UnsafeBufferPointer<UInt8>) -> TraceFormat? {
        var i = 0
        guard let (key, value) = firstKey(b, &i) else { return nil }
        _ = value
        switch key {
        case "actions":
            guard open(b, &i, UInt8(ascii: "[")) else { return nil }
            skip(b, &i)
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "[") { return .appium }
            guard let (inner, _) = firstKey(b, &i) else { return nil }
            switch inner {
            case "action", "options": return .appium
            case "type", "id", "parameters", "actions": return .w3cActions
            default: return nil
            }
        case "script":
            skip(b, &i)
            let prefix = Array("\"mobile:".utf8)
            guard b.count - i >= prefix.count else { return nil }
            for k in 0..<prefix.count where b[i + k] != prefix[k] { return nil }
            return .appium
        case "events":
            guard open(b, &i, UInt8(ascii: "[")) else { return nil }
            guard let (inner, _) = firstKey(b, &i) else { return nil }
            switch inner {
            case "inputType", "timeOffset", "touches", "interpolate", "timestep", "coordinateSpace", "startEvent", "endEvent":
                return .webkitEvents
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func skip(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    }

    private static func open(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ c: UInt8) -> Bool {
        skip(b, &i)
        guard i < b.count, b[i] == c else { return false }
        i += 1
        return true
    }

    /// At `{`: the first key (up to 32 bytes, no escapes) and `i` after its colon.
    private static func firstKey(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> (String, Int)? {
        guard open(b, &i, UInt8(ascii: "{")), open(b, &i, UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "\\"), i - start < 32 { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
        let key = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        i += 1
        guard open(b, &i, UInt8(ascii: ":")) else { return nil }
        return (key, i)
    }
}
