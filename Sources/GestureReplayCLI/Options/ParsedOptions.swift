import TraceReplay
import GestureReplayTools

/// What the options of one command line (and a trace's `NAME.args`) set, by group, before the
/// command checks them against its operands (`Command.init(parsed:operands:uses:)`) and keeps the
/// groups it takes. Each option writes only its own group's part (`--sort`, listed with
/// `SceneOptions` because `convert` does not take it, writes ``reading``: the library reads it there).
struct ParsedOptions {
    /// `ReadingOptions` (and `--sort`): how the trace is read.
    var reading = ReplayOptions.Reading()
    /// `SceneOptions`: the scene and what changes its outcomes.
    var scene = ReplayOptions.SceneSetup()
    /// `OutputOptions`: what the replay prints.
    var output = ReplayOptions.Output()
    /// `LiveOptions` but `--unbuffered`: how a live input is followed.
    var live = ReplayOptions.LiveInput()
    /// `LiveOptions`' `--unbuffered` (replay): the output is written after each input frame (an
    /// output choice, not the library's: the replay is the same).
    var unbuffered = false
    /// `SuiteRunOptions` (`--jobs`, `--shard`, `--exclude`) and `CheckingOptions`'s reports.
    var suite = SuiteOptions()
    /// `CheckingOptions` and check's own options.
    var checking = CheckingValues()
    /// `WritingOptions`: `-o` and `--to`.
    var writing = WritingValues()
    /// `render --from/--to`: the trace times drawn.
    var pictureWindow = PictureWindow()
    /// `render --all`: list every recognizer's outcome.
    var pictureListsEveryOutcome = false
    /// `stats`/`compare`: `--format text|json`, `--merge`, and the two sides (`SideOptions`).
    var corpus = CorpusOptions()
    /// `shrink`'s own options.
    var shrink = ShrinkOptions()
    /// `CheckingOptions`' `--color` (check and test diffs; a display choice, not the library's).
    var color: ColorChoice = .auto
    /// Where each value of a `NAME.args` file's `--set`, `--recognizers` and `--show` is, by option
    /// name (consumed in order); empty on the command line.
    var valueLocations: [String: [SourceLocation]] = [:]

    /// Where the next value of option `long` was written (`NAME.args`), or nil (the command line).
    mutating func nextValueLocation(_ long: String) -> SourceLocation? {
        guard var list = valueLocations[long], !list.isEmpty else { return nil }
        let first = list.removeFirst()
        valueLocations[long] = list
        return first
    }
}

extension ParsedOptions {
    /// The library's replay options: the reading, scene, output and live groups.
    var replay: ReplayOptions { ReplayOptions(reading: reading, scene: scene, output: output, liveInput: live) }
}

/// The values of `WritingOptions`.
struct WritingValues {
    /// `-o FILE` (synth, render, convert, shrink); nil (or `-`): standard output.
    var outputPath: String?
    /// `--to` (synth and convert); nil: from `-o`'s extension, else JSON.
    var traceFormat: TraceFormat.Writable?
}

/// The values of `CheckingOptions` and of check's own options.
struct CheckingValues {
    /// `--expect FILE` (check).
    var expectPath: String?
    /// `--update` (check, test).
    var update = false
    /// `--expect-error` (check, NAME.args).
    var expectsError = false
}
