import TraceReplay

/// Where a command that writes a file writes it (`-o`: synth, render, convert, shrink) and in
/// which trace format (`--to`: synth, convert).
enum WritingOptions {
    static let output = OptionSpec(
        long: "output", short: "o", valueName: "FILE", isPath: true,
        help:
            "write to FILE (atomically)\ninstead of standard output (- or none); (synth) with a\nsweep, one file per value: FILE-VALUE.EXT"
    ) { p, v in p.writing.outputPath = v }

    static let traceFormat = OptionSpec(
        long: "to", valueName: "FORMAT", choices: TraceFormat.Writable.allCases.map(\.rawValue),
        help: "the trace format (default: from -o's extension,\nelse json)"
    ) { p, v throws(UsageError) in
        p.writing.traceFormat = try choice("to", v, TraceFormat.Writable.init(rawValue:), TraceFormat.Writable.allCases.map(\.rawValue))
    }
}
