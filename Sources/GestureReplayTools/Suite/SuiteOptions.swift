import TraceReplay

/// Options of `gesturereplay test`.
public struct SuiteOptions: Sendable {
    /// Folders (searched recursively) and trace files.
    public var paths: [String] = []
    /// Rewrite golden files instead of comparing.
    public var update = false
    /// Also write a JUnit XML report here.
    public var junitPath: String?
    /// Run only slice `index` (1-based) of `count`.
    public var shard: (index: Int, count: Int)?
    /// Globs of traces to skip (`--exclude`).
    public var excludes: [String] = []
    /// How many traces run at once (nil: one per core).
    public var jobs: Int?
    /// Replay options shared by every trace.
    public var replay = ReplayOptions()

    /// `--html FILE`: also write a self-contained HTML report (docs/pictures.md).
    public var htmlPath: String?
    /// `--html-all`: pictures of every trace in it, not only the failed ones.
    public var htmlAll = false
    public init() {}
}
