/// Every option once, in the order help, the man page and the completion scripts list them (a
/// command's help lists the options it takes in this order). The groups and the commands declare
/// the options; this list only orders them.
let allOptions: [OptionSpec] = [
    OutputOptions.format, SceneOptions.scene, SceneOptions.recognizers, ReadingOptions.inputFormat, ReadingOptions.timeUnit,
    SceneOptions.sort, ReadingOptions.screen, ReadingOptions.rawSize, ReadingOptions.density, ReadingOptions.rotate,
    ReadingOptions.flipX, ReadingOptions.flipY, ReadingOptions.device, ReadingOptions.desc, ReadingOptions.moveInterval,
    ReadingOptions.element, ReadingOptions.pixelScale, OutputOptions.touches, SceneOptions.velocity, OutputOptions.views,
    ReadingOptions.lenient,
    OutputOptions.states, OutputOptions.show, OutputOptions.summary, SceneOptions.set,
    CheckCommand.expect, CheckingOptions.update, CheckCommand.expectError, TestCommand.junit,
    SuiteRunOptions.shard, SuiteRunOptions.jobs, SuiteRunOptions.exclude,
    CheckingOptions.html, CheckingOptions.htmlAll, CheckingOptions.color,
    WritingOptions.output, WritingOptions.traceFormat, RenderCommand.from, RenderCommand.to, RenderCommand.all,
    LiveOptions.live, LiveOptions.idleFlush, LiveOptions.unbuffered,
    CorpusOptions.formatOption, StatsCommand.merge, SideOptions.aScene, SideOptions.bScene, SideOptions.aSet, SideOptions.bSet,
    CompareCommand.goldens, ShrinkCommand.until, ShrinkCommand.reason, ShrinkCommand.maxReplays,
    StandardOptions.help, ReplayCommand.version,
]

/// The options a trace's `NAME.args` file may hold: how it is read, its scene, what its replay
/// prints, and `--expect-error`. `check` and `test` apply the command line's options of these
/// groups after the file's.
let argsFileOptions: [OptionSpec] = ReadingOptions.all + SceneOptions.all + OutputOptions.all + [CheckCommand.expectError]
