import TraceReplay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureReplayTools

/// `gesturereplay render TRACE`: one trace's replay as an SVG picture (standard output, or
/// `-o FILE`; docs/pictures.md).
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "draw the replay as an SVG picture (docs/pictures.md)"
    static let usage = ["render [options] TRACE [-o FILE]"]
    static let discussion = """
        TRACE is replayed with the replay options (it is read twice, so not standard input). The
        picture shows the scene, each touch's path, the recognizers' markers and a timeline
        (docs/pictures.md).
        """
    static let helpSection: HelpSection.Kind? = .writing
    static let replayOptionsHeading: String? = "REPLAY OPTIONS"
    static let listsHelpOption = true
    static let options: [Option<RenderCommand>] =
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).embedded(at: \.replay)
        + [WritingOptions.output.embedded(at: \.writing), from, to, all, .inert(StandardOptions.help)]

    // render --from/--to (issue 36): the trace times a picture shows.
    static let from = Option<RenderCommand>(
        OptionSpec(long: "from", valueName: "SECONDS", help: "draw trace times from SECONDS on (a long trace's part)")
    ) { p, v throws(UsageError) in p.window.from = try pictureTime("from", v) }

    static let to = Option<RenderCommand>(
        OptionSpec(long: "to", valueName: "SECONDS", help: "draw trace times up to SECONDS")
    ) { p, v throws(UsageError) in p.window.to = try pictureTime("to", v) }

    // render --all (issue 49): a scroll view's own recognizers listed one by one.
    static let all = Option<RenderCommand>(
        OptionSpec(
            long: "all",
            help: "list every recognizer's outcome (a scroll view's own\nrecognizers are otherwise folded into its gestures)")
    ) { p, _ in p.listsEveryOutcome = true }

    /// The trace (a regular file: it is read twice).
    var tracePath = ""
    /// The reading, scene and output groups.
    var replay = ReplayOptions()
    /// `-o FILE`; nil (or `-`) writes standard output.
    var writing = WritingValues()
    /// `--from`/`--to`.
    var window = PictureWindow()
    /// `--all`.
    var listsEveryOutcome = false

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        guard paths.count == 1 else {
            throw UsageError(message: paths.isEmpty ? "missing trace file" : "render takes one trace file, got \(paths.count)")
        }
        tracePath = paths[0]
        if let from = window.from, let to = window.to, !(from < to) {
            throw UsageError(message: "--from \(from) must be before --to \(to)")
        }
    }

    /// The trace, its device description and scene, and `-o FILE`.
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        files.readTrace(tracePath, options: replay)
        files.write(writing.outputPath, as: .output)
        return files
    }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        var options = replay
        options.scene.catalog = catalog
        // The trace is read twice: a FIFO or a pipe (`render <(cmd)`) would block or read empty.
        var st = stat()
        if tracePath != "-", stat(tracePath, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw .usage(
                "render needs a regular trace file, not a FIFO, pipe or device: '\(tracePath)' (the trace is read twice)")
        }
        let svg = try Picture.svg(
            tracePath, options: options, window: window, listsEveryOutcome: listsEveryOutcome, spelling: .commandLine
        ) {
            printError(formatter.format($0))
        }
        if let outputPath = writing.outputPath, outputPath != "-" {
            out.flush()
            try FileIO.writeAtomically(svg, to: outputPath)
        } else {
            out.append(svg)
        }
        return ExitCode.success
    }
}

/// A `render --from/--to` time: seconds of trace time, a number as JSON writes it (``decimalNumber``).
func pictureTime(_ option: String, _ raw: String) throws(UsageError) -> Double {
    guard let t = numberArgument(raw) else {
        throw UsageError(message: "invalid value '\(raw)' for --\(option) (expected seconds of trace time, e.g. 1.5)")
    }
    return t
}
