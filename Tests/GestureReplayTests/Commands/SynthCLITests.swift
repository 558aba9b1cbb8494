import Foundation
import TestSupport
import Testing

/// `gesturereplay synth` end to end: the built binary writes traces that it then replays (issue 19).
@Suite("synth command")
struct SynthCLITests {
    @Test("a script from standard input to standard output, each format, replays as scripted")
    func standardInputToOutput() throws {
        let folder = try TemporaryFolder()
        for format in ["csv", "jsonl", "json"] {
            let r = try BinaryRunner.run(["synth", "-", "--to", format], stdin: Data("drag 100,200 -> 300,200 in 0.3s\n".utf8))
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
            let path = try folder.write("drag.\(format)", r.stdout)
            let replay = try BinaryRunner.run(["--show", "pan", "--states", "ended", path])
            #expect(
                replay.stdout.contains("changed -> ended       at (300.0, 200.0)  touches 1  translation (190.0, 0.0)"),
                "\(format): \(replay)")
        }
        // Without --to or -o: JSON, with the screen.
        let json = try BinaryRunner.run(["synth", "-"], stdin: Data("tap 1,2\n".utf8))
        #expect(
            json.stdout
                == "{\"screen\": {\"width\": 390.0, \"height\": 844.0},\n \"events\": [\n  {\"t\": 0.0, \"id\": 1, \"phase\": \"began\", \"x\": 1.0, \"y\": 2.0},\n  {\"t\": 0.05, \"id\": 1, \"phase\": \"ended\", \"x\": 1.0, \"y\": 2.0}\n]}\n"
        )
    }

    @Test("-o FILE replaces an existing file atomically, format from its extension")
    func outputFile() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.synth", "tap 10,20\n")
        try folder.write("out.csv", "old content that is longer than the new trace, and must go entirely\n")
        let r = try BinaryRunner.run(["synth", script, "-o", "out.csv"], in: folder.url)
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r)")
        #expect(try folder.read("out.csv") == "t,id,phase,x,y\n0.0,1,began,10.0,20.0\n0.05,1,ended,10.0,20.0\n")
        #expect(try folder.contents() == ["out.csv", "s.synth"])  // no temporary file left behind
        // A folder in the way is an error and nothing is written.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("d.json"), withIntermediateDirectories: false)
        let bad = try BinaryRunner.run(["synth", script, "-o", "d.json"], in: folder.url)
        // An output failure is exit 74, as for every command (issue #30; it was 66, "cannot open an input").
        #expect(bad.status == 74 && bad.stderr == "d.json: error: cannot write: it is a folder\n", "\(bad)")
    }

    @Test("a sweep writes one trace per value and prints their paths")
    func sweep() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("s.synth", "drag 100,200 -> {105..115 step 5},200 in 0.1s\n")
        let r = try BinaryRunner.run(["synth", script, "-o", "t.jsonl"], in: folder.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "t-105.jsonl\nt-110.jsonl\nt-115.jsonl\n")
        #expect(try folder.contents() == ["s.synth", "t-105.jsonl", "t-110.jsonl", "t-115.jsonl"])
        // Without -o there is nowhere to put them.
        let none = try BinaryRunner.run(["synth", script], in: folder.url)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("gesturereplay: error: the script has a sweep of 3 values (\(script):1:17): give -o FILE"))
    }

    @Test("bad scripts and command lines: positioned errors, documented exit codes")
    func errors() throws {
        let bad = try BinaryRunner.run(["synth", "-"], stdin: Data("tap 1,2\ndrag 1,2 -> 3,4 in 0.3\n".utf8))
        #expect(bad.status == 65 && bad.stdout.isEmpty)
        #expect(
            bad.stderr
                == "<stdin>:2:20: error: expected a duration with its unit such as '0.3s' or '300ms', found '0.3'; expected: drag X,Y -> X,Y [-> X,Y ...] in 0.3s\n"
        )
        let missing = try BinaryRunner.run(["synth", "no-such.synth"])
        #expect(missing.status == 66 && missing.stderr.hasPrefix("no-such.synth: error: cannot open"))
        let usage = try BinaryRunner.run(["synth"])
        #expect(usage.status == 2 && usage.stderr.contains("missing script file"))
        let format = try BinaryRunner.run(["synth", "-", "--to", "xml"], stdin: Data("tap 1,2\n".utf8))
        #expect(format.status == 2 && format.stderr.contains("invalid value 'xml' for --to (expected one of: csv, jsonl, json)"))
        let option = try BinaryRunner.run(["synth", "-", "--touches"], stdin: Data("tap 1,2\n".utf8))
        #expect(option.status == 2 && option.stderr.contains("unknown option '--touches' for 'synth'"))
        let help = try BinaryRunner.run(["help", "synth"])
        #expect(help.status == 0 && help.stdout.contains("pinch X,Y from 100 to 200 in 0.5s"))
    }
}
