import Foundation
import TestSupport
import Testing

/// The option layer's value rules: one number grammar for every numeric option (issue 30 defect
/// 27), and errors about a NAME.args file's values positioned in it (issue 30 defect 24).
@Suite("Option values")
struct OptionValueTests {
    /// Numbers as JSON writes them (`decimalNumber`, as `--set` and `render --from/--to` read them):
    /// hexadecimal, `+`, a bare `.`, leading zeros and `-0` where a negative value is invalid are
    /// refused with the option's usual message, exit 2.
    @Test(
        "every numeric option reads JSON's number grammar",
        arguments: [
            (["--density", "0x1"], "--density"),
            (["--density", "+2"], "--density"),
            (["--screen", "+390x844"], "--screen"),
            (["--screen", "390.x844"], "--screen"),
            (["--screen", "0390x844"], "--screen"),
            (["--idle-flush", "-0"], "--idle-flush"),
            (["--idle-flush", "0x1"], "--idle-flush"),
            (["--raw-size", "+1080x2340"], "--raw-size"),
            (["--raw-size", "0x10x2340"], "--raw-size"),
            (["--element", "b=0x1,2,3,4"], "--element"),
            (["--element", "b=1,2,-0,4"], "--element"),
            (["test", "-j", "+2"], "--jobs"),
            (["test", "--jobs", "02"], "--jobs"),
            (["test", "--shard", "+1/2"], "--shard"),
            (["shrink", "--max-replays", "1e3"], "--max-replays"),
        ])
    func numberGrammar(arguments: [String], option: String) throws {
        let r = try BinaryRunner.run(arguments + ["Traces/double-tap.json"])
        #expect(r.status == 2, "\(r)")
        let value = arguments[arguments.count - 1]
        #expect(r.stderr.hasPrefix("gesturereplay: error: invalid value '\(value)' for \(option) ("), "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
    }

    @Test("the same options still take numbers as JSON writes them")
    func numbersStillTaken() throws {
        for arguments in [
            ["--screen", "390x844.5"], ["--screen", "3.9e2x844"], ["--idle-flush", "0"], ["--idle-flush", "1e-2"],
        ] {
            let r = try BinaryRunner.run(arguments + ["Traces/double-tap.json"])
            #expect(r.status == 0, "\(arguments): \(r)")
        }
        let jobs = try BinaryRunner.run(["test", "-j", "2", "--shard", "1/1", "Traces/double-tap.json"])
        #expect(jobs.status == 0, "\(jobs)")
    }

    /// Issue 30 defect 24: a recognizer name in a NAME.args file that the scene lacks is an error
    /// at its place in the file (exit 65, as every other NAME.args error), for check and test; on
    /// the command line it stays a usage error (exit 2).
    @Test("--recognizers and --show names in NAME.args are errors positioned in the file")
    func argsFileNamesPositioned() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        let list = "it has: single, doubleTap"
        for (args, message) in [
            ("--recognizers nope\n", "t.args:1:15: error: --recognizers: no recognizer named 'nope' in the scene; \(list)\n"),
            (
                "# a comment\n--recognizers=single,nope\n",
                "t.args:2:15: error: --recognizers: no recognizer named 'nope' in the scene; \(list)\n"
            ),
            ("--show single --show nope\n", "t.args:1:22: error: --show: no recognizer named 'nope' in the scene; \(list)\n"),
        ] {
            try dir.write("t.args", args)
            let check = try BinaryRunner.run(["check", "t.json"], in: dir.url)
            #expect(check.status == 65, "\(args): \(check)")
            // (then the note that a golden file records an error only for a trace declared to fail)
            #expect(check.stderr.hasPrefix(message), "\(args): \(check)")
            let test = try BinaryRunner.run(["test", "t.json"], in: dir.url)
            #expect(test.status == 1, "\(args): \(test)")
            #expect(test.stdout.hasPrefix("FAIL t.json: " + message), "\(args): \(test)")
        }
        // The command line's names are the command line's: a usage error, as before.
        try dir.write("t.args", "--recognizers single\n")
        let commandLine = try BinaryRunner.run(["check", "--recognizers", "nope", "t.json"], in: dir.url)
        #expect(commandLine.status == 2, "\(commandLine)")
        #expect(commandLine.stderr.hasPrefix("gesturereplay: error: --recognizers: no recognizer named 'nope'"), "\(commandLine)")
    }

    /// Issue 44, D9 and D10: every error of a NAME.args file is at the word it is about (an
    /// option, its value, a stray word), and quotes at most 40 bytes of it.
    @Test("every NAME.args error is positioned at its word and quotes at most 40 bytes")
    func argsFileErrorsPositioned() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        let long = String(repeating: "b", count: 2_000)
        for (args, message) in [
            ("--bogus\n", "t.args:1:1: error: unknown option '--bogus'\n"),
            ("--screen 390x844\n--scene\n", "t.args:2:1: error: option --scene needs a value\n"),
            ("--screen 390x844 --screen 400x800\n", "t.args:1:18: error: option --screen given twice in the .args file; give it once\n"),
            ("--screen abc\n", "t.args:1:10: error: invalid value 'abc' for --screen"),
            ("  --screen=abc\n", "t.args:1:12: error: invalid value 'abc' for --screen"),
            ("--time-unit parsec\n", "t.args:1:13: error: invalid value 'parsec' for --time-unit"),
            ("-o x\n", "t.args:1:1: error: unknown option '-o'"),
            ("--lenient=yes\n", "t.args:1:1: error: option --lenient takes no value\n"),
            ("--lenient\n  stray\n", "t.args:2:3: error: a .args file holds options only, not 'stray'\n"),
            ("--lenient \(long)\n", "t.args:1:11: error: a .args file holds options only, not '\(long.prefix(40))...'\n"),
            ("--screen \(long)\n", "t.args:1:10: error: invalid value '\(long.prefix(40))...' for --screen"),
        ] {
            try dir.write("t.args", args)
            let check = try BinaryRunner.run(["check", "t.json"], in: dir.url)
            #expect(check.status == 65, "\(args.prefix(60)): \(check)")
            #expect(check.stderr.hasPrefix(message), "\(args.prefix(60)): \(check.stderr.prefix(300))")
            #expect(check.stderr.utf8.count < 400, "\(args.prefix(60)): \(check.stderr.utf8.count) bytes of stderr")
        }
    }
}
