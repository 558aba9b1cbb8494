import GestureEngine

/// One evdev event from a recording: time (nanoseconds, as recorded), type, code, value, and the
/// line it came from.
struct EvdevEvent {
    var time: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
    var line: Int
}

/// Rows decoded from a frame, handed out one at a time (storage reused: no allocation per row).
struct RowQueue {
    private var rows: [TraceRow] = []
    private var head = 0

    init() { rows.reserveCapacity(32) }

    var isEmpty: Bool { head == rows.count }

    @inline(__always)
    mutating func pop() -> TraceRow? {
        guard head < rows.count else { return nil }
        defer { head += 1 }
        return rows[head]
    }

    @inline(__always)
    mutating func push(_ row: TraceRow) {
        if head == rows.count && head > 0 {
            while !rows.isEmpty { rows.removeLast() }
            head = 0
        }
        rows.append(row)
    }
}

/// Decodes the evdev events of one device into touch rows: multi-touch protocol B (slots,
/// `ABS_MT_TRACKING_ID` -1 = lift), protocol A (`SYN_MT_REPORT` contacts, matched by tracking id or,
/// without ids, to the nearest contact of the previous frame; an empty frame lifts every finger),
/// and single-touch (`ABS_X`/`ABS_Y` + `BTN_TOUCH`). Rows are produced at each `SYN_REPORT`, at its
/// time. Shared by the getevent, evemu, libinput record and evtest front ends.
struct EvdevDecoder {
    static let maxSlots = 64
    static let maxContacts = 32

    enum Mode { case undecided, multiTouch, protocolA, singleTouch }

    struct Slot {
        /// -2 never seen (the capture may start mid-touch), -1 no contact, else the tracking id.
        var trackingID: Int32 = -2
        var pendingID: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0
        var hasX = false, hasY = false
        var touch: Int64 = 0
        var moved = false, newContact = false, lift = false, waiting = false
        var line = 0
    }

    struct Contact {
        var id: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0
        var touch: Int64 = 0
        var line = 0
        var matched = false
    }

    var mapping = RawMapping()
    var mode = Mode.undecided
    /// The device announced multi-touch axes in its header: single-touch events are emulation.
    var prefersMultiTouch = false
    var slots = [Slot](repeating: Slot(), count: maxSlots)
    var usedSlots = 1
    var currentSlot = 0
    var frameHasMT = false, frameHasMTReport = false, frameHasST = false
    // Protocol A.
    var contacts = [Contact](repeating: Contact(), count: maxContacts)
    var contactCount = 0
    var previous = [Contact](repeating: Contact(), count: maxContacts)
    var previousCount = 0
    var building = Contact()
    var buildingHasData = false, buildingHasX = false, buildingHasY = false
    // Single touch.
    var stX: Int32 = 0, stY: Int32 = 0
    var stHasX = false, stHasY = false, stMoved = false
    var button: Int32 = -1
    var buttonChanged = false
    var stTouch: Int64 = 0
    var stLine = 0

    var nextTouch: Int64 = 1
    var baseTime: Int64 = 0
    var dropping = false
    var midTouchLine = 0
    var droppedLine = 0
    var droppedCount = 0
    var rowsProduced = 0
    /// The `SYN_REPORT`s seen: none, and no frame was ever complete.
    var reports = 0
    /// The line of the first touch event (`ABS_*`, `BTN_TOUCH`, `SYN_MT_REPORT`) since the last
    /// `SYN_REPORT` (0: none), and how many: a recording that ends there drops that frame.
    var unreportedLine = 0
    var unreportedEvents = 0

    /// Feeds one event of the selected device; rows go to `queue` at `SYN_REPORT`.
    mutating func feed(_ e: EvdevEvent, into queue: inout RowQueue, path: String) throws(TraceError) {
        if dropping {
            if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT { dropping = false }
            return
        }
        let touchEvent =
            e.type == Evdev.EV_ABS || (e.type == Evdev.EV_KEY && e.code == Evdev.BTN_TOUCH)
            || (e.type == Evdev.EV_SYN && e.code == Evdev.SYN_MT_REPORT)
        if touchEvent {
            if unreportedLine == 0 { unreportedLine = e.line }
            unreportedEvents += 1
        }
        switch e.type {
        case Evdev.EV_SYN:
            switch e.code {
            case Evdev.SYN_REPORT:
                reports += 1
                try report(e, into: &queue, path: path)
            case Evdev.SYN_MT_REPORT:
                frameHasMTReport = true
                frameHasMT = true
                try endContact(e, path: path)
            case Evdev.SYN_DROPPED:
                // The kernel's buffer overflowed: events up to the next SYN_REPORT are incomplete.
                dropping = true
                droppedCount += 1
                if droppedLine == 0 { droppedLine = e.line }
                resetFrame()
            default: break
            }
        case Evdev.EV_ABS:
            switch e.code {
            case Evdev.ABS_MT_SLOT:
                frameHasMT = true
                guard e.value >= 0 && Int(e.value) < Self.maxSlots else {
                    throw .invalidTrace(
                        "ABS_MT_SLOT \(e.value) is out of range (slots 0 to \(Self.maxSlots - 1) are supported)",
                        at: SourceLocation(path: path, line: e.line, column: 1))
                }
                currentSlot = Int(e.value)
                usedSlots = max(usedSlots, currentSlot + 1)
            case Evdev.ABS_MT_TRACKING_ID:
                frameHasMT = true
                building.id = e.value
                buildingHasData = true
                var s = slots[currentSlot]
                if e.value < 0 {
                    s.lift = true
                    s.newContact = false
                } else if s.trackingID != e.value || s.lift {
                    s.newContact = true
                    s.pendingID = e.value
                }
                s.line = e.line
                slots[currentSlot] = s
            case Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y:
                frameHasMT = true
                let isX = e.code == Evdev.ABS_MT_POSITION_X
                if isX { building.x = e.value; buildingHasX = true } else { building.y = e.value; buildingHasY = true }
                if building.line == 0 { building.line = e.line }
                buildingHasData = true
                var s = slots[currentSlot]
                if isX { s.x = e.value; s.hasX = true } else { s.y = e.value; s.hasY = true }
                s.moved = true
                if s.line == 0 || !s.newContact { s.line = e.line }
                slots[currentSlot] = s
            case Evdev.ABS_X:
                frameHasST = true
                stX = e.value; stHasX = true; stMoved = true; stLine = e.line
            case Evdev.ABS_Y:
                frameHasST = true
                stY = e.value; stHasY = true; stMoved = true; stLine = e.line
            default:
                if e.code > Evdev.ABS_MT_SLOT { frameHasMT = true }
            }
        case Evdev.EV_KEY where e.code == Evdev.BTN_TOUCH:
            frameHasST = true
            if e.value == 0 || e.value == 1 {
                if button != e.value { buttonChanged = true }
                button = e.value
                stLine = e.line
            }
        default: break
        }
    }

    private mutating func resetFrame() {
        for s in 0..<usedSlots {
            slots[s].moved = false
            slots[s].newContact = false
            slots[s].lift = false
        }
        contactCount = 0
        building = Contact()
        buildingHasData = false; buildingHasX = false; buildingHasY = false
        frameHasMT = false; frameHasMTReport = false; frameHasST = false
        stMoved = false; buttonChanged = false
        unreportedLine = 0
        unreportedEvents = 0
    }

    private mutating func endContact(_ e: EvdevEvent, path: String) throws(TraceError) {
        defer {
            building = Contact()
            buildingHasData = false; buildingHasX = false; buildingHasY = false
        }
        // An empty SYN_MT_REPORT carries no contact; one without a position is incomplete.
        guard buildingHasData, buildingHasX, buildingHasY else { return }
        guard contactCount < Self.maxContacts else {
            throw .invalidTrace(
                "more than \(Self.maxContacts) contacts in one frame", at: SourceLocation(path: path, line: e.line, column: 1))
        }
        contacts[contactCount] = building
        if contacts[contactCount].line == 0 { contacts[contactCount].line = e.line }
        contactCount += 1
    }

    private func seconds(_ time: Int64) -> Double { Double(time &- baseTime) / 1e9 }

    private mutating func emit(
        _ queue: inout RowQueue, _ time: Double, _ timeLine: Int, _ touch: Int64,
        _ phase: TouchPhase, _ x: Int32, _ y: Int32, _ line: Int
    ) {
        let (px, py) = mapping.map(Double(x), Double(y))
        var positions = TraceRow.Positions(all: TextPosition(line: line, column: 1))
        positions.time = TextPosition(line: timeLine, column: 1)
        queue.push(TraceRow(time: time, touch: .integer(touch), phase: phase, x: px, y: py, positions: positions))
        rowsProduced += 1
    }

    private mutating func report(_ e: EvdevEvent, into queue: inout RowQueue, path: String) throws(TraceError) {
        defer { resetFrame() }
        if mode == .undecided {
            if frameHasMTReport {
                mode = .protocolA
            } else if frameHasMT || prefersMultiTouch && !frameHasST {
                mode = .multiTouch
            } else if frameHasST {
                mode = .singleTouch
            }
            if mode == .multiTouch && !frameHasMT { mode = .undecided }
        } else if mode == .multiTouch && frameHasMTReport {
            mode = .protocolA
        }
        let t = seconds(e.time)
        switch mode {
        case .undecided: return
        case .multiTouch: reportSlots(&queue, t, e.line)
        case .protocolA:
            if buildingHasData { try endContact(e, path: path) }
            reportContacts(&queue, t, e.line)
        case .singleTouch: reportSingle(&queue, t, e.line)
        }
    }

    private mutating func reportSlots(_ queue: inout RowQueue, _ t: Double, _ timeLine: Int) {
        for i in 0..<usedSlots {
            var s = slots[i]
            if s.lift {
                if s.touch != 0 {
                    emit(&queue, t, timeLine, s.touch, .ended, s.x, s.y, s.line)
                    s.touch = 0
                }
                s.trackingID = -1
                s.waiting = false
            }
            if s.newContact {
                if s.touch != 0 { emit(&queue, t, timeLine, s.touch, .ended, s.x, s.y, s.line); s.touch = 0 }
                s.trackingID = s.pendingID
                s.waiting = true
            }
            if s.touch != 0 {
                if s.moved { emit(&queue, t, timeLine, s.touch, .moved, s.x, s.y, s.line) }
            } else if s.hasX && s.hasY && (s.waiting || s.trackingID == -2 && s.moved) {
                if !s.waiting && midTouchLine == 0 { midTouchLine = s.line }
                s.touch = nextTouch
                nextTouch += 1
                s.waiting = false
                if s.trackingID == -2 { s.trackingID = Int32.max }
                emit(&queue, t, timeLine, s.touch, .began, s.x, s.y, s.line)
            }
            s.moved = false; s.newContact = false; s.lift = false
            slots[i] = s
        }
    }

    private mutating func reportContacts(_ queue: inout RowQueue, _ t: Double, _ timeLine: Int) {
        var withIDs = true
        for c in 0..<contactCount where contacts[c].id < 0 { withIDs = false }
        for p in 0..<previousCount { previous[p].matched = false }
        for c in 0..<contactCount { contacts[c].matched = false }
        if withIDs {
            for c in 0..<contactCount {
                for p in 0..<previousCount where !previous[p].matched && previous[p].id == contacts[c].id {
                    previous[p].matched = true
                    contacts[c].matched = true
                    contacts[c].touch = previous[p].touch
                    if previous[p].x != contacts[c].x || previous[p].y != contacts[c].y {
                        emit(&queue, t, timeLine, contacts[c].touch, .moved, contacts[c].x, contacts[c].y, contacts[c].line)
                    }
                    break
                }
            }
        } else {
            // Greedy nearest pairs: the closest (previous, current) pair first, in raw units.
            while true {
                var best = Double.infinity, bp = -1, bc = -1
                for p in 0..<previousCount where !previous[p].matched {
                    for c in 0..<contactCount where !contacts[c].matched {
                        // In doubles: squared 32-bit differences overflow 64-bit integers.
                        let dx = Double(previous[p].x) - Double(contacts[c].x), dy = Double(previous[p].y) - Double(contacts[c].y)
                        let d = dx * dx + dy * dy
                        if d < best { best = d; bp = p; bc = c }
                    }
                }
                if bp < 0 { break }
                previous[bp].matched = true
                contacts[bc].matched = true
                contacts[bc].touch = previous[bp].touch
            }
            for c in 0..<contactCount where contacts[c].matched {
                if let p = (0..<previousCount).first(where: { previous[$0].touch == contacts[c].touch }),
                    previous[p].x != contacts[c].x || previous[p].y != contacts[c].y
                {
                    emit(&queue, t, timeLine, contacts[c].touch, .moved, contacts[c].x, contacts[c].y, contacts[c].line)
                }
            }
        }
        for p in 0..<previousCount where !previous[p].matched {
            emit(
                &queue, t, timeLine, previous[p].touch, .ended, previous[p].x, previous[p].y, contactCount > 0 ? contacts[0].line : timeLine
            )
        }
        for c in 0..<contactCount where !contacts[c].matched {
            contacts[c].touch = nextTouch
            nextTouch += 1
            emit(&queue, t, timeLine, contacts[c].touch, .began, contacts[c].x, contacts[c].y, contacts[c].line)
        }
        for c in 0..<contactCount { previous[c] = contacts[c] }
        previousCount = contactCount
    }

    private mutating func reportSingle(_ queue: inout RowQueue, _ t: Double, _ timeLine: Int) {
        if buttonChanged && button == 1 && stTouch == 0 {
            if stHasX && stHasY {
                stTouch = nextTouch
                nextTouch += 1
                emit(&queue, t, timeLine, stTouch, .began, stX, stY, stLine)
            }
        } else if buttonChanged && button == 0 && stTouch != 0 {
            emit(&queue, t, timeLine, stTouch, .ended, stX, stY, stLine)
            stTouch = 0
        } else if stTouch != 0 && stMoved {
            emit(&queue, t, timeLine, stTouch, .moved, stX, stY, stLine)
        } else if stTouch == 0 && button == -1 && stMoved && stHasX && stHasY {
            if midTouchLine == 0 { midTouchLine = stLine }
            stTouch = nextTouch
            nextTouch += 1
            button = 1
            emit(&queue, t, timeLine, stTouch, .began, stX, stY, stLine)
        } else if stTouch == 0 && button == 1 && stMoved && stHasX && stHasY {
            // BTN_TOUCH went down before both coordinates were known.
            stTouch = nextTouch
            nextTouch += 1
            emit(&queue, t, timeLine, stTouch, .began, stX, stY, stLine)
        }
    }
}
