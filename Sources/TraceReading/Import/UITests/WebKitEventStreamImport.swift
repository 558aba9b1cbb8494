#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// WebKit's `sendEventStream` JSON (UIScriptController, played by HIDEventGenerator in
/// WebKitTestRunner) as touch rows: `{"events": [...]}`, each event either a touch event
/// (`inputType`, `timeOffset` in seconds from the stream's start, `touches` with `id`, `phase`,
/// `x`, `y`) or an interpolation (`interpolate` linear or simpleCurve, `timestep`, `startEvent`,
/// `endEvent`) expanded as HIDEventGenerator expands it. File touch ids map to trace touches (a new
/// one per `began`). The choices are in docs/ui-tests.md.
enum WebKitEventStreamImport {
    private struct State {
        /// File id -> the trace touch it designates while down.
        var down: [Int64: (touch: TouchID, position: Point)] = [:]
        /// File ids that were down once and are lifted now (a second `ended` is a duplicate).
        var lifted: Set<Int64> = []
        var lastTime = 0.0
        var warnedBegan = false
        var warnedEnded = false
        var warnedStylus = false
        var warnedInterpolation = false
    }

    private struct Touch {
        var id: Int64
        var phase: String
        var point: Point
        var value: JSONValue
        var path: JSONPath
    }

    static func rows(
        _ root: JSONValue, path: String, options: UITestImportOptions, warn: (Diagnostic) -> Void
    ) throws(TraceError) -> [TraceRow] {
        let j = UITestJSON(path: path)
        try root.object(at: JSONPath())
        let events = try root.member("events", in: JSONPath()).array(at: JSONPath().key("events"))
        var b = GestureRowBuilder(path: path, interval: options.moveInterval)
        var s = State()
        for (i, e) in events.enumerated() {
            let ep = JSONPath().key("events")[i]
            try e.object(at: ep)
            if let interpolate = e["interpolate"], !interpolate.isNull {
                let kind = try interpolate.string(at: ep.key("interpolate"))
                var ease: (Double) -> Double = { $0 }
                switch kind {
                case "linear": break
                case "simpleCurve":
                    // HIDEventGenerator's simpleCurveInterpolation: sin(sin(t·π/2)·t·π/2) of the way.
                    ease = { t in sin(sin(t * Double.pi / 2) * t * Double.pi / 2) }
                default:
                    if !s.warnedInterpolation {
                        s.warnedInterpolation = true
                        warn(
                            .warning(
                                "\(ep).interpolate: unknown interpolation '\(kind)': linear, as HIDEventGenerator does",
                                at: interpolate.location))
                    }
                }
                var step = try e.optionalNumber("timestep", in: ep) ?? 0
                if step < 0 { throw j.error("negative timestep", ep.key("timestep"), e["timestep"]!) }
                // HIDEventGenerator would loop forever on a zero step: the --move-interval instead.
                if step == 0 { step = options.moveInterval }
                let start = try e.member("startEvent", in: ep)
                try start.object(at: ep.key("startEvent"))
                let end = try e.member("endEvent", in: ep)
                try end.object(at: ep.key("endEvent"))
                let t0 = try time(start, ep.key("startEvent"), j)
                let t1 = try time(end, ep.key("endEvent"), j)
                if t1 < t0 {
                    throw j.error(
                        "endEvent's timeOffset \(t1) is before startEvent's \(t0)", ep.key("endEvent").key("timeOffset"),
                        end["timeOffset"] ?? end)
                }
                let startTouches = try touches(start, ep.key("startEvent"), j, &s, warn)
                let endTouches = try touches(end, ep.key("endEvent"), j, &s, warn)
                try apply(startTouches, at: t0, start, ep.key("startEvent"), j, &b, &s, warn)
                // The samples between: the end event's touches (those also in the start event) moved
                // from their start positions, at start + k·timestep while before the end.
                if t1 > t0 {
                    guard (t1 - t0) / step < Double(GestureRowBuilder.maxRows) else {
                        throw j.error(
                            "the interpolation makes more than \(GestureRowBuilder.maxRows) rows (a larger timestep makes fewer)",
                            ep.key("timestep"), e)
                    }
                    var k = 1
                    while true {
                        let t = t0 + Double(k) * step
                        if t >= t1 - 0.000_000_5 { break }
                        let f = ease(Double(k) * step / (t1 - t0))
                        for et in endTouches {
                            guard let st = startTouches.first(where: { $0.id == et.id }), let d = s.down[et.id] else { continue }
                            let p = Point(x: st.point.x + (et.point.x - st.point.x) * f, y: st.point.y + (et.point.y - st.point.y) * f)
                            try b.add(t, d.touch, .moved, p, et.value.location)
                            b.countSample()
                            s.down[et.id] = (d.touch, p)
                        }
                        k += 1
                    }
                }
                try apply(endTouches, at: t1, end, ep.key("endEvent"), j, &b, &s, warn)
            } else {
                let t = try time(e, ep, j)
                try apply(try touches(e, ep, j, &s, warn), at: t, e, ep, j, &b, &s, warn)
            }
        }
        if let note = b.samplingNote("interpolations at their timesteps", root.location) { warn(note) }
        return b.finish()
    }

    private static func time(_ e: JSONValue, _ ep: JSONPath, _ j: UITestJSON) throws(TraceError) -> Double {
        guard let v = e["timeOffset"], !v.isNull else { return 0 }  // HIDEventGenerator: nil is 0
        let t = try v.number(at: ep.key("timeOffset"))
        if t < 0 { throw j.error("negative timeOffset \(j.format(t))", ep.key("timeOffset"), v) }
        if t > GestureRowBuilder.maxTime {
            throw j.error(
                "timeOffset \(j.format(t)) s is beyond the longest description accepted (\(Int(GestureRowBuilder.maxTime)) s)",
                ep.key("timeOffset"), v)
        }
        return t
    }

    private static func touches(
        _ e: JSONValue, _ ep: JSONPath, _ j: UITestJSON, _ s: inout State, _ warn: (Diagnostic) -> Void
    ) throws(TraceError) -> [Touch] {
        if let type = e["inputType"], !type.isNull {
            let t = try type.string(at: ep.key("inputType"))
            guard ["hand", "finger", "stylus"].contains(t) else {
                throw j.error("unknown inputType '\(t)' (expected hand, finger or stylus)", ep.key("inputType"), type)
            }
        }
        let list = try e.member("touches", in: ep).array(at: ep.key("touches"))
        var out: [Touch] = []
        for (k, t) in list.enumerated() {
            let tp = ep.key("touches")[k]
            try t.object(at: tp)
            if let type = t["inputType"], !type.isNull {
                let name = try type.string(at: tp.key("inputType"))
                switch name {
                case "finger", "hand": break
                case "stylus":
                    if !s.warnedStylus {
                        s.warnedStylus = true
                        warn(.warning("\(tp): a stylus touch is replayed as a finger (docs/ui-tests.md)", at: type.location))
                    }
                default: throw j.error("unknown inputType '\(name)' (expected finger or stylus)", tp.key("inputType"), type)
                }
            }
            let idValue = try t.member("id", in: tp)
            let id = try idValue.number(at: tp.key("id"))
            guard id == id.rounded(), abs(id) < 1e15 else { throw j.error("id must be an integer", tp.key("id"), idValue) }
            let phase = try t.member("phase", in: tp).string(at: tp.key("phase"))
            guard ["began", "stationary", "moved", "ended", "canceled"].contains(phase) else {
                throw j.error(
                    "unknown phase '\(phase)' (expected began, stationary, moved, ended or canceled)", tp.key("phase"), t["phase"]!)
            }
            let x = try t.member("x", in: tp).number(at: tp.key("x"))
            let y = try t.member("y", in: tp).number(at: tp.key("y"))
            out.append(Touch(id: Int64(id), phase: phase, point: Point(x: x, y: y), value: t, path: tp))
        }
        return out
    }

    private static func apply(
        _ touches: [Touch], at t: Double, _ e: JSONValue, _ ep: JSONPath, _ j: UITestJSON, _ b: inout GestureRowBuilder,
        _ s: inout State, _ warn: (Diagnostic) -> Void
    ) throws(TraceError) {
        if t < s.lastTime {
            throw j.error(
                "timeOffset \(t) is before the previous event's \(s.lastTime) (HIDEventGenerator would send it at once; order the events by time)",
                ep.key("timeOffset"), e["timeOffset"] ?? e)
        }
        s.lastTime = t
        for touch in touches {
            let at = touch.value.location
            switch touch.phase {
            case "began":
                if let d = s.down[touch.id] {
                    // A began for a finger already down: the same finger (HID keeps it touching).
                    if !s.warnedBegan {
                        s.warnedBegan = true
                        warn(
                            .warning(
                                "\(touch.path): 'began' for touch \(touch.id), already down: read as a move (docs/ui-tests.md)", at: at))
                    }
                    try b.add(t, d.touch, .moved, touch.point, at)
                    s.down[touch.id] = (d.touch, touch.point)
                } else {
                    let id = b.newTouch()
                    try b.add(t, id, .began, touch.point, at)
                    s.down[touch.id] = (id, touch.point)
                    s.lifted.remove(touch.id)
                }
            case "moved", "stationary":
                guard let d = s.down[touch.id] else {
                    throw j.error(
                        "'\(touch.phase)' for touch \(touch.id), which is not down", touch.path.key("phase"), touch.value["phase"]!)
                }
                try b.add(t, d.touch, touch.phase == "moved" ? .moved : .stationary, touch.point, at)
                s.down[touch.id] = (d.touch, touch.point)
            default:  // ended, canceled
                guard let d = s.down[touch.id] else {
                    if s.lifted.contains(touch.id) {
                        if !s.warnedEnded {
                            s.warnedEnded = true
                            warn(
                                .warning(
                                    "\(touch.path): '\(touch.phase)' for touch \(touch.id), already lifted: ignored (docs/ui-tests.md)",
                                    at: at))
                        }
                        continue
                    }
                    throw j.error(
                        "'\(touch.phase)' for touch \(touch.id), which never began", touch.path.key("phase"), touch.value["phase"]!)
                }
                try b.add(t, d.touch, touch.phase == "ended" ? .ended : .cancelled, touch.point, at)
                s.down[touch.id] = nil
                s.lifted.insert(touch.id)
            }
        }
    }
}
