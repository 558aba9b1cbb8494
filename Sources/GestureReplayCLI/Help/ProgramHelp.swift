/// What the command line says about the program as a whole (not about one command): its version,
/// its one-line description, what a TRACE is, the examples and the exit codes. `--help` (the
/// overview), `help COMMAND` and the man page print these.
enum ProgramHelp {
    /// The release (semantic version) the binary prints with `--version` and the man page's header
    /// names: the newest release of docs/CHANGELOG.md (`ChangelogTests` keeps them equal).
    static let version = "0.2.0"

    /// `gesturereplay --version`.
    static var versionLine: String { "gesturereplay " + version }

    /// What the program does, after its name (overview and man page).
    static let description = "replay recorded touch traces through a UIKit-style gesture recognizer engine"

    /// The exit codes, as help and the man page list them.
    static let exitCodes: [(code: String, meaning: String)] = [
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

    /// The overview's examples, one command line each.
    static let examples = """
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

    /// The line under the overview's options (and in the man page after them).
    static let valuesNote = "Values may follow as --name=value or -xVALUE (-fjsonl) too; -- ends the options."
}
