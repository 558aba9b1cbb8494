import TraceReplay

/// What `check` and `test` share beyond the replay options: `--update`, the HTML report and the
/// diffs' colours.
enum CheckingOptions {
    static let update = OptionSpec(
        long: "update",
        help: "(re)write golden files instead of comparing (expectations\nare still checked; an expectations-only trace gets none)"
    ) { p, _ in
        p.checking.update = true
    }

    static let html = OptionSpec(
        long: "html", valueName: "FILE", isPath: true,
        help:
            "also write a self-contained HTML report: pass/fail per trace, the\ndiff and the picture of each failure (docs/pictures.md)"
    ) { p, v in
        p.suite.htmlPath = v
    }

    static let htmlAll = OptionSpec(long: "html-all", help: "with --html: pictures of every trace, not only the failed ones") {
        p, _ in
        p.suite.htmlAll = true
    }

    static let color = OptionSpec(
        long: "color", valueName: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
        help: "colour diffs (default auto: on a terminal, unless NO_COLOR\nis set; docs/ci.md)"
    ) { p, v throws(UsageError) in
        p.color = try choice("color", v, ColorChoice.init(rawValue:), ColorChoice.allCases.map(\.rawValue))
    }

    /// The group, as commands list it.
    static let all: [OptionSpec] = [update, html, htmlAll, color]
}
