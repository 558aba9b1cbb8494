import GestureEngine

// The flat options of the previous release, forwarding to the groups (``ReplayOptions/reading``,
// ``ReplayOptions/scene``, ``ReplayOptions/output``, ``ReplayOptions/liveInput``); the trace is now
// an argument of the entry points. Kept for one release.
extension ReplayOptions {
    /// Formerly the trace's path (`-` reads standard input), read only by the entry points that took
    /// the trace inside the options, which are deprecated too.
    @available(*, deprecated, message: "pass the trace to the entry point: Replayer.run(.path(path), options:output:)")
    public init(inputPath: String) {
        self.init()
        legacyInputPath = inputPath
    }

    @available(*, deprecated, message: "pass the trace to the entry point: Replayer.run(.path(path), options:output:)")
    public var inputPath: String {
        get { legacyInputPath }
        set { legacyInputPath = newValue }
    }

    @available(*, deprecated, message: "use reading.inputFormat")
    public var inputFormat: TraceFormat? {
        get { reading.inputFormat }
        set { reading.inputFormat = newValue }
    }

    @available(*, deprecated, message: "use reading.timeUnit")
    public var timeUnit: TimeUnit {
        get { reading.timeUnit }
        set { reading.timeUnit = newValue }
    }

    @available(*, deprecated, message: "use reading.detectsTimeUnit")
    public var detectsTimeUnit: Bool {
        get { reading.detectsTimeUnit }
        set { reading.detectsTimeUnit = newValue }
    }

    @available(*, deprecated, message: "use reading.sortsByTime")
    public var sortsByTime: Bool {
        get { reading.sortsByTime }
        set { reading.sortsByTime = newValue }
    }

    @available(*, deprecated, message: "use reading.lenient")
    public var lenient: Bool {
        get { reading.lenient }
        set { reading.lenient = newValue }
    }

    @available(*, deprecated, message: "use reading.screen")
    public var screen: Size? {
        get { reading.screen }
        set { reading.screen = newValue }
    }

    @available(*, deprecated, message: "use reading.recording")
    public var recording: RecordingImportOptions {
        get { reading.recording }
        set { reading.recording = newValue }
    }

    @available(*, deprecated, message: "use reading.readerThreading")
    public var readerThreading: ReaderThreading {
        get { reading.readerThreading }
        set { reading.readerThreading = newValue }
    }

    @available(*, deprecated, message: "use scene.path")
    public var scenePath: String? {
        get { scene.path }
        set { scene.path = newValue }
    }

    @available(*, deprecated, message: "use scene.recognizerFilter")
    public var recognizerFilter: [String]? {
        get { scene.recognizerFilter }
        set { scene.recognizerFilter = newValue }
    }

    @available(*, deprecated, message: "use scene.recognizerFilterLocations")
    public var recognizerFilterLocations: [String: SourceLocation] {
        get { scene.recognizerFilterLocations }
        set { scene.recognizerFilterLocations = newValue }
    }

    @available(*, deprecated, message: "use scene.overrides")
    public var sceneOverrides: [SceneOverride] {
        get { scene.overrides }
        set { scene.overrides = newValue }
    }

    @available(*, deprecated, message: "use scene.velocityEstimator")
    public var velocityEstimator: VelocityEstimatorKind {
        get { scene.velocityEstimator }
        set { scene.velocityEstimator = newValue }
    }

    @available(*, deprecated, message: "use scene.catalog")
    public var catalog: RecognizerCatalog {
        get { scene.catalog }
        set { scene.catalog = newValue }
    }

    @available(*, deprecated, message: "use output.format")
    public var outputFormat: OutputFormat {
        get { output.format }
        set { output.format = newValue }
    }

    @available(*, deprecated, message: "use output.reportTouches")
    public var reportTouches: Bool {
        get { output.reportTouches }
        set { output.reportTouches = newValue }
    }

    @available(*, deprecated, message: "use output.reportViews")
    public var reportViews: Bool {
        get { output.reportViews }
        set { output.reportViews = newValue }
    }

    @available(*, deprecated, message: "use output.shownStates")
    public var shownStates: Set<GestureRecognizerState>? {
        get { output.shownStates }
        set { output.shownStates = newValue }
    }

    @available(*, deprecated, message: "use output.shownRecognizers")
    public var shownRecognizers: [String]? {
        get { output.shownRecognizers }
        set { output.shownRecognizers = newValue }
    }

    @available(*, deprecated, message: "use output.shownRecognizerLocations")
    public var shownRecognizerLocations: [String: SourceLocation] {
        get { output.shownRecognizerLocations }
        set { output.shownRecognizerLocations = newValue }
    }

    @available(*, deprecated, message: "use output.summary")
    public var summary: Bool {
        get { output.summary }
        set { output.summary = newValue }
    }

    @available(*, deprecated, message: "use liveInput.live")
    public var live: Bool {
        get { liveInput.live }
        set { liveInput.live = newValue }
    }

    @available(*, deprecated, message: "use liveInput.idleFlush")
    public var idleFlush: Double {
        get { liveInput.idleFlush }
        set { liveInput.idleFlush = newValue }
    }

    @available(*, deprecated, message: "use liveInput.stallTime")
    public var stallTime: Double {
        get { liveInput.stallTime }
        set { liveInput.stallTime = newValue }
    }
}
