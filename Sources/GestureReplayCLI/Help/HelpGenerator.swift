/// `gesturereplay --help` (the overview), `help COMMAND` and the text layout the man page shares,
/// all made from the commands' declarations (``Command``: name, abstract, usage, discussion, help
/// section, options) and the registry's order: no command writes its help by hand.
enum HelpGenerator {
    /// `gesturereplay --help` (replay's), `help check`, `test --help`, ...: the command's help,
    /// then the exit codes.
    static func text(for command: any Command.Type) -> String {
        (command.name == ReplayCommand.name ? overview() : page(command)) + "\nEXIT CODES\n" + exitCodeLines()
    }

    /// `help COMMAND` (any command but replay, whose help is the overview): what it does, its usage,
    /// its discussion, its options, then the replay options it takes under its heading (or first
    /// among its options).
    static func page(_ command: any Command.Type) -> String {
        var text = wrapped("gesturereplay \(command.name) - " + command.headline.replacingNewlines + ".") + "\n\n"
        text += "USAGE\n" + command.usage.map { "  gesturereplay " + $0 + "\n" }.joined() + "\n"
        text += command.discussion + "\n\n"
        let listed = listedOptions(command)
        guard let heading = command.replayOptionsHeading else {
            return text + "OPTIONS\n" + optionLines(listed)
        }
        text += "OPTIONS\n" + optionLines(listed.filter { !isReplayOption($0) })
        text += "\n" + heading + "\n" + optionLines(listed.filter(isReplayOption))
        return text
    }

    /// `gesturereplay --help`: every command and the options of each (the replay options first).
    static func overview() -> String {
        var text = "gesturereplay - " + ProgramHelp.description + ".\n\n"
        text += "USAGE\n"
        for (usage, meaning) in commandSummaries {
            let lines = meaning.split(separator: "\n")
            let pad = max(1, usageColumn + 2 - 2 - usage.count)
            text += "  " + usage + String(repeating: " ", count: pad) + lines[0] + "\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: usageColumn + 2) + line + "\n" }
        }
        text += "\n" + ReplayCommand.discussion + "\n\n"
        text += "OPTIONS\n" + optionLines(listedOptions(ReplayCommand.self))
        text += "  " + ProgramHelp.valuesNote + "\n\n"
        for (i, section) in HelpSection.all.enumerated() {
            text += (i == 0 ? "" : "\n") + section.heading + "\n"
            if let paragraph = section.paragraph { text += indented(paragraph) + "\n" }
            text += optionLines(sectionOptions(i), mark: { commandMark($0, in: section) })
        }
        text += "\nEXAMPLES\n" + indented(ProgramHelp.examples) + "\n"
        return text
    }

    // MARK: What is listed

    /// The width of the overview's usage column: a usage wider than this is shortened (``synopsis(of:)``).
    static let usageColumn = 43

    /// The commands, as the overview's USAGE (and the man page's SYNOPSIS) lists them: each
    /// registered command, then help, completion and man.
    static var commandSummaries: [(usage: String, meaning: String)] {
        commandRegistry.map { (synopsis(of: $0), $0.abstract) } + [
            (
                "gesturereplay help [COMMAND]",
                wrapped("this help, or one command's (" + commandRegistry.map { $0.name }.joined(separator: ", ") + ")", width: 55)
            ),
            ("gesturereplay completion bash|zsh|fish", "a shell completion script (make install installs them)"),
            ("gesturereplay man", "the manual page, roff (make install installs it)"),
        ]
    }

    /// How the overview lists `command`: its first usage line, with optional parts other than
    /// `[options]` left out from the end while it is wider than ``usageColumn``
    /// (`gesturereplay render [options] TRACE [-o FILE]` -> `gesturereplay render [options] TRACE`).
    static func synopsis(of command: any Command.Type) -> String {
        var words = ("gesturereplay " + command.usage[0]).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        while words.joined(separator: " ").count > usageColumn - 1 {
            // The last bracketed group (its words from `[` to `]`), unless it is `[options]`.
            guard let end = words.lastIndex(where: { $0.hasSuffix("]") && $0 != "[options]" }),
                let start = words[...end].lastIndex(where: { $0.hasPrefix("[") })
            else { break }
            words.removeSubrange(start...end)
        }
        return words.joined(separator: " ")
    }

    /// The options `command` takes (`--help` too), in help's order: its declaration order (its
    /// groups in the order it lists them, then its own, then `--help`).
    static func optionsTaken(by command: any Command.Type) -> [OptionSpec] { command.optionSpecs }

    /// The options `command` takes, in its help's order, without `--help` unless its help lists it.
    static func listedOptions(_ command: any Command.Type) -> [OptionSpec] {
        optionsTaken(by: command).filter { $0.long != "help" || command.listsHelpOption }
    }

    /// Whether `spec` is a replay option (read by the replay of every trace, and from `NAME.args`):
    /// help lists them under the command's replay options heading.
    static func isReplayOption(_ spec: OptionSpec) -> Bool {
        (ReadingOptions.all + SceneOptions.all + OutputOptions.all).specs().containsOption(spec)
    }

    /// The options section `index` of ``HelpSection/all`` lists: those its commands take that `replay`
    /// does not, nor any command of an earlier section; in declaration order, command by command
    /// (the section's first command's, then the options only the next one takes, ...).
    static func sectionOptions(_ index: Int) -> [OptionSpec] {
        let sections = HelpSection.all
        let earlier = sections[..<index].flatMap { $0.commands }
        return distinctOptions(sections[index].commands).filter { spec in
            !ReplayCommand.takes(spec) && !earlier.contains { $0.takes(spec) }
        }
    }

    /// The options `commands` take, each once, in declaration order, command by command.
    static func distinctOptions(_ commands: [any Command.Type]) -> [OptionSpec] {
        var specs: [OptionSpec] = []
        for command in commands {
            for spec in command.optionSpecs where !specs.containsOption(spec) { specs.append(spec) }
        }
        return specs
    }

    /// The commands an option applies to, as a section with several commands marks it: `(check) `,
    /// `(synth, render, convert, shrink) `; nothing in check and test's section for an option both
    /// take (``HelpSection/marksSharedOptions``).
    static func commandMark(_ spec: OptionSpec, in section: HelpSection) -> String {
        if section.commands.count < 2 || (!section.marksSharedOptions && section.commands.allSatisfy({ $0.takes(spec) })) { return "" }
        return "(" + commandRegistry.filter { $0.takes(spec) }.map { $0.name }.joined(separator: ", ") + ") "
    }

    // MARK: Layout

    /// `-f, --format text|jsonl` as help shows it.
    static func optionLabel(_ spec: OptionSpec) -> String {
        var label = spec.short.map { "-\($0), " } ?? "    "
        label += spec.longFlag
        // A long list of choices (--input-format) shows the value's name; its help lists them.
        if let v = spec.valueName {
            let shown = spec.choices.joined(separator: "|")
            label += " " + (spec.choices.isEmpty || shown.count > 60 ? v : shown)
        }
        return label
    }

    /// Options as help lists them: label, then the help text from column 33 (on the next line when
    /// the label is longer).
    static func optionLines(_ specs: [OptionSpec], mark: (OptionSpec) -> String = { _ in "" }) -> String {
        var text = ""
        for spec in specs {
            let label = "  " + optionLabel(spec)
            let helpLines = (mark(spec) + spec.help).split(separator: "\n", omittingEmptySubsequences: false)
            let indent = String(repeating: " ", count: 33)
            if label.count < 32 {
                text += label + String(repeating: " ", count: 33 - label.count) + helpLines[0] + "\n"
            } else {
                text += label + "\n" + indent + helpLines[0] + "\n"
            }
            for line in helpLines.dropFirst() { text += indent + line + "\n" }
        }
        return text
    }

    static func exitCodeLines() -> String {
        var text = ""
        for (code, meaning) in ProgramHelp.exitCodes {
            let lines = meaning.split(separator: "\n")
            text += "  " + code + String(repeating: " ", count: 4 - code.count) + lines[0] + "\n"
            for line in lines.dropFirst() { text += "      " + line + "\n" }
        }
        return text
    }
}

/// `text`'s lines indented by `n` spaces (empty lines stay empty).
func indented(_ text: String, by n: Int = 2) -> String {
    let pad = String(repeating: " ", count: n)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}

/// `text` (one paragraph) broken between words into lines of at most `width` columns.
func wrapped(_ text: String, width: Int = 100) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}

extension String {
    /// The lines joined by spaces.
    var replacingNewlines: String { split(separator: "\n").joined(separator: " ") }
}
