import TraceReplay
import GestureReplayTools

/// `gesturereplay convert INPUT`: a device recording (or any trace) as the canonical trace
/// (docs/trace-format.md, "Importing recordings").
struct ConvertCommand: Command {
    static let name = "convert"
    static let abstract =
        "write a device recording (getevent, evemu, libinput\nrecord, evtest, MotionEvent dump) or any trace as the\ncanonical trace (-o FILE)"
    static let headline = "write a device recording or any trace as the canonical trace"
    static let usage = ["convert [options] INPUT [-o FILE] [--to csv|jsonl|json]"]
    static let discussion = """
        INPUT is a device recording (adb shell getevent -lt, after getevent -lp for the axis ranges;
        evemu-record; libinput record; evtest; MotionEvent.toString() lines from logcat) or any trace,
        - for standard input (format sniffed). The canonical trace has t, id, phase, x, y per row, numbers
        in their shortest exact form: replaying it prints exactly what replaying INPUT with the same
        options prints (JSON keeps the screen; give --screen again for JSON Lines and CSV). Raw units
        map onto --screen through the recording's axis ranges (or --raw-size), or --density; without
        either they are used as points, with a warning. See docs/trace-format.md, "Importing recordings".
        A UI-test gesture (W3C WebDriver actions, Appium, WebKit sendEventStream) converts too: see
        docs/ui-tests.md.
        """
    static let helpSection: HelpSection.Kind? = .writing
    static let listsHelpOption = false
    static let options: [Option<ConvertCommand>] =
        ReadingOptions.all.embedded(at: \.replay)
        + [WritingOptions.output, WritingOptions.traceFormat].embedded(at: \.writing) + [.inert(StandardOptions.help)]

    /// The input's path; `-` reads standard input.
    var inputPath = ""
    /// `ReadingOptions`: how the input is read (format, time unit, screen, recording options, lenient).
    var replay = ReplayOptions()
    /// `-o FILE` (nil or `-` writes standard output) and `--to`.
    var writing = WritingValues()
    /// The format written: `--to`, else from the output file's extension; nil: JSON.
    var format: TraceFormat.Writable?

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        guard paths.count == 1 else {
            throw UsageError(
                message: paths.isEmpty
                    ? "missing input file (use - for standard input)" : "convert takes one input file, got \(paths.count)")
        }
        if replay.reading.detectsTimeUnit {
            throw UsageError(message: "convert needs the time unit: give --time-unit s|ms|us|ns, not auto")
        }
        inputPath = paths[0]
        format = writing.traceFormat ?? writing.outputPath.flatMap(TraceFormat.Writable.init(pathExtensionOf:))
    }

    /// The input, its device description, and `-o FILE`.
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        files.readTrace(inputPath, options: replay)
        files.write(writing.outputPath, as: .output)
        return files
    }

    /// `gesturereplay convert`: the canonical trace to standard output, or streamed to `-o FILE`
    /// through ``AtomicFile`` (a temporary file beside it, renamed at the end: an error leaves no
    /// half-written trace and the existing FILE is kept; a device or FIFO is written through). From a
    /// live source (a pipe, say `adb shell getevent -lt | gesturereplay convert - -o capture.json`),
    /// SIGINT and SIGTERM end the input: the rows read so far are written and the file completed, and
    /// the exit status is 130 or 143 (docs/live.md).
    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        let command = self
        let warn: (Diagnostic) -> Void = { printError(formatter.format($0)) }
        let target = command.format ?? .json
        let options = command.replay
        LiveSignals.install(forReplayOf: [command.inputPath], options)
        guard let path = command.writing.outputPath, path != "-" else {
            try TraceConverter.convert(command.inputPath, options: options, to: target, output: &out, warn: warn)
            return ExitCode.success
        }
        out.flush()
        let file = try AtomicFile(path)
        var buffer = OutputBuffer(fileDescriptor: file.fileDescriptor)
        let rows: Int
        do throws(TraceError) {
            rows = try TraceConverter.convert(command.inputPath, options: options, to: target, output: &buffer, warn: warn)
            buffer.flush()
        } catch {
            buffer = OutputBuffer(fileDescriptor: nil)
            file.discard()
            throw error
        }
        // Stopped by a signal before the first row: the output is left as it was.
        if rows == 0 {
            file.discard()
            return ExitCode.success
        }
        try file.commit(writeError: buffer.writeError)
        return ExitCode.success
    }
}
