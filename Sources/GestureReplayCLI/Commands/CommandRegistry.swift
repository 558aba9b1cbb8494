/// Every command that takes options, in the order help, the man page and the completion scripts
/// list them. A new command is its file under `Commands/` plus its line here.
var commandRegistry: [any Command.Type] {
    [
        ReplayCommand.self,
        CheckCommand.self,
        TestCommand.self,
        SynthCommand.self,
        RenderCommand.self,
        ConvertCommand.self,
        StatsCommand.self,
        CompareCommand.self,
        ShrinkCommand.self,
    ]
}
