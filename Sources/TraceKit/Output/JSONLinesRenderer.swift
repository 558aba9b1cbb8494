import GestureEngine

/// `--format jsonl`: one JSON object per line; schema in `docs/output-format.md`.
///
/// Numbers: times with up to 6 decimals (microseconds), points and pt/s with up to 4, scale and
/// radians with up to 6, trailing zeros dropped; a value that is not finite prints as `null`.
public struct JSONLinesRenderer: ReplayRenderer {
    /// The output schema's version, printed in the first line; bumped on any incompatible change.
    public static let schemaVersion = 1

    public init() {}

    public mutating func begin(into out: inout OutputBuffer) {
        out.append("{\"event\":\"replay\",\"schema\":" as StaticString)
        out.append(Self.schemaVersion)
        out.append("}\n" as StaticString)
    }

    private func head(_ event: StaticString, _ time: Double, into out: inout OutputBuffer) {
        out.append("{\"event\":\"" as StaticString)
        out.append(event)
        out.append("\",\"t\":" as StaticString)
        out.appendNumber(time, decimals: 6, trim: true)
    }

    private func point(_ key: StaticString, _ x: Double, _ y: Double, into out: inout OutputBuffer) {
        out.append(key)
        out.append("{\"x\":" as StaticString)
        out.appendNumber(x, decimals: 4, trim: true)
        out.append(",\"y\":" as StaticString)
        out.appendNumber(y, decimals: 4, trim: true)
        out.append(UInt8(ascii: "}"))
    }

    public mutating func transition(_ t: Transition, into out: inout OutputBuffer) {
        let v = t.values
        head("gesture", t.time, into: &out)
        out.append(",\"recognizer\":" as StaticString)
        out.appendJSONString(t.recognizer.name)
        out.append(",\"kind\":" as StaticString)
        out.appendJSONString(t.recognizer.kind)
        out.append(",\"state\":\"" as StaticString)
        out.append(t.state.description)
        out.append("\",\"previous\":\"" as StaticString)
        out.append(t.previous.description)
        out.append(UInt8(ascii: "\""))
        point(",\"location\":", v.location.x, v.location.y, into: &out)
        out.append(",\"touches\":" as StaticString)
        out.append(v.numberOfTouches)
        if let taps = v.taps {
            out.append(",\"taps\":" as StaticString)
            out.append(taps)
        }
        if let tr = v.translation { point(",\"translation\":", tr.dx, tr.dy, into: &out) }
        if let s = v.scale {
            out.append(",\"scale\":" as StaticString)
            out.appendNumber(s, decimals: 6, trim: true)
        }
        if let r = v.rotation {
            out.append(",\"rotation\":" as StaticString)
            out.appendNumber(r, decimals: 6, trim: true)
        }
        if let vel = v.velocity {
            point(",\"velocity\":", vel.dx, vel.dy, into: &out)
        } else if let sv = v.scalarVelocity {
            out.append(",\"velocity\":" as StaticString)
            out.appendNumber(sv, decimals: 6, trim: true)
        }
        if let d = v.direction {
            out.append(",\"direction\":\"" as StaticString)
            out.append(d.description)
            out.append(UInt8(ascii: "\""))
        }
        if let r = v.selectionRect {
            out.append(",\"selectionRect\":{\"x\":" as StaticString)
            out.appendNumber(r.origin.x, decimals: 4, trim: true)
            out.append(",\"y\":" as StaticString)
            out.appendNumber(r.origin.y, decimals: 4, trim: true)
            out.append(",\"width\":" as StaticString)
            out.appendNumber(r.size.width, decimals: 4, trim: true)
            out.append(",\"height\":" as StaticString)
            out.appendNumber(r.size.height, decimals: 4, trim: true)
            out.append(UInt8(ascii: "}"))
        }
        for (name, value) in v.extra {
            out.append(UInt8(ascii: ","))
            out.appendJSONString(name)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .integer(let i): out.append(i)
            case .number(let d): out.appendNumber(d, decimals: 6, trim: true)
            case .text(let s): out.appendJSONString(s)
            case .point(let p): point("", p.x, p.y, into: &out)
            }
        }
        if let reason = t.reason {
            out.append(",\"reason\":" as StaticString)
            out.appendJSONString(reason)
        }
        out.append("}\n" as StaticString)
    }

    public mutating func diagnostic(_ d: EngineDiagnostic, into out: inout OutputBuffer) {
        head("diagnostic", d.time, into: &out)
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
        head("touch", r.time, into: &out)
        out.append(",\"touch\":" as StaticString)
        out.appendJSON(r.touch)
        out.append(",\"phase\":\"" as StaticString)
        out.append(r.phase.description)
        out.append(UInt8(ascii: "\""))
        point(",\"location\":", r.location.x, r.location.y, into: &out)
        if let v = r.velocity, v.isFinite {
            point(",\"velocity\":", v.dx, v.dy, into: &out)
        } else {
            out.append(",\"velocity\":null" as StaticString)
        }
        out.append("}\n" as StaticString)
    }

    public mutating func viewDelivery(_ d: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {
        head("view", d.time, into: &out)
        out.append(",\"view\":" as StaticString)
        out.appendJSONString(d.view.name)
        out.append(",\"message\":\"" as StaticString)
        out.append(d.kind.rawValue)
        out.append("\",\"touch\":" as StaticString)
        out.appendJSON(touch)
        out.append("}\n" as StaticString)
    }

    public mutating func end(into out: inout OutputBuffer) {}
}
