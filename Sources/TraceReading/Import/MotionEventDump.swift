import GestureEngine

/// Android `MotionEvent.toString()` dumps (logcat): one event per line,
/// `MotionEvent { action=ACTION_POINTER_DOWN(1), actionButton=0, id[0]=0, x[0]=540.0, y[0]=1200.0,
/// ..., pointerCount=2, historySize=0, eventTime=123456, ... }`, anywhere in the line (after a
/// logcat prefix). Lines without `MotionEvent {` are skipped. Coordinates are Android pixels,
/// `eventTime` milliseconds of uptime. Pointers keep their Android id while down; rows get touch
/// ids 1, 2, ... in order of touch-down.
struct MotionEventState {
    static let maxPointers = 32

    struct Pointer {
        var androidID: Int64 = -1
        var touch: Int64 = 0
        var x = 0.0, y = 0.0
    }

    var mapping = RawMapping()
    var baseTime: Int64 = 0
    private var baseSet = false
    private var down = [Pointer](repeating: Pointer(), count: maxPointers)
    private var downCount = 0
    private var frame = [Pointer](repeating: Pointer(), count: maxPointers)
    private var nextTouch: Int64 = 1
    var events = 0
    var skipped = 0
    var skippedLine = 0
    var midTouchLine = 0
    /// `ACTION_DOWN`/`ACTION_POINTER_DOWN` for a pointer already down: how many, and the first.
    var repeatedDowns = 0
    var repeatedDownLine = 0
    /// The first event with `historySize` above 0 (its batched samples are not in the text).
    var historyLine = 0
    var historyColumn = 0

    enum Action { case down, up, move, cancel, pointerDown(Int), pointerUp(Int), other }

    mutating func parse(
        _ p: UnsafePointer<UInt8>, _ ls: Int, _ le: Int, line: Int, path: String, into queue: inout RowQueue
    ) throws(TraceError) {
        guard let m = LineScan.find(p, ls, le, "MotionEvent {") else { return }
        func fail(_ message: String, _ at: Int) -> TraceError {
            .invalidTrace(message, at: SourceLocation(path: path, line: line, column: at - ls + 1))
        }
        let from = m + 13
        guard let close = LineScan.find(p, from, le, "}") else { throw fail("truncated MotionEvent: no closing '}'", le) }
        // action=
        guard let a = LineScan.find(p, from, close, "action=") else { throw fail("MotionEvent without 'action='", from) }
        var i = a + 7
        let actionStart = i
        while i < close && p[i] != UInt8(ascii: ",") && !LineScan.isSpace(p[i]) { i += 1 }
        let action = try Self.action(p, actionStart, i, fail)
        func number(_ key: StaticString, _ index: Int?) throws(TraceError) -> (Double, Int) {
            var k = from
            while true {
                guard let hit = LineScan.find(p, k, close, key) else {
                    throw fail("MotionEvent without '\(key)\(index.map { "[\($0)]" } ?? "")='", close)
                }
                k = hit + key.utf8CodeUnitCount
                // The key must start a field (after '{', ',' or a space).
                if hit > from && !(p[hit - 1] == 0x20 || p[hit - 1] == UInt8(ascii: ",")) { continue }
                var j = k
                if let index {
                    guard j < close, p[j] == UInt8(ascii: "[") else { continue }
                    j += 1
                    let s = j
                    while j < close && p[j] != UInt8(ascii: "]") { j += 1 }
                    guard j < close, LineScan.decimal(p, s, j - s) == Int64(index) else { continue }
                    j += 1
                }
                guard j < close, p[j] == UInt8(ascii: "=") else { continue }
                j += 1
                let s = j
                while j < close && p[j] != UInt8(ascii: ",") && !LineScan.isSpace(p[j]) { j += 1 }
                guard case .value(let v) = DecimalParsing.parseField(p + s, j - s) else {
                    throw fail("invalid number \(LineScan.text(p, s, j - s)) for '\(key)'", s)
                }
                return (v, s)
            }
        }
        let (countValue, countPos) = try number("pointerCount", nil)
        guard countValue >= 1, countValue <= Double(Self.maxPointers), countValue == countValue.rounded() else {
            throw fail("pointerCount \(countValue) is out of range (1 to \(Self.maxPointers))", countPos)
        }
        let count = Int(countValue)
        let (timeValue, timePos) = try number("eventTime", nil)
        guard timeValue >= 0, timeValue < 9e12, timeValue == timeValue.rounded() else {
            throw fail("eventTime \(timeValue) is not a time in milliseconds", timePos)
        }
        let time = Int64(timeValue) * 1_000_000
        if historyLine == 0, let h = LineScan.find(p, from, close, "historySize=") {
            let s = h + 12
            var j = s
            while j < close && p[j] &- UInt8(ascii: "0") < 10 { j += 1 }
            if j > s, let n = LineScan.decimal(p, s, j - s), n > 0 {
                historyLine = line
                historyColumn = h - ls + 1
            }
        }
        if !baseSet { baseSet = true; baseTime = time }
        events += 1
        if case .other = action {
            skipped += 1
            if skippedLine == 0 { skippedLine = line }
            return
        }
        for k in 0..<count {
            let (id, idPos) = try number("id", k)
            guard id >= 0, id < 1e9, id == id.rounded() else { throw fail("pointer id \(id) is not a small whole number", idPos) }
            let (x, _) = try number("x", k)
            let (y, _) = try number("y", k)
            frame[k] = Pointer(androidID: Int64(id), touch: 0, x: x, y: y)
        }
        let t = Double(time &- baseTime) / 1e9
        var positions = TraceRow.Positions(all: TextPosition(line: line, column: 1))
        positions.phase = TextPosition(line: line, column: actionStart - ls + 1)
        positions.time = TextPosition(line: line, column: timePos - ls + 1)
        func emit(_ queue: inout RowQueue, _ touch: Int64, _ phase: TouchPhase, _ x: Double, _ y: Double) {
            let (px, py) = mapping.map(x, y)
            queue.push(TraceRow(time: t, touch: .integer(touch), phase: phase, x: px, y: py, positions: positions))
        }
        var actionIndex = -1
        switch action {
        case .down, .up: actionIndex = 0
        case .pointerDown(let k), .pointerUp(let k):
            guard k < count else { throw fail("action pointer index \(k) is not below pointerCount \(count)", actionStart) }
            actionIndex = k
        default: break
        }
        if case .cancel = action {
            for d in 0..<downCount { emit(&queue, down[d].touch, .cancelled, down[d].x, down[d].y) }
            downCount = 0
            return
        }
        for k in 0..<count {
            let f = frame[k]
            let slot = (0..<downCount).first { down[$0].androidID == f.androidID }
            let starting: Bool
            switch action {
            case .down, .pointerDown: starting = k == actionIndex;
            default: starting = false
            }
            let ending: Bool
            switch action {
            case .up, .pointerUp: ending = k == actionIndex;
            default: ending = false
            }
            if let s = slot {
                if starting {
                    // A down for a pointer still down (a repeated log line, or an up that was not
                    // logged): the same touch goes on, moved there if it moved; said once.
                    repeatedDowns += 1
                    if repeatedDownLine == 0 { repeatedDownLine = line }
                }
                if down[s].x != f.x || down[s].y != f.y {
                    down[s].x = f.x; down[s].y = f.y
                    if !ending { emit(&queue, down[s].touch, .moved, f.x, f.y) }
                }
                if ending {
                    emit(&queue, down[s].touch, .ended, f.x, f.y)
                    down[s] = down[downCount - 1]
                    downCount -= 1
                }
            } else if !ending {
                if !starting && midTouchLine == 0 { midTouchLine = line }
                guard downCount < Self.maxPointers else { throw fail("more than \(Self.maxPointers) pointers down", actionStart) }
                down[downCount] = Pointer(androidID: f.androidID, touch: nextTouch, x: f.x, y: f.y)
                nextTouch += 1
                downCount += 1
                emit(&queue, down[downCount - 1].touch, .began, f.x, f.y)
            }
        }
    }

    private static func action(
        _ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int,
        _ fail: (String, Int) -> TraceError
    ) throws(TraceError) -> Action {
        func isWord(_ w: StaticString) -> Bool { e - s == w.utf8CodeUnitCount && LineScan.hasPrefix(p, s, e, w) }
        if isWord("ACTION_DOWN") { return .down }
        if isWord("ACTION_UP") { return .up }
        if isWord("ACTION_MOVE") { return .move }
        if isWord("ACTION_CANCEL") { return .cancel }
        for (prefix, isDown) in [("ACTION_POINTER_DOWN(" as StaticString, true), ("ACTION_POINTER_UP(", false)]
        where LineScan.hasPrefix(p, s, e, prefix) {
            let ns = s + prefix.utf8CodeUnitCount
            guard e > ns, p[e - 1] == UInt8(ascii: ")"), let k = LineScan.decimal(p, ns, e - 1 - ns), k >= 0, k < Int64(maxPointers) else {
                throw fail("invalid action \(LineScan.text(p, s, e - s)): expected a pointer index in parentheses", s)
            }
            return isDown ? .pointerDown(Int(k)) : .pointerUp(Int(k))
        }
        if LineScan.hasPrefix(p, s, e, "ACTION_") || (e > s && p[s] &- UInt8(ascii: "0") < 10) { return .other }
        throw fail(
            "unknown action \(LineScan.text(p, s, e - s)); expected ACTION_DOWN, ACTION_MOVE, ACTION_UP, ACTION_POINTER_DOWN(i), ACTION_POINTER_UP(i) or ACTION_CANCEL",
            s)
    }
}

/// Android `MotionEvent.toString()` dumps: each event line gives its rows straight to the core's
/// queue (``MotionEventState``): no evdev events, no header.
enum MotionEventGrammar: RecordingGrammar {
    static var rangesRemedy: DiagnosticText {
        "a MotionEvent dump has none: give \(option: .rawSize, "WxH") (the display's size in pixels)"
    }

    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent? {
        try core.motion.parse(core.base, core.ls, core.le, line: core.line, path: core.path, into: &core.queue)
        return nil
    }
}
