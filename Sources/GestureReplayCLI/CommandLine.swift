import GestureEngine
import TraceKit

/// What the user asked for on the command line.
enum Command {
    /// Replay traces (one or several, in order, with the same options) and print what was
    /// recognized; `options.inputPath` is the first.
    case replay(ReplayOptions, paths: [String])
    /// Compare a replay with its golden file (`--update` rewrites it). `replayArguments` are the
    /// replay options given on the command line, applied after the trace's `NAME.args`.
    case check(CheckOptions)
    /// Run every trace under the given folders/files as a regression suite.
    case test(SuiteOptions, replayArguments: [OptionUse])
    /// Draw one trace's replay as an SVG picture (standard output, or `-o FILE`).
    case render(ReplayOptions, outputPath: String?, window: PictureWindow)
    /// `--help`, `COMMAND --help`, `help [COMMAND]`.
    case help(Subcommand)
    case version
    /// `completion bash|zsh|fish`.
    case completion(Shell)
    /// `man`: the manual page (roff).
    case manPage
    /// `synth SCRIPT`: a gesture script to trace(s) (docs/synth.md).
    case synth(SynthCommand)
    /// `convert INPUT`: a device recording (or any trace) as the canonical trace
    /// (docs/trace-format.md, "Importing recordings").
    case convert(ConvertCommand)
    /// `stats PATH...` / `stats --merge FILE...` (StatsCommand.swift).
    case stats(StatsCommand)
    /// `compare PATH...` (CompareCommand.swift).
    case compare(CompareCommand)
    /// `shrink TRACE` (ShrinkCommand.swift).
    case shrink(ShrinkCommand)
}

/// `gesturereplay convert`'s options.
struct ConvertCommand {
    /// How the input is read (`inputPath`, format, time unit, screen, recording options, lenient).
    var options: ReplayOptions
    /// `-o FILE`; nil (or `-`) writes standard output.
    var outputPath: String?
    /// `--to`; nil picks it from the output file's extension, else JSON.
    var format: TraceFormat.Writable?
}

/// `gesturereplay synth`'s options.
struct SynthCommand {
    /// The script; `-` reads standard input.
    var scriptPath: String
    /// `-o FILE`; nil (or `-`) writes standard output.
    var outputPath: String?
    /// `--to`; nil picks it from the output file's extension, else JSON.
    var format: TraceFormat.Writable?
}

/// `gesturereplay check`'s options.
struct CheckOptions {
    var tracePath: String
    /// `--color` (diffs).
    var color: ColorChoice
    var expectPath: String?
    var update: Bool
    var expectsError: Bool
    var replayArguments: [OptionUse]
    /// `--html FILE`, `--html-all`.
    var htmlPath: String? = nil
    var htmlAll = false
}

/// The commands that take options (`replay` is the default one).
enum Subcommand: String, CaseIterable, Sendable {
    case replay, check, test, synth, render, convert, stats, compare, shrink

    /// The `Commands` bit of this command.
    var bit: Commands {
        switch self {
        case .replay: .replay
        case .check: .check
        case .test: .test
        case .synth: .synth
        case .render: .render
        case .convert: .convert
        case .stats: .stats
        case .compare: .compare
        case .shrink: .shrink
        }
    }
}

/// The shells `gesturereplay completion` writes scripts for.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// Where an option may be given: on a command's line, or in a trace's `NAME.args` file.
struct Commands: OptionSet, Sendable {
    let rawValue: Int
    static let replay = Commands(rawValue: 1)
    static let check = Commands(rawValue: 2)
    static let test = Commands(rawValue: 4)
    /// `NAME.args` beside a trace (read by `check` and `test`).
    static let argsFile = Commands(rawValue: 8)
    /// `gesturereplay synth`.
    static let synth = Commands(rawValue: 16)
    /// `gesturereplay render`.
    static let render = Commands(rawValue: 32)
    /// `gesturereplay convert`.
    static let convert = Commands(rawValue: 64)
    /// `gesturereplay stats`.
    static let stats = Commands(rawValue: 128)
    /// `gesturereplay compare`.
    static let compare = Commands(rawValue: 256)
    /// `gesturereplay shrink` (it takes the replay options that change outcomes, as the corpus
    /// commands do).
    static let shrink = Commands(rawValue: 512)
    /// The corpus commands (`stats`, `compare`): they take the replay options that change outcomes.
    static let corpus: Commands = [.stats, .compare]
    /// Options that decide a replay's output: every command that replays, and NAME.args.
    static let replaying: Commands = [.replay, .check, .test, .argsFile, .render]
    /// Options that decide how a trace or recording is read: the replaying ones, `convert`, and the
    /// corpus commands (`stats`, `compare`).
    static let reading: Commands = [.replay, .check, .test, .argsFile, .render, .convert, .stats, .compare, .shrink]
    static let all: Commands = [.replay, .check, .test, .render]
}

/// A usage error: printed with the usage line, exit code 2.
struct UsageError: Error {
    let message: String
    /// Where, when the option came from a `NAME.args` file (`--set`); nil: the command line.
    var location: SourceLocation? = nil
}

/// Everything the options set, before it is turned into a `Command`.
struct ParsedOptions {
    var replay = ReplayOptions(inputPath: "")
    var suite = SuiteOptions()
    var expectPath: String?
    var update = false
    var expectsError = false
    /// `-o` (synth, render and convert).
    var outputPath: String?
    /// `--to` (synth and convert).
    var synthFormat: TraceFormat.Writable?
    /// `--from`/`--to` (render): the trace times drawn.
    var pictureWindow = PictureWindow()
    /// `stats`/`compare`: `--format text|json`, `--merge`, and compare's two sides.
    var corpus = CorpusOptions()
    /// Where each `--set` value of a `NAME.args` file is (consumed in order); empty on the command line.
    var setLocations: [SourceLocation] = []
    /// `shrink`'s own options (ShrinkCommand.swift).
    var shrink = ShrinkOptions()
}

/// One row of the option table: the single description of an option from which parsing, `--help`,
/// `help COMMAND`, the completion scripts and the man page are all made.
struct OptionSpec: Sendable {
    /// The long name without its dashes (`format`).
    var long: String
    /// The one-letter name (`f` for `-f`), if any.
    var short: Character?
    /// The value's name in help (`FORMAT`); nil for a flag.
    var valueName: String?
    /// The values it accepts, when they are a fixed list (help, completion, error messages).
    var choices: [String] = []
    /// The value is a file: completed as one, and a relative path in `NAME.args` is relative to the
    /// trace's folder.
    var isPath = false
    /// Help text (one line, or a few joined by `\n`).
    var help: String
    /// Where it is accepted.
    var commands: Commands
    /// For a list option (`--recognizers`, `--show`, `--states`, `--exclude`): empties the list.
    /// Repeats of a list option in one place combine, and the command line's list replaces the one
    /// from `NAME.args`; an option with one value given twice in one place is a usage error.
    var resetList: (@Sendable (inout ParsedOptions) -> Void)? = nil
    /// Stores the value (or `""` for a flag) in the parsed options (a list option appends).
    var apply: @Sendable (inout ParsedOptions, String) throws(UsageError) -> Void

    /// `--format` or `-f`/`--format` as shown in messages.
    var longFlag: String { "--" + long }
    var takesValue: Bool { valueName != nil }
}

/// A `render --from/--to` time: seconds of trace time, a number as JSON writes it (``decimalNumber``).
func pictureTime(_ option: String, _ raw: String) throws(UsageError) -> Double {
    guard let t = decimalNumber(raw) else {
        throw UsageError(message: "invalid value '\(raw)' for --\(option) (expected seconds of trace time, e.g. 1.5)")
    }
    return t
}

/// A value checked against a list of choices.
func choice<T>(_ option: String, _ raw: String, _ make: (String) -> T?, _ valid: [String]) throws(UsageError) -> T {
    guard let v = make(raw) else {
        throw UsageError(message: "invalid value '\(raw)' for --\(option) (expected one of: \(valid.joined(separator: ", ")))")
    }
    return v
}

/// Every option, in the order help lists them. To add one, add a row here: parsing, help, completion
/// and the man page follow.
let optionTable: [OptionSpec] =
    [
        OptionSpec(
            long: "format", short: "f", valueName: "FORMAT", choices: OutputFormat.allCases.map(\.rawValue),
            help: "output format (default text; jsonl schema: docs/output-format.md)", commands: .replaying
        ) { p, v throws(UsageError) in
            p.replay.outputFormat = try choice("format", v, OutputFormat.init(rawValue:), OutputFormat.allCases.map(\.rawValue))
        },
        OptionSpec(
            long: "scene", valueName: "FILE", isPath: true,
            help: "scene (views and recognizers) to use instead of the trace's own", commands: [.replaying, .corpus, .shrink]
        ) { p, v in
            p.replay.scenePath = v
        },
        OptionSpec(
            long: "recognizers", valueName: "A,B",
            help:
                "run only these recognizers of the scene (warns when one left out\nis required by, or simultaneous with, one kept); repeats combine",
            commands: [.replaying, .corpus, .shrink], resetList: { $0.replay.recognizerFilter = nil }
        ) { p, v throws(UsageError) in
            p.replay.recognizerFilter = (p.replay.recognizerFilter ?? []) + (try nameList("recognizers", v))
        },
        OptionSpec(
            long: "input-format", valueName: "FORMAT", choices: TraceFormat.allCases.map(\.name),
            help:
                "force the input format: json, jsonl, csv; getevent, evemu,\nlibinput, evtest, motionevent; w3c-actions, appium, webkit-events\n(default: by the extension; standard input and .txt/.yml/.log\nfiles are sniffed)",
            commands: .reading
        ) { p, v throws(UsageError) in
            p.replay.inputFormat = try choice("input-format", v, TraceFormat.init(name:), TraceFormat.allCases.map(\.name))
        },
        OptionSpec(
            long: "time-unit", valueName: "UNIT", choices: TimeUnit.allCases.map(\.name) + ["auto"],
            help:
                "unit of the trace's timestamps (default s; a warning names this\noption when frames look seconds or microseconds apart); auto:\nchosen from the first rows' intervals, with a note",
            commands: .reading
        ) { p, v throws(UsageError) in
            p.replay.detectsTimeUnit = v == "auto"
            if v != "auto" {
                p.replay.timeUnit = try choice("time-unit", v, TimeUnit.init(name:), TimeUnit.allCases.map(\.name) + ["auto"])
            }
        },
        OptionSpec(
            long: "sort",
            help:
                "order the rows by time first (stable), for traces exported\nfinger by finger; reads the whole trace into memory\nbefore replaying (at most about 180 bytes per row)",
            commands: [.replaying, .corpus, .shrink]
        ) { p, _ in
            p.replay.sortsByTime = true
        },
        OptionSpec(
            long: "screen", valueName: "WxH",
            help: "screen size in points (enables screenEdgePan in the default scene);\na device recording's axis ranges map onto it",
            commands: .reading
        ) { p, raw throws(UsageError) in
            let parts = raw.split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
                throw UsageError(message: "invalid value '\(raw)' for --screen (expected WIDTHxHEIGHT in points, e.g. 390x844)")
            }
            p.replay.screen = Size(width: w, height: h)
        },
        OptionSpec(
            long: "raw-size", valueName: "WxH",
            help: "a device recording's raw extent when it has no axis ranges\n(MotionEvent, getevent without -lp), mapped onto --screen",
            commands: .reading
        ) { p, raw throws(UsageError) in
            let parts = raw.split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 1, h > 1 else {
                throw UsageError(
                    message: "invalid value '\(raw)' for --raw-size (expected WIDTHxHEIGHT in raw device units, e.g. 1080x2340)")
            }
            p.replay.recording.rawSize = Size(width: Double(w), height: Double(h))
        },
        OptionSpec(
            long: "density", valueName: "D",
            help: "a device recording's raw units per point (Android pixels:\npt = px / D), instead of --screen; Appium pixels per point",
            commands: .reading
        ) { p, raw throws(UsageError) in
            guard let d = Double(raw), d > 0, d.isFinite else {
                throw UsageError(
                    message: "invalid value '\(raw)' for --density (expected raw units per point, a positive number, e.g. 2.75)")
            }
            p.replay.recording.density = d
        },
        OptionSpec(
            long: "rotate", valueName: "DEGREES", choices: ["0", "90", "180", "270"],
            help: "a device recording's panel is mounted turned clockwise", commands: .reading
        ) { p, v throws(UsageError) in
            p.replay.recording.rotation = try choice(
                "rotate", v, { ["0", "90", "180", "270"].contains($0) ? Int($0) : nil }, ["0", "90", "180", "270"])
        },
        OptionSpec(long: "flip-x", help: "a device recording's raw x axis is mirrored (before --rotate)", commands: .reading) { p, _ in
            p.replay.recording.flipX = true
        },
        OptionSpec(long: "flip-y", help: "a device recording's raw y axis is mirrored (before --rotate)", commands: .reading) { p, _ in
            p.replay.recording.flipY = true
        },
        OptionSpec(
            long: "device", valueName: "PATH|NAME",
            help: "the input device of a recording holding several (default:\nthe only touchscreen-like one)", commands: .reading
        ) { p, v in
            p.replay.recording.device = v
        },
        OptionSpec(
            long: "desc", valueName: "FILE",
            help: "an evemu recording's device description (evemu-describe; default:\nDEVICE.desc beside DEVICE.GESTURE.events)",
            commands: .reading
        ) { p, v in
            p.replay.recording.descPath = v
        },
        // UI-test descriptions (docs/ui-tests.md).
        OptionSpec(
            long: "move-interval", valueName: "MS",
            help: "a UI-test description's interpolated moves are sampled every MS\nmilliseconds (default 16, WebKit's fingerMoveInterval)",
            commands: .reading
        ) { p, raw throws(UsageError) in
            guard let ms = decimalNumber(raw), ms >= 1, ms <= 1000 else {
                throw UsageError(message: "invalid value '\(raw)' for --move-interval (expected milliseconds from 1 to 1000, e.g. 16)")
            }
            p.replay.recording.uiTests.moveInterval = ms / 1000
        },
        OptionSpec(
            long: "element", valueName: "NAME=X,Y,W,H",
            help: "the rectangle (points) of an element a UI-test description names\n(W3C origin, Appium element); repeats add elements",
            commands: .reading, resetList: { $0.replay.recording.uiTests.elements = [:] }
        ) { p, raw throws(UsageError) in
            let bad = UsageError(
                message: "invalid value '\(raw)' for --element (expected NAME=X,Y,W,H in points, e.g. button=20,100,120,44)")
            guard let eq = raw.lastIndex(of: "="), eq != raw.startIndex else { throw bad }
            let numbers = raw[raw.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 4, numbers.allSatisfy({ $0 != nil && $0!.isFinite }), numbers[2]! >= 0, numbers[3]! >= 0 else {
                throw bad
            }
            p.replay.recording.uiTests.elements[String(raw[..<eq])] = Rect(
                x: numbers[0]!, y: numbers[1]!, width: numbers[2]!, height: numbers[3]!)
        },
        OptionSpec(long: "touches", help: "add a line per touch end with its release velocity", commands: .replaying) { p, _ in
            p.replay.reportTouches = true
        },
        OptionSpec(
            long: "velocity", valueName: "ESTIMATOR", choices: VelocityEstimatorKind.allCases.map(\.rawValue),
            help:
                "velocity estimator (default uikit) for --touches and for the pans,\nmarquees and screen-edge pans of a scene that names none (so stats'\nand compare's pan velocities and outcomes)",
            commands: [.replaying, .corpus, .shrink]
        ) { p, v throws(UsageError) in
            p.replay.velocityEstimator = try choice(
                "velocity", v, VelocityEstimatorKind.init(rawValue:), VelocityEstimatorKind.allCases.map(\.rawValue))
        },
        OptionSpec(long: "views", help: "add what each view receives (touchesBegan/Moved/Ended/Cancelled)", commands: .replaying) { p, _ in
            p.replay.reportViews = true
        },
        OptionSpec(long: "lenient", help: "repair sequence problems with a warning instead of stopping", commands: .reading) { p, _ in
            p.replay.lenient = true
        },
        OptionSpec(
            long: "states", valueName: "LIST",
            help:
                "output filter: only transitions to these states (began,changed,\nended or recognized,cancelled,failed,possible); repeats combine",
            commands: .replaying, resetList: { $0.replay.shownStates = nil }
        ) { p, v throws(UsageError) in
            switch StateNames.parse(v) {
            case .success(let states): p.replay.shownStates = (p.replay.shownStates ?? []).union(states)
            case .failure(let e): throw UsageError(message: "invalid value '\(v)' for --states: \(e.message)")
            }
        },
        OptionSpec(
            long: "show", valueName: "A,B", help: "output filter: only these recognizers' lines (all still run);\nrepeats combine",
            commands: .replaying, resetList: { $0.replay.shownRecognizers = nil }
        ) { p, v throws(UsageError) in
            p.replay.shownRecognizers = (p.replay.shownRecognizers ?? []) + (try nameList("show", v))
        },
        OptionSpec(
            long: "summary",
            help: "after the replay, per recognizer: recognized / failed /\ncancelled counts and the most common failure reasons",
            commands: .replaying
        ) { p, _ in
            p.replay.summary = true
        },
        OptionSpec(
            long: "set", valueName: "NAME.PROP=V",
            help:
                "change a scene parameter after the scene is loaded: recognizer\nNAME's, or every recognizer of kind NAME's (checked as in a\nscene file); repeatable, in order, after NAME.args's",
            commands: [.replaying, .corpus, .shrink], resetList: { _ in }
        ) { p, v throws(UsageError) in
            let location = p.setLocations.isEmpty ? nil : p.setLocations.removeFirst()
            do throws(TraceError) {
                p.replay.sceneOverrides.append(try SceneOverride(parsing: v, location: location))
            } catch {
                throw UsageError(message: error.diagnostic.message, location: location)
            }
        },
        OptionSpec(
            long: "expect", valueName: "FILE", isPath: true,
            help: "the golden file (default: TRACE with extension .expected)", commands: .check
        ) { p, v in
            p.expectPath = v
        },
        OptionSpec(
            long: "update",
            help: "(re)write golden files instead of comparing (expectations\nare still checked; an expectations-only trace gets none)",
            commands: [.check, .test]
        ) { p, _ in
            p.update = true
        },
        OptionSpec(
            long: "expect-error",
            help:
                "the trace is meant to be invalid: its golden file records\nthe error; without it a trace that stops at an error\nfails, also under --update (usually in NAME.args)",
            commands: [.check, .argsFile]
        ) { p, _ in
            p.expectsError = true
        },
        OptionSpec(long: "junit", valueName: "FILE", isPath: true, help: "also write a JUnit XML report", commands: .test) { p, v in
            p.suite.junitPath = v
        },
        OptionSpec(long: "shard", valueName: "I/N", help: "run only slice I of N (deterministic)", commands: [.test, .corpus]) {
            p, raw throws(UsageError) in
            let parts = raw.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else {
                throw UsageError(message: "invalid value '\(raw)' for --shard (expected I/N with 1 <= I <= N, e.g. 2/4)")
            }
            p.suite.shard = (i, n)
        },
        OptionSpec(
            long: "jobs", short: "j", valueName: "N", help: "run N traces at once (default: all\ncores; shrink: N candidates)",
            commands: [.test, .corpus, .shrink]
        ) {
            p, raw throws(UsageError) in
            guard let n = Int(raw), n >= 1 else {
                throw UsageError(message: "invalid value '\(raw)' for --jobs (expected a positive whole number)")
            }
            p.suite.jobs = n
        },
        OptionSpec(
            long: "exclude", valueName: "GLOB",
            help: "skip the traces whose path (as listed,\nor below PATH) or file name matches GLOB\n(repeatable; * matches / too)",
            commands: [.test, .corpus],
            resetList: { $0.suite.excludes = [] }
        ) { p, v in
            p.suite.excludes.append(v)
        },
        OptionSpec(
            long: "html", valueName: "FILE", isPath: true,
            help:
                "also write a self-contained HTML report: pass/fail per trace, the\ndiff and the picture of each failure (docs/pictures.md)",
            commands: [.check, .test]
        ) { p, v in
            p.suite.htmlPath = v
        },
        OptionSpec(long: "html-all", help: "with --html: pictures of every trace, not only the failed ones", commands: [.check, .test]) {
            p, _ in
            p.suite.htmlAll = true
        },
        OptionSpec(
            long: "color", valueName: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
            help: "colour diffs (default auto: on a terminal, unless NO_COLOR\nis set; docs/ci.md)", commands: [.check, .test]
        ) { p, v throws(UsageError) in
            p.replay.color = try choice("color", v, ColorChoice.init(rawValue:), ColorChoice.allCases.map(\.rawValue))
        },
        OptionSpec(
            long: "output", short: "o", valueName: "FILE", isPath: true,
            help:
                "write to FILE (atomically)\ninstead of standard output (- or none); (synth) with a\nsweep, one file per value: FILE-VALUE.EXT",
            commands: [.synth, .render, .convert, .shrink]
        ) { p, v in p.outputPath = v },
        OptionSpec(
            long: "to", valueName: "FORMAT", choices: TraceFormat.Writable.allCases.map(\.rawValue),
            help: "the trace format (default: from -o's extension,\nelse json)", commands: [.synth, .convert]
        ) { p, v throws(UsageError) in
            p.synthFormat = try choice("to", v, TraceFormat.Writable.init(rawValue:), TraceFormat.Writable.allCases.map(\.rawValue))
        },
        // render --from/--to (issue 36): the trace times a picture shows.
        OptionSpec(
            long: "from", valueName: "SECONDS", help: "draw trace times from SECONDS on (a long trace's part)", commands: .render
        ) { p, v throws(UsageError) in p.pictureWindow.from = try pictureTime("from", v) },
        OptionSpec(
            long: "to", valueName: "SECONDS", help: "draw trace times up to SECONDS", commands: .render
        ) { p, v throws(UsageError) in p.pictureWindow.to = try pictureTime("to", v) },
        OptionSpec(
            long: "live",
            help:
                "watch a live input (pipe, terminal, socket, FIFO): timers fire\non the wall clock, output is written per frame (docs/live.md)",
            commands: .replay
        ) { p, _ in
            p.replay.live = true
        },
        OptionSpec(
            long: "idle-flush", valueName: "SECONDS",
            help:
                "a live input's last frame completes after SECONDS without a byte\n(default 0.05; 0: only when a later row or the end arrives)",
            commands: .replay
        ) { p, v throws(UsageError) in
            guard let seconds = Double(v), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                throw UsageError(message: "invalid value '\(v)' for --idle-flush (expected seconds from 0 to 3600, such as 0.05)")
            }
            p.replay.idleFlush = seconds
        },
        OptionSpec(
            long: "unbuffered", help: "write the output after each input frame, also into a pipe or file\n(a terminal always is)",
            commands: .replay
        ) { p, _ in
            p.replay.unbuffered = true
        },
    ] + corpusOptionRows + shrinkOptionRows + [
        OptionSpec(long: "help", short: "h", help: "show this help", commands: [.all, .synth, .convert, .corpus, .shrink]) { _, _ in },
        OptionSpec(long: "version", help: "show the version", commands: .replay) { _, _ in },
    ]

/// An option as found in the arguments, with its value (`""` for a flag).
struct OptionUse: Sendable {
    var spec: OptionSpec
    var value: String
}

/// The options and operands of `arguments`, for `command` (a command, or `.argsFile`).
/// `--name value`, `--name=value`, `-x value` and `-xVALUE` are the same; `--` ends the options and
/// `-` is an operand (standard input). With `folder`, relative paths of path options are made
/// relative to it (NAME.args: to the trace's folder).
/// `context` ends the message for an option that exists but is not accepted here (` for 'check'`).
func scanArguments(
    _ arguments: [String], for command: Commands, context forWhat: String = "", relativeTo folder: String? = nil
)
    throws(UsageError) -> (uses: [OptionUse], operands: [String])
{
    var uses: [OptionUse] = []
    var operands: [String] = []
    var args = arguments[...]
    var optionsEnded = false
    while let arg = args.popFirst() {
        if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
            operands.append(arg)
            continue
        }
        if arg == "--" {
            optionsEnded = true
            continue
        }
        var attached: String?
        let spec: OptionSpec?
        if arg.hasPrefix("--") {
            var name = arg.dropFirst(2)
            if let eq = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: eq)...])
                name = name[..<eq]
            }
            // A name may have a row per command (`--format`: text|jsonl, or text|json for stats).
            spec = optionTable.first { $0.long == name && $0.commands.contains(command) } ?? optionTable.first { $0.long == name }
        } else {
            let letter = arg.dropFirst().first!
            spec =
                optionTable.first { $0.short == letter && $0.commands.contains(command) }
                ?? optionTable.first { $0.short == letter }
            if arg.count > 2 { attached = String(arg.dropFirst(2)) }
        }
        guard let spec, spec.commands.contains(command) else {
            throw UsageError(message: "unknown option '\(arg)'" + (spec == nil ? "" : forWhat))
        }
        var value = ""
        if spec.takesValue {
            if let attached {
                value = attached
            } else if let next = args.popFirst() {
                value = next
            } else {
                throw UsageError(message: "option \(spec.longFlag) needs a value")
            }
            if spec.isPath, let folder, !value.hasPrefix("/"), value != "-" { value = folder + value }
        } else if attached != nil {
            throw UsageError(message: arg.hasPrefix("--") ? "option \(spec.longFlag) takes no value" : "unknown option '\(arg)'" + forWhat)
        }
        uses.append(OptionUse(spec: spec, value: value))
    }
    return (uses, operands)
}

/// Applies the options of one place (`NAME.args`, or the command line), in order. Applied after
/// `NAME.args`, the command line's values win over the file's, and its lists replace the file's. In
/// one place, a list option's repeats combine, a flag may repeat, and an option with one value given
/// twice is a usage error (never silently last-wins).
func apply(_ uses: [OptionUse], to parsed: inout ParsedOptions, place: String = "") throws(UsageError) {
    var seen: Set<String> = []
    for use in uses {
        let first = seen.insert(use.spec.long).inserted
        if let reset = use.spec.resetList {
            if first { reset(&parsed) }
        } else if use.spec.takesValue && !first {
            throw UsageError(message: "option \(use.spec.longFlag) given twice\(place); give it once")
        }
        try use.spec.apply(&parsed, use.value)
    }
}

/// A comma-separated list of recognizer names (`--recognizers`, `--show`); an empty one is an error.
func nameList(_ option: String, _ raw: String) throws(UsageError) -> [String] {
    switch parseNameList(raw, option: "--" + option) {
    case .success(let names): return names
    case .failure(let e): throw UsageError(message: e.message)
    }
}

/// The options of `uses` that `NAME.args` may hold too (those that decide a replay, and
/// `--expect-error`).
func replayUses(_ uses: [OptionUse]) -> [OptionUse] {
    uses.filter { $0.spec.commands.contains(.argsFile) }
}

/// Parses `arguments` (without the program name).
func parseCommandLine(_ arguments: [String]) throws(UsageError) -> Command {
    var args = arguments
    var subcommand = Subcommand.replay
    if let first = args.first {
        switch first {
        case "help":
            guard args.count <= 2 else { throw UsageError(message: "help takes at most one command name") }
            guard args.count == 2 else { return .help(.replay) }
            // help, completion and man take no options: the general help describes them.
            if ["help", "completion", "man"].contains(args[1]) { return .help(.replay) }
            guard let c = Subcommand(rawValue: args[1]) else {
                throw UsageError(
                    message: "no command '\(args[1])'; commands: \(Subcommand.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .help(c)
        case "completion":
            guard args.count == 2, let shell = Shell(rawValue: args[1]) else {
                throw UsageError(message: "completion needs a shell: \(Shell.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .completion(shell)
        case "man":
            guard args.count == 1 else { throw UsageError(message: "man takes no arguments") }
            return .manPage
        default:
            if let c = Subcommand(rawValue: first) {
                subcommand = c
                args.removeFirst()
            }
        }
    }
    // --help wins over everything else before `--`.
    for arg in args.prefix(while: { $0 != "--" }) where arg == "--help" || arg == "-h" {
        return .help(subcommand)
    }
    let (uses, paths) = try scanArguments(args, for: subcommand.bit, context: subcommand == .replay ? "" : " for '\(subcommand.rawValue)'")
    if uses.contains(where: { $0.spec.long == "version" }) { return .version }
    var parsed = ParsedOptions()
    try apply(uses, to: &parsed)

    switch subcommand {
    case .convert:
        guard paths.count == 1 else {
            throw UsageError(
                message: paths.isEmpty
                    ? "missing input file (use - for standard input)" : "convert takes one input file, got \(paths.count)")
        }
        if parsed.replay.detectsTimeUnit {
            throw UsageError(message: "convert needs the time unit: give --time-unit s|ms|us|ns, not auto")
        }
        parsed.replay.inputPath = paths[0]
        let target = parsed.synthFormat ?? parsed.outputPath.flatMap(TraceFormat.Writable.init(pathExtensionOf:))
        return .convert(ConvertCommand(options: parsed.replay, outputPath: parsed.outputPath, format: target))
    case .synth:
        guard paths.count == 1 else {
            throw UsageError(
                message: paths.isEmpty
                    ? "missing script file (use - for standard input)" : "synth takes one script file, got \(paths.count)")
        }
        return .synth(SynthCommand(scriptPath: paths[0], outputPath: parsed.outputPath, format: parsed.synthFormat))
    case .test:
        parsed.suite.paths = paths.isEmpty ? ["Traces"] : paths
        parsed.suite.update = parsed.update
        parsed.suite.replay = parsed.replay
        return .test(parsed.suite, replayArguments: replayUses(uses))
    case .render:
        guard paths.count == 1 else {
            throw UsageError(message: paths.isEmpty ? "missing trace file" : "render takes one trace file, got \(paths.count)")
        }
        parsed.replay.inputPath = paths[0]
        if let from = parsed.pictureWindow.from, let to = parsed.pictureWindow.to, !(from < to) {
            throw UsageError(message: "--from \(from) must be before --to \(to)")
        }
        return .render(parsed.replay, outputPath: parsed.outputPath, window: parsed.pictureWindow)
    case .stats:
        return .stats(try statsCommand(parsed, paths: paths, uses: uses))
    case .compare:
        return .compare(try compareCommand(parsed, paths: paths, uses: uses))
    case .shrink:
        return .shrink(try shrinkCommand(parsed, paths: paths, uses: uses))
    case .check, .replay:
        if paths.isEmpty { throw UsageError(message: "missing trace file (use - for standard input)") }
        parsed.replay.inputPath = paths[0]
        if subcommand == .replay {
            if paths.count(where: { $0 == "-" }) > 1 {
                throw UsageError(message: "standard input (-) can be replayed only once")
            }
            if parsed.replay.live && (parsed.replay.sortsByTime || parsed.replay.detectsTimeUnit) {
                throw UsageError(
                    message: "--live replays rows as they arrive: it cannot be combined with --sort or --time-unit auto, which read ahead")
            }
            return .replay(parsed.replay, paths: paths)
        }
        guard paths.count == 1 else {
            throw UsageError(message: "check takes one trace file, got \(paths.count) (check several with 'gesturereplay test FILE...')")
        }
        if parsed.update && paths[0] == "-" && parsed.expectPath == nil {
            throw UsageError(
                message: "check --update needs the trace's path to name its golden file (standard input has none; give --expect FILE)")
        }
        return .check(
            CheckOptions(
                tracePath: paths[0], color: parsed.replay.color, expectPath: parsed.expectPath, update: parsed.update,
                expectsError: parsed.expectsError,
                replayArguments: replayUses(uses), htmlPath: parsed.suite.htmlPath, htmlAll: parsed.suite.htmlAll))
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
