import TraceKit
import GestureReplayTools

/// What the options of one command line (and a trace's `NAME.args`) set, by group, before the
/// command checks them against its operands (`Command.init(parsed:operands:uses:)`). Each option
/// writes only its own group's part.
struct ParsedOptions {
    /// `ReadingOptions`, `SceneOptions`, `OutputOptions` and `LiveOptions`: the library's replay
    /// options.
    var replay = ReplayOptions(inputPath: "")
    /// `SuiteRunOptions` (`--jobs`, `--shard`, `--exclude`) and `CheckingOptions`'s reports.
    var suite = SuiteOptions()
    /// `CheckingOptions` and check's own options.
    var checking = CheckingValues()
    /// `WritingOptions`: `-o` (synth, render, convert, shrink).
    var outputPath: String?
    /// `WritingOptions`: `--to` (synth and convert).
    var traceFormat: TraceFormat.Writable?
    /// `render --from/--to`: the trace times drawn.
    var pictureWindow = PictureWindow()
    /// `stats`/`compare`: `--format text|json`, `--merge`, and the two sides (`SideOptions`).
    var corpus = CorpusOptions()
    /// `shrink`'s own options.
    var shrink = ShrinkOptions()
    /// `--color` (check and test diffs; a display choice, not the library's).
    var color: ColorChoice = .auto
    /// `--unbuffered` (replay): the output is written after each input frame (an output choice, not
    /// the library's: the replay is the same).
    var unbuffered = false
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

/// The values of `CheckingOptions` and of check's own options.
struct CheckingValues {
    /// `--expect FILE` (check).
    var expectPath: String?
    /// `--update` (check, test).
    var update = false
    /// `--expect-error` (check, NAME.args).
    var expectsError = false
}
