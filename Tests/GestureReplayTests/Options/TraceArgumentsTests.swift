import Testing
import TraceReplay

@testable import GestureReplayCLI

/// The rule of places (`apply(_:to:options:place:)`) as `TraceArguments.merged(commandLine:)` uses
/// it for a trace's `NAME.args` under `check`, `test`, `stats`, `compare` and `shrink`, and a group's
/// options embedded at a command's stored property (`Option.embedded(at:)`).
@Suite("NAME.args values and the command line over them")
struct TraceArgumentsTests {
    /// `words` scanned as TraceArguments' options (a NAME.args file's or a command line's).
    static func uses(_ words: [String]) throws(UsageError) -> [OptionUse] {
        try scanArguments(words, accepting: TraceArguments.options.specs()).uses
    }

    /// The values of a NAME.args holding `file`, with `commandLine` applied over them.
    static func merged(file: [String], commandLine: [String]) throws(UsageError) -> TraceArguments {
        var values = TraceArguments()
        try apply(try uses(file), to: &values, options: TraceArguments.options, place: " in the .args file")
        return try values.merged(commandLine: try uses(commandLine))
    }

    @Test("a value given in both places is the command line's; one given in one place is kept")
    func commandLineWins() throws {
        let m = try Self.merged(file: ["--screen", "100x200", "--format", "jsonl"], commandLine: ["--screen", "300x400"])
        #expect(m.replay.reading.screen == Size(width: 300, height: 400))
        #expect(m.replay.output.format == .jsonl)
        let kept = try Self.merged(file: ["--velocity", "lsq2", "--expect-error"], commandLine: ["--touches"])
        #expect(kept.replay.scene.velocityEstimator == .lsq2)
        #expect(kept.expectsError)
        #expect(kept.replay.output.reportTouches)
    }

    @Test("a list given in both places is the command line's; repeats in one place combine")
    func listsReplace() throws {
        let m = try Self.merged(
            file: ["--show", "a", "--show", "b", "--states", "began"], commandLine: ["--show", "c", "--show", "d"])
        #expect(m.replay.output.shownRecognizers == ["c", "d"])
        #expect(m.replay.output.shownStates == [.began])
    }

    @Test("--set accumulates: the file's first, then the command line's, in order")
    func setsFollow() throws {
        let m = try Self.merged(
            file: ["--set", "a.numberOfTapsRequired=2"],
            commandLine: ["--set", "b.numberOfTapsRequired=3", "--set", "c.minimumPressDuration=1"])
        #expect(
            m.replay.scene.overrides.map { "\($0.target).\($0.property)=\($0.value)" } == [
                "a.numberOfTapsRequired=2", "b.numberOfTapsRequired=3", "c.minimumPressDuration=1",
            ])
    }

    @Test("an option with one value given twice in one place is a usage error naming the place")
    func twiceInOnePlace() {
        #expect {
            _ = try Self.merged(file: ["--screen", "100x200", "--screen", "300x400"], commandLine: [])
        } throws: { error in
            (error as? UsageError)?.message == "option --screen given twice in the .args file; give it once"
        }
    }

    @Test("an option of another command is not applied over NAME.args values")
    func otherOptionsAreSkipped() throws {
        let given = try scanArguments(["--update", "--touches"], accepting: CheckCommand.optionSpecs).uses
        let kept = TraceArguments.uses(in: given)
        #expect(kept.map(\.spec.long) == ["touches"])
        #expect(try TraceArguments().merged(commandLine: given).replay.output.reportTouches)
    }

    @Test("a group's option embedded at a command's property writes there, and only there")
    func embeddedWritesThroughTheKeyPath() throws {
        var command = RenderCommand()
        let embedded = ReadingOptions.screen.embedded(at: \RenderCommand.replay)
        try embedded.write(&command, "10x20", nil)
        #expect(command.replay.reading.screen == Size(width: 10, height: 20))
        #expect(command.writing.outputPath == nil)
        let parsed = try RenderCommand.parse(
            uses: try scanArguments(["--screen", "10x20", "-o", "p.svg"], accepting: RenderCommand.optionSpecs).uses, operands: ["t.json"])
        #expect(parsed.replay.reading.screen == command.replay.reading.screen)
        #expect(parsed.writing.outputPath == "p.svg")
        #expect(parsed.tracePath == "t.json")
    }
}
