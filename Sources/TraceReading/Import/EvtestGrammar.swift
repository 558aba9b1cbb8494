import GestureEngine

/// `evtest`: `Input device name: "NAME"`, then `Event type N (EV_...)`/`Event code N (...)` with
/// `Min`/`Max` lines for the axis ranges, then `Event: time S.U, type T (...), code C (...), value V`
/// events and `-------------- SYN_REPORT ------------` lines.
enum EvtestGrammar: RecordingGrammar {
    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent? { try core.parseEvtest() }
}

extension RecordingCore {
    fileprivate mutating func parseEvtest() throws(TraceError) -> EvdevEvent? {
        var i = ls
        LineScan.skipSpaces(base, &i, le)
        if LineScan.hasPrefix(base, i, le, "Event: time ") { return try evtestEvent(i + 12) }
        if LineScan.hasPrefix(base, i, le, "Input device name:") {
            ensureDevice()
            if let q = LineScan.find(base, i, le, "\""), q + 1 < le, let q2 = LineScan.find(base, q + 1, le, "\"") {
                devices[currentDevice].name = String(decoding: UnsafeBufferPointer(start: base + q + 1, count: q2 - q - 1), as: UTF8.self)
            }
            devices[currentDevice].line = line
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "Event type ") {
            ensureDevice()
            devices[currentDevice].capabilitiesKnown = true
            var j = i + 11
            let (s, n) = LineScan.token(base, &j, le)
            section = Int(LineScan.decimal(base, s, n) ?? -1)
            evtestCode = -1
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "Event code ") {
            var j = i + 11
            let (s, n) = LineScan.token(base, &j, le)
            evtestCode = Int(LineScan.decimal(base, s, n) ?? -1)
            if section == Int(Evdev.EV_KEY) && evtestCode == Int(Evdev.BTN_TOUCH) && currentDevice >= 0 {
                devices[currentDevice].hasBtnTouch = true
            }
            return nil
        }
        if section == Int(Evdev.EV_ABS) && evtestCode >= 0 && currentDevice >= 0 {
            var j = i
            let (s, n) = LineScan.token(base, &j, le)
            let (vs, vn) = LineScan.token(base, &j, le)
            if let v = LineScan.decimal(base, vs, vn) {
                let code = UInt16(truncatingIfNeeded: evtestCode)
                if n == 3 && LineScan.hasPrefix(base, s, le, "Min") {
                    setRange(code, v, v)
                } else if n == 3 && LineScan.hasPrefix(base, s, le, "Max") {
                    let lo: Int64
                    switch code {
                    case Evdev.ABS_MT_POSITION_X: lo = devices[currentDevice].mtX?.lowerBound ?? 0
                    case Evdev.ABS_MT_POSITION_Y: lo = devices[currentDevice].mtY?.lowerBound ?? 0
                    case Evdev.ABS_X: lo = devices[currentDevice].x?.lowerBound ?? 0
                    case Evdev.ABS_Y: lo = devices[currentDevice].y?.lowerBound ?? 0
                    default: lo = 0
                    }
                    setRange(code, lo, v)
                }
            }
        }
        return nil
    }

    private mutating func evtestEvent(_ from: Int) throws(TraceError) -> EvdevEvent? {
        var i = from
        let ts = i
        while i < le && base[i] != UInt8(ascii: ",") { i += 1 }
        guard let time = LineScan.timestamp(base, ts, i - ts) else {
            if i == le { throw error("truncated evtest event: expected 'Event: time S.U, type T (...), code C (...), value V'", at: le) }
            throw error("invalid timestamp \(LineScan.text(base, ts, i - ts)): expected seconds.microseconds", at: ts)
        }
        guard i < le else { throw error("truncated evtest event: expected 'Event: time S.U, type T (...), code C (...), value V'", at: le) }
        ensureDevice()
        // `-------------- SYN_REPORT ------------` (and `++++ SYN_MT_REPORT ++++`).
        if let k = LineScan.find(base, i, le, "SYN_") {
            var j = k
            while j < le && !LineScan.isSpace(base[j]) { j += 1 }
            guard let code = Evdev.code(named: base + k, j - k, type: Evdev.EV_SYN) else { countUnknown(at: k); return nil }
            if LineScan.find(base, i, le, "type ") == nil {
                return EvdevEvent(time: time, type: Evdev.EV_SYN, code: code, value: 0, line: line)
            }
        }
        func field(_ key: StaticString, _ i: Int) throws(TraceError) -> (Int64, Int) {
            guard let k = LineScan.find(base, i, le, key) else {
                throw error("truncated evtest event: expected '\(key)'", at: le)
            }
            var j = k + key.utf8CodeUnitCount
            let s = j
            while j < le && (base[j] == UInt8(ascii: "-") || base[j] &- UInt8(ascii: "0") < 10) { j += 1 }
            guard j > s else { throw error("truncated evtest event: expected a number after '\(key)'", at: j) }
            guard let v = LineScan.decimal(base, s, j - s) else { throw error("number \(LineScan.text(base, s, j - s)) overflows", at: s) }
            return (v, s)
        }
        let (type, tpos) = try field("type ", i)
        let (code, cpos) = try field("code ", i)
        let (value, vpos) = try field("value ", i)
        guard type >= 0 && type <= 0xffff else { throw error("event type \(type) overflows 16 bits", at: tpos) }
        guard code >= 0 && code <= 0xffff else { throw error("event code \(code) overflows 16 bits", at: cpos) }
        guard value >= Int64(Int32.min) && value <= Int64(UInt32.max) else { throw error("value \(value) overflows 32 bits", at: vpos) }
        if !Evdev.isKnownType(UInt16(type)) || !Evdev.isKnownCode(UInt16(type), UInt16(code)) { countUnknown(at: tpos); return nil }
        return EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: Int32(truncatingIfNeeded: value), line: line)
    }
}
