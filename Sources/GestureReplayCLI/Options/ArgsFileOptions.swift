import TraceReplay

/// The options a trace's `NAME.args` file may hold: how it is read, its scene, what its replay
/// prints, and `--expect-error`. `check` and `test` apply the command line's options of these
/// groups after the file's.
let argsFileOptions: [OptionSpec] = ReadingOptions.all + SceneOptions.all + OutputOptions.all + [CheckCommand.expectError]
