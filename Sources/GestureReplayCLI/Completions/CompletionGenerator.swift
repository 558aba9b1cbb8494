/// The shells `gesturereplay completion` writes scripts for, and what the three generators share:
/// the words that start a command line and the options each command takes, all from
/// ``commandRegistry`` (one generator per shell: ``BashCompletionGenerator``,
/// ``ZshCompletionGenerator``, ``FishCompletionGenerator``).
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// `gesturereplay completion SHELL`.
    var completionScript: String {
        switch self {
        case .bash: BashCompletionGenerator.script()
        case .zsh: ZshCompletionGenerator.script()
        case .fish: FishCompletionGenerator.script()
        }
    }
}

enum CompletionWords {
    /// The words a command line may start with: the commands, then help, completion and man.
    static var commands: [String] { commandRegistry.map { $0.name } + ["help", "completion", "man"] }

    /// The commands that take options, as the scripts list them (`replay check test ...`).
    static var subcommands: String { commandRegistry.map { $0.name }.joined(separator: " ") }

    /// The options `command` accepts (`--help` too), in help's order.
    static func options(of command: any Command.Type) -> [OptionSpec] { HelpGenerator.optionsTaken(by: command) }

    /// Every option of every registered command once, in help's order.
    static var everyOption: [OptionSpec] { HelpGenerator.distinctOptions(commandRegistry) }
}
