#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// Reads a device recording as a trace: Android `getevent -lt`/`-t` (with the `getevent -lp`/`-p`
/// header for axis ranges), `evemu-record`, `libinput record`, `evtest` (one ``EvdevDecoder``
/// behind the four) and Android `MotionEvent.toString()` logcat dumps.
///
/// Streaming: one line at a time from the reusable ``ByteSource`` buffer, rows handed out from a
/// reused queue; memory stays at one chunk plus the longest line. Rows are the same ``TraceRow``s
/// the CSV and JSON readers produce (times in seconds from the recording's first event, points
/// after ``RecordingImportOptions``' mapping, touch ids 1, 2, ... in order of touch-down), so the
/// replay, check, test, render and convert paths treat a recording like any trace. Errors and warnings point at
/// the recording's own lines.
public final class RecordingTraceReader: TraceReader {
    /// The input's name in diagnostics.
    public let path: String
    /// Unused (recording touch ids are integers), for ``TraceReader``.
    public let touchNames: TouchNameTable
    /// The recording format.
    public let format: TraceFormat

    private let core: CoreBox<RecordingCore>

    /// Reads `source` as `format` (one of the recording formats). The header (device list, axis
    /// ranges) is read here; `warn` receives the reader's warnings (no mapping, unknown codes,
    /// mid-touch start, a truncated last line).
    public init(
        source: ByteSource, format: TraceFormat, options: RecordingImportOptions = RecordingImportOptions(),
        touchNames: TouchNameTable = TouchNameTable(), warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) {
        precondition(format.isRecording, "not a recording format: \(format)")
        self.path = source.path
        self.format = format
        self.touchNames = touchNames
        self.core = CoreBox(RecordingCore(source: source, format: format, options: options, warn: warn))
        // On error `deinit` still runs (every stored property is set) and releases the core.
        try core.value.readHeader()
    }

    /// The screen in points, when the mapping knows it (`--screen`, or `--density` with axis ranges).
    public var screen: Size? { core.value.decoder.mapping.screen }
    /// Device path comparisons made so far (tests: linear in the lines, however many devices).
    var devicePathComparisons: Int { core.value.devicePathComparisons }

    /// The mapping used, in one line (`mapping: raw x 0...1079, y 0...2339 (phone.txt:5) -> 360 x 780
    /// pt (--screen)`); `--summary` prints it as a note.
    public var mappingSummary: String { core.value.mappingSummary.description }

    @inline(__always)
    public func next() throws(TraceError) -> TraceRow? {
        try core.value.next()
    }

    var corePointer: UnsafeMutablePointer<RecordingCore> { core.pointer }

    deinit { core.release() }
}

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

struct RecordingCore {
    let source: ByteSource
    let path: String
    let format: TraceFormat
    let options: RecordingImportOptions
    let warn: (Diagnostic) -> Void

    private var base: UnsafePointer<UInt8>
    private var start: Int
    private var end: Int
    private var line = 0
    private var ls = 0, le = 0
    private var truncatedLine = false
    private var started = false

    var decoder = EvdevDecoder()
    private var queue = RowQueue()
    /// Rows handed out so far.
    private var rowsReturned = 0
    private var devices: [RecordingDevice] = []
    private var currentDevice = -1
    private var selected = -1
    /// Chosen by `--device` or by the header: other devices' events are skipped silently.
    private var selectionFixed = false
    private var pending: EvdevEvent?
    private var pendingDevice = 0
    private var sawEvent = false
    private var baseSet = false
    private var typeCounts = [Int](repeating: 0, count: 33)
    private var allTypeCounts = [Int](repeating: 0, count: 33)
    private var touchEvents = 0
    private var unknownCount = 0
    private var unknownLine = 0, unknownColumn = 0
    private var finished = false
    // Header parsing state.
    private var section: Int = -1
    private var evtestCode = -1
    private var motion = MotionEventState()
    // Mapping checks.
    private(set) var mappingSummary: DiagnosticText = ""
    private var screenW = 0.0, screenH = 0.0
    private var bounded = false
    private var offScreen = Set<Int64>()
    private var offScreenLine = 0
    private var offScreenPoint = (0.0, 0.0)
    private var rangesUsed = false
    private var rereadable = true
    private var firstEventLine = 0
    private var absMismatchLine = 0
    private var absMismatchCode: UInt16 = 0
    private var descName: String?
    private var descFile: String?
    private var descBeside = false
    /// The first touch event of a device other than the chosen one (skipped).
    private var otherTouchLine = 0
    private var otherTouchDevice = -1
    private var lastNoPrefix = false
    private var pendingNoPrefix = false

    init(source: ByteSource, format: TraceFormat, options: RecordingImportOptions, warn: @escaping (Diagnostic) -> Void) {
        self.source = source
        self.path = source.path
        self.format = format
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
    private mutating func readLine() throws(TraceError) -> Bool {
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

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: index - ls + 1)
    }

    private func error(_ message: String, at index: Int) -> TraceError {
        .invalidTrace(message, at: location(index))
    }

    // MARK: Header and rows

    mutating func readHeader() throws(TraceError) {
        if options.descPath != nil && format != .evemu {
            throw .usage("\(option: .deviceDescription) applies to evemu recordings; '\(path)' is read as \(format)")
        }
        if format == .evemu { try readDescription() }
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
        if format == .getevent { try readLateRanges() }
        try chooseDevice()
    }

    /// The evemu device description (`N:`, `A:` lines of `evemu-describe`) for a recording whose
    /// ranges are elsewhere: `--desc FILE`, else `DEVICE.desc` beside `DEVICE.GESTURE.events`.
    private mutating func readDescription() throws(TraceError) {
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
    private func reportDescription(_ device: RecordingDevice) {
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

    /// getevent: the `-lp` block of the device may come after the events (two captures in one
    /// file). A file is read a second time for it; a pipe cannot be (said at the end).
    private mutating func readLateRanges() throws(TraceError) {
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

    /// The device the header alone would select, or the first event's device.
    private func selectedCandidate() -> Int? {
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

    private mutating func countUnknown(at index: Int) {
        if unknownCount == 0 {
            unknownLine = line
            unknownColumn = index - ls + 1
        }
        unknownCount += 1
    }

    // MARK: Formats

    private mutating func parseLine() throws(TraceError) -> EvdevEvent? {
        switch format {
        case .getevent: return try parseGetevent()
        case .evemu: return try parseEvemu()
        case .libinput: return try parseLibinput()
        case .evtest: return try parseEvtest()
        case .motionevent:
            try motion.parse(base, ls, le, line: line, path: path, into: &queue)
            return nil
        default: return nil
        }
    }

    /// The device whose path is `base[p..<p+n]`, added if new. The last device found is tried
    /// first (a capture's lines mostly name one device); past ``deviceIndexThreshold`` devices
    /// the others are found by hashing, so a capture naming 100,000 paths stays linear (issue #30,
    /// finding 17), not a search of every device per line.
    private mutating func addDevice(path p: Int, _ n: Int) -> Int {
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

    private mutating func ensureDevice() {
        if currentDevice < 0 {
            var d = RecordingDevice()
            d.line = line
            devices.append(d)
            currentDevice = devices.count - 1
        }
    }

    /// A header line `CODE : value V, min A, max B, ...` of getevent -p, for ABS code `code`.
    private mutating func setRange(_ code: UInt16, _ lo: Int64, _ hi: Int64) {
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

    private func number(after key: StaticString, _ from: Int) -> Int64? {
        guard let k = LineScan.find(base, from, le, key) else { return nil }
        var i = k + key.utf8CodeUnitCount
        LineScan.skipSpaces(base, &i, le)
        let s = i
        while i < le && (base[i] == UInt8(ascii: "-") || base[i] &- UInt8(ascii: "0") < 10) { i += 1 }
        return LineScan.decimal(base, s, i - s)
    }

    // getevent

    private mutating func parseGetevent() throws(TraceError) -> EvdevEvent? {
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

    // evemu-record

    private mutating func parseEvemu() throws(TraceError) -> EvdevEvent? {
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

    // libinput record (YAML, read line by line)

    private mutating func parseLibinput() throws(TraceError) -> EvdevEvent? {
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

    // evtest

    private mutating func parseEvtest() throws(TraceError) -> EvdevEvent? {
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
