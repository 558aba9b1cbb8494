import GestureEngine
import TraceReplay

/// What a replay prints (`--format text|jsonl`, `--touches`, `--views`, the output filters,
/// `--summary`): the commands that print a replay (replay, check, test, render) and `NAME.args`.
enum OutputOptions {
    static let format = Option<ReplayOptions>(
        OptionSpec(
            long: "format", short: "f", valueName: "FORMAT", choices: OutputFormat.allCases.map(\.rawValue),
            help: "output format (default text; jsonl schema: docs/output-format.md)"
        )
    ) { p, v throws(UsageError) in
        p.output.format = try choice("format", v, OutputFormat.init(rawValue:), OutputFormat.allCases.map(\.rawValue))
    }

    static let touches = Option<ReplayOptions>(
        OptionSpec(long: "touches", help: "add a line per touch end with its release velocity")
    ) { p, _ in
        p.output.reportTouches = true
    }

    static let views = Option<ReplayOptions>(
        OptionSpec(long: "views", help: "add what each view receives (touchesBegan/Moved/Ended/Cancelled)")
    ) { p, _ in
        p.output.reportViews = true
    }

    static let states = Option<ReplayOptions>(
        OptionSpec(
            long: "states", valueName: "LIST",
            help:
                "output filter: only transitions to these states (began,changed,\nended or recognized,cancelled,failed,possible); repeats combine",
            isList: true
        ), emptyList: { $0.output.shownStates = nil }
    ) { p, v throws(UsageError) in
        switch StateNames.parse(v) {
        case .success(let states): p.output.shownStates = (p.output.shownStates ?? []).union(states)
        case .failure(let e): throw UsageError(message: "invalid value \(QuotedValue.text(v)) for --states: \(e.message)")
        }
    }

    static let show = Option<ReplayOptions>(
        OptionSpec(
            long: "show", valueName: "A,B", help: "output filter: only these recognizers' lines (all still run);\nrepeats combine",
            isList: true
        ),
        emptyList: {
            $0.output.shownRecognizers = nil
            $0.output.shownRecognizerLocations = [:]
        }
    ) { p, v, at throws(UsageError) in
        let names = try nameList("show", v)
        if let at { for name in names { p.output.shownRecognizerLocations[name] = at } }
        p.output.shownRecognizers = (p.output.shownRecognizers ?? []) + names
    }

    static let summary = Option<ReplayOptions>(
        OptionSpec(
            long: "summary",
            help: "after the replay, per recognizer: recognized / failed /\ncancelled counts and the most common failure reasons"
        )
    ) { p, _ in
        p.output.summary = true
    }

    /// The group, as commands list it.
    static let all: [Option<ReplayOptions>] = [format, touches, views, states, show, summary]
}
