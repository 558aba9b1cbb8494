import GestureEngine
import TraceReading

/// Everything that decides a replay's output: the same options and trace give byte-identical output.
public struct ReplayOptions: Sendable {
    /// The trace's path; `-` reads standard input.
    public var inputPath: String
    /// Forces the input format; nil picks it from the extension (or sniffs standard input).
    public var inputFormat: TraceFormat?
    /// The unit of the trace's timestamps (seconds by default).
    public var timeUnit: TimeUnit = .seconds
    /// `--time-unit auto`: the unit is chosen from the intervals between the first frames (the first
    /// 64 rows are read ahead), with a note saying which; `timeUnit` is then ignored.
    public var detectsTimeUnit = false
    /// `--sort`: the rows are ordered by time (stably: rows with equal times keep their file order)
    /// before the replay. The whole trace is read into memory first: at the peak (while sorting) two
    /// copies of the rows, 88 bytes each, plus a 4-byte index: about 180 bytes per row.
    public var sortsByTime = false
    /// A scene file; nil uses the trace's `scene` key, or the default scene.
    public var scenePath: String?
    /// Only these recognizers of the scene run (by name); nil runs all.
    public var recognizerFilter: [String]?
    /// Where names of ``recognizerFilter`` were written, when in a file (a trace's `NAME.args`): a
    /// name the scene lacks is then an invalid-trace error at that place instead of a usage error.
    public var recognizerFilterLocations: [String: SourceLocation] = [:]
    /// The output format.
    public var outputFormat: OutputFormat = .text
    /// Adds a line per touch end with its release velocity.
    public var reportTouches = false
    /// Adds what each view receives under UIKit's delivery rules.
    public var reportViews = false
    /// The estimator for `--touches` velocities, and for pans that do not choose one in the scene.
    public var velocityEstimator: VelocityEstimatorKind = .uikit
    /// Repairs sequence problems (with warnings) instead of stopping at the first one.
    public var lenient = false
    /// The screen size, points; overrides the trace's `screen`. For a device recording it is also
    /// the size raw units map onto (``RecordingImportOptions/screen``).
    public var screen: Size?
    /// How a device recording (getevent, evemu, ...) is read: device, raw-to-points mapping. Its
    /// `screen` is taken from ``screen``.
    public var recording = RecordingImportOptions()
    /// Output filter: only transitions to these states are printed (nil prints all). The replay is
    /// the same: every recognizer still runs.
    public var shownStates: Set<GestureRecognizerState>?
    /// Output filter: only these recognizers' lines are printed (nil prints all); all still run.
    public var shownRecognizers: [String]?
    /// Where names of ``shownRecognizers`` were written, when in a file (as
    /// ``recognizerFilterLocations``).
    public var shownRecognizerLocations: [String: SourceLocation] = [:]
    /// After the replay, one line per (shown) recognizer: how often it recognized, failed and was
    /// cancelled, and its most common failure reasons (`ReplaySummary`).
    public var summary = false
    /// `--set NAME.PROPERTY=VALUE`: parameters changed after the scene is loaded, in order
    /// (``SceneOverride``).
    public var sceneOverrides: [SceneOverride] = []
    /// The recognizer kinds scene files may name (the built-ins, plus any registered).
    public var catalog: RecognizerCatalog = .builtIn
    /// `--live`: timers fire at their deadlines on the wall clock (trace time mapped to the monotonic
    /// clock from the first row) while a live input waits (docs/live.md).
    public var live = false
    /// `--idle-flush`: seconds without a byte after which a live input's (a pipe's, terminal's,
    /// socket's or FIFO's) open frame is completed; 0 turns it off. Regular files never wait.
    public var idleFlush = 0.05
    /// Formerly `--unbuffered`, which is the command line's (it sets its output buffer's flush
    /// threshold): the library never read it, and leaves flushing to the ``OutputBuffer`` it is
    /// given (`OutputBuffer(fileDescriptor:flushThreshold:)`). Kept for one release.
    @available(*, deprecated, message: "not read by the library: give the OutputBuffer a flushThreshold of 1 instead")
    public var unbuffered = false
    /// Seconds after which a live replay says so on standard error when its input sent nothing
    /// while touches are down, and (under `--live`) when its output has not been writable
    /// (docs/live.md, "Bad input from a live source"). The command sets it from
    /// `GESTUREREPLAY_STALL_SECONDS`.
    public var stallTime = 5.0
    /// Formerly the command line's `--color` (whether `check` and `test` colour their diffs), which
    /// the command line now keeps: display only, never read by the replay. Kept for one release.
    @available(
        *, deprecated, message: "not read by the library: pass ColorChoice.resolved(fileDescriptor:) to TraceCheck.Result.details(color:)"
    )
    public var color: ColorChoice = .auto
    /// Whether the trace is read, and its frames assembled and checked, on a thread of its own
    /// (only the plain streaming replay of CSV and JSON Lines files: not with `--sort` or `--time-unit auto`,
    /// nor for an input replayed live: a pipe, a FIFO, a socket, a terminal).
    public var readerThreading: ReaderThreading = .automatic

    public init(inputPath: String) {
        self.inputPath = inputPath
    }
}

extension ReplayOptions {
    /// ``recording`` with ``screen`` filled in, reporting the mapping used under ``summary``.
    public var recordingOptions: RecordingImportOptions {
        var r = recording
        r.screen = screen
        r.reportsMapping = summary
        return r
    }
}
