import GestureEngine

/// W3C WebDriver "Perform Actions" bodies (`{"actions": [...]}`, WebDriver §15 Actions) as touch rows.
///
/// The spec's tick model: the n-th action of every input source forms tick n; a tick lasts its
/// longest `pause`/`pointerMove` (or `scroll`) duration; a `pointerMove` without a duration takes the
/// tick's; `pointerDown`/`pointerUp` happen at the tick's start; a move's positions are interpolated
/// linearly over its duration (sampled every ``UITestImportOptions/moveInterval``); every pointer
/// starts at (0, 0). Each pointer source is one finger; each `pointerDown` starts a new touch. The
/// choices the spec leaves open are in docs/ui-tests.md.
enum W3CActionsImport {
    /// The W3C element reference key (WebDriver §12.1), and the JSON Wire Protocol's older one.
    static let elementKeys = ["element-6066-11e4-a52e-4f735466cecf", "ELEMENT"]

    private struct Pointer {
        var name: String
        var position = Point(x: 0, y: 0)
        var touch: TouchID?
        var index: Int
    }

    static func rows(
        _ root: JSONValue, path: String, options: UITestImportOptions, warn: (Diagnostic) -> Void
    ) throws(TraceError) -> [TraceRow] {
        let j = UITestJSON(path: path)
        let sources: [JSONValue]
        let top = JSONPath().key("actions")
        if root.arrayValue != nil {
            sources = try root.array(at: top)
        } else {
            try root.object(at: JSONPath())
            sources = try root.member("actions", in: JSONPath()).array(at: top)
        }
        var b = GestureRowBuilder(path: path, interval: options.moveInterval)
        // Per source: its actions, whether it is a pointer, its state.
        var lists: [[JSONValue]] = []
        var isPointer: [Bool] = []
        var pointers: [Pointer] = []
        var pointerOf: [Int] = []
        var ignored: [String] = []
        var ignoredAt: SourceLocation?
        for (i, source) in sources.enumerated() {
            let sp = top[i]
            try source.object(at: sp)
            let type = try source.member("type", in: sp).string(at: sp.key("type"))
            let id = source["id"]?.stringValue ?? "#\(i)"
            lists.append(try source.member("actions", in: sp).array(at: sp.key("actions")))
            switch type {
            case "pointer":
                var pointerType = "mouse"  // WebDriver: "pointerType" defaults to "mouse"
                if let params = source["parameters"], !params.isNull {
                    try params.object(at: sp.key("parameters"))
                    if let pt = params["pointerType"] {
                        pointerType = try pt.string(at: sp.key("parameters").key("pointerType"))
                    }
                }
                switch pointerType {
                case "touch": break
                case "mouse", "pen":
                    warn(
                        .warning(
                            "pointer source '\(id)' is a \(pointerType)\(source["parameters"]?["pointerType"] == nil ? " (WebDriver's default pointerType)" : ""): replayed as a touch (docs/ui-tests.md)",
                            at: source.location))
                default:
                    throw j.error(
                        "unknown pointerType '\(pointerType)' (expected touch, mouse or pen)", sp.key("parameters").key("pointerType"),
                        source["parameters"]?["pointerType"] ?? source)
                }
                isPointer.append(true)
                pointerOf.append(pointers.count)
                pointers.append(Pointer(name: id, index: i))
            case "key", "none", "wheel":
                isPointer.append(false)
                pointerOf.append(-1)
                ignored.append("\(type) source '\(id)'")
                if ignoredAt == nil { ignoredAt = source.location }
            default:
                throw j.error("unknown input source type '\(type)' (expected pointer, key, none or wheel)", sp.key("type"), source["type"]!)
            }
        }
        if let at = ignoredAt {
            warn(
                .warning(
                    "\(ignored.joined(separator: ", ")) \(ignored.count == 1 ? "is not a pointer" : "are not pointers"): only \(ignored.count == 1 ? "its" : "their") pauses count (as tick durations)",
                    at: at))
        }
        let ticks = lists.map(\.count).max() ?? 0
        var time = 0.0
        var warnedDoubleDown = false
        var notedNoOffset = false
        for tick in 0..<ticks {
            // The tick's duration: its longest pause, pointerMove or scroll with a duration.
            var tickDuration = 0.0
            for (i, list) in lists.enumerated() where tick < list.count {
                let a = list[tick]
                let ap = top[i].key("actions")[tick]
                try a.object(at: ap)
                let type = try a.member("type", in: ap).string(at: ap.key("type"))
                if type == "pause" || type == "pointerMove" || type == "scroll" {
                    if let d = try j.duration(a, "duration", ap, unit: 0.001) { tickDuration = max(tickDuration, d) }
                }
            }
            for (i, list) in lists.enumerated() where tick < list.count && isPointer[i] {
                let a = list[tick]
                let ap = top[i].key("actions")[tick]
                let type = a["type"]!.stringValue!
                var p = pointers[pointerOf[i]]
                switch type {
                case "pause":
                    break
                case "pointerDown":
                    try checkButton(a, ap, j)
                    if p.touch != nil {
                        // WebDriver: a button already pressed is left alone.
                        if !warnedDoubleDown {
                            warnedDoubleDown = true
                            warn(
                                .warning(
                                    "\(ap): pointerDown while '\(p.name)' is already down: ignored, as WebDriver ignores a button already pressed",
                                    at: a.location))
                        }
                    } else {
                        let touch = b.newTouch()
                        p.touch = touch
                        try b.add(time, touch, .began, p.position, a.location)
                    }
                case "pointerUp", "pointerCancel":
                    if type == "pointerUp" { try checkButton(a, ap, j) }
                    guard let touch = p.touch else {
                        throw j.error("\(type) without a pointerDown: '\(p.name)' is not down", ap, a)
                    }
                    try b.add(time, touch, type == "pointerUp" ? .ended : .cancelled, p.position, a.location)
                    p.touch = nil
                case "pointerMove":
                    // WebDriverAgent (FBW3CActionsSynthesizer) takes a move relative to an element or
                    // the pointer without x and y as no offset (its own actions send them so); the
                    // spec requires both, and viewport moves do here too.
                    let hasX = a["x"].map { !$0.isNull } ?? false
                    let hasY = a["y"].map { !$0.isNull } ?? false
                    var offset = Point(x: 0, y: 0)
                    var relative: String?
                    if hasX || hasY {
                        offset = Point(
                            x: try a.member("x", in: ap).number(at: ap.key("x")), y: try a.member("y", in: ap).number(at: ap.key("y")))
                    }
                    var target = offset
                    if let origin = a["origin"], !origin.isNull {
                        if let s = origin.stringValue {
                            switch s {
                            case "viewport": break
                            case "pointer":
                                target = Point(x: p.position.x + offset.x, y: p.position.y + offset.y)
                                relative = "the pointer's position"
                            default:
                                throw j.error(
                                    "unknown origin '\(s)' (expected viewport, pointer or an element reference)", ap.key("origin"), origin)
                            }
                        } else if origin.objectValue != nil {
                            let c = try element(origin, ap.key("origin"), options, j).center
                            target = Point(x: c.x + offset.x, y: c.y + offset.y)
                            relative = "the element's centre"
                        } else {
                            throw j.error(
                                "expected \"viewport\", \"pointer\" or an element reference, found \(origin.typeDescription)",
                                ap.key("origin"), origin)
                        }
                    }
                    if !hasX && !hasY {
                        guard let relative else {
                            // A viewport move needs its point (the error names x).
                            _ = try a.member("x", in: ap)
                            break
                        }
                        if !notedNoOffset {
                            notedNoOffset = true
                            warn(
                                .note(
                                    "\(ap): pointerMove without x and y: \(relative), as WebDriverAgent moves (the W3C specification requires x and y)",
                                    at: a.location))
                        }
                    }
                    try b.checkPoint(target, ap, a.location)
                    let d = try j.duration(a, "duration", ap, unit: 0.001) ?? tickDuration
                    if let touch = p.touch {
                        try b.move(touch, from: p.position, to: target, time, time + d, a.location)
                    }
                    p.position = target
                default:
                    throw j.error(
                        "unknown pointer action '\(type)' (expected pause, pointerDown, pointerUp, pointerMove or pointerCancel)",
                        ap.key("type"), a["type"]!)
                }
                pointers[pointerOf[i]] = p
            }
            time += tickDuration
            if time > GestureRowBuilder.maxTime {
                let i = lists.firstIndex { tick < $0.count }!
                throw j.error(
                    "the actions last beyond \(Int(GestureRowBuilder.maxTime)) s (the longest description accepted)",
                    top[i].key("actions")[tick], lists[i][tick])
            }
        }
        // A finger left down: a stationary row at the end of the last tick keeps the actions' length
        // (the replay's timers run to it); the replay then says the touch never ended.
        for p in pointers {
            if let touch = p.touch, time > 0 { try b.add(time, touch, .stationary, p.position, sources[p.index].location) }
        }
        if let note = b.samplingNote(
            "pointerMove durations every \(j.format(options.moveInterval * 1000)) ms (\(option: .moveInterval))", root.location)
        {
            warn(note)
        }
        return b.finish()
    }

    /// `button`: missing means 0 (the primary button, what clients send for a touch); any other
    /// non-negative integer is accepted (a finger has one contact).
    private static func checkButton(_ a: JSONValue, _ ap: JSONPath, _ j: UITestJSON) throws(TraceError) {
        guard let v = a["button"], !v.isNull else { return }
        let n = try v.number(at: ap.key("button"))
        guard n >= 0, n == n.rounded() else { throw j.error("button must be a non-negative integer", ap.key("button"), v) }
    }

    /// The rectangle of a W3C element reference, from `--element`.
    static func element(_ ref: JSONValue, _ jsonPath: JSONPath, _ options: UITestImportOptions, _ j: UITestJSON) throws(TraceError) -> Rect
    {
        for key in elementKeys {
            if let v = ref[key] {
                let name = try v.string(at: jsonPath.key(key))
                return try UITestElements.rect(name, v, jsonPath.key(key), options, j)
            }
        }
        throw j.error("expected an element reference ({\"\(elementKeys[0])\": ID})", jsonPath, ref)
    }
}

/// `--element` look-ups shared by the UI-test importers.
enum UITestElements {
    static func rect(
        _ name: String, _ v: JSONValue, _ jsonPath: JSONPath, _ options: UITestImportOptions, _ j: UITestJSON
    ) throws(TraceError) -> Rect {
        guard let r = options.elements[name] else {
            let known = options.elements.keys.sorted()
            throw j.error(
                "element '\(name)' is not defined: give its rectangle with \(option: .element, "\(name)=X,Y,W,H")\(known.isEmpty ? "" : " (defined: \(known.joined(separator: ", ")))")",
                jsonPath, v)
        }
        return r
    }
}
