import GestureEngine

/// `libinput record` (YAML, read line by line): `- node: PATH`, `name:`, `absinfo:` (`CODE: [MIN, MAX,
/// ...]`) and `codes:` per device, then `- [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]` events (decimal).
enum LibinputGrammar: RecordingGrammar {
    static var rangesRemedy: DiagnosticText {
        "`libinput record` lists them under `absinfo:` (is this the whole file?), or give \(option: .rawSize, "WxH")"
    }

    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent? { try core.parseLibinput() }
}

extension RecordingCore {
    fileprivate mutating func parseLibinput() throws(TraceError) -> EvdevEvent? {
        var i = ls
        LineScan.skipSpaces(base, &i, le)
        if i == le || base[i] == UInt8(ascii: "#") { return nil }
        if LineScan.hasPrefix(base, i, le, "- node:") {
            var j = i + 7
            let (s, n) = LineScan.token(base, &j, le)
            currentDevice = addDevice(path: s, n)
            devices[currentDevice].line = line
            section = -1
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "- [") { return try libinputEvent(i + 3) }
        if LineScan.hasPrefix(base, i, le, "name:"), currentDevice >= 0, let q = LineScan.find(base, i, le, "\""),
            q + 1 < le, let q2 = LineScan.find(base, q + 1, le, "\"")
        {
            devices[currentDevice].name = String(decoding: UnsafeBufferPointer(start: base + q + 1, count: q2 - q - 1), as: UTF8.self)
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "absinfo:") {
            section = 1; if currentDevice >= 0 { devices[currentDevice].capabilitiesKnown = true }; return nil
        }
        if LineScan.hasPrefix(base, i, le, "codes:") { section = 2; return nil }
        // `53: [0, 1079, 0, 0, 0]` under absinfo; `1: [330, ...]` under codes.
        var j = i
        while j < le && base[j] &- UInt8(ascii: "0") < 10 { j += 1 }
        guard j > i, j < le, base[j] == UInt8(ascii: ":"), currentDevice >= 0, let key = LineScan.decimal(base, i, j - i) else {
            section = -1
            return nil
        }
        var values: (Int64, Int64, Int) = (0, 0, 0)
        var k = j + 1
        var hasTouch = false
        while k < le {
            while k < le && !(base[k] == UInt8(ascii: "-") || base[k] &- UInt8(ascii: "0") < 10) {
                if base[k] == UInt8(ascii: "#") { k = le; break }
                k += 1
            }
            let s = k
            while k < le && (base[k] == UInt8(ascii: "-") || base[k] &- UInt8(ascii: "0") < 10) { k += 1 }
            guard k > s, let v = LineScan.decimal(base, s, k - s) else { continue }
            if values.2 == 0 { values.0 = v } else if values.2 == 1 { values.1 = v }
            values.2 += 1
            if v == Int64(Evdev.BTN_TOUCH) { hasTouch = true }
        }
        if section == 1 && values.2 >= 2 && key <= 0xffff { setRange(UInt16(key), values.0, values.1) }
        if section == 2 && key == 1 && hasTouch { devices[currentDevice].hasBtnTouch = true }
        return nil
    }

    private mutating func libinputEvent(_ from: Int) throws(TraceError) -> EvdevEvent? {
        var fields = (Int64(0), Int64(0), Int64(0), Int64(0), Int64(0))
        var count = 0
        var i = from
        var starts = (0, 0, 0, 0, 0)
        while count < 5 {
            LineScan.skipSpaces(base, &i, le)
            let s = i
            while i < le && base[i] != UInt8(ascii: ",") && base[i] != UInt8(ascii: "]") && !LineScan.isSpace(base[i]) { i += 1 }
            guard i > s else {
                throw error("truncated libinput event: expected [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]", at: min(i, le))
            }
            guard let v = LineScan.decimal(base, s, i - s) else {
                throw error("invalid number \(LineScan.text(base, s, i - s)) in a libinput event", at: s)
            }
            switch count {
            case 0: fields.0 = v; starts.0 = s
            case 1: fields.1 = v; starts.1 = s
            case 2: fields.2 = v; starts.2 = s
            case 3: fields.3 = v; starts.3 = s
            default: fields.4 = v; starts.4 = s
            }
            count += 1
            LineScan.skipSpaces(base, &i, le)
            if i < le && base[i] == UInt8(ascii: ",") { i += 1 } else { break }
        }
        guard count == 5 else {
            throw error("truncated libinput event: expected [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]", at: min(i, le))
        }
        guard fields.0 >= 0, fields.0 < 9_000_000_000, fields.1 >= 0, fields.1 < 1_000_000 else {
            throw error("invalid time in a libinput event", at: starts.0)
        }
        guard fields.2 >= 0 && fields.2 <= 0xffff else { throw error("event type \(fields.2) overflows 16 bits", at: starts.2) }
        guard fields.3 >= 0 && fields.3 <= 0xffff else { throw error("event code \(fields.3) overflows 16 bits", at: starts.3) }
        guard fields.4 >= Int64(Int32.min) && fields.4 <= Int64(UInt32.max) else {
            throw error("value \(fields.4) overflows 32 bits", at: starts.4)
        }
        ensureDevice()
        let type = UInt16(fields.2), code = UInt16(fields.3)
        if !Evdev.isKnownType(type) || !Evdev.isKnownCode(type, code) { countUnknown(at: starts.2); return nil }
        return EvdevEvent(
            time: fields.0 * 1_000_000_000 + fields.1 * 1000, type: type, code: code, value: Int32(truncatingIfNeeded: fields.4), line: line
        )
    }
}
