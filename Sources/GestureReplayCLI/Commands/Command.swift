import TraceReplay

/// One command of the command line, as a type (swift-argument-parser's shape, written by hand):
/// its name, what help says about it, the options it takes (shared groups, declared once in
/// `Options/` and embedded at its stored properties, and its own), how it checks its operands, and
/// how it runs. Parsing fills the command's own values (``parse(uses:operands:)``); `--help`,
/// `help NAME`, the man page and the completion scripts are all made by walking
/// ``commandRegistry``: adding a command is a file of its own plus its line there, adding an option
/// its declaration and its line in its group's or command's list (docs/architecture.md counts the
/// files). (Read a
/// command type's static properties with closures, `map { $0.name }`: a key path through the
/// existential metatype, `map(\.name)`, crashes Swift 6.3.1's SIL generation.)
protocol Command {
    /// The word on the command line (`render`).
    static var name: String { get }
    /// What it does, as the overview's USAGE lists it (lines broken with `\n` at its width).
    static var abstract: String { get }
    /// What it does, as the first line of `help NAME` says it (default: ``abstract``).
    static var headline: String { get }
    /// Its USAGE lines in `help NAME`, after the program's name (`render [options] TRACE [-o FILE]`).
    /// The overview lists the first, shortened to its column (``HelpGenerator/synopsis(of:)``); a
    /// usage error prints them joined by ` | ` (``usageLine``).
    static var usage: [String] { get }
    /// Where more help is (`help render`; `--help` for replay).
    static var moreHelp: String { get }
    /// `help NAME`'s text between USAGE and OPTIONS (replay: the overview's, after USAGE).
    static var discussion: String { get }
    /// The section of the overview (and of the man page) that lists its options; nil: replay, whose
    /// options the overview lists first.
    static var helpSection: HelpSection.Kind? { get }
    /// The heading under which `help NAME` lists the replay options it takes, after its own; nil
    /// lists them first among its options.
    static var replayOptionsHeading: String? { get }
    /// Whether its help lists `-h, --help` (every command takes it).
    static var listsHelpOption: Bool { get }
    /// The options it takes, each writing into its stored properties: groups
    /// (`ReadingOptions.all.embedded(at: \.replay)`, ...) in the order help lists them, then its
    /// own, then `--help` (help, the man page and the completions keep this order).
    static var options: [Option<Self>] { get }
    /// The command with every option at its default, before the arguments are applied.
    init()
    /// Takes the operands and checks the command as a whole (what its options set together, and
    /// with its operands); `uses` are the options as given, in order. A usage error says what is
    /// wrong.
    mutating func validate(operands: [String], uses: [OptionUse]) throws(UsageError)
    /// Whether standard output is written after each input frame (`--live`, `--unbuffered`).
    var flushesEachFrame: Bool { get }
    /// The files it reads and writes, each with its role (``RunFiles``): the command line checks
    /// them (an output that is an input, or two outputs on one file, is a usage error) before
    /// ``run(catalog:output:)`` writes anything. Found as well as can be before running: a file it
    /// cannot read yet (a `NAME.args` that does not parse) is left out, and its own error stops
    /// the run before anything is written. A command that writes no file may list only the files
    /// named on its command line.
    func files(catalog: RecognizerCatalog) -> RunFiles
    /// Runs it; the exit status.
    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32
}

extension Command {
    static var headline: String { abstract }
    static var moreHelp: String { "help \(name)" }
    static var replayOptionsHeading: String? { nil }
    var flushesEachFrame: Bool { false }

    /// The specs of ``options``, in order (help, completions, the scanner).
    static var optionSpecs: [OptionSpec] { options.specs() }

    /// Whether it takes `spec`.
    static func takes(_ spec: OptionSpec) -> Bool { optionSpecs.containsOption(spec) }

    /// The command the scanned arguments make: its defaults, `uses` applied in order, then its
    /// operands taken and the whole checked (``validate(operands:uses:)``).
    static func parse(uses: [OptionUse], operands: [String]) throws(UsageError) -> Self {
        var command = Self()
        try apply(uses, to: &command, options: options)
        try command.validate(operands: operands, uses: uses)
        return command
    }

    /// The one-line usage shown with its usage errors, naming the program as it runs (`Program`).
    static var usageLine: String {
        let program = Program.name
        return "usage: \(program) \(usage.joined(separator: " | "))  (\(program) \(moreHelp) for more)"
    }
}
