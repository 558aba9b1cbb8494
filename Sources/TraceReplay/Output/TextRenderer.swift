@_spi(Formatting) import GestureEngine
import TraceReading

/// `--format text` (the default and the golden-file format): one aligned line per transition,
/// fixed precision, for people. Stable: documented in `docs/output-format.md`.
///
/// ```
///    0.289  doubleTap  tap  possible -> ended      at (198.2, 419.5)  touches 1  taps 2
///    0.289  single     tap  possible -> failed     at (195.2, 421.0)  touches 1  taps 1  reason: required recognizer 'doubleTap' recognized
/// ```
/// (`Traces/double-tap.expected`: the name and kind columns are as wide as the longest of each,
/// the state column 21 characters.)
/// Times have 3 decimals (ms); points and pt/s 1 decimal; scale and radians 3 decimals.
public struct TextRenderer: ReplayRenderer, TransitionLineRenderer {
    let nameWidth: Int
    let kindWidth: Int
    static let stateWidth = 21  // "possible -> cancelled".count

    /// A renderer whose columns fit the longest recognizer name and kind.
    public init(nameWidth: Int, kindWidth: Int) {
        self.nameWidth = nameWidth
        self.kindWidth = kindWidth
    }

    public mutating func begin(into out: inout OutputBuffer) {}

    private static func time(_ t: Double, into out: inout OutputBuffer) {
        var w = out.writer(reserving: ByteWriter.maximumNumberLength(decimals: DisplayPrecision.time) + 10)
        w.textTime(t)
        out.commit(w)
    }

    @inline(__always)
    private static func writePair(_ x: Double, _ y: Double, decimals: Int, _ w: inout ByteWriter) {
        if decimals == DisplayPrecision.point {
            w.textPair(x, y)
            return
        }
        w.byte(UInt8(ascii: "("))
        w.number(x, decimals: decimals, trim: false)
        w.bytes(", ")
        w.number(y, decimals: decimals, trim: false)
        w.byte(UInt8(ascii: ")"))
    }

    /// A point of a transition line, `(X, Y)`: the bytes of the same point last time in `slot`, or
    /// the pair written (`ValueMemo`).
    @inline(__always)
    private static func writePoint(_ x: Double, _ y: Double, _ slot: UnsafeMutablePointer<UInt64>, _ w: inout ByteWriter) {
        w.memoized(slot, x.bitPattern, y.bitPattern) { $0.textPair(x, y) }
    }

    private static func pair(_ x: Double, _ y: Double, decimals: Int, into out: inout OutputBuffer) {
        var w = out.writer(reserving: 2 * ByteWriter.maximumNumberLength(decimals: decimals) + 4)
        Self.writePair(x, y, decimals: decimals, &w)
        out.commit(w)
    }

    /// The name and kind columns of each recognizer, padded, rendered once.
    private var labels = RecognizerLabels()

    /// The most bytes of a transition line without its label, extra values and reason.
    private static let transitionBound = 512 + 15 * ByteWriter.maximumNumberLength(decimals: DisplayPrecision.time)

    /// The label of `recognizer`'s lines: its name and kind columns, padded, made once.
    @inline(__always)
    mutating func transitionLabel(_ recognizer: Unmanaged<GestureRecognizer>) -> UnsafeBufferPointer<UInt8> {
        let nameWidth = nameWidth, kindWidth = kindWidth
        return recognizer._withUnsafeGuaranteedRef { r in
            labels.label(
                r,
                make: { name, kind, bytes in
                    // Widths count characters (as the scene's widths do); the padding is in bytes, as before.
                    // Control characters escaped (`TerminalSafe`).
                    let name = TerminalSafe.escaped(name), kind = TerminalSafe.escaped(kind)
                    bytes.append(contentsOf: name.utf8)
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, nameWidth - name.utf8.count + 2)))
                    bytes.append(contentsOf: kind.utf8)
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, kindWidth - kind.utf8.count + 2)))
                })
        }
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
            // Most lines: ended in the same reserve.
            w.byte(UInt8(ascii: "\n"))
            out.commit(w)
            return
        }
        out.commit(w)
        for (name, value) in values.pointee.extra {
            out.append("  " as StaticString)
            out.appendTerminalSafe(name)
            out.append(UInt8(ascii: " "))
            switch value {
            case .integer(let i): out.append(i)
            case .number(let d): out.appendNumber(d, decimals: DisplayPrecision.ratio)
            case .text(let s): out.appendTerminalSafe(s)
            case .point(let p): pair(p.x, p.y, decimals: DisplayPrecision.point, into: &out)
            }
        }
        if let reason {
            out.append("  reason: " as StaticString)
            out.appendTerminalSafe(reason)
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// The line up to its extra values and reason.
    private static func writeTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState, _ values: UnsafePointer<GestureValues>,
        _ label: UnsafeBufferPointer<UInt8>, _ memo: ValueMemo, _ w: inout ByteWriter
    ) {
        // The time column: the lines of one update share it (see `ValueMemo`).
        w.memoized(memo.slot(.textTime), time.bitPattern, 0) { $0.textTime(time) }
        w.labelBytes(label)
        // `previous -> state` padded to `stateWidth`, and two spaces.
        w.slot(StateTemplates.textStates, 6 &* stateIndex(previous) &+ stateIndex(state), size: 24, count: stateWidth + 2)
        w.bytes("at ")
        writePoint(values.pointee.location.x, values.pointee.location.y, memo.slot(.textLocation), &w)
        w.bytes("  touches ")
        w.int(values.pointee.numberOfTouches)
        if let taps = values.pointee.taps {
            w.bytes("  taps ")
            w.int(taps)
        }
        if let tr = values.pointee.translation {
            w.bytes("  translation ")
            writePoint(tr.dx, tr.dy, memo.slot(.textTranslation), &w)
        }
        if let s = values.pointee.scale {
            w.bytes("  scale ")
            w.fixed(s, DisplayPrecision.Ratio.self, trim: false)
        }
        if let r = values.pointee.rotation {
            w.bytes("  rotation ")
            w.fixed(r, DisplayPrecision.Ratio.self, trim: false)
        }
        if let vel = values.pointee.velocity {
            w.bytes("  velocity ")
            writePoint(vel.dx, vel.dy, memo.slot(.textVelocity), &w)
        } else if let sv = values.pointee.scalarVelocity {
            w.bytes("  velocity ")
            w.fixed(sv, DisplayPrecision.Ratio.self, trim: false)
        }
        if let d = values.pointee.direction {
            w.bytes("  direction ")
            w.direction(d)
        }
        if let r = values.pointee.selectionRect {
            w.bytes("  selection ")
            w.textRect(r.origin.x, r.origin.y, r.size.width, r.size.height)
        }
    }

    public mutating func diagnostic(_ d: EngineDiagnostic, into out: inout OutputBuffer) {
        Self.time(d.time, into: &out)
        out.append("note: " as StaticString)
        out.appendTerminalSafe(d.message)
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func touchEnded(_ r: TouchEndRecord, into out: inout OutputBuffer) {
        Self.time(r.time, into: &out)
        out.append("touch " as StaticString)
        out.appendPlain(r.touch)
        out.append(UInt8(ascii: " "))
        out.append(r.phase.description)
        out.append(" at " as StaticString)
        Self.pair(r.location.x, r.location.y, decimals: DisplayPrecision.point, into: &out)
        out.append("  velocity " as StaticString)
        if let v = r.velocity, v.isFinite {
            Self.pair(v.dx, v.dy, decimals: DisplayPrecision.point, into: &out)
        } else {
            out.append("none" as StaticString)
        }
        out.append("  taps " as StaticString)
        out.append(r.tapCount)
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func viewDelivery(_ d: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {
        Self.time(d.time, into: &out)
        out.append("view " as StaticString)
        out.appendTerminalSafe(d.view.name)
        out.append(UInt8(ascii: " "))
        out.append(d.kind.rawValue)
        out.append(" touch " as StaticString)
        out.appendPlain(touch)
        out.append("  taps " as StaticString)
        out.append(d.tapCount)
        out.append(UInt8(ascii: "\n"))
    }

    /// `   0.380  view lecture: Single tap!` (`recognizer NAME: `, or `message: ` from the environment);
    /// the text escaped onto one line (`appendEscapedMessage`).
    public mutating func message(_ m: ReplayMessage, into out: inout OutputBuffer) {
        Self.time(m.time, into: &out)
        switch m.source {
        case .view(let v):
            out.append("view " as StaticString)
            out.appendTerminalSafe(v.name)
            out.append(": " as StaticString)
        case .recognizer(let r):
            out.append("recognizer " as StaticString)
            out.appendTerminalSafe(r.name)
            out.append(": " as StaticString)
        case .environment:
            out.append("message: " as StaticString)
        }
        out.appendEscapedMessage(m.text)
        out.append(UInt8(ascii: "\n"))
    }

    /// `   0.120  control button touchUpInside`
    public mutating func controlEvent(_ r: ControlEventReport, into out: inout OutputBuffer) {
        Self.time(r.time, into: &out)
        out.append("control " as StaticString)
        out.appendTerminalSafe(r.control.name)
        out.append(UInt8(ascii: " "))
        out.append(r.event.rawValue)
        out.append(UInt8(ascii: "\n"))
    }

    /// `   0.137  scroll list contentOffset (0.000, 5182.667)  decelerating`: offsets with 3
    /// decimals (a 3x screen's pixel is 1/3 pt).
    public mutating func scroll(_ r: ScrollReport, into out: inout OutputBuffer) {
        Self.time(r.time, into: &out)
        out.append("scroll " as StaticString)
        out.appendTerminalSafe(r.view.name)
        out.append(" contentOffset " as StaticString)
        Self.pair(r.contentOffset.x, r.contentOffset.y, decimals: 3, into: &out)
        out.append("  " as StaticString)
        out.append(r.phase.rawValue)
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func end(into out: inout OutputBuffer) {}
}

/// The text format's line layout: the columns and pairs written in one call each.
extension ByteWriter {
    /// A text rectangle, `(X, Y) WxH`, 1 decimal, in one call.
    @inline(never) mutating func textRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        byte(UInt8(ascii: "("))
        fixed(x, DisplayPrecision.Point.self, trim: false)
        bytes(", ")
        fixed(y, DisplayPrecision.Point.self, trim: false)
        bytes(") ")
        fixed(width, DisplayPrecision.Point.self, trim: false)
        byte(UInt8(ascii: "x"))
        fixed(height, DisplayPrecision.Point.self, trim: false)
    }

    /// A text time column: 3 decimals, right-aligned in 8 characters (longer times widen it), and
    /// the two spaces after it.
    @inline(never) mutating func textTime(_ t: Double) {
        let start = p
        fixed(t, DisplayPrecision.Time.self, trim: false)
        let width = p - start
        if width < 8 {
            // Shifted right over 8 spaces: the 8 bytes at `start` hold the number and what follows
            // it (room the caller reserved), moved as one word.
            let raw = UnsafeMutableRawPointer(start)
            let number = raw.loadUnaligned(as: UInt64.self)
            raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            raw.storeBytes(of: number, toByteOffset: 8 &- width, as: UInt64.self)
            p = start + 8
        }
        bytes("  ")
    }

    /// A text pair, `(X, Y)`, 1 decimal: both numbers in one call.
    @inline(never) mutating func textPair(_ x: Double, _ y: Double) {
        byte(UInt8(ascii: "("))
        fixed(x, DisplayPrecision.Point.self, trim: false)
        bytes(", ")
        fixed(y, DisplayPrecision.Point.self, trim: false)
        byte(UInt8(ascii: ")"))
    }
}
