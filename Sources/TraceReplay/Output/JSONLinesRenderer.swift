@_spi(Formatting) import GestureEngine
import TraceReading

/// `--format jsonl`: one JSON object per line; schema in `docs/output-format.md`.
///
/// Numbers: times with up to 6 decimals (microseconds), points and pt/s with up to 4, scale and
/// radians with up to 6, trailing zeros dropped; a value that is not finite prints as `null`.
public struct JSONLinesRenderer: ReplayRenderer, TransitionLineRenderer {
    /// The output schema's version, printed in the first line; bumped on any incompatible change.
    ///
    /// Schema 2 (from 1): a pinch's scalar velocity is `scaleVelocity` and a rotation's
    /// `angularVelocity` (numbers), so `velocity` is always a `{"x","y"}` object (docs/output-format.md).
    public static let schemaVersion = 2

    public init() {}

    public mutating func begin(into out: inout OutputBuffer) {
        out.append("{\"event\":\"replay\",\"schema\":" as StaticString)
        out.append(Self.schemaVersion)
        out.append("}\n" as StaticString)
    }

    private static func head(_ event: StaticString, _ time: Double, into out: inout OutputBuffer) {
        out.append("{\"event\":\"" as StaticString)
        out.append(event)
        out.append("\",\"t\":" as StaticString)
        out.appendNumber(time, decimals: MachinePrecision.time, trim: true)
    }

    private static func point(_ key: StaticString, _ x: Double, _ y: Double, into out: inout OutputBuffer) {
        out.append(key)
        out.append("{\"x\":" as StaticString)
        out.appendNumber(x, decimals: MachinePrecision.point, trim: true)
        out.append(",\"y\":" as StaticString)
        out.appendNumber(y, decimals: MachinePrecision.point, trim: true)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"recognizer":NAME,"kind":KIND,"state":"` for each recognizer, rendered once.
    private var labels = RecognizerLabels()

    private static func makeLabel(_ name: String, _ kind: String, _ out: inout [UInt8]) {
        var b = OutputBuffer(fileDescriptor: nil)
        b.append(",\"recognizer\":" as StaticString)
        b.appendJSONString(name)
        b.append(",\"kind\":" as StaticString)
        b.appendJSONString(kind)
        b.append(",\"state\":\"" as StaticString)
        out.append(contentsOf: b.bytes)
    }

    /// The most bytes of a transition line without its reason and extra values: the keys, 15
    /// numbers at most, the states and the direction (the label is counted separately).
    private static let transitionBound = 512 + 15 * ByteWriter.maximumNumberLength(decimals: MachinePrecision.value)

    /// The label of `recognizer`'s lines: `,"recognizer":NAME,"kind":KIND,"state":"`, made once.
    @inline(__always)
    mutating func transitionLabel(_ recognizer: Unmanaged<GestureRecognizer>) -> UnsafeBufferPointer<UInt8> {
        recognizer._withUnsafeGuaranteedRef { labels.label($0, make: Self.makeLabel) }
    }

    /// A transition line from its fields (``TransitionLineRenderer``): no state of the renderer,
    /// so the formatting thread writes it too.
    @inline(__always)
    static func writeTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState,
        _ values: UnsafePointer<GestureValues>, label: UnsafeBufferPointer<UInt8>, reason: UnsafeBufferPointer<UInt8>?,
        into out: inout OutputBuffer
    ) {
        var w = out.writer(reserving: Self.transitionBound + label.count)
        Self.writeTransition(time, previous, state, values, label, out.storage.valueMemo, &w)
        if _fastPath(reason == nil && values.pointee.extra.isEmpty) {
            // Most lines: closed in the same reserve.
            w.bytes("}\n")
            out.commit(w)
            return
        }
        out.commit(w)
        do {
            for (name, value) in values.pointee.extra {
                out.append(UInt8(ascii: ","))
                out.appendJSONString(name)
                out.append(UInt8(ascii: ":"))
                switch value {
                case .integer(let i): out.append(i)
                case .number(let d): out.appendNumber(d, decimals: MachinePrecision.value, trim: true)
                case .text(let s): out.appendJSONString(s)
                case .point(let p): point("", p.x, p.y, into: &out)
                }
            }
            if let reason {
                out.append(",\"reason\":" as StaticString)
                out.appendJSONString(reason)
            }
        }
        out.append("}\n" as StaticString)
    }

    @inline(__always)
    private static func writePoint(
        _ key: StaticString, _ x: Double, _ y: Double, _ memo: ValueMemo, _ slot: ValueMemo.Slot, _ w: inout ByteWriter
    ) {
        w.bytes(key)
        w.memoized(memo.slot(slot), x.bitPattern, y.bitPattern) { $0.jsonPoint(x, y) }
    }

    /// The line up to its extra values and reason (the closing brace is written after them).
    private static func writeTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState, _ values: UnsafePointer<GestureValues>,
        _ label: UnsafeBufferPointer<UInt8>, _ memo: ValueMemo, _ w: inout ByteWriter
    ) {
        w.bytes("{\"event\":\"gesture\",\"t\":")
        // Numbers through the precision's own inlined writer (`fixed`), not `number(decimals:)`'s
        // switch and call.
        // The time: the lines of one update share it (see `ValueMemo`).
        let timeSlot = memo.slot(.jsonTime)
        if !w.copiedFromMemo(timeSlot, time.bitPattern, 0) {
            let start = w.p
            w.fixed(time, MachinePrecision.Time.self, trim: true)
            w.keepInMemo(timeSlot, time.bitPattern, 0, since: start)
        }
        w.labelBytes(label)
        let state = stateIndex(state), previous = stateIndex(previous)
        w.slot(StateTemplates.jsonState, state, size: 32, count: StateTemplates.nameLength(state) &+ 14)
        // `PREVIOUS","location":`, then the location.
        w.slot(StateTemplates.jsonPrevious, previous, size: 32, count: StateTemplates.nameLength(previous) &+ 13)
        let location = values.pointee.location
        w.memoized(memo.slot(.jsonLocation), location.x.bitPattern, location.y.bitPattern) { $0.jsonPoint(location.x, location.y) }
        w.bytes(",\"touches\":")
        w.int(values.pointee.numberOfTouches)
        if let taps = values.pointee.taps {
            w.bytes(",\"taps\":")
            w.int(taps)
        }
        if let tr = values.pointee.translation { writePoint(",\"translation\":", tr.dx, tr.dy, memo, .jsonTranslation, &w) }
        if let s = values.pointee.scale {
            w.bytes(",\"scale\":")
            w.fixed(s, MachinePrecision.Value.self, trim: true)
        }
        if let r = values.pointee.rotation {
            w.bytes(",\"rotation\":")
            w.fixed(r, MachinePrecision.Value.self, trim: true)
        }
        if let vel = values.pointee.velocity {
            writePoint(",\"velocity\":", vel.dx, vel.dy, memo, .jsonVelocity, &w)
        } else if let sv = values.pointee.scalarVelocity {
            // Schema 2: one key, one type (`velocity` is always a point).
            if values.pointee.rotation != nil { w.bytes(",\"angularVelocity\":") } else { w.bytes(",\"scaleVelocity\":") }
            w.fixed(sv, MachinePrecision.Value.self, trim: true)
        }
        if let d = values.pointee.direction {
            w.bytes(",\"direction\":\"")
            w.direction(d)
            w.byte(UInt8(ascii: "\""))
        }
        if let r = values.pointee.selectionRect {
            w.jsonRect(r.origin.x, r.origin.y, r.size.width, r.size.height)
        }
    }

    public mutating func diagnostic(_ d: EngineDiagnostic, into out: inout OutputBuffer) {
        Self.head("diagnostic", d.time, into: &out)
        out.append(",\"kind\":" as StaticString)
        out.appendJSONString(d.kind.rawValue)
        if let r = d.recognizer {
            out.append(",\"recognizer\":" as StaticString)
            out.appendJSONString(r)
        }
        out.append(",\"message\":" as StaticString)
        out.appendJSONString(d.message)
        out.append("}\n" as StaticString)
    }

    public mutating func touchEnded(_ r: TouchEndRecord, into out: inout OutputBuffer) {
        Self.head("touch", r.time, into: &out)
        out.append(",\"touch\":" as StaticString)
        out.appendJSON(r.touch)
        out.append(",\"phase\":\"" as StaticString)
        out.append(r.phase.description)
        out.append(UInt8(ascii: "\""))
        Self.point(",\"location\":", r.location.x, r.location.y, into: &out)
        if let v = r.velocity, v.isFinite {
            Self.point(",\"velocity\":", v.dx, v.dy, into: &out)
        } else {
            out.append(",\"velocity\":null" as StaticString)
        }
        out.append(",\"tapCount\":" as StaticString)
        out.append(r.tapCount)
        out.append("}\n" as StaticString)
    }

    public mutating func viewDelivery(_ d: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {
        Self.head("view", d.time, into: &out)
        out.append(",\"view\":" as StaticString)
        out.appendJSONString(d.view.name)
        out.append(",\"message\":\"" as StaticString)
        out.append(d.kind.rawValue)
        out.append("\",\"touch\":" as StaticString)
        out.appendJSON(touch)
        out.append(",\"tapCount\":" as StaticString)
        out.append(d.tapCount)
        out.append("}\n" as StaticString)
    }

    /// `{"event":"message","t":0.38,"view":"lecture","text":"Single tap!"}` (`"recognizer"` for a
    /// recognizer's, neither key for the environment's); strings escaped per RFC 8259.
    public mutating func message(_ m: ReplayMessage, into out: inout OutputBuffer) {
        Self.head("message", m.time, into: &out)
        switch m.source {
        case .view(let v):
            out.append(",\"view\":" as StaticString)
            out.appendJSONString(v.name)
        case .recognizer(let r):
            out.append(",\"recognizer\":" as StaticString)
            out.appendJSONString(r.name)
        case .environment:
            break
        }
        out.append(",\"text\":" as StaticString)
        out.appendJSONString(m.text)
        out.append("}\n" as StaticString)
    }

    /// `{"event":"control","t":0.12,"view":"button","name":"touchUpInside"}`
    public mutating func controlEvent(_ r: ControlEventReport, into out: inout OutputBuffer) {
        Self.head("control", r.time, into: &out)
        out.append(",\"view\":" as StaticString)
        out.appendJSONString(r.control.name)
        out.append(",\"name\":\"" as StaticString)
        out.append(r.event.rawValue)
        out.append("\"}\n" as StaticString)
    }

    /// `{"event":"scroll","t":0.136667,"view":"list","contentOffset":{"x":0,"y":5182.6667},"phase":"decelerating"}`
    public mutating func scroll(_ r: ScrollReport, into out: inout OutputBuffer) {
        Self.head("scroll", r.time, into: &out)
        out.append(",\"view\":" as StaticString)
        out.appendJSONString(r.view.name)
        Self.point(",\"contentOffset\":", r.contentOffset.x, r.contentOffset.y, into: &out)
        out.append(",\"phase\":\"" as StaticString)
        out.append(r.phase.rawValue)
        out.append("\"}\n" as StaticString)
    }

    public mutating func end(into out: inout OutputBuffer) {}
}

/// The JSON Lines line layout: a point and a rectangle written in one call each.
extension ByteWriter {
    /// `,"selectionRect":{"x":X,"y":Y,"width":W,"height":H}`, 4 decimals, trimmed: the four numbers
    /// inlined in one call.
    @inline(never) mutating func jsonRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        bytes(",\"selectionRect\":{\"x\":")
        fixed(x, MachinePrecision.Point.self, trim: true)
        bytes(",\"y\":")
        fixed(y, MachinePrecision.Point.self, trim: true)
        bytes(",\"width\":")
        fixed(width, MachinePrecision.Point.self, trim: true)
        bytes(",\"height\":")
        fixed(height, MachinePrecision.Point.self, trim: true)
        byte(UInt8(ascii: "}"))
    }

    /// A JSON point, `{"x":X,"y":Y}`, 4 decimals, trimmed: both numbers in one call.
    @inline(never) mutating func jsonPoint(_ x: Double, _ y: Double) {
        bytes("{\"x\":")
        fixed(x, MachinePrecision.Point.self, trim: true)
        bytes(",\"y\":")
        fixed(y, MachinePrecision.Point.self, trim: true)
        byte(UInt8(ascii: "}"))
    }
}
