import Foundation
import Testing

/// The command line as a user meets it: help, version, usage errors and exit codes.
@Suite("Command line")
struct CommandLineTests {
    static let usageLine = "usage: gesturereplay [replay] [options] TRACE...  (gesturereplay --help for more)"
    static let usageLines = [
        "": usageLine,
        "check": "usage: gesturereplay check [options] TRACE  (gesturereplay help check for more)",
        "test": "usage: gesturereplay test [options] [PATH...]  (gesturereplay help test for more)",
    ]

    @Test("--help and -h print the help on stdout, with every exit code, and exit 0", arguments: ["--help", "-h"])
    func help(_ flag: String) throws {
        let r = try BinaryRunner.run([flag])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("gesturereplay - replay recorded touch traces"))
        #expect(r.stdout.contains("EXIT CODES"))
        for code in [
            "0   success", "1   expectations not met", "2   usage error", "65  invalid trace or scene", "66  cannot open an input file",
        ] {
            #expect(r.stdout.contains(code), "help does not mention exit code line '\(code)'")
        }
        for option in [
            "--format", "--scene", "--recognizers", "--input-format", "--time-unit", "--screen", "--touches",
            "--velocity", "--views", "--lenient", "--expect", "--update", "--junit", "--shard", "--jobs",
        ] {
            #expect(r.stdout.contains(option), "help does not mention \(option)")
        }
    }

    @Test("--help wins over the other arguments, also after a subcommand")
    func helpAnywhere() throws {
        let r = try BinaryRunner.run(["check", "--update", "--help", "missing.json"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("EXIT CODES"))
    }

    @Test("--version prints the name and a semantic version")
    func version() throws {
        let r = try BinaryRunner.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let parts = r.stdout.split(separator: " ")
        #expect(parts.count == 2 && parts[0] == "gesturereplay", "\(r.stdout)")
        let version = parts.count == 2 ? parts[1] : ""
        #expect(version.hasSuffix("\n"))
        #expect(version.dropLast().split(separator: ".").count == 3)
        #expect(version.dropLast().split(separator: ".").allSatisfy { Int($0) != nil })
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "usage errors: exit 2, the message and the usage line on stderr, nothing on stdout",
        arguments: [
            UsageCase(arguments: ["--bogus", "Traces/double-tap.json"], message: "unknown option '--bogus'"),
            UsageCase(
                arguments: ["check", "--junit", "r.xml", "Traces/double-tap.json"],
                message: "unknown option '--junit' for 'check' (an option of test)"),
            UsageCase(arguments: ["Traces/double-tap.json", "--format"], message: "option --format needs a value"),
            UsageCase(
                arguments: ["--format", "xml", "Traces/double-tap.json"],
                message: "invalid value 'xml' for --format (expected one of: text, jsonl)"),
            UsageCase(
                arguments: ["--format=yaml", "Traces/double-tap.json"],
                message: "invalid value 'yaml' for --format (expected one of: text, jsonl)"),
            UsageCase(
                arguments: ["--time-unit", "min", "Traces/double-tap.json"],
                message: "invalid value 'min' for --time-unit (expected one of: s, ms, us, ns, auto)"),
            UsageCase(
                arguments: ["--input-format", "xml", "Traces/double-tap.json"],
                message:
                    "invalid value 'xml' for --input-format (expected one of: json, jsonl, csv, getevent, evemu, libinput, evtest, motionevent, w3c-actions, appium, webkit-events)"
            ),
            UsageCase(
                arguments: ["--velocity", "fast", "Traces/double-tap.json"],
                message: "invalid value 'fast' for --velocity (expected one of: uikit, lsq2, flutter, impulse)"),
            UsageCase(
                arguments: ["--screen", "390", "Traces/double-tap.json"],
                message: "invalid value '390' for --screen (expected WIDTHxHEIGHT in points, e.g. 390x844)"),
            UsageCase(
                arguments: ["test", "--shard", "0/3"], message: "invalid value '0/3' for --shard (expected I/N with 1 <= I <= N, e.g. 2/4)"),
            UsageCase(arguments: ["test", "--jobs", "0"], message: "invalid value '0' for --jobs (expected a positive whole number)"),
            UsageCase(arguments: [], message: "missing trace file (use - for standard input)"),
            UsageCase(
                arguments: ["check", "a.json", "b.json"],
                message: "check takes one trace file, got 2 (check several with 'gesturereplay test FILE...')"),
            UsageCase(arguments: ["-", "a.json", "-"], message: "standard input (-) can be replayed only once"),
            UsageCase(
                arguments: ["check", "--update", "-"],
                message: "check --update needs the trace's path to name its golden file (standard input has none; give --expect FILE)"),
            UsageCase(arguments: ["--touches=yes", "Traces/double-tap.json"], message: "option --touches takes no value"),
            UsageCase(
                arguments: ["help", "fly"],
                message: "no command 'fly'; commands: replay, check, test, synth, render, convert, stats, compare, shrink"),
            UsageCase(arguments: ["completion", "tcsh"], message: "completion needs a shell: bash, zsh, fish"),
            UsageCase(
                arguments: ["--expect-error", "Traces/double-tap.json"], message: "unknown option '--expect-error' (an option of check)"),
            UsageCase(
                arguments: ["--recognizers", "nope", "Traces/double-tap.json"],
                message: "--recognizers: no recognizer named 'nope' in the scene; it has: single, doubleTap"),
        ])
    func usageError(_ c: UsageCase) throws {
        let r = try BinaryRunner.run(c.arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout.isEmpty)
        let command = ["check", "test"].contains(c.arguments.first ?? "") ? c.arguments[0] : ""
        #expect(r.stderr == "gesturereplay: error: \(c.message)\n\(Self.usageLines[command]!)\n")
    }

    @Test("a missing trace file: exit 66, `path: error: ...` on stderr")
    func missingFile() throws {
        let r = try BinaryRunner.run(["Traces/no-such-trace.json"])
        #expect(r.status == 66)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "Traces/no-such-trace.json: error: cannot open 'Traces/no-such-trace.json': No such file or directory\n")
    }

    @Test("a folder given as the trace: exit 66")
    func folderAsTrace() throws {
        let r = try BinaryRunner.run(["Traces"])
        #expect(r.status == 66)
        #expect(r.stderr == "Traces: error: cannot open 'Traces': Is a directory\n")
    }

    @Test("a missing scene file: exit 66 naming the scene")
    func missingScene() throws {
        let r = try BinaryRunner.run(["--scene", "Traces/no-such.scene.json", "Traces/swipe-left.jsonl"])
        #expect(r.status == 66, "\(r)")
        #expect(r.stderr.hasPrefix("Traces/no-such.scene.json: error: "))
    }

    @Test("an invalid trace: exit 65, `path:line:column: error:` on stderr, nothing on stdout (text)")
    func invalidTrace() throws {
        let r = try BinaryRunner.run(["Traces/errors/unknown-phase.csv"])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr
                == "Traces/errors/unknown-phase.csv:5:12: error: unknown phase 'lift'; expected one of: began, moved, stationary, ended, cancelled (aliases: down, move, up, cancel; any letter case)\n"
        )
    }

    @Test("an invalid trace with notes: each note on its own line, positioned when it has a place")
    func invalidTraceWithNote() throws {
        let r = try BinaryRunner.run(["Traces/errors/time-backwards.jsonl"])
        #expect(r.status == 65)
        #expect(
            r.stderr == """
                Traces/errors/time-backwards.jsonl:4:7: error: time 0.025 s goes backwards (the previous row is at 0.033341 s)
                Traces/errors/time-backwards.jsonl:3:7: note: previous time here
                gesturereplay: note: if the rows are not in time order (exported finger by finger), --sort orders them by time; --lenient clamps the time to the previous row's

                """)
    }

    @Test("an invalid trace in JSON Lines output: what was written before the error stays (the replay streams)")
    func invalidTraceJSONLines() throws {
        let r = try BinaryRunner.run(["--format", "jsonl", "Traces/errors/time-backwards.jsonl"])
        #expect(r.status == 65)
        #expect(r.stdout == "{\"event\":\"replay\",\"schema\":2}\n")
        #expect(r.stderr.hasPrefix("Traces/errors/time-backwards.jsonl:4:7: error: "))
    }

    @Test("an error after some transitions: the transitions already printed stay on stdout")
    func errorAfterOutput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The bad row is read (and rejected) while the frame before it is being assembled, so the
        // output stops at the frame before that: here the tap ended at 0.1.
        try dir.write(
            "late.csv",
            """
            t,id,phase,x,y
            0,1,began,100,100
            0.1,1,ended,100,100
            0.2,2,began,100,100
            0.3,3,moved,100,100

            """)
        let r = try BinaryRunner.run(["--recognizers", "tap", "late.csv"], in: dir.url)
        #expect(r.status == 65)
        #expect(r.stdout == "   0.100  tap  tap  possible -> ended      at (100.0, 100.0)  touches 1  taps 1\n")
        #expect(
            r.stderr == "late.csv:5:7: error: touch 3 moved but is not down\ngesturereplay: note: no 'began' for touch 3 before this row\n"
                + "gesturereplay: note: if the rows are not in time order (exported finger by finger), --sort orders them by time; --lenient treats the move as a touch-down\n"
        )
    }

    @Test("an invalid scene: exit 65 at the scene's line and column")
    func invalidScene() throws {
        let r = try BinaryRunner.run(["Traces/errors/unknown-recognizer-kind.json"])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix(
                "Traces/errors/unknown-recognizer-kind.json:2:56: error: unknown recognizer kind 'doubletap'; expected one of: tap, longPress"
            ))
    }

    @Test("`--` ends the options: a trace named like an option")
    func doubleDash() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "--odd.json")
        let r = try BinaryRunner.run(["--", "--odd.json"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile("Traces/double-tap.expected")))
    }

    @Test("--recognizers keeps only the named recognizers")
    func recognizerFilter() throws {
        let r = try BinaryRunner.run(["--recognizers", "doubleTap", "Traces/double-tap.json"])
        #expect(r.status == 0)
        #expect(r.stdout == "   0.289  doubleTap  tap  possible -> ended      at (195.0, 420.6)  touches 1  taps 2\n")
    }

    @Test("--screen adds the screen-edge pan to the default scene")
    func screenOption() throws {
        let without = try BinaryRunner.run(["Traces/default-scene.csv"])
        let with = try BinaryRunner.run(["--screen", "390x844", "Traces/default-scene.csv"])
        #expect(without.status == 0 && with.status == 0)
        #expect(!without.stdout.contains("screenEdgePan"))
        #expect(with.stdout.contains("screenEdgePan   screenEdgePan   possible -> failed"), "\(with)")
    }
}
