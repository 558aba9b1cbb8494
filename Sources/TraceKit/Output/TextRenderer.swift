import GestureEngine

/// `--format text` (the default and the golden-file format): one aligned line per transition,
/// fixed precision, for people. Stable: documented in `docs/output-format.md`.
///
/// ```
///    0.400  doubleTap  tap  possible -> ended    at (100.0, 200.0)  touches 1  taps 2
/// ```
/// Times have 3 decimals (ms); points and pt/s 1 decimal; scale and radians 3 decimals.
public struct TextRenderer: ReplayRenderer {
    let nameWidth: Int
    let kindWidth: Int
    static let stateWidth = "possible -> cancelled".count

    /// A renderer whose columns fit the longest recognizer name and kind.
    public init(nameWidth: Int, kindWidth: Int) {
        self.nameWidth = nameWidth
        self.kindWidth = kindWidth
    }

    public mutating func begin(into out: inout OutputBuffer) {}

    private func time(_ t: Double, into out: inout OutputBuffer) {
        let start = out.bytes.count
        out.appendNumber(t, decimals: 3)
        let width = out.bytes.count - start
        if width < 8 {
            out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 8 - width), at: start)
        }
        out.append("  " as StaticString)
    }

    private func column(_ s: String, width: Int, into out: inout OutputBuffer) {
        let start = out.bytes.count
        out.append(s)
        out.pad(width - (out.bytes.count - start) + 2)
    }

    private func pair(_ x: Double, _ y: Double, decimals: Int, into out: inout OutputBuffer) {
        out.append(UInt8(ascii: "("))
        out.appendNumber(x, decimals: decimals)
        out.append(", " as StaticString)
        out.appendNumber(y, decimals: decimals)
        out.append(UInt8(ascii: ")"))
    }

    public mutating func transition(_ t: Transition, into out: inout OutputBuffer) {
        let v = t.values
        time(t.time, into: &out)
        column(t.recognizer.name, width: nameWidth, into: &out)
        column(t.recognizer.kind, width: kindWidth, into: &out)
        let start = out.bytes.count
        out.append(t.previous.description)
        out.append(" -> " as StaticString)
        out.append(t.state.description)
        out.pad(Self.stateWidth - (out.bytes.count - start) + 2)
        out.append("at " as StaticString)
        pair(v.location.x, v.location.y, decimals: 1, into: &out)
        out.append("  touches " as StaticString)
        out.append(v.numberOfTouches)
        if let taps = v.taps {
            out.append("  taps " as StaticString)
            out.append(taps)
        }
        if let tr = v.translation {
            out.append("  translation " as StaticString)
            pair(tr.dx, tr.dy, decimals: 1, into: &out)
        }
        if let s = v.scale {
            out.append("  scale " as StaticString)
            out.appendNumber(s, decimals: 3)
        }
        if let r = v.rotation {
            out.append("  rotation " as StaticString)
            out.appendNumber(r, decimals: 3)
        }
        if let vel = v.velocity {
            out.append("  velocity " as StaticString)
            pair(vel.dx, vel.dy, decimals: 1, into: &out)
        } else if let sv = v.scalarVelocity {
            out.append("  velocity " as StaticString)
            out.appendNumber(sv, decimals: 3)
        }
        if let d = v.direction {
            out.append("  direction " as StaticString)
            out.append(d.description)
        }
        if let r = v.selectionRect {
            out.append("  selection " as StaticString)
            pair(r.origin.x, r.origin.y, decimals: 1, into: &out)
            out.append(UInt8(ascii: " "))
            out.appendNumber(r.size.width, decimals: 1)
            out.append(UInt8(ascii: "x"))
            out.appendNumber(r.size.height, decimals: 1)
        }
        for (name, value) in v.extra {
            out.append("  " as StaticString)
            out.append(name)
            out.append(UInt8(ascii: " "))
            switch value {
            case .integer(let i): out.append(i)
            case .number(let d): out.appendNumber(d, decimals: 3)
            case .text(let s): out.append(s)
            case .point(let p): pair(p.x, p.y, decimals: 1, into: &out)
            }
        }
        if let reason = t.reason {
            out.append("  reason: " as StaticString)
            out.append(reason)
        }
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func diagnostic(_ d: EngineDiagnostic, into out: inout OutputBuffer) {
        time(d.time, into: &out)
        out.append("note: " as StaticString)
        out.append(d.message)
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func touchEnded(_ r: TouchEndRecord, into out: inout OutputBuffer) {
        time(r.time, into: &out)
        out.append("touch " as StaticString)
        out.appendPlain(r.touch)
        out.append(UInt8(ascii: " "))
        out.append(r.phase.description)
        out.append(" at " as StaticString)
        pair(r.location.x, r.location.y, decimals: 1, into: &out)
        out.append("  velocity " as StaticString)
        if let v = r.velocity, v.isFinite {
            pair(v.dx, v.dy, decimals: 1, into: &out)
        } else {
            out.append("none" as StaticString)
        }
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func viewDelivery(_ d: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {
        time(d.time, into: &out)
        out.append("view " as StaticString)
        out.append(d.view.name)
        out.append(UInt8(ascii: " "))
        out.append(d.kind.rawValue)
        out.append(" touch " as StaticString)
        out.appendPlain(touch)
        out.append(UInt8(ascii: "\n"))
    }

    public mutating func end(into out: inout OutputBuffer) {}
}
