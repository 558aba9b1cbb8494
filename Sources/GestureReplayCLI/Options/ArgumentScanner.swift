import TraceReplay

/// An option as found in the arguments, with its value (`""` for a flag).
struct OptionUse: Sendable {
    var spec: OptionSpec
    var value: String
    /// Where it was in the arguments scanned: the option's index, and its value's (index, and
    /// characters into that argument: `--screen=abc` holds its value after 9); nil when made in code.
    var argument: Int? = nil
    var valueArgument: (index: Int, offset: Int)? = nil
    /// Where its value was written in a `NAME.args` file; nil on the command line. Errors found
    /// later about the value (a `--set` naming no property of the scene) point there.
    var valueLocation: SourceLocation? = nil
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
    let names = commandRegistry.filter { command in specs.contains { command.takes($0) } }.map { $0.name }
    guard let last = names.last else { return "" }
    return " (an option of " + (names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last) + ")"
}
