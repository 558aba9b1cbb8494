/// The one-line usage shown with usage errors.
let usageLine = "usage: gesturereplay [replay|check|test] [options] TRACE  (gesturereplay --help for more)"

/// `gesturereplay --version`.
let versionText = "gesturereplay 0.1.0"

/// `gesturereplay --help`.
let helpText = """
    gesturereplay - replay recorded touch traces through a UIKit-style gesture recognizer engine.

    USAGE
      gesturereplay [options] TRACE            replay TRACE and print every state transition
      gesturereplay check [options] TRACE      check the replay against TRACE's expected output and/or
                                               the expectations in the trace or its scene
      gesturereplay test [options] [PATH...]   check every trace under PATH (default: Traces) as a suite

    TRACE is a .json, .jsonl/.ndjson or .csv file, or - for standard input (format sniffed).

    OPTIONS
      -f, --format text|jsonl      output format (default text; jsonl schema: docs/output-format.md)
          --scene FILE             scene (views and recognizers) to use instead of the trace's own
          --recognizers A,B        run only these recognizers of the scene (warns when one left out
                                   is required by, or simultaneous with, one kept); repeats combine
          --input-format json|jsonl|csv
                                   force the input format
          --time-unit s|ms|us|ns   unit of the trace's timestamps (default s)
          --screen WxH             screen size in points (enables screenEdgePan in the default scene)
          --touches                add a line per touch end with its release velocity
          --velocity uikit|lsq2|flutter|impulse
                                   velocity estimator for --touches (default uikit)
          --views                  add what each view receives (touchesBegan/Moved/Ended/Cancelled)
          --lenient                repair sequence problems with a warning instead of stopping
      -h, --help                   show this help
          --version                show the version

    OUTPUT FILTERS (what is printed; every recognizer still runs, the replay is the same)
          --states LIST            only transitions to these states (began,changed,ended or
                                   recognized,cancelled,failed,possible); repeats combine
          --show A,B               only these recognizers' lines; repeats combine
          --summary                after the replay, per recognizer: recognized / failed /
                                   cancelled counts and the most common failure reasons

    CHECK AND TEST
      A trace passes when its golden file (TRACE with extension .expected) matches, if it has one,
      and every expectation in its "expect" (in the trace or its scene) holds; a trace with neither
      fails. Both read NAME.args beside the trace for its replay options. See docs/ci.md.
          --expect FILE            (check) the golden file (default: TRACE with extension .expected)
          --update                 (re)write golden files instead of comparing (expectations are
                                   still checked; an expectations-only trace gets no golden file)
          --junit FILE             (test) also write a JUnit XML report
          --shard I/N              (test) run only slice I of N (deterministic)
      -j, --jobs N                 (test) run N traces at once (default: all cores)
          --color auto|always|never
                                   (check, test) colour diffs (default auto: on a terminal,
                                   unless NO_COLOR is set; docs/ci.md)

    An option that takes one value may be given once (NAME.args and the command line once each;
    the command line's wins).

    EXAMPLES
      gesturereplay Traces/double-tap.json
      gesturereplay --format jsonl --touches --velocity lsq2 recording.csv | jq .
      cat trace.jsonl | gesturereplay - --scene scene.json
      gesturereplay check --update Traces/pinch.json
      gesturereplay test Traces/ --junit report.xml
      gesturereplay test --shard 2/4 Traces/

    EXIT CODES
      0   success
      1   expectations not met (check/test: a golden file differs or is missing, or an
          expectation does not hold)
      2   usage error
      65  invalid trace or scene, or a malformed expectation (the error names file:line:column)
      66  cannot open an input file
      74  an input could not be read after it was opened (I/O error)
    """
