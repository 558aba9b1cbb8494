import GestureEngine

/// Appium gestures as touch rows: the legacy `TouchAction` (`{"actions": [{"action": ..., "options":
/// ...}, ...]}`, the body of `POST /session/:id/touch/perform`) and `MultiTouchAction` (`{"actions":
/// [[...], [...]]}`, one chain per finger) chains, timed as WebDriverAgent's FBAppiumActionsSynthesizer
/// times them, and the appium-xcuitest-driver `mobile:` gestures whose arguments define a touch path
/// (`{"script": "mobile: NAME", "args": [{...}]}`, the Execute Script body). Coordinates are points,
/// or pixels divided by ``density``. The choices are in docs/ui-tests.md.
enum AppiumImport {
    /// WebDriverAgent's tap: 100 ms down, 40 ms between the taps of a `count` (FB_TAP_DURATION_MS,
    /// FB_INTERTAP_MIN_DURATION_MS), and a `longPress` without `duration` lasts 600 ms
    /// (FB_LONG_TAP_DURATION_MS).
    static let tapDuration = 0.100
    static let interTap = 0.040
    static let longPressDuration = 0.600
    /// The speed of `mobile: dragFromToForDuration`'s drag, points per second (XCTest does not
    /// document it; docs/ui-tests.md).
    static let dragSpeed = 1000.0
    /// How far apart `mobile: twoFingerTap`'s fingers are, points (XCTest does not document it).
    static let twoFingerSpacing = 40.0

    struct Context {
        let j: UITestJSON
        let options: UITestImportOptions
        let density: Double
        /// `--density` as given (nil: coordinates are points).
        let givenDensity: Double?
        let screen: Size?
    }

    static func rows(
        _ root: JSONValue, path: String, options: UITestImportOptions, density: Double?, screen: Size?,
        warn: (Diagnostic) -> Void
    ) throws(TraceError) -> [TraceRow] {
        let j = UITestJSON(path: path)
        let c = Context(j: j, options: options, density: density ?? 1, givenDensity: density, screen: screen)
        var b = GestureRowBuilder(path: path, interval: options.moveInterval)
        try root.object(at: JSONPath())
        if let script = root["script"] {
            var notes: [Diagnostic] = []
            try mobile(root, script, c, &b, notes: &notes)
            for note in notes { warn(note) }
        } else if let actions = root["actions"] {
            let items = try actions.array(at: JSONPath().key("actions"))
            if items.first?.arrayValue != nil {
                // MultiTouchAction: every chain starts at 0, on a clock of its own (WebDriverAgent).
                for (i, chain) in items.enumerated() {
                    try touchAction(try chain.array(at: JSONPath().key("actions")[i]), JSONPath().key("actions")[i], c, &b)
                }
            } else {
                try touchAction(items, JSONPath().key("actions"), c, &b)
            }
        } else {
            throw j.error("expected \"actions\" (a TouchAction or MultiTouchAction) or \"script\" (a mobile: gesture)", JSONPath(), root)
        }
        if let note = b.samplingNote("moves every \(j.format(options.moveInterval * 1000)) ms (\(option: .moveInterval))", root.location) {
            warn(note)
        }
        return b.finish()
    }

    // MARK: TouchAction

    /// One chain (one finger), as WebDriverAgent's FBAppiumActionsSynthesizer plays it: each item
    /// starts at the sum of the durations before it.
    static func touchAction(_ items: [JSONValue], _ cp: JSONPath, _ c: Context, _ b: inout GestureRowBuilder) throws(TraceError) {
        let j = c.j
        // `cancel` drops the item before it (WebDriverAgent's preprocessing).
        var kept: [(JSONValue, Int)] = []
        for (k, item) in items.enumerated() {
            try item.object(at: cp[k])
            let name = try item.member("action", in: cp[k]).string(at: cp[k].key("action"))
            if name == "cancel" {
                if !kept.isEmpty { kept.removeLast() }
                continue
            }
            kept.append((item, k))
        }
        var time = 0.0
        var touch: TouchID?
        var position: Point?
        var lastEvent = 0.0
        for (item, k) in kept {
            let ip = cp[k]
            let name = item["action"]!.stringValue!
            let options = item["options"]
            if let o = options, !o.isNull { try o.object(at: ip.key("options")) }
            let opts = (options?.isNull ?? true) ? nil : options
            func duration(_ key: String, default d: Double) throws(TraceError) -> Double {
                guard let o = opts else { return d }
                return try j.duration(o, key, ip.key("options"), unit: 0.001) ?? d
            }
            switch name {
            case "press", "longPress":
                if touch != nil {
                    throw j.error("\(name) while the finger is down (release it first)", ip, item)
                }
                let p = try point(opts, ip, item, c, b)
                let t = b.newTouch()
                try b.add(time, t, .began, p, item.location)
                touch = t
                position = p
                lastEvent = time
                time += name == "press" ? 0 : try duration("duration", default: longPressDuration)
            case "tap":
                if touch != nil { throw j.error("tap while the finger is down (release it first)", ip, item) }
                let p = try point(opts, ip, item, c, b)
                var count = 1
                if let o = opts, let v = o["count"], !v.isNull {
                    let n = try v.number(at: ip.key("options").key("count"))
                    guard n >= 1, n <= 1000, n == n.rounded() else {
                        throw j.error("count must be an integer from 1 to 1000", ip.key("options").key("count"), v)
                    }
                    count = Int(n)
                }
                for n in 0..<count {
                    if n > 0 { time += interTap }
                    let t = b.newTouch()
                    try b.add(time, t, .began, p, item.location)
                    time += tapDuration
                    try b.add(time, t, .ended, p, item.location)
                }
                position = p
                lastEvent = time
            case "wait":
                guard position != nil else {
                    throw j.error("wait must follow an item with a position (press, longPress, tap, moveTo)", ip, item)
                }
                time += try duration("ms", default: 0)
            case "moveTo":
                guard let touch, let from = position else {
                    throw j.error("moveTo without a press: the finger is not down", ip, item)
                }
                let p = try point(opts, ip, item, c, b)
                // XCTest moves the finger from its last point to this one over the time since it.
                try b.move(touch, from: from, to: p, lastEvent, time, item.location)
                position = p
                lastEvent = time
                time += try duration("duration", default: 0)
            case "release":
                guard let t = touch, let p = position else {
                    throw j.error("release without a press: the finger is not down", ip, item)
                }
                try b.add(time, t, .ended, p, item.location)
                touch = nil
                lastEvent = time
            default:
                throw j.error(
                    "unknown action '\(name)' (expected press, longPress, tap, moveTo, wait, release or cancel)", ip.key("action"),
                    item["action"]!)
            }
            try b.checkTime(time, ip, item.location)
        }
        // A finger left down after a wait: a stationary row at the chain's end keeps its length.
        if let touch, let position, time > lastEvent, let (last, _) = kept.last {
            try b.add(time, touch, .stationary, position, last.location)
        }
    }

    /// An item's point: `x`/`y` (absolute), `element` (its centre), or both (the element's origin plus
    /// `x`/`y`), as WebDriverAgent's hit point; pixels divided by the density.
    static func point(
        _ opts: JSONValue?, _ ip: JSONPath, _ item: JSONValue, _ c: Context, _ b: GestureRowBuilder
    ) throws(TraceError) -> Point {
        let j = c.j
        guard let o = opts else { throw j.error("'options' with x and y or an element is required", ip, item) }
        let x = try o.optionalNumber("x", in: ip.key("options"))
        let y = try o.optionalNumber("y", in: ip.key("options"))
        let el = o["element"] ?? o["elementId"]
        if (x == nil) != (y == nil) || (x == nil && el == nil) {
            throw j.error("either an element or both x and y are required", ip.key("options"), o)
        }
        var p: Point
        if let el {
            let r = try UITestElements.rect(
                try el.string(at: ip.key("options").key("element")), el, ip.key("options").key("element"), c.options, j)
            if let x, let y { p = Point(x: r.minX + x / c.density, y: r.minY + y / c.density) } else { p = r.center }
        } else {
            p = Point(x: x! / c.density, y: y! / c.density)
        }
        try b.checkPoint(p, ip, o.location)
        return p
    }

    // MARK: mobile: gestures

    static func mobile(
        _ root: JSONValue, _ script: JSONValue, _ c: Context, _ b: inout GestureRowBuilder, notes: inout [Diagnostic]
    ) throws(TraceError) {
        let j = c.j
        let s = try script.string(at: JSONPath().key("script"))
        let prefix = "mobile:"
        guard s.hasPrefix(prefix) else {
            throw j.error("expected a 'mobile: NAME' command, found '\(s)'", JSONPath().key("script"), script)
        }
        let name = s.dropFirst(prefix.count).trimmingCharacters(inSet: " ")
        var args = root["args"] ?? JSONValue(.object([]), at: root.location)
        var ap = JSONPath().key("args")
        if let list = args.arrayValue {
            guard list.count <= 1 else { throw j.error("expected one argument object", JSONPath().key("args"), args) }
            args = list.first ?? JSONValue(.object([]), at: args.location)
            ap = JSONPath().key("args")[0]
        }
        try args.object(at: ap)
        func num(_ key: String) throws(TraceError) -> Double {
            try args.member(key, in: ap).number(at: ap.key(key))
        }
        func seconds(_ key: String) throws(TraceError) -> Double {
            _ = try args.member(key, in: ap)
            return try j.duration(args, key, ap, unit: 1)!
        }
        func elementRect(_ key: String) throws(TraceError) -> Rect? {
            guard let v = args[key] ?? (key == "elementId" ? args["element"] : nil), !v.isNull else { return nil }
            return try UITestElements.rect(try v.string(at: ap.key(key)), v, ap.key(key), c.options, j)
        }
        /// x/y (relative to the element when there is one), or the element's centre.
        func target(required: Bool) throws(TraceError) -> Point {
            let el = try elementRect("elementId")
            let x = try args.optionalNumber("x", in: ap)
            let y = try args.optionalNumber("y", in: ap)
            if let x, let y {
                let p = Point(x: (el?.minX ?? 0) + x / c.density, y: (el?.minY ?? 0) + y / c.density)
                try b.checkPoint(p, ap, args.location)
                return p
            }
            if let el, !required { return el.center }
            throw j.error("x and y\(required ? "" : " (or elementId)") are required", ap, args)
        }
        func tap(_ p: Point, at t: Double) throws(TraceError) -> Double {
            let touch = b.newTouch()
            try b.add(t, touch, .began, p, args.location)
            try b.add(t + tapDuration, touch, .ended, p, args.location)
            return t + tapDuration
        }
        switch name {
        case "tap":
            _ = try tap(try target(required: true), at: 0)
        case "doubleTap":
            let p = try target(required: false)
            let end = try tap(p, at: 0)
            _ = try tap(p, at: end + interTap)
        case "touchAndHold":
            let p = try target(required: false)
            let d = try seconds("duration")
            let touch = b.newTouch()
            try b.add(0, touch, .began, p, args.location)
            try b.add(d, touch, .ended, p, args.location)
        case "twoFingerTap":
            let center: Point
            if let el = try elementRect("elementId") {
                center = el.center
            } else if let screen = c.screen {
                center = Point(x: screen.width / 2, y: screen.height / 2)
            } else {
                throw j.error(
                    "twoFingerTap on the application needs \(option: .screen) (or an elementId defined with \(option: .element))", ap, args)
            }
            let a = b.newTouch()
            let z = b.newTouch()
            let pa = Point(x: center.x - twoFingerSpacing / 2, y: center.y)
            let pz = Point(x: center.x + twoFingerSpacing / 2, y: center.y)
            try b.add(0, a, .began, pa, args.location)
            try b.add(0, z, .began, pz, args.location)
            try b.add(tapDuration, a, .ended, pa, args.location)
            try b.add(tapDuration, z, .ended, pz, args.location)
        case "dragFromToForDuration", "dragFromToWithVelocity":
            let el = name == "dragFromToForDuration" ? try elementRect("elementId") : nil
            var from: Point
            var to: Point
            if name == "dragFromToWithVelocity", let fromEl = try elementRect("fromElementId") {
                guard let toEl = try elementRect("toElementId") else {
                    throw j.error("toElementId is required with fromElementId", ap, args)
                }
                from = fromEl.center
                to = toEl.center
            } else {
                let ox = el?.minX ?? 0, oy = el?.minY ?? 0
                from = Point(x: ox + (try num("fromX")) / c.density, y: oy + (try num("fromY")) / c.density)
                to = Point(x: ox + (try num("toX")) / c.density, y: oy + (try num("toY")) / c.density)
            }
            try b.checkPoint(from, ap, args.location)
            try b.checkPoint(to, ap, args.location)
            let press: Double
            var hold = 0.0
            var speed = dragSpeed
            if name == "dragFromToForDuration" {
                press = try seconds("duration")
            } else {
                press = try seconds("pressDuration")
                hold = try seconds("holdDuration")
                let v = try num("velocity")
                guard v > 0 else { throw j.error("velocity must be positive", ap.key("velocity"), args["velocity"]!) }
                // XCTest's velocity is in pixels per second: points at the screen's scale.
                let scale = c.options.pixelScale ?? c.givenDensity ?? UITestImportOptions.defaultPixelScale
                if c.options.pixelScale == nil && c.givenDensity == nil {
                    notes.append(
                        .note(
                            "\(ap).velocity \(j.format(v)) is in pixels per second (XCTest): \(j.format(v / scale)) pt/s at a screen scale of \(j.format(scale)) pixels per point; give the device's with \(option: .pixelScale, "S")",
                            at: args["velocity"]!.location))
                }
                speed = v / scale
            }
            let distance = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
            let touch = b.newTouch()
            try b.add(0, touch, .began, from, args.location)
            let moveEnd = press + distance / speed
            try b.checkTime(moveEnd + hold, ap, args.location)
            try b.move(touch, from: from, to: to, press, moveEnd, args.location)
            try b.add(moveEnd + hold, touch, .ended, to, args.location)
        case "pinch", "rotateElement", "swipe", "scroll", "tapWithNumberOfTaps", "forcePress":
            throw j.error(
                "mobile: \(name) does not define its touch path (XCTest chooses the fingers' positions): write it as a TouchAction or MultiTouchAction (docs/ui-tests.md)",
                JSONPath().key("script"), script)
        default:
            throw j.error(
                "unknown gesture 'mobile: \(name)' (expected tap, doubleTap, touchAndHold, twoFingerTap, dragFromToForDuration or dragFromToWithVelocity)",
                JSONPath().key("script"), script)
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(inSet c: Character) -> String {
        var s = self[...]
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}
