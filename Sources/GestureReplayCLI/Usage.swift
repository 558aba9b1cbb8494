/// Help, usage lines, shell completion and the man page, all made from `optionTable`.
import TraceKit

/// `gesturereplay --version`.
let versionText = "gesturereplay 0.1.0"

/// The one-line usage shown with a command's usage errors.
func usageLine(_ command: Subcommand) -> String {
    let gesturereplay = Program.name
    return switch command {
    case .replay: "usage: \(gesturereplay) [replay] [options] TRACE...  (\(gesturereplay) --help for more)"
    case .check: "usage: \(gesturereplay) check [options] TRACE  (\(gesturereplay) help check for more)"
    case .test: "usage: \(gesturereplay) test [options] [PATH...]  (\(gesturereplay) help test for more)"
    case .synth: "usage: \(gesturereplay) synth SCRIPT [-o FILE] [--to csv|jsonl|json]  (\(gesturereplay) help synth for more)"
    case .render: "usage: \(gesturereplay) render [options] TRACE [-o FILE]  (\(gesturereplay) help render for more)"
    case .convert: "usage: \(gesturereplay) convert [options] INPUT [-o FILE] [--to csv|jsonl|json]  (\(gesturereplay) help convert for more)"
    case .stats: "usage: \(gesturereplay) stats [options] [PATH...] | stats --merge FILE...  (\(gesturereplay) help stats for more)"
    case .compare: "usage: \(gesturereplay) compare [options] [PATH...] --a-... --b-...|--goldens  (\(gesturereplay) help compare for more)"
    case .shrink:
        "usage: \(gesturereplay) shrink [options] [--until 'NAME STATE'|--a-... --b-...] TRACE [-o FILE]  (\(gesturereplay) help shrink for more)"
    }
}

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

/// The commands, as USAGE lists them.
let commandSummaries: [(usage: String, meaning: String)] = [
    ("gesturereplay [replay] [options] TRACE...", "replay each TRACE and print every state transition"),
    (
        "gesturereplay check [options] TRACE",
        "check the replay against TRACE's expected output and/or\nthe expectations in the trace or its scene"
    ),
    ("gesturereplay test [options] [PATH...]", "check every trace under PATH (default: Traces) as a\nsuite"),
    (
        "gesturereplay synth SCRIPT [-o FILE]",
        "write the trace of a gesture script (tap 100,200; drag\n100,200 -> 300,200 in 0.3s; ...): docs/synth.md"
    ),
    ("gesturereplay render [options] TRACE", "draw the replay as an SVG picture (docs/pictures.md)"),
    (
        "gesturereplay convert [options] INPUT",
        "write a device recording (getevent, evemu, libinput\nrecord, evtest, MotionEvent dump) or any trace as the\ncanonical trace (-o FILE)"
    ),
    (
        "gesturereplay stats [options] [PATH...]",
        "per recognizer over every trace under PATH: attempts,\noutcomes, failure reasons, values at recognition\n(docs/scale.md); stats --merge FILE... joins shards"
    ),
    (
        "gesturereplay compare [options] [PATH...]",
        "the traces under PATH in two configurations (A and\nB, or goldens): which changed outcome; exit 1 if any"
    ),
    (
        "gesturereplay shrink [options] TRACE",
        "the smallest trace that still reaches a transition\n(--until), still makes A and B disagree, or still fails\nan expectation (-o FILE; docs/shrink.md)"
    ),
    ("gesturereplay help [COMMAND]", "this help, or one command's (replay, check, test,\nsynth, render, convert, stats, compare, shrink)"),
    ("gesturereplay completion bash|zsh|fish", "a shell completion script (make install installs them)"),
    ("gesturereplay man", "the manual page, roff (make install installs it)"),
]

let synthParagraph = """
    SCRIPT holds one gesture per line (- reads standard input); units are points, seconds
    (0.3s, 300ms) and degrees. 'at 0.2s GESTURE' starts a gesture at that time, 'with GESTURE'
    together with the previous one (gestures may overlap); 'screen 390x844' sets the screen (the
    default). One number may be a sweep, {FROM..TO step STEP}: one trace per value, written to
    FILE-VALUE.EXT (needs -o), each path printed on its own line. See docs/synth.md.
    """

let convertParagraph = """
    INPUT is a device recording (adb shell getevent -lt, after getevent -lp for the axis ranges;
    evemu-record; libinput record; evtest; MotionEvent.toString() lines from logcat) or any trace,
    - for standard input (format sniffed). The canonical trace has t, id, phase, x, y per row, numbers
    in their shortest exact form: replaying it prints exactly what replaying INPUT with the same
    options prints (JSON keeps the screen; give --screen again for JSON Lines and CSV). Raw units
    map onto --screen through the recording's axis ranges (or --raw-size), or --density; without
    either they are used as points, with a warning. See docs/trace-format.md, "Importing recordings".
    A UI-test gesture (W3C WebDriver actions, Appium, WebKit sendEventStream) converts too: see
    docs/ui-tests.md.
    """

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

/// The replay options (those every command and NAME.args take).
var replayOptions: [OptionSpec] { optionTable.filter { $0.commands.contains(.argsFile) && $0.commands.contains(.replay) } }

/// The options of check and test that `gesturereplay replay` does not take (help's CHECK AND TEST).
var checkAndTestOptions: [OptionSpec] {
    optionTable.filter { !$0.commands.contains(.replay) && !$0.commands.isDisjoint(with: [.check, .test]) }
}

/// The options of synth, render and convert alone (`-o`, `--to`), as help lists them after check's
/// and test's.
var otherCommandOptions: [OptionSpec] {
    optionTable.filter {
        $0.commands.isDisjoint(with: [.replay, .check, .test]) && !Commands([.corpus, .shrink]).isSuperset(of: $0.commands)
    }
}

/// The options of stats and compare that no other command takes (but shrink).
var corpusOnlyOptions: [OptionSpec] {
    optionTable.filter { Commands([.corpus, .shrink]).isSuperset(of: $0.commands) && !$0.commands.isDisjoint(with: .corpus) }
}

/// The options of shrink alone (help's SHRINK).
var shrinkOnlyOptions: [OptionSpec] {
    optionTable.filter { $0.commands == .shrink }
}

let shrinkParagraph = """
    shrink replays TRACE with the replay options (after its NAME.args) and writes the smallest trace
    it finds that still shows the same thing: --until 'NAME STATE' (--reason TEXT: the reason
    contains TEXT); --a-scene/--b-scene, --a-set/--b-set (as compare): A and B still disagree about
    the same recognizer; or else the trace's expectations (its "expect" or its scene's): the same
    expectation still fails. It removes whole gestures, then touches, then moved rows (in runs, then
    one by one; a touch's began and end stay), then simplifies times and coordinates, each step
    checked by a replay, until removing any one touch or moved row loses the property (1-minimal).
    The result is in TRACE's format (its scene and expectations kept; a device recording becomes a
    trace in points, JSON unless -o names .csv or .jsonl), on standard output or -o FILE (never
    TRACE itself); what was removed is reported. A trace that does not show the property is an
    error (exit 1, nothing written). --max-replays bounds the work; Ctrl-C writes the best trace so
    far. See docs/shrink.md.
    """

let statsParagraph = """
    stats replays every trace under PATH (default Traces; as test finds them, with each trace's
    NAME.args, in parallel: -j, --shard, --exclude) and counts per recognizer (name and kind):
    attempts (left possible), recognized, failed, cancelled; failure and cancel reasons by template
    (numbers as N); and the values at recognition, exactly (count, min, p50, p90, p99, max): pan
    velocity at ended (pt/s), tap and swipe duration (s), pinch scale, rotation angle (rad). A
    trace that stops at an error is listed and not counted; the exit status is then the first such
    trace's own (65 invalid, 66 cannot open); 1 when no trace is found. --format json is versioned
    and carries the configuration; stats --merge FILE... prints the stats of the union, exactly as
    one run (docs/scale.md, docs/output-format.md).
    """

let compareParagraph = """
    compare replays the traces under PATH under two configurations: both take the replay options
    given; A adds --a-scene/--a-set, B --b-scene/--b-set (or --goldens: B is each trace's golden
    file). It prints the counts per recognizer (A and B), and every trace whose outcome (the
    recognizers that began, ended, failed or were cancelled, in order) differs; exit 1 when one
    does or no trace is found, 0 when none does. A trace that stops at an error is listed, and the
    exit status is then the first such trace's own (65 invalid, 66 cannot open) (docs/scale.md).
    """

/// The commands an option applies to, as help marks it in those sections: `(check) `,
/// `(synth, render, convert) `; nothing for an option of both check and test.
func commandMark(_ spec: OptionSpec) -> String {
    if spec.commands.isSuperset(of: [.check, .test]) { return "" }
    return "(" + Subcommand.allCases.filter { spec.commands.contains($0.bit) }.map(\.rawValue).joined(separator: ", ") + ") "
}

/// The options only some commands take, as `help` lists them for `command`.
func ownOptions(_ command: Subcommand) -> [OptionSpec] {
    optionTable.filter { $0.commands.contains(command.bit) && !replayOptions.map(\.long).contains($0.long) }
}

/// `gesturereplay --help` (`.replay`), `gesturereplay help check`, `test --help`, ...
func helpText(_ command: Subcommand) -> String {
    var text = ""
    switch command {
    case .replay:
        text += "gesturereplay - replay recorded touch traces through a UIKit-style gesture recognizer engine.\n\n"
        text += "USAGE\n"
        for (usage, meaning) in commandSummaries {
            let lines = meaning.split(separator: "\n")
            let pad = max(1, 45 - 2 - usage.count)
            text += "  " + usage + String(repeating: " ", count: pad) + lines[0] + "\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: 45) + line + "\n" }
        }
        text += "\n" + traceParagraph + "\n\n"
        text += "OPTIONS\n" + optionLines(replayOptions + ownOptions(.replay))
        text += "  Values may follow as --name=value or -xVALUE (-fjsonl) too; -- ends the options.\n\n"
        text += "CHECK AND TEST (gesturereplay help check, gesturereplay help test)\n"
        text += indented(checkAndTestParagraph) + "\n"
        text += optionLines(checkAndTestOptions, mark: commandMark)
        text += "\nSYNTH, RENDER AND CONVERT (gesturereplay help synth, help render, help convert)\n"
        text += optionLines(otherCommandOptions, mark: commandMark)
        text += "\nSTATS AND COMPARE (gesturereplay help stats, help compare)\n"
        text += optionLines(corpusOnlyOptions, mark: commandMark)
        text += "\nSHRINK (gesturereplay help shrink)\n"
        text += optionLines(shrinkOnlyOptions)
        text += "\nEXAMPLES\n" + indented(examples) + "\n"
    case .check, .test:
        let summary = commandSummaries[command == .check ? 1 : 2]
        text += wrapped("gesturereplay \(command.rawValue) - " + summary.meaning.replacingNewlines + ".") + "\n\n"
        text += "USAGE\n  " + summary.usage + "\n\n"
        text += indented(checkAndTestParagraph, by: 0) + "\n\n"
        if command == .test {
            text += """
                PATH is a folder (searched recursively for .json, .jsonl, .ndjson and .csv files, and the
                recordings .evemu, .getevent and .evtest, except *.scene.json and hidden files) or a
                trace file. Traces run in parallel; the report lists them in path order, then
                "N passed, M failed".


                """
        }
        text += "OPTIONS\n" + optionLines(ownOptions(command))
        text += "\nREPLAY OPTIONS (applied to every trace, after its NAME.args)\n" + optionLines(replayOptions)
    case .convert:
        text += "gesturereplay convert - write a device recording or any trace as the canonical trace.\n\n"
        text += "USAGE\n  gesturereplay convert [options] INPUT [-o FILE] [--to csv|jsonl|json]\n\n"
        text += indented(convertParagraph, by: 0) + "\n\n"
        text += "OPTIONS\n" + optionLines(options(for: .convert).filter { $0.long != "help" })
    case .synth:
        text += "gesturereplay synth - write the trace of a gesture script.\n\n"
        text += "USAGE\n  gesturereplay synth SCRIPT [-o FILE] [--to csv|jsonl|json]\n\n"
        text += indented(synthParagraph, by: 0) + "\n\nGESTURES\n"
        text += SynthParser.forms.map { "  " + $0.form + "\n" }.joined()
        text += "\nOPTIONS OF A SCRIPT LINE (alone on a line: for every later line)\n"
        text += SynthParser.optionForms.map { "  " + $0.form + "\n" }.joined()
        text += "\nOPTIONS\n" + optionLines(ownOptions(.synth).filter { $0.long != "help" })
    case .stats, .compare:
        let summary = commandSummaries.first { $0.usage.hasPrefix("gesturereplay \(command.rawValue)") }!
        text += wrapped("gesturereplay \(command.rawValue) - " + summary.meaning.replacingNewlines + ".") + "\n\n"
        text += "USAGE\n  " + summary.usage + "\n"
        if command == .stats { text += "  gesturereplay stats --merge [--format text|json] FILE...\n" }
        text += "\n" + indented(command == .stats ? statsParagraph : compareParagraph, by: 0) + "\n\n"
        text += "OPTIONS\n" + optionLines(options(for: command).filter { $0.long != "help" && !$0.commands.contains(.argsFile) })
        text += "\nREPLAY OPTIONS (applied to every trace, after its NAME.args)\n"
        text += optionLines(options(for: command).filter { $0.commands.contains(.argsFile) })
    case .shrink:
        let summary = commandSummaries.first { $0.usage.hasPrefix("gesturereplay shrink") }!
        text += wrapped("gesturereplay shrink - " + summary.meaning.replacingNewlines + ".") + "\n\n"
        text += "USAGE\n  gesturereplay shrink [options] [--until 'NAME STATE'|--a-... --b-...] TRACE [-o FILE]\n\n"
        text += indented(shrinkParagraph, by: 0) + "\n\n"
        text += "OPTIONS\n" + optionLines(options(for: .shrink).filter { $0.long != "help" && !$0.commands.contains(.argsFile) })
        text += "\nREPLAY OPTIONS (after the trace's NAME.args)\n"
        text += optionLines(options(for: .shrink).filter { $0.commands.contains(.argsFile) })
    case .render:
        let summary = commandSummaries.first { $0.usage.hasPrefix("gesturereplay render") }!
        text += wrapped("gesturereplay render - " + summary.meaning.replacingNewlines + ".") + "\n\n"
        text += "USAGE\n  gesturereplay render [options] TRACE [-o FILE]\n\n"
        text +=
            "TRACE is replayed with the replay options (it is read twice, so not standard input). The\npicture shows the scene, each touch's path, the recognizers' markers and a timeline\n(docs/pictures.md).\n\n"
        text += "OPTIONS\n" + optionLines(ownOptions(command))
        text += "\nREPLAY OPTIONS\n" + optionLines(replayOptions)
    }
    text += "\nEXIT CODES\n" + exitCodeLines()
    return text
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

/// The options `command` accepts, in table order.
func options(for command: Subcommand) -> [OptionSpec] {
    optionTable.filter { $0.commands.contains(command.bit) }
}

let commandWords = Subcommand.allCases.map(\.rawValue) + ["help", "completion", "man"]

/// `gesturereplay completion SHELL`.
func completionScript(_ shell: Shell) -> String {
    switch shell {
    case .bash: bashCompletion()
    case .zsh: zshCompletion()
    case .fish: fishCompletion()
    }
}

/// The commands that take options, as the completion scripts list them (`replay check test ...`).
var subcommandWords: String { Subcommand.allCases.map(\.rawValue).joined(separator: " ") }

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
                    \(Subcommand.allCases.map(\.rawValue).joined(separator: "|"))) cmd="${COMP_WORDS[i]}"; break ;;
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
    for spec in optionTable where spec.takesValue && seen.insert(spec.long).inserted {
        let names = ([spec.longFlag] + (spec.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
        // One case per name: a name with a row per command (--format) offers every row's choices.
        var choices: [String] = []
        for row in optionTable where row.long == spec.long { choices += row.choices.filter { !choices.contains($0) } }
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
    for command in Subcommand.allCases {
        let words = options(for: command).flatMap { spec in [spec.longFlag] + (spec.short.map { ["-\($0)"] } ?? []) }
        s += "            \(command.rawValue)) opts=\"\(words.joined(separator: " "))\" ;;\n"
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
                \(Subcommand.allCases.map(\.rawValue).joined(separator: "|"))) cmd=$words[2]; words=("${(@)words[1,1]}" "${(@)words[3,-1]}"); (( CURRENT-- )) ;;
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
    for command in Subcommand.allCases {
        s += "        \(command.rawValue))\n            _arguments -s \\\n"
        for spec in options(for: command) {
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
        s += "                '*:\(command == .test ? "path" : "trace"):_files'\n            ;;\n"
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
    for spec in optionTable {
        var conditions: [String] = []
        for command in Subcommand.allCases where spec.commands.contains(command.bit) {
            conditions.append(
                command == .replay
                    ? "not __fish_seen_subcommand_from \(Subcommand.allCases.dropFirst().map(\.rawValue).joined(separator: " ")) help completion man"
                    : "__fish_seen_subcommand_from \(command.rawValue)")
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
    optionSection("OPTIONS", replayOptions + ownOptions(.replay))
    s += ".PP\n" + roffParagraph("Values may follow as --name=value or -xVALUE (-fjsonl) too; -- ends the options.")
    optionSection("CHECK AND TEST", checkAndTestOptions, mark: commandMark)
    s += ".PP\n" + roffParagraph(checkAndTestParagraph)
    optionSection("SYNTH, RENDER AND CONVERT", otherCommandOptions, mark: commandMark)
    optionSection("STATS AND COMPARE", corpusOnlyOptions, mark: commandMark)
    s += ".PP\n" + roffParagraph(statsParagraph) + ".PP\n" + roffParagraph(compareParagraph)
    optionSection("SHRINK", shrinkOnlyOptions)
    s += ".PP\n" + roffParagraph(shrinkParagraph)
    s += ".SH EXAMPLES\n"
    for line in examples.split(separator: "\n") { s += ".PP\n" + roff(String(line)) + "\n" }
    s += ".SH EXIT STATUS\n"
    for (code, meaning) in exitCodes { s += ".TP\n.B \(code)\n" + roffParagraph(meaning) }
    s += ".SH SEE ALSO\nREADME.md, docs/ci.md, docs/trace\\-format.md, docs/output\\-format.md, docs/synth.md and\n"
    s += "docs/pictures.md in the gesturereplay sources.\n"
    return s
}
