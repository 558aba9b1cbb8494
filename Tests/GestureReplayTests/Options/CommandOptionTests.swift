import Foundation
import TestSupport
import Testing

/// Issue 37 step 3: commands as types. An option given to a command that does not take it is a
/// usage error naming the commands that do (from the commands' own option lists).
@Suite("Options of the wrong command")
struct CommandOptionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "an option of other commands names them",
        arguments: [
            Case(
                arguments: ["synth", "--touches", "s.txt"],
                message: "unknown option '--touches' for 'synth' (an option of replay, check, test and render)"),
            Case(
                arguments: ["check", "-o", "x.json", "t.json"],
                message: "unknown option '-o' for 'check' (an option of synth, render, convert and shrink)"),
            Case(arguments: ["stats", "--live"], message: "unknown option '--live' for 'stats' (an option of replay)"),
            Case(
                arguments: ["convert", "--scene", "s.json", "t.json"],
                message: "unknown option '--scene' for 'convert' (an option of replay, check, test, render, stats, compare and shrink)"),
            Case(arguments: ["--merge", "a.json"], message: "unknown option '--merge' (an option of stats)"),
            Case(arguments: ["render", "--version"], message: "unknown option '--version' for 'render' (an option of replay)"),
            Case(
                arguments: ["shrink", "--format=json", "t.json"],
                message: "unknown option '--format=json' for 'shrink' (an option of replay, check, test, render, stats and compare)"),
            // An option no command takes stays unknown, as before.
            Case(arguments: ["--bogus", "t.json"], message: "unknown option '--bogus'"),
            Case(arguments: ["check", "--bogus", "t.json"], message: "unknown option '--bogus'"),
        ])
    func namesTheCommands(_ c: Case) throws {
        let r = try BinaryRunner.run(c.arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout.isEmpty)
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "gesturereplay: error: \(c.message)", "\(r)")
    }

    @Test("in a NAME.args file too")
    func argsFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/double-tap.json", as: "t.json")
        try dir.write("t.args", "--junit r.xml\n")
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr == "t.args:1:1: error: unknown option '--junit' in a .args file (an option of test)\n", "\(r)")
    }
}
