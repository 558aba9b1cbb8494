import Foundation
import TestSupport
import Testing
import TraceReplay

/// The adversarial pass of 2026-11-25 (issue #30), the text and input findings: control characters
/// in ids, names and paths (finding 25), through the binary (docs/robustness.md, "Text output").
@Suite("Adversarial pass (issue #30): terminal-safe text")
struct AdversarialTextTests {
    /// The bytes a terminal would act on: C0 controls other than the line feed, DEL, and the C1
    /// controls (UTF-8 `C2 80`...`C2 9F`).
    static func controlBytes(_ data: Data) -> [UInt8] {
        var found: [UInt8] = []
        var previous: UInt8 = 0
        for b in data {
            if (b < 0x20 && b != 0x0A) || b == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(b)) { found.append(b) }
            previous = b
        }
        return found
    }

    @Test("TerminalSafe escapes C0, DEL and C1 controls as \\u{XX} and leaves every other character as it is")
    func escaping() {
        #expect(TerminalSafe.escaped("a\u{1}\u{1B}[31mb") == "a\\u{01}\\u{1B}[31mb")
        #expect(TerminalSafe.escaped("ba\u{0}ck\u{7F}") == "ba\\u{00}ck\\u{7F}")
        #expect(TerminalSafe.escaped("x\u{9B}2Jy\u{85}") == "x\\u{9B}2Jy\\u{85}")
        #expect(TerminalSafe.escaped("tab\there\nnl") == "tab\\u{09}here\\u{0A}nl")
        for plain in ["double-tap", "café 日本 👍", "a\\u{1B}b", "Ā ¡ é", ""] {
            #expect(TerminalSafe.escaped(plain) == plain)
            #expect(!TerminalSafe.needsEscaping(plain))
        }
        var out = OutputBuffer(fileDescriptor: nil)
        out.appendTerminalSafe("id\u{1B}]0;owned\u{7}")
        #expect(out.text == "id\\u{1B}]0;owned\\u{07}")
    }

    @Test("touch ids and view messages print their control characters escaped in text; JSON Lines unchanged")
    func idsAndNames() throws {
        let dir = try TemporaryFolder()
        let id = "a\u{1}\u{1B}[31mb"
        let trace = "t,id,phase,x,y\n0,\"\(id)\",began,10,10\n0.05,\"\(id)\",ended,10,10\n"
        let tracePath = try dir.write("t.csv", trace)
        let r = try BinaryRunner.run([tracePath, "--touches", "--summary"])
        #expect(r.status == 0, "\(r)")
        #expect(Self.controlBytes(r.stdoutData).isEmpty, "\(r)")
        #expect(r.stdout.contains("touch a\\u{01}\\u{1B}[31mb ended"), "\(r)")
        let j = try BinaryRunner.run([tracePath, "--touches", "--format", "jsonl"])
        #expect(j.stdout.contains(#""touch":"a\u0001\u001b[31mb""#), "\(j)")
    }

    @Test("a scene name with a control character is refused at the name, the message escaped")
    func sceneNames() throws {
        let dir = try TemporaryFolder()
        let tracePath = try dir.write("t.csv", "t,id,phase,x,y\n0,1,began,10,10\n0.05,1,ended,10,10\n")
        for (scene, column) in [
            (#"{"recognizers": [{"name": "ta\u001b[2Jp", "kind": "tap"}]}"#, 27),
            (#"{"recognizers": [{"name": "ba\u0000ck", "kind": "tap"}]}"#, 27),
            (#"{"views": [{"name": "v\u009b", "frame": [0, 0, 10, 10]}]}"#, 21),
        ] {
            let scenePath = try dir.write("s.scene.json", scene)
            let r = try BinaryRunner.run([tracePath, "--scene", scenePath])
            #expect(r.status == 65, "\(r)")
            #expect(r.stderr.contains("s.scene.json:1:\(column): error:"), "\(r)")
            #expect(r.stderr.contains("must not contain control characters"), "\(r)")
            #expect(Self.controlBytes(r.stderrData).isEmpty, "\(r)")
        }
    }

    @Test("an error quoting a value or naming a file escapes its control characters")
    func diagnostics() throws {
        let dir = try TemporaryFolder()
        let path = try dir.write("bad\u{1B}[2J.csv", "t,id,phase,x,y\n0,1,be\u{1B}]0;x\u{7}gan,1,1\n")
        let r = try BinaryRunner.run([path])
        #expect(r.status == 65, "\(r)")
        #expect(Self.controlBytes(r.stderrData).isEmpty, "\(r)")
        #expect(r.stderr.contains("bad\\u{1B}[2J.csv:2:"), "\(r)")
    }

    @Test("test lines (UPDATED, PASS, FAIL), stats and stats --merge tables escape trace paths")
    func suiteAndStatsLines() throws {
        let dir = try TemporaryFolder()
        let name = "x\u{1B}[2J\u{9B}"
        for folder in ["one", "two"] {
            _ = try dir.write("\(folder)/\(name).csv", "t,id,phase,x,y\n0,1,began,10,10\n0.05,1,ended,10,10\n")
            // A broken trace: the stats table lists it with its error (and path).
            _ = try dir.write("\(folder)/\(name)-broken.csv", "t,id,phase,x,y\n0,1,began,10,10\n0.05,1,flew,10,10\n")
        }
        let one = dir.url.appendingPathComponent("one").path, two = dir.url.appendingPathComponent("two").path
        try FileManager.default.removeItem(atPath: one + "/\(name)-broken.csv")
        let update = try BinaryRunner.run(["test", "--update", one])
        #expect(update.status == 0, "\(update)")
        let test = try BinaryRunner.run(["test", one])
        #expect(test.status == 0, "\(test)")
        try "garbage\n".write(toFile: one + "/\(name).expected", atomically: false, encoding: .utf8)
        let fail = try BinaryRunner.run(["test", one])
        #expect(fail.status != 0, "\(fail)")
        for run in [update, test, fail] {
            #expect(Self.controlBytes(run.stdoutData).isEmpty, "\(run)")
            #expect(run.stdout.contains("x\\u{1B}[2J\\u{9B}.csv"), "\(run)")
        }
        var shards: [String] = []
        for (i, folder) in [one, two].enumerated() {
            let s = try BinaryRunner.run(["stats", "--format", "json", folder])
            shards.append(try dir.write("shard\(i).json", s.stdout))
        }
        let stats = try BinaryRunner.run(["stats", two])
        let merged = try BinaryRunner.run(["stats", "--merge"] + shards)
        for run in [stats, merged] {
            #expect(run.status == 65, "\(run)")
            #expect(Self.controlBytes(run.stdoutData).isEmpty, "\(run)")
            #expect(run.stdout.contains("x\\u{1B}[2J\\u{9B}-broken.csv:3:"), "\(run)")
        }
    }

    @Test("frames 1e-310 s apart: every printed velocity, scale and rotation is a number (finding 23)")
    func tinyFrameIntervals() throws {
        let dir = try TemporaryFolder()
        var csv = "t,id,phase,x,y\n0,1,began,100,400\n0,2,began,300,400\n"
        for k in 1...30 {
            let t = Double(k) * 1e-310
            let spread = Double(k) * 4
            csv += "\(t),1,moved,\(100 - spread),\(400 - spread / 2)\n\(t),2,moved,\(300 + spread),\(400 + spread / 2)\n"
        }
        csv += "3.1e-309,1,ended,0,340\n3.1e-309,2,ended,420,460\n"
        let path = try dir.write("pinch.csv", csv)
        for format in ["text", "jsonl"] {
            let r = try BinaryRunner.run([path, "--format", format, "--touches"])
            #expect(r.status == 0, "\(r)")
            #expect(r.stdout.contains("pinch"), "\(r)")
            for bad in ["null", "inf", "nan"] { #expect(!r.stdout.contains(bad), "\(format): \(bad)\n\(r)") }
        }
    }

    @Test("a coordinate beyond 1e20 points is an error at the value, not inf or null in the output (finding 23)")
    func hugeCoordinates() throws {
        let dir = try TemporaryFolder()
        let path = try dir.write(
            "big.csv", "t,id,phase,x,y\n0,1,began,-1.7e308,1.7e308\n0.1,1,moved,1.7e308,-1.7e308\n0.2,1,ended,1.7e308,-1.7e308\n")
        let r = try BinaryRunner.run([path])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stderr.contains(
                "big.csv:2:11: error: 'x' value -1.7e+308 is out of range: coordinates are at most 1e20 points from the origin"), "\(r)")
        #expect(!r.stdout.contains("inf") && !r.stdout.contains("null"), "\(r)")
    }
}
