import TraceReplay

/// The options of `stats` and `compare` beyond the replay options.
struct CorpusOptions {
    enum Format: String, CaseIterable {
        case text, json
    }
    var format = Format.text
    /// `stats --merge`: the operands are stats JSON files.
    var merge = false
    /// `compare`: what side A and side B add to the common replay options.
    var aScene: String?
    var bScene: String?
    var aSet: [String] = []
    var bSet: [String] = []
    /// `compare --goldens`: side B is each trace's golden file.
    var goldens = false
}

extension CorpusOptions {
    /// `--format text|json` of stats and compare (a replay's own `--format` is text|jsonl).
    static let formatOption = Option<CorpusOptions>(
        OptionSpec(
            long: "format", short: "f", valueName: "FORMAT", choices: CorpusOptions.Format.allCases.map(\.rawValue),
            help: "text (a table, default) or json\n(docs/output-format.md)")
    ) { p, v throws(UsageError) in
        p.format = try choice("format", v, CorpusOptions.Format.init(rawValue:), CorpusOptions.Format.allCases.map(\.rawValue))
    }
}
