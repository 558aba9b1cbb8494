import TraceReplay

/// What `check` and `test` share beyond the replay options: `--update`, the HTML report and the
/// diffs' colours.
enum CheckingOptions {
    static let update = Option<CheckingValues>(
        OptionSpec(
            long: "update",
            help: "(re)write golden files instead of comparing (expectations\nare still checked; an expectations-only trace gets none)"
        )
    ) { p, _ in
        p.update = true
    }

    static let html = Option<CheckingValues>(
        OptionSpec(
            long: "html", valueName: "FILE", isPath: true,
            help:
                "also write a self-contained HTML report: pass/fail per trace, the\ndiff and the picture of each failure (docs/pictures.md)"
        )
    ) { p, v in
        p.htmlPath = v
    }

    static let htmlAll = Option<CheckingValues>(
        OptionSpec(long: "html-all", help: "with --html: pictures of every trace, not only the failed ones")
    ) {
        p, _ in
        p.htmlAll = true
    }

    static let color = Option<CheckingValues>(
        OptionSpec(
            long: "color", valueName: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
            help: "colour diffs (default auto: on a terminal, unless NO_COLOR\nis set; docs/ci.md)"
        )
    ) { p, v throws(UsageError) in
        p.color = try choice("color", v, ColorChoice.init(rawValue:), ColorChoice.allCases.map(\.rawValue))
    }

    /// The group, as commands list it.
    static let all: [Option<CheckingValues>] = [update, html, htmlAll, color]
}

/// The values of `CheckingOptions` (check and test).
struct CheckingValues {
    /// `--update`: (re)write the golden files.
    var update = false
    /// `--html FILE`: also write an HTML report there.
    var htmlPath: String?
    /// `--html-all`: pictures of every trace in the report, not only of the failed ones.
    var htmlAll = false
    /// `--color` (diffs; a display choice, not the library's).
    var color: ColorChoice = .auto
}
