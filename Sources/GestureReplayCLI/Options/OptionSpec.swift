import TraceReplay

/// A usage error: printed with the usage line, exit code 2.
struct UsageError: Error {
    let message: String
    /// Where, when the option came from a `NAME.args` file (`--set`); nil: the command line.
    var location: SourceLocation? = nil
    /// The argument it is about: its index in the arguments scanned, and how many characters into
    /// it (a value attached as `--screen=abc` starts after `--screen=`); a `NAME.args` file's
    /// error is reported there (`t.args:LINE:COLUMN`). Nil: the arguments as a whole.
    var argument: (index: Int, offset: Int)? = nil
}

/// One option: the single description from which parsing, `--help`, `help COMMAND`, the
/// completion scripts and the man page are all made. Declared once, in its group
/// (`ReadingOptions`, `SceneOptions`, ...) or in the one command that takes it; a command takes
/// the options its `options` list names (`Command`).
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
    /// For a list option (`--recognizers`, `--show`, `--states`, `--exclude`): empties the list.
    /// Repeats of a list option in one place combine, and the command line's list replaces the one
    /// from `NAME.args`; an option with one value given twice in one place is a usage error.
    var resetList: (@Sendable (inout ParsedOptions) -> Void)? = nil
    /// Stores the value (or `""` for a flag) in the parsed options (a list option appends).
    var apply: @Sendable (inout ParsedOptions, String) throws(UsageError) -> Void
    /// The group (or command) that declares it: the file of its declaration (`#fileID`), one group
    /// or command per file. With ``long``, its identity.
    let group: String

    init(
        long: String, short: Character? = nil, valueName: String? = nil, choices: [String] = [], isPath: Bool = false,
        help: String, resetList: (@Sendable (inout ParsedOptions) -> Void)? = nil, group: String = #fileID,
        apply: @escaping @Sendable (inout ParsedOptions, String) throws(UsageError) -> Void
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.isPath = isPath
        self.help = help
        self.resetList = resetList
        self.group = group
        self.apply = apply
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

/// An option as found in the arguments, with its value (`""` for a flag).
struct OptionUse: Sendable {
    var spec: OptionSpec
    var value: String
    /// Where it was in the arguments scanned: the option's index, and its value's (index, and
    /// characters into that argument: `--screen=abc` holds its value after 9); nil when made in code.
    var argument: Int? = nil
    var valueArgument: (index: Int, offset: Int)? = nil
}

/// A value checked against a list of choices.
func choice<T>(_ option: String, _ raw: String, _ make: (String) -> T?, _ valid: [String]) throws(UsageError) -> T {
    guard let v = make(raw) else {
        throw UsageError(
            message: "invalid value \(QuotedValue.text(raw)) for --\(option) (expected one of: \(valid.joined(separator: ", ")))")
    }
    return v
}

/// A comma-separated list of recognizer names (`--recognizers`, `--show`); an empty one is an error.
func nameList(_ option: String, _ raw: String) throws(UsageError) -> [String] {
    switch parseNameList(raw, option: "--" + option) {
    case .success(let names): return names
    case .failure(let e): throw UsageError(message: e.message)
    }
}

/// The options and operands of `arguments`, given where `accepted` are the options taken
/// (a command's, or a `NAME.args` file's). `--name value`, `--name=value`, `-x value` and `-xVALUE`
/// are the same; `--` ends the options and `-` is an operand (standard input). With `folder`,
/// relative paths of path options are made relative to it (NAME.args: to the trace's folder).
/// `context` ends the message for an option that exists but is not accepted here (` for 'check'`),
/// which then names the commands that take it.
func scanArguments(
    _ arguments: [String], accepting accepted: [OptionSpec], context forWhat: String = "", relativeTo folder: String? = nil
)
    throws(UsageError) -> (uses: [OptionUse], operands: [String], operandArguments: [Int])
{
    var uses: [OptionUse] = []
    var operands: [String] = []
    var operandArguments: [Int] = []
    var args = arguments.indices[...]
    var optionsEnded = false
    while let index = args.popFirst() {
        let arg = arguments[index]
        if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
            operands.append(arg)
            operandArguments.append(index)
            continue
        }
        if arg == "--" {
            optionsEnded = true
            continue
        }
        var attached: String?
        let spec: OptionSpec?
        let elsewhere: [OptionSpec]
        if arg.hasPrefix("--") {
            var name = arg.dropFirst(2)
            if let eq = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: eq)...])
                name = name[..<eq]
            }
            spec = accepted.first { $0.long == name }
            elsewhere = spec == nil ? CompletionWords.everyOption.filter { $0.long == name } : []
        } else {
            let letter = arg.dropFirst().first!
            spec = accepted.first { $0.short == letter }
            elsewhere = spec == nil ? CompletionWords.everyOption.filter { $0.short == letter } : []
            if arg.count > 2 { attached = String(arg.dropFirst(2)) }
        }
        guard let spec else {
            throw UsageError(
                message: "unknown option \(QuotedValue.text(arg))" + (elsewhere.isEmpty ? "" : forWhat + takenBy(elsewhere)),
                argument: (index, 0))
        }
        var value = ""
        var valueArgument: (index: Int, offset: Int)?
        if spec.takesValue {
            if let attached {
                value = attached
                valueArgument = (index, arg.count - attached.count)
            } else if let next = args.popFirst() {
                value = arguments[next]
                valueArgument = (next, 0)
            } else {
                throw UsageError(message: "option \(spec.longFlag) needs a value", argument: (index, 0))
            }
            if spec.isPath, let folder, !value.hasPrefix("/"), value != "-" { value = folder + value }
        } else if attached != nil {
            throw UsageError(
                message: arg.hasPrefix("--")
                    ? "option \(spec.longFlag) takes no value" : "unknown option \(QuotedValue.text(arg))" + forWhat,
                argument: (index, 0))
        }
        uses.append(OptionUse(spec: spec, value: value, argument: index, valueArgument: valueArgument))
    }
    return (uses, operands, operandArguments)
}

/// ` (an option of test)`, ` (an option of replay, check, test and render)`: the commands that take
/// one of `specs` (an option some command takes, given where it is not taken).
func takenBy(_ specs: [OptionSpec]) -> String {
    let names = commandRegistry.filter { command in specs.contains { command.options.containsOption($0) } }.map { $0.name }
    guard let last = names.last else { return "" }
    return " (an option of " + (names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last) + ")"
}

/// Applies the options of one place (`NAME.args`, or the command line), in order. Applied after
/// `NAME.args`, the command line's values win over the file's, and its lists replace the file's. In
/// one place, a list option's repeats combine, a flag may repeat, and an option with one value given
/// twice is a usage error (never silently last-wins).
func apply(_ uses: [OptionUse], to parsed: inout ParsedOptions, place: String = "") throws(UsageError) {
    var seen: Set<String> = []
    for use in uses {
        let first = seen.insert(use.spec.long).inserted
        if let reset = use.spec.resetList {
            if first { reset(&parsed) }
        } else if use.spec.takesValue && !first {
            throw UsageError(
                message: "option \(use.spec.longFlag) given twice\(place); give it once", argument: use.argument.map { ($0, 0) })
        }
        do throws(UsageError) {
            try use.spec.apply(&parsed, use.value)
        } catch {
            // A value's error is about the value.
            var e = error
            if e.location == nil && e.argument == nil { e.argument = use.valueArgument ?? use.argument.map { ($0, 0) } }
            throw e
        }
    }
}
