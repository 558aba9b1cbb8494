import GestureEngine
import TraceReading

/// Everything that decides a replay's output: the same options and trace give byte-identical output.
///
/// The options come in the groups the command line shows (`gesturereplay --help`): how the trace is
/// read (``reading``), the scene it runs in (``scene``), what the replay prints (``output``) and how a
/// live input is followed (``liveInput``). The trace itself is not an option: the entry points take
/// it as their first argument (`Replayer.run(.path("tap.json"), options: options, output: &out)`).
public struct ReplayOptions: Sendable {
    /// How the trace is read: `--input-format`, `--time-unit`, `--sort`, `--lenient`, `--screen`, a
    /// device recording's and a UI-test description's options, and the reader thread.
    public struct Reading: Sendable {
        /// Forces the input format (`--input-format`); nil (the default) picks it from the
        /// extension (``TraceFormat/init(pathExtensionOf:)``) or sniffs standard input.
        public var inputFormat: TraceFormat?
        /// The unit of the trace's timestamps (`--time-unit`); seconds by default (the trace
        /// format's unit, docs/trace-format.md).
        public var timeUnit: TimeUnit = .seconds
        /// `--time-unit auto`: the unit is chosen from the intervals between the first frames (the
        /// first 64 rows are read ahead), with a note saying which; ``timeUnit`` is then ignored.
        /// Off by default.
        public var detectsTimeUnit = false
        /// `--sort`: the rows are ordered by time (stably: rows with equal times keep their file
        /// order) before the replay. The whole trace is read into memory first: at the peak (while
        /// sorting) two copies of the rows, 88 bytes each, plus a 4-byte index: about 180 bytes per
        /// row. Off by default (the replay streams).
        public var sortsByTime = false
        /// `--lenient`: repairs sequence problems (with warnings) instead of stopping at the first
        /// one. Off by default.
        public var lenient = false
        /// The screen size, points (`--screen`); overrides the trace's `screen`. For a device
        /// recording it is also the size raw units map onto (``RecordingImportOptions/screen``).
        /// Nil by default: the trace's own, if any.
        public var screen: Size?
        /// How a device recording (getevent, evemu, ...) or a UI-test description is read: device,
        /// raw-to-points mapping, elements (`--device`, `--raw-size`, `--density`, `--rotate`, ...).
        /// Its `screen` is taken from ``screen`` (``ReplayOptions/recordingOptions``).
        public var recording = RecordingImportOptions()
        /// Whether the trace is read, and its frames assembled and checked, on a thread of its own
        /// (only the plain streaming replay of CSV and JSON Lines files: not with ``sortsByTime`` or
        /// ``detectsTimeUnit``, nor for an input replayed live: a pipe, a FIFO, a socket, a
        /// terminal). ``ReaderThreading/automatic`` by default.
        public var readerThreading: ReaderThreading = .automatic
        /// Whether the reading and the formatting, when both have a thread, share one
        /// (``ReaderThreading/sharesHelperThread``): `automatic` with two cores or fewer online.
        package var helperSharing: ReaderThreading = .automatic

        public init() {}
    }

    /// The scene a trace runs in and what changes its recognizers' outcomes: `--scene`,
    /// `--recognizers`, `--set` and `--velocity`.
    public struct SceneSetup: Sendable {
        /// A scene file (`--scene`); nil (the default) uses the trace's `scene` key, or the default
        /// scene (``Scene/makeDefault(screen:velocityEstimator:)``).
        public var path: String?
        /// Only these recognizers of the scene run, by name (`--recognizers`); nil (the default)
        /// runs all.
        public var recognizerFilter: [String]?
        /// Where names of ``recognizerFilter`` were written, when in a file (a trace's `NAME.args`):
        /// a name the scene lacks is then an invalid-trace error at that place instead of a usage
        /// error. Empty by default.
        public var recognizerFilterLocations: [String: SourceLocation] = [:]
        /// `--set NAME.PROPERTY=VALUE`: parameters changed after the scene is loaded, in order
        /// (``SceneOverride``). None by default.
        public var overrides: [SceneOverride] = []
        /// The estimator (`--velocity`) for the pans, marquees and screen-edge pans of a scene that
        /// names none, and for the touch-end velocities of ``Output/reportTouches``. UIKit's
        /// (``VelocityEstimatorKind/uikit``) by default.
        public var velocityEstimator: VelocityEstimatorKind = .uikit
        /// The recognizer kinds scene files may name: the built-ins (``RecognizerCatalog/builtIn``)
        /// by default, plus any a program registers.
        public var catalog: RecognizerCatalog = .builtIn

        public init() {}
    }

    /// What the replay prints: `--format`, `--touches`, `--views`, the output filters `--states` and
    /// `--show`, and `--summary`. The filters change the output only: every recognizer still runs.
    public struct Output: Sendable {
        /// The output format (`--format`); text by default (JSON Lines: docs/output-format.md).
        public var format: OutputFormat = .text
        /// `--touches`: adds a line per touch end with its release velocity. Off by default.
        public var reportTouches = false
        /// `--views`: adds what each view receives under UIKit's delivery rules
        /// (`touchesBegan(_:with:)` ...). Off by default.
        public var reportViews = false
        /// `--states`: only transitions to these states are printed; nil (the default) prints all.
        public var shownStates: Set<GestureRecognizerState>?
        /// `--show`: only these recognizers' lines are printed; nil (the default) prints all.
        public var shownRecognizers: [String]?
        /// Where names of ``shownRecognizers`` were written, when in a file (as
        /// ``SceneSetup/recognizerFilterLocations``). Empty by default.
        public var shownRecognizerLocations: [String: SourceLocation] = [:]
        /// `--summary`: after the replay, one line per (shown) recognizer: how often it recognized,
        /// failed and was cancelled, and its most common failure reasons (`ReplaySummary`); a device
        /// recording also reports the mapping it used. Off by default.
        public var summary = false
        /// Whether transition lines are formatted, and the output written, on a thread of its own
        /// (docs/performance.md), when the output goes to a file descriptor in blocks (not line by
        /// line: a terminal, `--unbuffered`): ``ReaderThreading/automatic`` (the default) for the
        /// same large files as ``Reading/readerThreading``, `always` for every such replay.
        public var formattingThread: ReaderThreading = .automatic

        public init() {}
    }

    /// How a live input (a pipe, terminal, socket or FIFO; docs/live.md) is followed: `--live`,
    /// `--idle-flush`, and the stall time. Regular files never wait.
    public struct LiveInput: Sendable {
        /// `--live`: timers fire at their deadlines on the wall clock (trace time mapped to the
        /// monotonic clock from the first row) while a live input waits. Off by default (timers
        /// fire in trace time, when a later row or the end arrives).
        public var live = false
        /// `--idle-flush`: seconds without a byte after which a live input's open frame is
        /// completed; 0 turns it off. 0.05 s by default (docs/live.md, "Frames complete on idle":
        /// recorders write a frame's rows together, so a pause that long ends the frame).
        public var idleFlush = 0.05
        /// Seconds after which a live replay says so on standard error when its input sent nothing
        /// while touches are down, and (with ``live``) when its output has not been writable
        /// (docs/live.md, "Bad input from a live source"). 5 s by default; the command line sets it
        /// from `GESTUREREPLAY_STALL_SECONDS`.
        public var stallTime = 5.0

        public init() {}
    }

    /// How the trace is read.
    public var reading = Reading()
    /// The scene it runs in.
    public var scene = SceneSetup()
    /// What the replay prints.
    public var output = Output()
    /// How a live input is followed.
    public var liveInput = LiveInput()

    /// Options with the given groups (each defaults to its own defaults).
    public init(
        reading: Reading = Reading(), scene: SceneSetup = SceneSetup(), output: Output = Output(), liveInput: LiveInput = LiveInput()
    ) {
        self.reading = reading
        self.scene = scene
        self.output = output
        self.liveInput = liveInput
    }
}

extension ReplayOptions {
    /// ``Reading/recording`` with ``Reading/screen`` filled in, reporting the mapping used under
    /// ``Output/summary``.
    public var recordingOptions: RecordingImportOptions {
        var r = reading.recording
        r.screen = reading.screen
        r.reportsMapping = output.summary
        return r
    }
}
