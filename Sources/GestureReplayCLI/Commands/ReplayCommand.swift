import TraceReplay
import GestureReplayTools

/// `gesturereplay [replay] TRACE...`: replays traces (one or several, in order, with the same
/// options) and prints what was recognized. The default command.
struct ReplayCommand: Command {
    static let name = "replay"
    static let abstract = "replay each TRACE and print every state transition"
    static let usage = ["[replay] [options] TRACE..."]
    static let moreHelp = "--help"
    static let discussion = """
        TRACE is a .json, .jsonl/.ndjson or .csv file, a device recording (getevent, evemu, libinput
        record, evtest, MotionEvent dump: docs/trace-format.md), a UI-test gesture (W3C WebDriver
        actions, Appium, WebKit sendEventStream: docs/ui-tests.md), or - for standard input (format
        sniffed). Several traces replay in turn with the same options, each introduced by a line
        "==> TRACE <==" (text; a blank line between) or {"event":"trace","path":"TRACE"} (jsonl); a
        trace that stops at an error does not stop the others, and the exit status is the first
        failing trace's.
        """
    static let helpSection: HelpSection.Kind? = nil
    static let listsHelpOption = true
    static let options: [Option<ReplayCommand>] =
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).embedded(at: \.replay)
        + LiveOptions.all.embedded(at: \.replay.liveInput) + [LiveOptions.unbuffered.embedded(at: \.unbuffered)]
        + [.inert(version), .inert(StandardOptions.help)]

    static let version = OptionSpec(long: "version", help: "show the version")

    /// The reading, scene, output and live groups.
    var replay = ReplayOptions()
    /// `--unbuffered`.
    var unbuffered = false
    /// The traces, in order.
    var paths: [String] = []

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        if paths.isEmpty { throw UsageError(message: "missing trace file (use - for standard input)") }
        if paths.count(where: { $0 == "-" }) > 1 {
            throw UsageError(message: "standard input (-) can be replayed only once")
        }
        if replay.liveInput.live && (replay.reading.sortsByTime || replay.reading.detectsTimeUnit) {
            throw UsageError(
                message: "--live replays rows as they arrive: it cannot be combined with --sort or --time-unit auto, which read ahead")
        }
        self.paths = paths
    }

    /// Line-buffered with --unbuffered and with --live (as to a terminal).
    var flushesEachFrame: Bool { unbuffered || replay.liveInput.live }

    /// The traces, their device descriptions and the scene; it writes no file.
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        for path in paths { files.readTrace(path, options: replay) }
        return files
    }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        var options = replay
        options.scene.catalog = catalog
        options.reading.readerThreading = threadingFromEnvironment("GESTUREREPLAY_READER_THREAD")
        options.output.formattingThread = threadingFromEnvironment("GESTUREREPLAY_FORMAT_THREAD")
        options.reading.helperSharing = threadingFromEnvironment("GESTUREREPLAY_SHARED_HELPER")
        if LiveSignals.install(forReplayOf: paths, options) { options.liveInput.stallTime = stallTimeFromEnvironment() }
        if paths.count == 1 {
            try LiveReplay.replay(.path(paths[0]), options: options, output: &out) { printError(formatter.format($0)) }
            return ExitCode.success
        }
        return try replaySeveral(paths, options, output: &out)
    }
}
