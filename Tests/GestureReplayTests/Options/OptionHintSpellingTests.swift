import Foundation
import GestureReplayCLI
import GestureReplayTools
import TestSupport
import Testing
import TraceReplay

/// Issue 37 step 4: a library error names an option as data (`OptionHint`); a library user reads the
/// property that sets it, the command line its flag, in the words it always printed.
@Suite("Option hints: library names, command-line flags")
struct OptionHintSpellingTests {
    /// The command line's flag for every hint, pinned: a new hint without a flag here fails.
    static let flags: [OptionHint: String] = [
        .timeUnit: "--time-unit", .timeUnitDetection: "--time-unit auto", .sort: "--sort", .lenient: "--lenient",
        .recognizerFilter: "--recognizers", .shownRecognizers: "--show", .scene: "--scene", .screen: "--screen",
        .live: "--live", .rawSize: "--raw-size", .density: "--density", .rotation: "--rotate", .flip: "--flip",
        .flipX: "--flip-x", .flipY: "--flip-y", .device: "--device", .deviceDescription: "--desc",
        .moveInterval: "--move-interval", .element: "--element", .pixelScale: "--pixel-scale",
        // The tools' own options (GestureReplayTools' messages, issue 47).
        .updateGolden: "--update", .expectError: "--expect-error", .pictureFrom: "--from", .pictureTo: "--to",
        .everyOutcome: "render --all", .shrinkUntil: "--until", .shrinkConfigurations: "--a-.../--b-...",
        .statsJSON: "gesturereplay stats --format json",
    ]

    /// The command whose help lists the options of a tool's hint, and those options (`replay`'s
    /// own flag for every other hint).
    static let toolOptions: [OptionHint: (command: String, options: [String])] = [
        .updateGolden: ("check", ["--update"]), .expectError: ("check", ["--expect-error"]), .pictureFrom: ("render", ["--from"]),
        .pictureTo: ("render", ["--to"]), .everyOutcome: ("render", ["--all"]), .shrinkUntil: ("shrink", ["--until"]),
        .shrinkConfigurations: ("shrink", ["--a-scene", "--b-scene", "--a-set", "--b-set"]), .statsJSON: ("stats", ["--format"]),
    ]

    @Test("every hint has its command-line flag, and the flag is an option of `replay` (or of the tool's command)")
    func everyHintHasAFlag() throws {
        #expect(Set(Self.flags.keys) == Set(OptionHint.allCases), "a hint without a pinned flag, or a pinned flag for no hint")
        var helps: [String: String] = [:]
        for command in Set(["replay"] + Self.toolOptions.values.map(\.command)) {
            helps[command] = try BinaryRunner.run(["help", command]).stdout
        }
        for hint in OptionHint.allCases {
            let flag = OptionSpelling.commandLineFlag(hint)
            #expect(flag == Self.flags[hint], "\(hint)")
            #expect(OptionSpelling.commandLine.spell(hint) == flag)
            #expect(OptionSpelling.commandLine.spell(hint, value: "V") == flag + " V")
            // `--flip` names --flip-x and --flip-y together; every other flag is listed as itself.
            let name = String(flag.split(separator: " ")[0])
            let (command, listed) = Self.toolOptions[hint] ?? ("replay", hint == .flip ? ["--flip-x", "--flip-y"] : [name])
            let help = helps[command] ?? ""
            for option in listed {
                #expect(
                    help.contains(option + " ") || help.contains(option + ",") || help.contains(option + "\n"),
                    "\(option) is not an option of \(command)")
            }
            // The library's name is never a flag.
            #expect(!OptionSpelling.library.spell(hint, value: "V").contains("--"), "\(hint)")
        }
    }

    /// One library error or warning and what each side prints of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Writes the input into the folder; its path.
        var input: @Sendable (TemporaryFolder) throws -> String
        var configure: @Sendable (inout ReplayOptions) -> Void = { _ in }
        var arguments: [String] = []
        var hints: [OptionHint]
        /// Today's command-line text.
        var commandLine: String
        /// The library's text for the same hint.
        var library: String
        var testDescription: String { name }
    }

    static let twoFingerTap = "Traces/two-finger-tap.csv"

    static let cases: [Case] = [
        Case(
            name: "time unit",
            input: { try $0.write("ms.csv", CLIConventionTests.inMilliseconds(try BinaryRunner.packageFile(twoFingerTap))) },
            hints: [.timeUnit, .timeUnitDetection],
            commandLine: "if they are in milliseconds (ms), use --time-unit ms (or --time-unit auto)",
            library: "if they are in milliseconds (ms), use ReplayOptions.reading.timeUnit = ms (or ReplayOptions.reading.detectsTimeUnit)"),
        Case(
            name: "sort and lenient",
            input: { dir in
                let csv = try BinaryRunner.packageFile(twoFingerTap)
                var lines = csv.split(separator: "\n").map(String.init)
                let header = lines.prefix { !($0.first?.isNumber ?? false) }
                lines.removeFirst(header.count)
                let byFinger = header + lines.filter { $0.hasSuffix(",A") } + lines.filter { $0.hasSuffix(",B") }
                return try dir.write("byfinger.csv", byFinger.joined(separator: "\n") + "\n")
            },
            hints: [.sort, .lenient],
            commandLine: "--sort orders them by time; --lenient clamps the time to the previous row's",
            library:
                "ReplayOptions.reading.sortsByTime orders them by time; ReplayOptions.reading.lenient clamps the time to the previous row's"
        ),
        Case(
            name: "device",
            input: { dir in
                var text = ""
                for (t, device, lines) in [
                    ("1.000000", 2, ["ABS_MT_TRACKING_ID   00000001", "ABS_MT_POSITION_X    00000001", "ABS_MT_POSITION_Y    00000002"]),
                    ("1.001000", 5, ["ABS_MT_TRACKING_ID   00000001", "ABS_MT_POSITION_X    00000009", "ABS_MT_POSITION_Y    00000008"]),
                ] {
                    for l in lines + ["SYN_REPORT           00000000"] {
                        text += "[    \(t)] /dev/input/event\(device): \(l.hasPrefix("SYN") ? "EV_SYN" : "EV_ABS")       \(l)\n"
                    }
                }
                return try dir.write("two.txt", text)
            },
            hints: [.device],
            commandLine: "choose one with --device PATH|NAME (candidates: /dev/input/event2, /dev/input/event5)",
            library: "choose one with RecordingImportOptions.device = PATH|NAME (candidates: /dev/input/event2, /dev/input/event5)"),
        Case(
            name: "recognizer filter",
            input: { try $0.copy("Traces/double-tap.json", as: "t.json") },
            configure: { $0.scene.recognizerFilter = ["nope"] },
            arguments: ["--recognizers", "nope"],
            hints: [.recognizerFilter],
            commandLine: "--recognizers: no recognizer named 'nope' in the scene",
            library: "ReplayOptions.scene.recognizerFilter: no recognizer named 'nope' in the scene"),
        Case(
            name: "move interval",
            input: { try $0.copy("Tests/Fixtures/ui-tests/w3c/pinch.json", as: "pinch.json") },
            hints: [.moveInterval],
            commandLine: "pointerMove durations every 16 ms (--move-interval)",
            library: "pointerMove durations every 16 ms (UITestImportOptions.moveInterval)"),
    ]

    @Test("the same diagnostic: no flag through the library API, today's flag through the command line", arguments: cases)
    func sameDiagnosticBothWays(_ c: Case) throws {
        let dir = try TemporaryFolder()
        defer { dir.remove() }
        let path = try c.input(dir)
        var options = ReplayOptions()
        c.configure(&options)
        var diagnostics: [Diagnostic] = []
        var out = OutputBuffer(fileDescriptor: nil)
        do {
            try Replayer.run(.path(path), options: options, output: &out, warn: { diagnostics.append($0) })
        } catch {
            diagnostics.append(error.diagnostic)
        }
        // The diagnostic (or note) that names the case's options.
        let all = diagnostics.flatMap { [$0] + $0.notes }
        let named = try #require(all.first { $0.hints.contains(c.hints[0]) }, "\(all)")
        #expect(named.hints == c.hints)
        #expect(!named.message.contains("--"), "\(named.message)")
        #expect(named.message.contains(c.library), "\(named.message)")
        #expect(named.text.description.contains(c.library))

        let cli = DiagnosticFormatter(programName: "gesturereplay", spelling: .commandLine)
        #expect(cli.message(named).contains(c.commandLine), "\(cli.message(named))")
        // The command line prints exactly that (same path: the absolute one given to both).
        let run = try BinaryRunner.run(c.arguments + [path])
        for d in diagnostics {
            #expect(run.stderr.contains(cli.format(d)), "\(run.stderr)\nlacks\n\(cli.format(d))")
        }
        #expect(run.stderr.contains(c.commandLine))
    }

    @Test("a tool's message: the library names its parameter, the command line the flag it always printed")
    func toolMessageBothWays() throws {
        let dir = try TemporaryFolder()
        defer { dir.remove() }
        let path = try dir.copy("Traces/double-tap.json", as: "t.json")
        var caught: TraceError?
        do {
            _ = try Picture.svg(path, options: ReplayOptions(), window: PictureWindow(from: 2, to: 1))
        } catch {
            caught = error
        }
        let error = try #require(caught)
        #expect(error.diagnostic.hints == [.pictureFrom, .pictureTo])
        #expect(error.diagnostic.message == "render: PictureWindow.from = 2.0 must be before PictureWindow.to = 1.0")
        let cli = DiagnosticFormatter(programName: "gesturereplay", spelling: .commandLine)
        #expect(cli.message(error.diagnostic) == "render: --from 2.0 must be before --to 1.0")
        // A picture's notes are spelled by the caller: the command line's `render` passes its flags.
        let library = try Picture.svg(PackageFiles.path("Traces/scroll-paging.json"), options: ReplayOptions())
        let spelled = try Picture.svg(PackageFiles.path("Traces/scroll-paging.json"), options: ReplayOptions(), spelling: .commandLine)
        #expect(library.contains("one row per gesture (Picture.svg(listsEveryOutcome:) lists each)"))
        #expect(spelled.contains("one row per gesture (render --all lists each)"))
    }

    @Test("a text keeps its hints apart: interpolation, appending, equality")
    func textSegments() {
        let unit = "ms"
        let text: DiagnosticText = "use \(option: .timeUnit, unit) (or \(option: .timeUnitDetection)) for \(3) rows"
        #expect(text.hints == [.timeUnit, .timeUnitDetection])
        #expect(text.spelled(.commandLine) == "use --time-unit ms (or --time-unit auto) for 3 rows")
        #expect(text.spelled(.library) == "use ReplayOptions.reading.timeUnit = ms (or ReplayOptions.reading.detectsTimeUnit) for 3 rows")
        var wrapped: DiagnosticText = "stopped (\(text))"
        wrapped.append("; skipped")
        #expect(wrapped.hints == text.hints)
        #expect(wrapped.spelled(.commandLine) == "stopped (use --time-unit ms (or --time-unit auto) for 3 rows); skipped")
        // Adjacent text is one segment, so equal texts compare equal however they were built.
        #expect(DiagnosticText("a") + DiagnosticText("b") == DiagnosticText("ab"))
        let element: DiagnosticText = "\(option: .element, "tap=X,Y,W,H")"
        #expect(element.spelled(.library) == "UITestImportOptions.elements[\"tap\"] = X,Y,W,H")
        #expect(element.spelled(.commandLine) == "--element tap=X,Y,W,H")
        // A diagnostic built from a plain string names no option; `message` set later replaces the text.
        var d = Diagnostic.error("plain --words", at: nil)
        #expect(d.hints.isEmpty && d.message == "plain --words")
        d = .warning("see \(option: .sort)", at: nil)
        #expect(d.message == "see ReplayOptions.reading.sortsByTime")
        d.message = "replaced"
        #expect(d.hints.isEmpty && d.text == "replaced")
    }
}
