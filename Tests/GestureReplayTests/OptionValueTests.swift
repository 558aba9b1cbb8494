import Foundation
import TestSupport
import Testing

/// The option layer's value rules: one number grammar for every numeric option (issue 30 defect
/// 27).
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
}
