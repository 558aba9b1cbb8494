import TraceReplay

/// Where a command that writes a file writes it (`-o`: synth, render, convert, shrink) and in
/// which trace format (`--to`: synth, convert).
enum WritingOptions {
    static let output = Option<WritingValues>(
        OptionSpec(
            long: "output", short: "o", valueName: "FILE", isPath: true,
            help:
                "write to FILE (atomically)\ninstead of standard output (- or none); (synth) with a\nsweep, one file per value: FILE-VALUE.EXT"
        )
    ) { p, v in p.outputPath = v }

    static let traceFormat = Option<WritingValues>(
        OptionSpec(
            long: "to", valueName: "FORMAT", choices: TraceFormat.Writable.allCases.map(\.rawValue),
            help: "the trace format (default: from -o's extension,\nelse json)"
        )
    ) { p, v throws(UsageError) in
        p.traceFormat = try choice("to", v, TraceFormat.Writable.init(rawValue:), TraceFormat.Writable.allCases.map(\.rawValue))
    }
}

/// The values of `WritingOptions`.
struct WritingValues {
    /// `-o FILE` (synth, render, convert, shrink); nil (or `-`): standard output.
    var outputPath: String?
    /// `--to` (synth and convert); nil: from `-o`'s extension, else JSON.
    var traceFormat: TraceFormat.Writable?
}
