#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// What ``RecordingTraceReader`` does for every recording format: reads the lines, keeps the
/// devices and chooses one, maps and frames the events (``EvdevDecoder``) and says what it saw
/// (positioned errors, warnings at the end). The format's ``RecordingGrammar`` reads each line.
struct RecordingCore {
    let source: ByteSource
    let path: String
    let format: TraceFormat
    let options: RecordingImportOptions
    let warn: (Diagnostic) -> Void
    /// Reads the lines of `format`.
    let grammar: any RecordingGrammar.Type

    var base: UnsafePointer<UInt8>
    private var start: Int
    private var end: Int
    var line = 0
    var ls = 0, le = 0
    private var truncatedLine = false
    private var started = false

    var decoder = EvdevDecoder()
    var queue = RowQueue()
    /// Rows handed out so far.
    private var rowsReturned = 0
    var devices: [RecordingDevice] = []
    var currentDevice = -1
    var selected = -1
    /// Chosen by `--device` or by the header: other devices' events are skipped silently.
    var selectionFixed = false
    var pending: EvdevEvent?
    var pendingDevice = 0
    private var sawEvent = false
    private var baseSet = false
    private var typeCounts = [Int](repeating: 0, count: 33)
    private var allTypeCounts = [Int](repeating: 0, count: 33)
    private var touchEvents = 0
    private var unknownCount = 0
    private var unknownLine = 0, unknownColumn = 0
    private var finished = false
    // Header state the grammars keep (the section of the header being read).
    var section: Int = -1
    var evtestCode = -1
    var motion = MotionEventState()
    // Mapping checks.
    private(set) var mappingSummary: DiagnosticText = ""
    private var screenW = 0.0, screenH = 0.0
    private var bounded = false
    private var offScreen = Set<Int64>()
    private var offScreenLine = 0
    private var offScreenPoint = (0.0, 0.0)
    private var rangesUsed = false
    var rereadable = true
    private var firstEventLine = 0
    private var absMismatchLine = 0
    private var absMismatchCode: UInt16 = 0
    var descName: String?
    var descFile: String?
    var descBeside = false
    /// The first touch event of a device other than the chosen one (skipped).
    private var otherTouchLine = 0
    private var otherTouchDevice = -1
    var lastNoPrefix = false
    var pendingNoPrefix = false

    init(source: ByteSource, format: TraceFormat, options: RecordingImportOptions, warn: @escaping (Diagnostic) -> Void) {
        self.source = source
        self.path = source.path
        self.format = format
        self.grammar = format.recordingGrammar
        self.options = options
        self.warn = warn
        self.base = source.base
        self.start = source.start
        self.end = source.end
    }

    // MARK: Lines

    private mutating func refill() throws(TraceError) -> Bool {
        source.start = start
        let more = try source.refill()
        base = source.base
        start = source.start
        end = source.end
        return more
    }

    /// The next line into `ls..<le` (without its CR LF); false at the end of the input.
    mutating func readLine() throws(TraceError) -> Bool {
        if !started {
            started = true
            start = try source.startSkippingByteOrderMark(from: start)
            base = source.base
            end = source.end
        }
        while true {
            if let hit = memchr(base + start, 0x0A, end - start) {
                ls = start
                le = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                start = le + 1
                truncatedLine = false
            } else {
                if try refill() { continue }
                if start == end { return false }
                ls = start
                le = end
                start = end
                truncatedLine = true
            }
            line += 1
            if le > ls && base[le - 1] == 0x0D { le -= 1 }
            return true
        }
    }

    func location(_ index: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: index - ls + 1)
    }

    func error(_ message: String, at index: Int) -> TraceError {
        .invalidTrace(message, at: location(index))
    }

    // MARK: Header and rows

    mutating func readHeader() throws(TraceError) {
        if options.descPath != nil && format != .evemu {
            throw .usage("\(option: .deviceDescription) applies to evemu recordings; '\(path)' is read as \(format)")
        }
        try grammar.readBeforeHeader(&self)
        // MotionEvent dumps have no header: their lines are rows, read once the mapping is set.
        while format != .motionevent, try readLine() {
            if let e = try parseLineHandlingTruncation() {
                pending = e
                pendingDevice = currentDevice
                pendingNoPrefix = lastNoPrefix
                firstEventLine = line
                break
            }
        }
        try grammar.readAfterHeader(&self)
        try chooseDevice()
    }

    /// The device the header alone would select, or the first event's device.
    func selectedCandidate() -> Int? {
        if let wanted = options.device { return devices.firstIndex { $0.matches(wanted) } }
        let candidates = devices.indices.filter { devices[$0].capabilitiesKnown && devices[$0].touchLike }
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty, pending != nil, pendingDevice >= 0, pendingDevice < devices.count { return pendingDevice }
        return nil
    }

    private mutating func chooseDevice() throws(TraceError) {
        if let wanted = options.device {
            if let i = devices.firstIndex(where: { $0.matches(wanted) }) {
                selected = i
                selectionFixed = true
            } else if devices.contains(where: { !$0.path.isEmpty || !$0.name.isEmpty }) && format != .getevent {
                throw .invalidTrace(
                    "no device '\(wanted)' in the recording; devices: \(devices.map(\.described).joined(separator: ", "))",
                    at: SourceLocation(path: path, line: 1, column: 1))
            }
        } else {
            let candidates = devices.indices.filter { devices[$0].capabilitiesKnown && devices[$0].touchLike }
            if candidates.count == 1 {
                selected = candidates[0]
                selectionFixed = true
            } else if candidates.count > 1 {
                throw .invalidTrace(
                    "\(candidates.count) touchscreen-like devices in the recording: \(candidates.map { devices[$0].described }.joined(separator: ", ")); choose one with \(option: .device, "PATH|NAME")",
                    at: SourceLocation(path: path, line: devices[candidates[1]].line, column: 1))
            }
        }
        // `getevent -lt /dev/input/event3` prints no device prefix: its events are the chosen device's.
        if pendingNoPrefix && selected >= 0 && pending != nil { pendingDevice = selected }
        let ranges = selected >= 0 ? devices[selected].rangesAt(path) : nil
        if selected >= 0 { reportDescription(devices[selected]) }
        if selected >= 0 { decoder.prefersMultiTouch = devices[selected].hasMT }
        let decision = try RawMapping.make(options, ranges: ranges, format: format, at: SourceLocation(path: path, line: 1, column: 1))
        decoder.mapping = decision.mapping
        motion.mapping = decision.mapping
        mappingSummary = decision.summary
        rangesUsed = decision.mapping.spanX > 0 && options.rawSize == nil
        if let screen = decision.mapping.screen {
            bounded = true
            screenW = screen.width
            screenH = screen.height
        }
        for w in decision.warnings { warn(w) }
        if options.reportsMapping { warn(.note(decision.summary, at: SourceLocation(path: path, line: 1, column: 1))) }
    }

    @inline(__always)
    mutating func next() throws(TraceError) -> TraceRow? {
        while true {
            if let row = queue.pop() {
                if bounded {
                    if !(row.x >= 0 && row.x <= screenW && row.y >= 0 && row.y <= screenH) { try noteOffScreen(row) }
                } else if !row.x.isFinite || !row.y.isFinite {
                    try noteOffScreen(row)
                }
                rowsReturned &+= 1
                return row
            }
            if finished { return nil }
            if let e = pending {
                pending = nil
                try handle(e, device: pendingDevice)
                continue
            }
            guard try readLine() else {
                finished = true
                try finish()
                if rowsReturned == 0 && queue.isEmpty && touchEvents > 0 && format != .motionevent {
                    // Touch events, but no contact ever had both coordinates (no Y axis, say): say
                    // so, rather than "empty trace: no events" (issue #30, finding 24).
                    throw .invalidTrace(
                        "the recording holds \(touchEvents) touch event\(touchEvents == 1 ? "" : "s") but no contact with both an x and a y position (ABS_MT_POSITION_X and _Y, or ABS_X and ABS_Y): nothing to replay",
                        at: SourceLocation(path: path, line: 1, column: 1))
                }
                continue
            }
            if let e = try parseLineHandlingTruncation() { try handle(e, device: currentDevice) }
        }
    }

    /// A row mapped outside the screen: counted per touch (the first reported at the end); a
    /// coordinate that is not finite is an error.
    private mutating func noteOffScreen(_ row: TraceRow) throws(TraceError) {
        guard row.x.isFinite && row.y.isFinite else {
            throw .invalidTrace(
                "a touch position maps to (\(row.x), \(row.y)) points, not a finite number: check the raw value and the mapping options",
                at: SourceLocation(path: path, line: row.positions.x.line, column: row.positions.x.column))
        }
        guard case .integer(let id) = row.touch else { return }
        if offScreen.isEmpty {
            offScreenLine = row.positions.x.line
            offScreenPoint = (row.x, row.y)
        }
        offScreen.insert(id)
    }

    /// A line that cannot be read is an error, except the last line of a capture cut off
    /// mid-line (no line break at the end): that one is ignored with a warning.
    private mutating func parseLineHandlingTruncation() throws(TraceError) -> EvdevEvent? {
        do {
            return try parseLine()
        } catch {
            guard truncatedLine, error.category == .invalidTrace else { throw error }
            warn(.warning("the last line is cut off and was ignored (\(error.diagnostic.text))", at: error.diagnostic.location))
            return nil
        }
    }

    private mutating func handle(_ e: EvdevEvent, device d: Int) throws(TraceError) {
        if !baseSet {
            baseSet = true
            decoder.baseTime = e.time
            motion.baseTime = e.time
        }
        allTypeCounts[min(Int(e.type), 32)] += 1
        let touchish =
            (e.type == Evdev.EV_ABS && (e.code <= Evdev.ABS_Y || e.code >= Evdev.ABS_MT_SLOT))
            || (e.type == Evdev.EV_KEY && e.code == Evdev.BTN_TOUCH) || (e.type == Evdev.EV_SYN && e.code == Evdev.SYN_MT_REPORT)
        if d != selected {
            if touchish && selectionFixed && otherTouchLine == 0 {
                otherTouchLine = e.line
                otherTouchDevice = d
            }
            guard touchish, !selectionFixed else { return }
            if let wanted = options.device, d >= 0, d < devices.count, !devices[d].matches(wanted),
                devices.contains(where: { !$0.path.isEmpty || !$0.name.isEmpty })
            {
                return
            }
            if selected >= 0 {
                let first = devices[selected], second = d >= 0 && d < devices.count ? devices[d] : RecordingDevice()
                throw .invalidTrace(
                    "touch events from a second device, \(second.pathText.isEmpty ? "another device" : second.pathText), interleaved with \(first.pathText.isEmpty ? "the first" : first.pathText)'s; choose one with \(option: .device, "PATH|NAME") (candidates: \(first.pathText), \(second.pathText))",
                    at: SourceLocation(path: path, line: e.line, column: 1))
            }
            selected = d
        }
        typeCounts[min(Int(e.type), 32)] += 1
        if touchish { touchEvents += 1 }
        if e.type == Evdev.EV_ABS && e.code < 64 && absMismatchLine == 0 && d >= 0 {
            let listed = devices[d].absListed
            if listed != 0 && listed & (1 << UInt64(e.code)) == 0 {
                absMismatchLine = e.line
                absMismatchCode = e.code
            }
        }
        try decoder.feed(e, into: &queue, path: path)
    }

    private mutating func finish() throws(TraceError) {
        if format == .motionevent {
            if motion.events == 0 {
                throw .invalidTrace(
                    "no MotionEvent in the input: expected logcat lines holding 'MotionEvent { action=ACTION_DOWN, ... }'",
                    at: SourceLocation(path: path, line: 1, column: 1))
            }
        } else if touchEvents == 0 {
            if let wanted = options.device, !devices.contains(where: { $0.matches(wanted) }) {
                let list = devices.isEmpty ? "none named" : devices.map(\.described).joined(separator: ", ")
                throw .invalidTrace(
                    "no device '\(wanted)' in the recording; devices: \(list)", at: SourceLocation(path: path, line: 1, column: 1))
            }
            var seen: [String] = []
            let counts = selected >= 0 ? typeCounts : allTypeCounts
            for t in 0..<33 where counts[t] > 0 {
                seen.append("\(t == 32 ? "other types" : Evdev.typeName(UInt16(t))) (\(counts[t]))")
            }
            let what = seen.isEmpty ? "no events at all" : "only " + seen.joined(separator: ", ")
            if options.device == nil, otherTouchLine > 0, selected >= 0, otherTouchDevice >= 0, otherTouchDevice < devices.count {
                let other = devices[otherTouchDevice]
                let name = other.path.isEmpty ? "a device without a prefix" : other.pathText
                throw .invalidTrace(
                    "the touch events come from \(name) (the first here), but the header chose \(devices[selected].described), which sends none: the header describes another device; give \(option: .device, other.path.isEmpty ? "PATH" : other.pathText), and record its axis ranges (\(RawMapping.rangesRemedy(format)))",
                    at: SourceLocation(path: path, line: otherTouchLine, column: 1))
            }
            throw .invalidTrace(
                "no touch events in the recording (no ABS_MT_*, ABS_X/ABS_Y or BTN_TOUCH\(selected >= 0 && !devices[selected].path.isEmpty ? " from \(devices[selected].pathText)" : "")): it holds \(what)",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        if format != .motionevent && decoder.reports == 0 && decoder.unreportedLine > 0 {
            // evdev delivers a frame's events at its SYN_REPORT: without one no frame is complete.
            throw .invalidTrace(
                "no SYN_REPORT in the recording: evdev completes each frame of events with one, so no frame is complete and nothing can be replayed (was the capture filtered, such as 'getevent -l | grep ABS'?)",
                at: SourceLocation(path: path, line: decoder.unreportedLine, column: 1))
        }
        if format != .motionevent && decoder.unreportedLine > 0 {
            let n = decoder.unreportedEvents
            warn(
                .warning(
                    "the recording ends before the SYN_REPORT of its last frame: that frame's \(n) touch event\(n == 1 ? "" : "s") from here \(n == 1 ? "was" : "were") dropped (the capture was cut off?)",
                    at: SourceLocation(path: path, line: decoder.unreportedLine, column: 1)))
        }
        if !offScreen.isEmpty {
            let n = offScreen.count
            warn(
                .warning(
                    "\(n) \(n == 1 ? "touch goes" : "touches go") outside the \(String(format2: screenW)) x \(String(format2: screenH)) pt screen (the first here, at (\(String(format2: offScreenPoint.0)), \(String(format2: offScreenPoint.1)))): the axis ranges or \(option: .rawSize) do not match the panel, or \(option: .rotation)/\(option: .flip) is missing; touches outside the screen reach no view",
                    at: SourceLocation(path: path, line: offScreenLine, column: 1)))
        }
        if absMismatchLine > 0, selected >= 0 {
            let d = devices[selected]
            let header = descFile.map { "the description '\($0)'" } ?? "the header of \(d.described)"
            warn(
                .warning(
                    "\(Evdev.codeName(absMismatchCode, type: Evdev.EV_ABS)) events (the first here) are not among the axes \(header) lists: it may describe another device",
                    at: SourceLocation(path: path, line: absMismatchLine, column: 1)))
        }
        if format == .getevent && !rangesUsed && !rereadable && options.rawSize == nil,
            let late = devices.first(where: { $0.ranges != nil && $0.rangeLine > firstEventLine && firstEventLine > 0 && $0.touchLike })
        {
            warn(
                .warning(
                    "the axis ranges of \(late.described) come at line \(late.rangeLine), after the events: \(path) cannot be read twice (a pipe), so they were not used; put the `getevent -lp` output first, or save the capture to a file",
                    at: SourceLocation(path: path, line: late.rangeLine, column: 1)))
        }
        if unknownCount > 0 {
            warn(
                .warning(
                    "\(unknownCount) \(unknownCount == 1 ? "event" : "events") with an unknown type or code ignored (the first here)",
                    at: SourceLocation(path: path, line: unknownLine, column: unknownColumn)))
        }
        let midTouch = format == .motionevent ? motion.midTouchLine : decoder.midTouchLine
        if midTouch > 0 {
            warn(
                .warning(
                    "the recording starts mid-touch: a touch already down is taken as beginning at its first position",
                    at: SourceLocation(path: path, line: midTouch, column: 1)))
        }
        if decoder.droppedCount > 0 {
            warn(
                .warning(
                    "SYN_DROPPED: the device's event buffer overflowed \(decoder.droppedCount) \(decoder.droppedCount == 1 ? "time" : "times"); the incomplete frames were skipped (the first here)",
                    at: SourceLocation(path: path, line: decoder.droppedLine, column: 1)))
        }
        if motion.repeatedDowns > 0 {
            let n = motion.repeatedDowns
            warn(
                .warning(
                    "\(n) ACTION_DOWN/ACTION_POINTER_DOWN \(n == 1 ? "event" : "events") for a pointer already down (the first here) taken as the same touch going on, not a new one",
                    at: SourceLocation(path: path, line: motion.repeatedDownLine, column: 1)))
        }
        if motion.historyLine > 0 {
            warn(
                .warning(
                    "historySize above 0 (the first here): the batched samples between events are not in MotionEvent.toString(), so the touches have fewer samples than the app saw",
                    at: SourceLocation(path: path, line: motion.historyLine, column: motion.historyColumn)))
        }
        if motion.skipped > 0 {
            warn(
                .warning(
                    "\(motion.skipped) MotionEvent\(motion.skipped == 1 ? "" : "s") with an action that is not a touch (hover, outside, scroll, ...) ignored (the first here)",
                    at: SourceLocation(path: path, line: motion.skippedLine, column: 1)))
        }
    }

    mutating func countUnknown(at index: Int) {
        if unknownCount == 0 {
            unknownLine = line
            unknownColumn = index - ls + 1
        }
        unknownCount += 1
    }

    // MARK: Lines of the format

    /// The current line, read by the format's grammar.
    private mutating func parseLine() throws(TraceError) -> EvdevEvent? {
        try grammar.parseLine(&self)
    }

    // MARK: Devices

    /// The device whose path is `base[p..<p+n]`, added if new. The last device found is tried
    /// first (a capture's lines mostly name one device); past ``deviceIndexThreshold`` devices
    /// the others are found by hashing, so a capture naming 100,000 paths stays linear (issue #30,
    /// finding 17), not a search of every device per line.
    mutating func addDevice(path p: Int, _ n: Int) -> Int {
        if lastDevice >= 0 && samePath(devices[lastDevice], p, n) { return lastDevice }
        if devices.count <= Self.deviceIndexThreshold {
            for i in devices.indices where samePath(devices[i], p, n) {
                lastDevice = i
                return i
            }
        } else if let i = deviceIndex[Array(UnsafeBufferPointer(start: base + p, count: n))] {
            lastDevice = i
            return i
        }
        var d = RecordingDevice()
        d.path = Array(UnsafeBufferPointer(start: base + p, count: n))
        d.line = line
        devices.append(d)
        lastDevice = devices.count - 1
        if devices.count == Self.deviceIndexThreshold + 1 {
            for (i, d) in devices.enumerated() where !d.path.isEmpty && deviceIndex[d.path] == nil { deviceIndex[d.path] = i }
        } else if devices.count > Self.deviceIndexThreshold {
            deviceIndex[d.path] = lastDevice
        }
        return lastDevice
    }

    /// Devices named so far (tests: the lookup stays linear in their number).
    static let deviceIndexThreshold = 8
    private var lastDevice = -1
    private var deviceIndex: [[UInt8]: Int] = [:]
    /// Path comparisons made by `addDevice` (tests count them: at most a few per line).
    private(set) var devicePathComparisons = 0

    @inline(__always)
    private mutating func samePath(_ d: RecordingDevice, _ p: Int, _ n: Int) -> Bool {
        devicePathComparisons &+= 1
        return d.path.count == n && d.path.withUnsafeBufferPointer({ memcmpBytes($0.baseAddress!, base + p, n) })
    }

    mutating func ensureDevice() {
        if currentDevice < 0 {
            var d = RecordingDevice()
            d.line = line
            devices.append(d)
            currentDevice = devices.count - 1
        }
    }

    /// A header line `CODE : value V, min A, max B, ...` of getevent -p, for ABS code `code`.
    mutating func setRange(_ code: UInt16, _ lo: Int64, _ hi: Int64) {
        guard currentDevice >= 0 else { return }
        devices[currentDevice].capabilitiesKnown = true
        if code < 64 { devices[currentDevice].absListed |= 1 << UInt64(code) }
        if code == Evdev.ABS_MT_POSITION_X || code == Evdev.ABS_X {
            devices[currentDevice].rangeLine = line
            devices[currentDevice].rangePath = nil
        }
        switch code {
        case Evdev.ABS_MT_POSITION_X: devices[currentDevice].mtX = lo...max(lo, hi); devices[currentDevice].hasMT = true
        case Evdev.ABS_MT_POSITION_Y: devices[currentDevice].mtY = lo...max(lo, hi); devices[currentDevice].hasMT = true
        case Evdev.ABS_X: devices[currentDevice].x = lo...max(lo, hi); devices[currentDevice].hasX = true
        case Evdev.ABS_Y: devices[currentDevice].y = lo...max(lo, hi)
        default: break
        }
    }
}
