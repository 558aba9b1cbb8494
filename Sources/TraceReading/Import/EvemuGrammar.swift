import GestureEngine

/// `evemu-record`: `N:` (name), `A: CODE MIN MAX FUZZ FLAT [RESOLUTION]` (axis ranges) header lines,
/// then `E: SECONDS.MICROS TYPE CODE VALUE` events (hex type and code, decimal value). The header may
/// be in a device description of its own (`evemu-describe`): `--desc FILE`, or `DEVICE.desc` beside
/// `DEVICE.GESTURE.events` (``DeviceDescriptionFile``).
enum EvemuGrammar: RecordingGrammar {
    static var rangesRemedy: DiagnosticText {
        "put the device's description (`evemu-describe` output) beside it as DEVICE.desc for DEVICE.GESTURE.events, or give it with \(option: .deviceDescription, "FILE"), or give \(option: .rawSize, "WxH")"
    }

    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent? { try core.parseEvemu() }
    static func readBeforeHeader(_ core: inout RecordingCore) throws(TraceError) { try core.readDescription() }
}

extension RecordingCore {
    /// The evemu device description (`N:`, `A:` lines of `evemu-describe`) for a recording whose
    /// ranges are elsewhere: `--desc FILE`, else `DEVICE.desc` beside `DEVICE.GESTURE.events`.
    fileprivate mutating func readDescription() throws(TraceError) {
        var descPath = options.descPath
        var beside = false
        if descPath == nil, let found = DeviceDescriptionFile.beside(recording: path) {
            descPath = found
            beside = true
        }
        guard let descPath else { return }
        var desc = RecordingCore(
            source: try ByteSource(path: descPath), format: .evemu, options: RecordingImportOptions(), warn: { _ in })
        while try desc.readLine() {
            if try desc.parseEvemu() != nil { break }  // a recording given as description: its header only
        }
        guard let d = desc.devices.first, d.capabilitiesKnown else {
            throw .invalidTrace(
                "'\(descPath)' holds no evemu device description (no 'A:' axis lines)",
                at: SourceLocation(path: descPath, line: 1, column: 1))
        }
        var device = RecordingDevice()
        device.line = 0
        device.takeCapabilities(of: d)
        device.rangePath = descPath
        devices.append(device)
        currentDevice = 0
        descName = d.name.isEmpty ? nil : d.name
        descFile = descPath
        descBeside = beside
    }

    /// Says where the ranges came from when a description was read: the note for one found beside
    /// the recording, a warning when the recording's own `A:` lines win over `--desc`.
    func reportDescription(_ device: RecordingDevice) {
        guard let descFile else { return }
        let start = SourceLocation(path: path, line: 1, column: 1)
        if device.rangePath == descFile {
            if descBeside {
                warn(
                    .note(
                        "axis ranges from the device description '\(descFile)' beside the recording (\(option: .deviceDescription, "FILE") to give another)",
                        at: start))
            }
        } else if !descBeside && device.ranges != nil {
            warn(
                .warning(
                    "the recording's own axis ranges are used, not those of \(option: .deviceDescription, "'\(descFile)'")",
                    at: SourceLocation(path: path, line: max(device.rangeLine, 1), column: 1)))
        }
    }

    fileprivate mutating func parseEvemu() throws(TraceError) -> EvdevEvent? {
        var i = ls
        LineScan.skipSpaces(base, &i, le)
        guard le - i >= 2, base[i + 1] == UInt8(ascii: ":") else { return nil }
        let kind = base[i]
        i += 2
        ensureDevice()
        switch kind {
        case UInt8(ascii: "N"):
            LineScan.skipSpaces(base, &i, le)
            var e = le
            while e > i && LineScan.isSpace(base[e - 1]) { e -= 1 }
            devices[currentDevice].name = String(decoding: UnsafeBufferPointer(start: base + i, count: e - i), as: UTF8.self)
            devices[currentDevice].line = line
            if let descName, let descFile, descName != devices[currentDevice].name {
                warn(
                    .warning(
                        "the recording is of \"\(devices[currentDevice].name)\", the description '\(descFile)' of \"\(descName)\": is it another device's?",
                        at: location(i)))
            }
            return nil
        case UInt8(ascii: "A"):
            let (cs, cn) = LineScan.token(base, &i, le)
            let (ms, mn) = LineScan.token(base, &i, le)
            let (xs, xn) = LineScan.token(base, &i, le)
            guard let code = LineScan.hex(base, cs, cn), code <= 0xffff, let lo = LineScan.decimal(base, ms, mn),
                let hi = LineScan.decimal(base, xs, xn)
            else {
                throw error("invalid evemu axis line: expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]'", at: cs)
            }
            setRange(UInt16(code), lo, hi)
            return nil
        case UInt8(ascii: "E"):
            let (ts, tn) = LineScan.token(base, &i, le)
            let (ys, yn) = LineScan.token(base, &i, le)
            let (cs, cn) = LineScan.token(base, &i, le)
            let (vs, vn) = LineScan.token(base, &i, le)
            guard tn > 0 else { throw error("truncated evemu event: expected 'E: SECONDS.MICROSECONDS TYPE CODE VALUE'", at: le) }
            guard let time = LineScan.timestamp(base, ts, tn) else {
                throw error("invalid timestamp \(LineScan.text(base, ts, tn)): expected seconds.microseconds", at: ts)
            }
            guard yn > 0, cn > 0, vn > 0 else {
                throw error("truncated evemu event: expected 'E: SECONDS.MICROSECONDS TYPE CODE VALUE'", at: le)
            }
            guard let type = LineScan.hex(base, ys, yn) else {
                throw error("invalid event type \(LineScan.text(base, ys, yn)): expected hexadecimal digits", at: ys)
            }
            guard type <= 0xffff else { throw error("event type \(LineScan.text(base, ys, yn)) overflows 16 bits", at: ys) }
            guard let code = LineScan.hex(base, cs, cn) else {
                throw error("invalid event code \(LineScan.text(base, cs, cn)): expected hexadecimal digits", at: cs)
            }
            guard code <= 0xffff else { throw error("event code \(LineScan.text(base, cs, cn)) overflows 16 bits", at: cs) }
            guard let value = LineScan.decimal(base, vs, vn) else {
                throw error("invalid value \(LineScan.text(base, vs, vn)): expected a decimal integer", at: vs)
            }
            guard value >= Int64(Int32.min) && value <= Int64(UInt32.max) else {
                throw error("value \(LineScan.text(base, vs, vn)) overflows 32 bits", at: vs)
            }
            if !Evdev.isKnownType(UInt16(type)) || !Evdev.isKnownCode(UInt16(type), UInt16(code)) { countUnknown(at: ys); return nil }
            return EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: Int32(truncatingIfNeeded: value), line: line)
        default:
            return nil
        }
    }
}
