import GestureEngine

/// Android `getevent -lt` (labels) or `-t` (hex): `[   SECONDS.MICROS] /dev/input/eventN: TYPE CODE
/// VALUE` event lines, after an optional `getevent -lp`/`-p` header (`add device N: PATH`, `name:`,
/// the `ABS (0003):` axis ranges and `KEY (0001):` keys). The `-lp` block may also come after the
/// events (two captures in one file): a file is then read twice for it.
enum GeteventGrammar: RecordingGrammar {
    static var rangesRemedy: DiagnosticText {
        "record `adb shell getevent -lp` into the same file (before or after the events), or give \(option: .rawSize, "WxH")"
    }

    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent? { try core.parseGetevent() }
    static func readAfterHeader(_ core: inout RecordingCore) throws(TraceError) { try core.readLateRanges() }
}

extension RecordingCore {
    /// getevent: the `-lp` block of the device may come after the events (two captures in one
    /// file). A file is read a second time for it; a pipe cannot be (said at the end).
    fileprivate mutating func readLateRanges() throws(TraceError) {
        // Only for the one device the events will be read from (not when the choice is ambiguous).
        guard pending != nil, let t = selectedCandidate(), devices[t].ranges == nil else { return }
        guard let again = source.reopenedFromStart() else {
            rereadable = false
            return
        }
        var scan = RecordingCore(source: again, format: .getevent, options: RecordingImportOptions(), warn: { _ in })
        while try scan.readLine() { _ = try? scan.parseGetevent() }
        let found: Int?
        if !devices[t].path.isEmpty {
            found = scan.devices.firstIndex { $0.path == devices[t].path && $0.ranges != nil }
        } else {
            let c = scan.devices.indices.filter { scan.devices[$0].touchLike && scan.devices[$0].ranges != nil }
            found = c.count == 1 ? c[0] : nil
        }
        guard let f = found else { return }
        devices[t].takeCapabilities(of: scan.devices[f])
        if devices[t].line == 0 { devices[t].line = scan.devices[f].line }
        selected = t
        selectionFixed = true
        if pendingNoPrefix { pendingDevice = t }
        warn(
            .note(
                "axis ranges from the `getevent -lp` block at line \(scan.devices[f].rangeLine), after the events (this file is read twice)",
                at: SourceLocation(path: path, line: scan.devices[f].rangeLine, column: 1)))
    }

    private func number(after key: StaticString, _ from: Int) -> Int64? {
        guard let k = LineScan.find(base, from, le, key) else { return nil }
        var i = k + key.utf8CodeUnitCount
        LineScan.skipSpaces(base, &i, le)
        let s = i
        while i < le && (base[i] == UInt8(ascii: "-") || base[i] &- UInt8(ascii: "0") < 10) { i += 1 }
        return LineScan.decimal(base, s, i - s)
    }

    fileprivate mutating func parseGetevent() throws(TraceError) -> EvdevEvent? {
        var i = ls
        LineScan.skipSpaces(base, &i, le)
        if i == le { return nil }
        if base[i] == UInt8(ascii: "[") { return try geteventEvent(i) }
        if LineScan.hasPrefix(base, i, le, "add device") {
            if let colon = LineScan.find(base, i, le, ": ") {
                var j = colon + 2
                let (s, n) = LineScan.token(base, &j, le)
                if n > 0 { currentDevice = addDevice(path: s, n); devices[currentDevice].line = line }
            }
            section = -1
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "/dev/input/") || LineScan.hasPrefix(base, i, le, "EV_") {
            throw error("getevent line without a timestamp: record with `getevent -lt` (or -t)", at: i)
        }
        if LineScan.hasPrefix(base, i, le, "name:") {
            if currentDevice >= 0, let q = LineScan.find(base, i, le, "\""),
                let q2 = (q + 1 < le ? LineScan.find(base, q + 1, le, "\"") : nil)
            {
                devices[currentDevice].name = String(decoding: UnsafeBufferPointer(start: base + q + 1, count: q2 - q - 1), as: UTF8.self)
            }
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "events:") {
            if currentDevice >= 0 { devices[currentDevice].capabilitiesKnown = true }
            section = -1
            return nil
        }
        if LineScan.hasPrefix(base, i, le, "input props:") { section = -2; return nil }
        // `ABS (0003): ...`: a capability section and its first codes.
        if let open = LineScan.find(base, i, le, " ("), open + 7 < le, base[open + 6] == UInt8(ascii: ")"),
            base[open + 7] == UInt8(ascii: ":"),
            let t = LineScan.hex(base, open + 2, 4)
        {
            section = Int(t)
            i = open + 8
        }
        guard section >= 0, currentDevice >= 0 else { return nil }
        if section == Int(Evdev.EV_ABS) {
            let (s, n) = LineScan.token(base, &i, le)
            let code: UInt16? =
                Evdev.code(named: base + s, n, type: Evdev.EV_ABS) ?? LineScan.hex(base, s, n).flatMap { $0 <= 0xffff ? UInt16($0) : nil }
            if let code, let lo = number(after: "min ", i), let hi = number(after: "max ", i) {
                setRange(code, lo, hi)
            }
        } else if section == Int(Evdev.EV_KEY) {
            while true {
                let (s, n) = LineScan.token(base, &i, le)
                if n == 0 { break }
                if Evdev.code(named: base + s, n, type: Evdev.EV_KEY) == Evdev.BTN_TOUCH
                    || LineScan.hex(base, s, n) == UInt64(Evdev.BTN_TOUCH)
                {
                    devices[currentDevice].hasBtnTouch = true
                }
            }
        }
        return nil
    }

    private mutating func geteventEvent(_ open: Int) throws(TraceError) -> EvdevEvent? {
        var i = open + 1
        LineScan.skipSpaces(base, &i, le)
        let ts = i
        while i < le && base[i] != UInt8(ascii: "]") { i += 1 }
        guard i < le else { throw error("truncated getevent line: the timestamp has no closing ']'", at: le) }
        var te = i
        while te > ts && LineScan.isSpace(base[te - 1]) { te -= 1 }
        guard let time = LineScan.timestamp(base, ts, te - ts) else {
            throw error("invalid timestamp \(LineScan.text(base, ts, te - ts)): expected seconds.microseconds", at: ts)
        }
        i += 1
        var (s, n) = LineScan.token(base, &i, le)
        var device = -1
        if n > 1 && base[s + n - 1] == UInt8(ascii: ":") {
            device = addDevice(path: s, n - 1)
            (s, n) = LineScan.token(base, &i, le)
            lastNoPrefix = false
        } else if selected >= 0 && selectionFixed {
            // `getevent -lt /dev/input/event3`: one device, the one the header chose.
            device = selected
            lastNoPrefix = true
        } else {
            ensureDevice()
            device = currentDevice
            lastNoPrefix = true
        }
        guard n > 0 else { throw error("truncated getevent line: expected the event type", at: le) }
        let (cs, cn) = LineScan.token(base, &i, le)
        guard cn > 0 else { throw error("truncated getevent line: expected the event code after \(LineScan.text(base, s, n))", at: le) }
        let (vs, vn) = LineScan.token(base, &i, le)
        guard vn > 0 else { throw error("truncated getevent line: expected the value after \(LineScan.text(base, cs, cn))", at: le) }
        // Type: a label (getevent -l) or 4 hex digits.
        var type: UInt16
        if let t = Evdev.type(named: base + s, n) {
            type = t
        } else if let t = LineScan.hex(base, s, n) {
            guard n <= 4 || t <= 0xffff else { throw error("event type \(LineScan.text(base, s, n)) overflows 16 bits", at: s) }
            type = UInt16(t)
            if !Evdev.isKnownType(type) { countUnknown(at: s); return nil }
        } else {
            countUnknown(at: s)
            return nil
        }
        var code: UInt16
        if let c = Evdev.code(named: base + cs, cn, type: type) {
            code = c
        } else if let c = LineScan.hex(base, cs, cn) {
            guard cn <= 4 || c <= 0xffff else { throw error("event code \(LineScan.text(base, cs, cn)) overflows 16 bits", at: cs) }
            code = UInt16(c)
            if !Evdev.isKnownCode(type, code) { countUnknown(at: cs); return nil }
        } else {
            countUnknown(at: cs)
            return nil
        }
        var value: Int32
        if let v = LineScan.hex(base, vs, vn) {
            guard v <= 0xffff_ffff else {
                throw error("value \(LineScan.text(base, vs, vn)) overflows 32 bits (getevent prints 8 hex digits)", at: vs)
            }
            value = Int32(bitPattern: UInt32(v))
        } else if LineScan.hasPrefix(base, vs, vs + vn, "DOWN") && vn == 4 {
            value = 1
        } else if LineScan.hasPrefix(base, vs, vs + vn, "UP") && vn == 2 {
            value = 0
        } else if LineScan.hasPrefix(base, vs, vs + vn, "REPEAT") && vn == 6 {
            value = 2
        } else {
            throw error("invalid value \(LineScan.text(base, vs, vn)): expected hexadecimal digits", at: vs)
        }
        currentDevice = device
        return EvdevEvent(time: time, type: type, code: code, value: value, line: line)
    }
}
