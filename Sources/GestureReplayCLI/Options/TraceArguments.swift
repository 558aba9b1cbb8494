import TraceReplay

/// What a trace's `NAME.args` file may set: how the trace is read, its scene and what its replay
/// prints (the reading, scene and output groups), and `--expect-error`. `check`, `test`, `stats`,
/// `compare` and `shrink` read it for each trace, then apply their command line's options of these
/// groups over it (``merged(commandLine:)``).
struct TraceArguments {
    /// The reading, scene and output groups.
    var replay = ReplayOptions()
    /// `--expect-error`: the trace is meant to stop at an error.
    var expectsError = false

    /// The options a `NAME.args` file may hold.
    static let options: [Option<TraceArguments>] =
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).embedded(at: \.replay)
        + [CheckCommand.expectError.embedded(at: \.expectsError)]

    /// The uses of `uses` (a command line) that a `NAME.args` file may hold too, in order: what a
    /// command keeps to apply over each trace's file.
    static func uses(in uses: [OptionUse]) -> [OptionUse] {
        uses.filter { use in options.contains { $0.spec.isSame(as: use.spec) } }
    }

    /// These values with `commandLine` (uses of ``options``) applied over them: the command line
    /// wins where both give a value, its lists replace the file's, and its `--set`s follow the
    /// file's (``apply(_:to:options:place:)``).
    func merged(commandLine: [OptionUse]) throws(UsageError) -> TraceArguments {
        var merged = self
        try apply(commandLine, to: &merged, options: Self.options)
        return merged
    }
}
