import TraceReplay

/// What the user asked for on the command line: a command to run, or text about the command line.
enum Invocation {
    /// A command of ``commandRegistry``, checked.
    case run(any Command)
    /// `--help`, `COMMAND --help`, `help [COMMAND]`.
    case help(any Command.Type)
    case version
    /// `completion bash|zsh|fish`.
    case completion(Shell)
    /// `man`: the manual page (roff).
    case manPage
}

/// The command of ``commandRegistry`` named `name` (`check`), if any.
func registeredCommand(named name: String) -> (any Command.Type)? {
    commandRegistry.first { $0.name == name }
}

/// The command `arguments` (without the program name) run: the one its first word names, or
/// `replay` (for the usage line of a usage error).
func commandType(of arguments: [String]) -> any Command.Type {
    arguments.first.flatMap(registeredCommand(named:)) ?? ReplayCommand.self
}

/// Parses `arguments` (without the program name).
func parseCommandLine(_ arguments: [String]) throws(UsageError) -> Invocation {
    var args = arguments
    var command: any Command.Type = ReplayCommand.self
    if let first = args.first {
        switch first {
        case "help":
            guard args.count <= 2 else { throw UsageError(message: "help takes at most one command name") }
            guard args.count == 2 else { return .help(ReplayCommand.self) }
            // help, completion and man take no options: the general help describes them.
            if ["help", "completion", "man"].contains(args[1]) { return .help(ReplayCommand.self) }
            guard let c = registeredCommand(named: args[1]) else {
                throw UsageError(message: "no command '\(args[1])'; commands: \(commandRegistry.map { $0.name }.joined(separator: ", "))")
            }
            return .help(c)
        case "completion":
            guard args.count == 2, let shell = Shell(rawValue: args[1]) else {
                throw UsageError(message: "completion needs a shell: \(Shell.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .completion(shell)
        case "man":
            guard args.count == 1 else { throw UsageError(message: "man takes no arguments") }
            return .manPage
        default:
            if let c = registeredCommand(named: first) {
                command = c
                args.removeFirst()
            }
        }
    }
    // --help wins over everything else before `--`.
    for arg in args.prefix(while: { $0 != "--" }) where arg == "--help" || arg == "-h" {
        return .help(command)
    }
    let (uses, operands, _) = try scanArguments(
        args, accepting: command.optionSpecs, context: command.name == ReplayCommand.name ? "" : " for '\(command.name)'")
    if uses.contains(where: { $0.spec.isSame(as: ReplayCommand.version) }) { return .version }
    return .run(try command.parse(uses: uses, operands: operands))
}
