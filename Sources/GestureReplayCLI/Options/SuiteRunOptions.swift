import GestureReplayTools
import TraceReplay

/// How a suite or corpus of traces runs: `--shard` and `--exclude` (test, stats, compare) and
/// `--jobs` (those and shrink, for its candidates).
enum SuiteRunOptions {
    static let shard = Option<SuiteOptions>(
        OptionSpec(long: "shard", valueName: "I/N", help: "run only slice I of N (deterministic)")
    ) {
        p, raw throws(UsageError) in
        let parts = raw.split(separator: "/")
        guard parts.count == 2, let i = wholeNumberArgument(parts[0]), let n = wholeNumberArgument(parts[1]), n >= 1, i >= 1, i <= n else {
            throw UsageError(message: "invalid value \(QuotedValue.text(raw)) for --shard (expected I/N with 1 <= I <= N, e.g. 2/4)")
        }
        p.shard = (i, n)
    }

    static let jobs = Option<SuiteOptions>(
        OptionSpec(
            long: "jobs", short: "j", valueName: "N", help: "run N traces at once (default: all\ncores; shrink: N candidates)"
        )
    ) {
        p, raw throws(UsageError) in
        guard let n = wholeNumberArgument(raw), n >= 1 else {
            throw UsageError(message: "invalid value \(QuotedValue.text(raw)) for --jobs (expected a positive whole number)")
        }
        p.jobs = n
    }

    static let exclude = Option<SuiteOptions>(
        OptionSpec(
            long: "exclude", valueName: "GLOB",
            help: "skip the traces whose path (as listed,\nor below PATH) or file name matches GLOB\n(repeatable; * matches / too)",
            isList: true
        ), emptyList: { $0.excludes = [] }
    ) { p, v in
        p.excludes.append(v)
    }

    /// The group, as commands list it.
    static let all: [Option<SuiteOptions>] = [shard, jobs, exclude]
}
