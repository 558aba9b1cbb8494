/// Help, shell completion and the man page, all made by walking `commandRegistry` and `allOptions`.
import TraceKit

/// `gesturereplay --version`.
let versionText = "gesturereplay 0.1.0"

/// The exit codes, as help and the man page list them.
let exitCodes: [(code: String, meaning: String)] = [
    ("0", "success"),
    (
        "1",
        "expectations not met (check/test: a golden file differs or is missing, or an\nexpectation does not hold, or no trace was found; stats: no trace was found;\ncompare: an outcome changed, or no trace was found)"
    ),
    ("2", "usage error"),
    (
        "65",
        "invalid trace or scene, or a malformed expectation (the error names file:line:column);\nstats, compare: a trace of the corpus is invalid (listed; the others are still counted;\n66 when the first broken one cannot be opened), or a stats file cannot be merged"
    ),
    ("66", "cannot open an input file"),
    (
        "74",
        "an I/O error: an input could not be read after it was opened, or an output (standard\noutput, a golden file, the JUnit report) could not be written (`> /dev/full`)"
    ),
    (
        "141",
        "standard output is a pipe that was closed (`| head`): the rest is dropped quietly, as\nif killed by SIGPIPE (which shells also show as 141)"
    ),
    (
        "130",
        "a replay of standard input or a pipe stopped by SIGINT (Ctrl-C), after the touches\nstill down were reported as the end-of-trace cancellation (docs/live.md)"
    ),
    ("143", "the same, stopped by SIGTERM"),
]

/// The commands, as USAGE lists them: each command of the registry, then help, completion and man.
var commandSummaries: [(usage: String, meaning: String)] {
    commandRegistry.map { ($0.synopsis, $0.abstract) } + [
        (
            "gesturereplay help [COMMAND]",
            wrapped("this help, or one command's (" + commandRegistry.map { $0.name }.joined(separator: ", ") + ")", width: 55)
        ),
        ("gesturereplay completion bash|zsh|fish", "a shell completion script (make install installs them)"),
        ("gesturereplay man", "the manual page, roff (make install installs it)"),
    ]
}

let traceParagraph = """
    TRACE is a .json, .jsonl/.ndjson or .csv file, a device recording (getevent, evemu, libinput
    record, evtest, MotionEvent dump: docs/trace-format.md), a UI-test gesture (W3C WebDriver
    actions, Appium, WebKit sendEventStream: docs/ui-tests.md), or - for standard input (format
    sniffed). Several traces replay in turn with the same options, each introduced by a line
    "==> TRACE <==" (text; a blank line between) or {"event":"trace","path":"TRACE"} (jsonl); a
    trace that stops at an error does not stop the others, and the exit status is the first
    failing trace's.
    """

let checkAndTestParagraph = """
    A trace passes when its golden file (TRACE with extension .expected) matches, if it has one,
    and every expectation in its "expect" (in the trace or its scene) holds; a trace with neither
    fails. Both read NAME.args beside the trace (options only, quoted like a shell: 'a b', "a b",
    a\\ b; # comments), then apply the replay options of the command line, which win where both give
    a value. Relative paths in NAME.args are relative to the trace's folder. A trace that stops at an
    error fails unless it is declared with --expect-error. See docs/ci.md.
    """

let examples = """
    gesturereplay Traces/double-tap.json
    gesturereplay --format=jsonl --touches --velocity lsq2 recording.csv | jq .
    cat trace.jsonl | gesturereplay - --scene scene.json
    gesturereplay check --update Traces/pinch.json
    gesturereplay test Traces/ --junit report.xml --exclude 'errors/*'
    gesturereplay test --shard 2/4 Traces/
    gesturereplay stats Traces/ --set tap.allowableMovement=20
    gesturereplay stats --format json --shard 2/4 Traces/ > stats-2.json
    gesturereplay stats --merge stats-1.json stats-2.json stats-3.json stats-4.json
    gesturereplay compare Traces/ --goldens --a-scene new.scene.json
    gesturereplay shrink --until 'doubleTap ended' long-recording.csv -o small.csv
    """

/// `-f, --format text|jsonl` as help shows it.
func optionLabel(_ spec: OptionSpec) -> String {
    var label = spec.short.map { "-\($0), " } ?? "    "
    label += spec.longFlag
    // A long list of choices (--input-format) shows the value's name; its help lists them.
    if let v = spec.valueName {
        let shown = spec.choices.joined(separator: "|")
        label += " " + (spec.choices.isEmpty || shown.count > 60 ? v : shown)
    }
    return label
}

/// Options as help lists them: label, then the help text from column 33 (on the next line when the
/// label is longer).
func optionLines(_ specs: [OptionSpec], mark: (OptionSpec) -> String = { _ in "" }) -> String {
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

func indented(_ text: String, by n: Int = 2) -> String {
    let pad = String(repeating: " ", count: n)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}

func exitCodeLines() -> String {
    var text = ""
    for (code, meaning) in exitCodes {
        let lines = meaning.split(separator: "\n")
        text += "  " + code + String(repeating: " ", count: 4 - code.count) + lines[0] + "\n"
        for line in lines.dropFirst() { text += "      " + line + "\n" }
    }
    return text
}

/// The names of the commands that take `spec`.
func commandNames(taking spec: OptionSpec) -> Set<String> {
    Set(commandRegistry.filter { $0.takes(spec) }.map { $0.name })
}

/// The replay options (those every replaying command and NAME.args take).
var replayOptions: [OptionSpec] { allOptions.filter { argsFileOptions.containsOption($0) && ReplayCommand.takes($0) } }

/// One section of `gesturereplay --help` and of the man page after the replay options: some
/// commands, and the options they take that `replay` does not (nor a command of an earlier
/// section), under a heading made of the commands' names (`SYNTH, RENDER AND CONVERT (gesturereplay
/// help synth, help render, help convert)`).
struct HelpSection {
    /// The commands, in the heading's order.
    var commands: [any Command.Type]
    /// The heading points to each command's help in full (`gesturereplay help check, gesturereplay
    /// help test`) instead of `gesturereplay help A, help B`.
    var spellsEachPointer = false
    /// Help's paragraph after the heading, before the options.
    var paragraph: String? = nil
    /// The man page's paragraphs after the options.
    var manParagraphs: [String] = []

    /// `SYNTH, RENDER AND CONVERT`.
    var title: String {
        let names = commands.map { $0.name.uppercased() }
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " AND " + last
    }

    /// The title, then where each command's own help is.
    var heading: String {
        let pointers = commands.enumerated().map { i, command in
            (i == 0 || spellsEachPointer ? "gesturereplay help " : "help ") + command.name
        }
        return title + " (" + pointers.joined(separator: ", ") + ")"
    }

    /// With several commands, each option is marked with the commands that take it (``commandMark``).
    func mark(_ spec: OptionSpec) -> String { commands.count > 1 ? commandMark(spec) : "" }
}

/// The sections after the replay options, in order.
var helpSections: [HelpSection] {
    [
        HelpSection(
            commands: [CheckCommand.self, TestCommand.self], spellsEachPointer: true, paragraph: checkAndTestParagraph,
            manParagraphs: [checkAndTestParagraph]),
        HelpSection(commands: [SynthCommand.self, RenderCommand.self, ConvertCommand.self]),
        HelpSection(commands: [StatsCommand.self, CompareCommand.self], manParagraphs: [statsParagraph, compareParagraph]),
        HelpSection(commands: [ShrinkCommand.self], manParagraphs: [shrinkParagraph]),
    ]
}

/// The options section `index` of ``helpSections`` lists: those its commands take that `replay`
/// does not, nor any command of an earlier section.
func sectionOptions(_ index: Int) -> [OptionSpec] {
    let sections = helpSections
    let earlier = sections[..<index].flatMap { $0.commands }
    return allOptions.filter { spec in
        !ReplayCommand.takes(spec) && sections[index].commands.contains { $0.takes(spec) } && !earlier.contains { $0.takes(spec) }
    }
}

/// The commands an option applies to, as help marks it in those sections: `(check) `,
/// `(synth, render, convert) `; nothing for an option of both check and test.
func commandMark(_ spec: OptionSpec) -> String {
    if CheckCommand.takes(spec) && TestCommand.takes(spec) { return "" }
    return "(" + commandRegistry.filter { $0.takes(spec) }.map { $0.name }.joined(separator: ", ") + ") "
}

/// The options only some commands take, as `help` lists them for `command`.
func ownOptions(_ command: any Command.Type) -> [OptionSpec] {
    allOptions.filter { command.takes($0) && !replayOptions.map(\.long).contains($0.long) }
}

/// `gesturereplay --help` (replay's), `gesturereplay help check`, `test --help`, ...: the command's
/// help, then the exit codes.
func helpText(_ command: any Command.Type) -> String {
    command.help + "\nEXIT CODES\n" + exitCodeLines()
}

extension String {
    var replacingNewlines: String { split(separator: "\n").joined(separator: " ") }
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

// MARK: Shell completion

/// The options `command` accepts, in help's order.
func optionsTaken(by command: any Command.Type) -> [OptionSpec] {
    allOptions.filter { command.takes($0) }
}

var commandWords: [String] { commandRegistry.map { $0.name } + ["help", "completion", "man"] }

/// `gesturereplay completion SHELL`.
func completionScript(_ shell: Shell) -> String {
    switch shell {
    case .bash: bashCompletion()
    case .zsh: zshCompletion()
    case .fish: fishCompletion()
    }
}

/// The commands that take options, as the completion scripts list them (`replay check test ...`).
var subcommandWords: String { commandRegistry.map { $0.name }.joined(separator: " ") }

func bashCompletion() -> String {
    var s = """
        # bash completion for gesturereplay (generated by `gesturereplay completion bash`)
        _gesturereplay() {
            local cur prev cmd opts i
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            cmd=replay
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(commandRegistry.map { $0.name }.joined(separator: "|"))) cmd="${COMP_WORDS[i]}"; break ;;
                    help|completion|man) cmd="${COMP_WORDS[i]}"; break ;;
                    -*) ;;
                    *) break ;;
                esac
            done
            case "$cmd" in
                help) COMPREPLY=($(compgen -W "\(subcommandWords)" -- "$cur")); return ;;
                completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
                man) return ;;
            esac
            case "$prev" in

        """
    var seen: Set<String> = []
    for spec in allOptions where spec.takesValue && seen.insert(spec.long).inserted {
        let names = ([spec.longFlag] + (spec.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
        // One case per name: a name with a row per command (--format) offers every row's choices.
        var choices: [String] = []
        for row in allOptions where row.long == spec.long { choices += row.choices.filter { !choices.contains($0) } }
        if !choices.isEmpty {
            s += "        \(names)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        } else if spec.isPath {
            s += "        \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
        } else {
            s += "        \(names)) return ;;\n"
        }
    }
    s += """
            esac
            if [[ "$cur" == -* ]]; then
                case "$cmd" in

        """
    for command in commandRegistry {
        let words = optionsTaken(by: command).flatMap { spec in [spec.longFlag] + (spec.short.map { ["-\($0)"] } ?? []) }
        s += "            \(command.name)) opts=\"\(words.joined(separator: " "))\" ;;\n"
    }
    s += """
                esac
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                return
            fi
            if [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(commandWords.joined(separator: " "))" -- "$cur"))
            fi
            COMPREPLY+=($(compgen -f -- "$cur"))
        }
        complete -o filenames -F _gesturereplay gesturereplay

        """
    return s
}

/// Text inside a zsh `_arguments` description: `[`, `]`, `:` and `'` escaped.
func zshEscape(_ s: String) -> String {
    var out = ""
    for c in s.replacingNewlines {
        switch c {
        case "[", "]", ":", "\\": out += "\\" + String(c)
        case "'": out += "'\\''"
        default: out.append(c)
        }
    }
    return out
}

func zshCompletion() -> String {
    var s = """
        #compdef gesturereplay
        # zsh completion for gesturereplay (generated by `gesturereplay completion zsh`)
        _gesturereplay() {
            local cmd=replay
            case $words[2] in
                \(commandRegistry.map { $0.name }.joined(separator: "|"))) cmd=$words[2]; words=("${(@)words[1,1]}" "${(@)words[3,-1]}"); (( CURRENT-- )) ;;
                help) _values command \(subcommandWords); return ;;
                completion) _values shell bash zsh fish; return ;;
                man) return ;;
            esac
            if (( CURRENT == 2 )) && [[ $words[CURRENT] != -* ]]; then
                _alternative 'commands:command:(\(commandWords.joined(separator: " ")))' 'files:trace:_files'
                return
            fi
            case $cmd in

        """
    for command in commandRegistry {
        s += "        \(command.name))\n            _arguments -s \\\n"
        for spec in optionsTaken(by: command) {
            let help = zshEscape(spec.help)
            var action = ""
            if let v = spec.valueName {
                let what = zshEscape(v)
                action =
                    spec.choices.isEmpty
                    ? (spec.isPath ? ":\(what):_files" : ":\(what):") : ":\(what):(\(spec.choices.joined(separator: " ")))"
            }
            let suffix = spec.takesValue ? "=" : ""
            s += "                '\(spec.longFlag)\(suffix)[\(help)]\(action)' \\\n"
            if let short = spec.short {
                s += "                '-\(short)\(spec.takesValue ? "+" : "")[\(help)]\(action)' \\\n"
            }
        }
        s += "                '*:\(command.name == "test" ? "path" : "trace"):_files'\n            ;;\n"
    }
    s += """
            esac
        }
        _gesturereplay "$@"

        """
    return s
}

func fishCompletion() -> String {
    var s = """
        # fish completion for gesturereplay (generated by `gesturereplay completion fish`)
        complete -c gesturereplay -n '__fish_use_subcommand' -f -a '\(commandWords.joined(separator: " "))'
        complete -c gesturereplay -n '__fish_seen_subcommand_from help' -f -a '\(subcommandWords)'
        complete -c gesturereplay -n '__fish_seen_subcommand_from completion' -f -a 'bash zsh fish'

        """
    for spec in allOptions {
        var conditions: [String] = []
        for command in commandRegistry where command.takes(spec) {
            conditions.append(
                command.name == "replay"
                    ? "not __fish_seen_subcommand_from \(commandRegistry.dropFirst().map { $0.name }.joined(separator: " ")) help completion man"
                    : "__fish_seen_subcommand_from \(command.name)")
        }
        let help = spec.help.replacingNewlines.replacingOccurrences("'", "\\'")
        for condition in conditions {
            var line = "complete -c gesturereplay -n '\(condition)' -l \(spec.long)"
            if let short = spec.short { line += " -s \(short)" }
            if spec.takesValue {
                line += spec.choices.isEmpty ? (spec.isPath ? " -r -F" : " -x") : " -x -a '\(spec.choices.joined(separator: " "))'"
            }
            line += " -d '\(help)'"
            s += line + "\n"
        }
    }
    return s
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

// MARK: Man page

/// Text for roff: backslashes and dashes escaped, a leading `.` or `'` protected.
func roff(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "\\": out += "\\e"
        case "-": out += "\\-"
        default: out.append(c)
        }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
}

/// A paragraph's lines joined for roff (each line protected).
func roffParagraph(_ text: String) -> String {
    text.split(separator: "\n").map { roff(String($0)) }.joined(separator: "\n") + "\n"
}

/// `gesturereplay man`: the manual page (section 1), from the same table as help.
func manPage() -> String {
    var s = ".TH GESTUREREPLAY 1 \"\" \"\(versionText)\" \"User Commands\"\n"
    s += ".SH NAME\ngesturereplay \\- replay recorded touch traces through a UIKit\\-style gesture recognizer engine\n"
    s += ".SH SYNOPSIS\n"
    for (i, (usage, _)) in commandSummaries.enumerated() {
        if i > 0 { s += ".br\n" }
        s += roff(usage) + "\n"
    }
    s += ".SH DESCRIPTION\n"
    for (usage, meaning) in commandSummaries {
        s += ".TP\n.B \(roff(usage))\n" + roffParagraph(meaning)
    }
    s += ".PP\n" + roffParagraph(traceParagraph)
    func optionSection(_ title: String, _ specs: [OptionSpec], mark: (OptionSpec) -> String = { _ in "" }) {
        s += ".SH \(title)\n"
        for spec in specs {
            var label = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            label += "\\fB\(roff(spec.longFlag))\\fR"
            if let v = spec.valueName { label += " \\fI" + roff(spec.choices.isEmpty ? v : spec.choices.joined(separator: "|")) + "\\fR" }
            s += ".TP\n" + label + "\n" + roffParagraph(mark(spec) + spec.help)
        }
    }
    optionSection("OPTIONS", replayOptions + ownOptions(ReplayCommand.self))
    s += ".PP\n" + roffParagraph("Values may follow as --name=value or -xVALUE (-fjsonl) too; -- ends the options.")
    for (i, section) in helpSections.enumerated() {
        optionSection(section.title, sectionOptions(i), mark: section.mark)
        for paragraph in section.manParagraphs { s += ".PP\n" + roffParagraph(paragraph) }
    }
    s += ".SH EXAMPLES\n"
    for line in examples.split(separator: "\n") { s += ".PP\n" + roff(String(line)) + "\n" }
    s += ".SH EXIT STATUS\n"
    for (code, meaning) in exitCodes { s += ".TP\n.B \(code)\n" + roffParagraph(meaning) }
    s += ".SH SEE ALSO\nREADME.md, docs/ci.md, docs/trace\\-format.md, docs/output\\-format.md, docs/synth.md and\n"
    s += "docs/pictures.md in the gesturereplay sources.\n"
    return s
}
