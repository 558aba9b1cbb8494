import TraceReplay

/// A live input's replay (`--live`, `--idle-flush`, `--unbuffered`; docs/live.md): `replay` takes them.
enum LiveOptions {
    static let live = Option<ReplayOptions.LiveInput>(
        OptionSpec(
            long: "live",
            help:
                "watch a live input (pipe, terminal, socket, FIFO): timers fire\non the wall clock, output is written per frame (docs/live.md)"
        )
    ) { p, _ in
        p.live = true
    }

    static let idleFlush = Option<ReplayOptions.LiveInput>(
        OptionSpec(
            long: "idle-flush", valueName: "SECONDS",
            help:
                "a live input's last frame completes after SECONDS without a byte\n(default 0.05; 0: only when a later row or the end arrives)"
        )
    ) { p, v throws(UsageError) in
        guard let seconds = unsignedNumberArgument(v), seconds <= 3600 else {
            throw UsageError(
                message: "invalid value \(QuotedValue.text(v)) for --idle-flush (expected seconds from 0 to 3600, such as 0.05)")
        }
        p.idleFlush = seconds
    }

    static let unbuffered = Option<Bool>(
        OptionSpec(
            long: "unbuffered", help: "write the output after each input frame, also into a pipe or file\n(a terminal always is)"
        )
    ) { p, _ in
        p = true
    }

    /// The group, as commands list it.
    static let all: [Option<ReplayOptions.LiveInput>] = [live, idleFlush]
}
