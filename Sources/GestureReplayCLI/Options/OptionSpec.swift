/// What one option is, as help, the man page, the completion scripts and the argument scanner see
/// it: its names, its value, its help text and who declares it. What it does to the values is its
/// ``Option`` (declared beside it, in its group or command).
struct OptionSpec: Sendable {
    /// The long name without its dashes (`format`).
    var long: String
    /// The one-letter name (`f` for `-f`), if any.
    var short: Character?
    /// The value's name in help (`FORMAT`); nil for a flag.
    var valueName: String?
    /// The values it accepts, when they are a fixed list (help, completion, error messages).
    var choices: [String] = []
    /// The value is a file: completed as one, and a relative path in `NAME.args` is relative to the
    /// trace's folder.
    var isPath = false
    /// Help text (one line, or a few joined by `\n`).
    var help: String
    /// A list option (`--recognizers`, `--show`, `--states`, `--exclude`, `--set`): its repeats in
    /// one place combine, and a later place's list replaces an earlier one's (``apply(_:to:options:place:)``).
    var isList = false
    /// The group (or command) that declares it: the file of its declaration (`#fileID`), one group
    /// or command per file. With ``long``, its identity.
    let group: String

    init(
        long: String, short: Character? = nil, valueName: String? = nil, choices: [String] = [], isPath: Bool = false,
        help: String, isList: Bool = false, group: String = #fileID
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.isPath = isPath
        self.help = help
        self.isList = isList
        self.group = group
    }

    /// `--format` as shown in messages.
    var longFlag: String { "--" + long }
    var takesValue: Bool { valueName != nil }

    /// The same declaration: the same group, the same name (two options may share a name:
    /// `--format` text|jsonl of `OutputOptions` and text|json of `CorpusOptions`, `--to` of
    /// `WritingOptions` and of `render`); never their help text, which two may share.
    func isSame(as other: OptionSpec) -> Bool {
        long == other.long && group == other.group
    }
}

extension Array where Element == OptionSpec {
    func containsOption(_ spec: OptionSpec) -> Bool { contains { $0.isSame(as: spec) } }
}
