import TraceReplay

/// How a trace or recording is read (format, time unit, screen, a device recording's mapping, UI-test
/// descriptions, repairs): every command that reads traces takes them (`convert` too), and `NAME.args`.
enum ReadingOptions {
    static let inputFormat = Option<ReplayOptions>(
        OptionSpec(
            long: "input-format", valueName: "FORMAT", choices: TraceFormat.allCases.map(\.name), help: inputFormatHelp
        )
    ) { p, v throws(UsageError) in
        p.reading.inputFormat = try choice("input-format", v, TraceFormat.init(name:), TraceFormat.allCases.map(\.name))
    }

    /// `--input-format`'s help, from the table of formats: their names, family by family (the
    /// canonical formats, device recordings, UI-test descriptions), and the extensions sniffed.
    static var inputFormatHelp: String {
        var families: [[TraceFormat]] = []
        for format in TraceFormat.allCases {
            if let k = families.firstIndex(where: { $0[0].family == format.family }) {
                families[k].append(format)
            } else {
                families.append([format])
            }
        }
        let names = families.map { $0.map(\.name).joined(separator: ", ") }.joined(separator: "; ")
        let sniffed = TraceFormat.sniffedPathExtensions.map { "." + $0 }.joined(separator: "/")
        return wrapped(
            "force the input format: \(names) (default: by the extension; standard input and \(sniffed) files are sniffed)",
            width: 66)
    }

    static let timeUnit = Option<ReplayOptions>(
        OptionSpec(
            long: "time-unit", valueName: "UNIT", choices: TimeUnit.allCases.map(\.name) + ["auto"],
            help:
                "unit of the trace's timestamps (default s; a warning names this\noption when frames look seconds or microseconds apart); auto:\nchosen from the first rows' intervals, with a note"
        )
    ) { p, v throws(UsageError) in
        p.reading.detectsTimeUnit = v == "auto"
        if v != "auto" {
            p.reading.timeUnit = try choice("time-unit", v, TimeUnit.init(name:), TimeUnit.allCases.map(\.name) + ["auto"])
        }
    }

    static let screen = Option<ReplayOptions>(
        OptionSpec(
            long: "screen", valueName: "WxH",
            help: "screen size in points (enables screenEdgePan in the default scene);\na device recording's axis ranges map onto it"
        )
    ) { p, raw throws(UsageError) in
        let parts = raw.split(separator: "x")
        guard parts.count == 2, let w = unsignedNumberArgument(parts[0]), let h = unsignedNumberArgument(parts[1]), w > 0, h > 0 else {
            throw UsageError(message: "invalid value \(QuotedValue.text(raw)) for --screen (expected WIDTHxHEIGHT in points, e.g. 390x844)")
        }
        p.reading.screen = Size(width: w, height: h)
    }

    static let rawSize = Option<ReplayOptions>(
        OptionSpec(
            long: "raw-size", valueName: "WxH",
            help: "a device recording's raw extent when it has no axis ranges\n(MotionEvent, getevent without -lp), mapped onto --screen"
        )
    ) { p, raw throws(UsageError) in
        let parts = raw.split(separator: "x")
        guard parts.count == 2, let w = wholeNumberArgument(parts[0]), let h = wholeNumberArgument(parts[1]), w > 1, h > 1 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(raw)) for --raw-size (expected WIDTHxHEIGHT in raw device units, e.g. 1080x2340)"
            )
        }
        p.reading.recording.rawSize = Size(width: Double(w), height: Double(h))
    }

    static let density = Option<ReplayOptions>(
        OptionSpec(
            long: "density", valueName: "D",
            help: "a device recording's raw units per point (Android pixels:\npt = px / D), instead of --screen; Appium pixels per point"
        )
    ) { p, raw throws(UsageError) in
        guard let d = unsignedNumberArgument(raw), d > 0 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(raw)) for --density (expected raw units per point, a positive number, e.g. 2.75)"
            )
        }
        p.reading.recording.density = d
    }

    static let rotate = Option<ReplayOptions>(
        OptionSpec(
            long: "rotate", valueName: "DEGREES", choices: ["0", "90", "180", "270"],
            help: "a device recording's panel is mounted turned clockwise"
        )
    ) { p, v throws(UsageError) in
        p.reading.recording.rotation = try choice(
            "rotate", v, { ["0", "90", "180", "270"].contains($0) ? Int($0) : nil }, ["0", "90", "180", "270"])
    }

    static let flipX = Option<ReplayOptions>(
        OptionSpec(long: "flip-x", help: "a device recording's raw x axis is mirrored (before --rotate)")
    ) { p, _ in
        p.reading.recording.flipX = true
    }

    static let flipY = Option<ReplayOptions>(
        OptionSpec(long: "flip-y", help: "a device recording's raw y axis is mirrored (before --rotate)")
    ) { p, _ in
        p.reading.recording.flipY = true
    }

    static let device = Option<ReplayOptions>(
        OptionSpec(
            long: "device", valueName: "PATH|NAME",
            help: "the input device of a recording holding several (default:\nthe only touchscreen-like one)"
        )
    ) { p, v in
        p.reading.recording.device = v
    }

    static let desc = Option<ReplayOptions>(
        OptionSpec(
            long: "desc", valueName: "FILE", isPath: true,
            help: "an evemu recording's device description (evemu-describe; default:\nDEVICE.desc beside DEVICE.GESTURE.events)"
        )
    ) { p, v in
        p.reading.recording.descPath = v
    }

    static let moveInterval = Option<ReplayOptions>(
        OptionSpec(
            long: "move-interval", valueName: "MS",
            help: "a UI-test description's interpolated moves are sampled every MS\nmilliseconds (default 16, WebKit's fingerMoveInterval)"
        )
    ) { p, raw throws(UsageError) in
        guard let ms = numberArgument(raw), ms >= 1, ms <= 1000 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(raw)) for --move-interval (expected milliseconds from 1 to 1000, e.g. 16)")
        }
        p.reading.recording.uiTests.moveInterval = ms / 1000
    }

    static let element = Option<ReplayOptions>(
        OptionSpec(
            long: "element", valueName: "NAME=X,Y,W,H",
            help: "the rectangle (points) of an element a UI-test description names\n(W3C origin, Appium element); repeats add elements",
            isList: true
        ), emptyList: { $0.reading.recording.uiTests.elements = [:] }
    ) { p, raw throws(UsageError) in
        let bad = UsageError(
            message: "invalid value \(QuotedValue.text(raw)) for --element (expected NAME=X,Y,W,H in points, e.g. button=20,100,120,44)")
        guard let eq = raw.lastIndex(of: "="), eq != raw.startIndex else { throw bad }
        let numbers = raw[raw.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false).map { numberArgument($0) }
        let sizes = raw[raw.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false).dropFirst(2)
        guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }), sizes.allSatisfy({ $0.first != "-" }) else {
            throw bad
        }
        p.reading.recording.uiTests.elements[String(raw[..<eq])] = Rect(
            x: numbers[0]!, y: numbers[1]!, width: numbers[2]!, height: numbers[3]!)
    }

    static let pixelScale = Option<ReplayOptions>(
        OptionSpec(
            long: "pixel-scale", valueName: "S",
            help:
                "the screen's pixels per point for an XCTest velocity (Appium's\nmobile: dragFromToWithVelocity, pixels per second; default 3)"
        )
    ) { p, raw throws(UsageError) in
        guard let s = unsignedNumberArgument(raw), s >= 1, s <= 10 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(raw)) for --pixel-scale (expected pixels per point from 1 to 10, e.g. 3)")
        }
        p.reading.recording.uiTests.pixelScale = s
    }

    static let lenient = Option<ReplayOptions>(
        OptionSpec(long: "lenient", help: "repair sequence problems with a warning instead of stopping")
    ) { p, _ in
        p.reading.lenient = true
    }

    /// The group, as commands list it.
    static let all: [Option<ReplayOptions>] = [
        inputFormat, timeUnit, screen, rawSize, density, rotate, flipX, flipY, device, desc, moveInterval, element, pixelScale, lenient,
    ]
}
