import Foundation
import Testing

/// Device recordings through the command line: sniffed from a file or standard input,
/// `--input-format`, `check` with `NAME.args`, positioned errors.
@Suite("Device recordings on the command line")
struct RecordingCLITests {
    static let taps = "Tests/Fixtures/recordings/atmel-maxtouch.1-finger-fast-taps.evemu"

    @Test("a recording replays from its path and from standard input (sniffed) alike")
    func pathAndStandardInput() throws {
        let file = try BinaryRunner.run(["--screen", "400x240", Self.taps])
        #expect(file.status == 0, "\(file)")
        #expect(file.stdout.contains("doubleTap       tap             possible -> ended      at (170.0, 121.0)  touches 1  taps 2"))
        #expect(file.stderr.isEmpty, "a mapping was given: no warning")
        let stdin = try BinaryRunner.run(["--screen", "400x240", "-"], stdin: try BinaryRunner.packageData(Self.taps))
        #expect(stdin.status == 0, "\(stdin)")
        #expect(stdin.stdout == file.stdout)
    }

    @Test("--input-format names a recording format over the extension")
    func forcedFormat() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let copy = try dir.copy(Self.taps, as: "taps.csv")
        let asCSV = try BinaryRunner.run([copy])
        #expect(asCSV.status == 65)
        let asEvemu = try BinaryRunner.run(["--input-format", "evemu", copy])
        #expect(asEvemu.status == 0, "\(asEvemu)")
        #expect(asEvemu.stderr == "\(copy):1:1: warning: no --screen or --density: raw device units are used as points (800 x 480)\n")
    }

    @Test("check and test take a recording with its NAME.args")
    func checkWithArgs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let copy = try dir.copy(Self.taps, as: "taps.evemu")
        _ = try dir.write("taps.args", "--screen 400x240\n")
        let update = try BinaryRunner.run(["check", "--update", copy])
        #expect(update.status == 0, "\(update)")
        #expect(try dir.read("taps.expected").contains("at (170.0, 121.0)"))
        let check = try BinaryRunner.run(["test", copy])
        #expect(check.status == 0, "\(check)")
    }

    @Test("the README's `--density 2.75 phone.txt` on a getevent -lt capture without ranges recognizes the taps, with its warning")
    func readmeDensityExample() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let phone = try dir.write("phone.txt", Self.phoneWithoutRanges)
        let r = try BinaryRunner.run(["--density", "2.75", phone])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout.contains("tap             tap             possible -> ended      at (196.4, 436.4)  touches 1  taps 1"), "\(r.stdout)")
        #expect(
            r.stderr.hasPrefix(
                "\(phone):1:1: warning: no axis ranges in the recording: --density 2.75 takes its raw units as pixels (pt = raw / 2.75)"),
            "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        // --summary adds the mapping used, as a note.
        let summary = try BinaryRunner.run(["--density", "2.75", "--summary", phone])
        #expect(
            summary.stderr.contains("\(phone):1:1: note: mapping: no axis ranges; pt = raw / 2.75 (--density); screen unknown"),
            "\(summary.stderr)")
        // test finds it under its .txt name, with its NAME.args.
        _ = try dir.write("phone.args", "--density 2.75\n")
        let update = try BinaryRunner.run(["test", "--update", dir.path])
        #expect(update.status == 0, "\(update)")
        #expect(update.stdout.contains("phone.txt"), "\(update.stdout)")
        #expect(try dir.read("phone.expected").contains("at (196.4, 436.4)"))
    }

    /// `adb shell getevent -lt /dev/input/event3 > phone.txt`: two taps, no `-lp` header.
    static let phoneWithoutRanges = """
        [  51442.100000] EV_ABS       ABS_MT_TRACKING_ID   00000001
        [  51442.100000] EV_ABS       ABS_MT_POSITION_X    0000021c
        [  51442.100000] EV_ABS       ABS_MT_POSITION_Y    000004b0
        [  51442.100000] EV_KEY       BTN_TOUCH            DOWN
        [  51442.100000] EV_SYN       SYN_REPORT           00000000
        [  51442.160000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [  51442.160000] EV_KEY       BTN_TOUCH            UP
        [  51442.160000] EV_SYN       SYN_REPORT           00000000

        """

    @Test("an error in a recording points at its own line and column (exit 65)")
    func positionedError() throws {
        let path = "Tests/TraceReadingTests/Malformed/corpus/getevent-truncated-line.txt"
        let r = try BinaryRunner.run([path])
        #expect(r.status == 65)
        #expect(r.stderr.contains(":2:65: error: truncated getevent line: expected the value after 'ABS_MT_POSITION_X'"), "\(r.stderr)")
    }
}

/// `gesturereplay convert` and the recording options on the command line.
@Suite("convert and the recording options")
struct ConvertCLITests {
    static let drag = "Tests/Fixtures/recordings/atmel-maxtouch.1-finger-drag-up.evemu"

    @Test("replaying the converted trace prints exactly what replaying the recording prints", arguments: ["json", "jsonl", "csv"])
    func roundTrip(_ to: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("drag.\(to)").path
        let options = ["--screen", "400x240", "--rotate", "180"]
        let convert = try BinaryRunner.run(["convert", "--to", to] + options + [Self.drag, "-o", out])
        #expect(convert.status == 0, "\(convert)")
        #expect(convert.stdout.isEmpty)
        // JSON keeps the screen; JSON Lines and CSV say they cannot, and what to give.
        #expect(
            convert.stderr
                == (to == "json"
                    ? ""
                    : "\(Self.drag):1:1: warning: \(to == "csv" ? "CSV" : "JSON Lines") cannot carry the screen (400 x 240 pt): replay the converted trace with --screen 400x240, or convert to JSON\n"),
            "\(convert.stderr)")
        let recording = try BinaryRunner.run(options + ["--touches", Self.drag])
        // JSON keeps the screen; JSON Lines and CSV take it again.
        let replayed = try BinaryRunner.run((to == "json" ? [] : ["--screen", "400x240"]) + ["--touches", out])
        #expect(recording.status == 0 && replayed.status == 0, "\(recording) \(replayed)")
        #expect(replayed.stdout == recording.stdout)
        #expect(recording.stdout.contains("verticalSwipe   swipe           possible -> ended"))
    }

    @Test("without --to the format comes from -o's extension")
    func formatFromExtension() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("drag.jsonl").path
        let r = try BinaryRunner.run(["convert", "--density", "2", Self.drag, "-o", out])
        #expect(r.status == 0, "\(r)")
        #expect(try dir.read("drag.jsonl").hasPrefix("{\"t\": 0.0, \"id\": 1, \"phase\": \"began\", \"x\": 180.5, \"y\": 189.5}\n"))
        #expect(try dir.contents() == ["drag.jsonl"], "no temporary file left")
    }

    @Test func toStandardOutput() throws {
        let r = try BinaryRunner.run([
            "convert", "--to", "csv", "--density", "2", "Tests/TraceReadingTests/Malformed/corpus/getevent-syn-dropped.txt",
        ])
        #expect(r.status == 0, "\(r)")
        // The frame after SYN_DROPPED is skipped (the kernel's rule); the lift keeps the last x read.
        #expect(r.stdout == "t,id,phase,x,y\n0.0,1,began,0.5,1.0\n0.03,1,ended,2.5,1.0\n")
        #expect(r.stderr.contains(":6:1: warning: SYN_DROPPED"))
    }

    @Test("an error leaves no output file behind")
    func errorLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("t.json").path
        let r = try BinaryRunner.run(["convert", "Tests/TraceReadingTests/Malformed/corpus/getevent-hex-overflow.txt", "-o", out])
        #expect(r.status == 65)
        #expect(try dir.contents().isEmpty)
    }

    @Test("--device picks one of interleaved devices")
    func device() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var text = ""
        for (t, device, lines) in [
            ("1.000000", 2, ["ABS_MT_TRACKING_ID   00000001", "ABS_MT_POSITION_X    00000001", "ABS_MT_POSITION_Y    00000002"]),
            ("1.001000", 5, ["ABS_MT_TRACKING_ID   00000001", "ABS_MT_POSITION_X    00000009", "ABS_MT_POSITION_Y    00000008"]),
            ("1.002000", 2, ["ABS_MT_TRACKING_ID   ffffffff"]), ("1.003000", 5, ["ABS_MT_TRACKING_ID   ffffffff"]),
        ] {
            for l in lines + ["SYN_REPORT           00000000"] {
                text += "[    \(t)] /dev/input/event\(device): \(l.hasPrefix("SYN") ? "EV_SYN" : "EV_ABS")       \(l)\n"
            }
        }
        let path = try dir.write("two.txt", text)
        let ambiguous = try BinaryRunner.run([path])
        #expect(ambiguous.status == 65)
        #expect(ambiguous.stderr.contains(":5:1: error: touch events from a second device, /dev/input/event5"), "\(ambiguous.stderr)")
        let r = try BinaryRunner.run(["convert", "--to", "jsonl", "--device", "/dev/input/event5", path])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout
                == "{\"t\": 0.001, \"id\": 1, \"phase\": \"began\", \"x\": 9.0, \"y\": 8.0}\n{\"t\": 0.003, \"id\": 1, \"phase\": \"ended\", \"x\": 9.0, \"y\": 8.0}\n"
        )
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "bad recording options are usage errors (exit 2)",
        arguments: [
            UsageCase(arguments: ["--rotate", "45", drag], message: "invalid value '45' for --rotate (expected one of: 0, 90, 180, 270)"),
            UsageCase(arguments: ["--density", "0", drag], message: "invalid value '0' for --density"),
            UsageCase(arguments: ["--raw-size", "1080", drag], message: "invalid value '1080' for --raw-size"),
            UsageCase(
                arguments: ["convert", "--to", "xml", drag], message: "invalid value 'xml' for --to (expected one of: csv, jsonl, json)"),
            UsageCase(arguments: ["--to", "csv", drag], message: "unknown option '--to'"),
            UsageCase(arguments: ["convert"], message: "missing input file"),
            UsageCase(arguments: ["--density", "2", "Traces/double-tap.json"], message: "apply to device recordings"),
        ])
    func usage(_ c: UsageCase) throws {
        let r = try BinaryRunner.run(c.arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains(c.message), "\(r.stderr)")
    }
}

/// `gesturereplay test FOLDER` finds recordings by their extension.
@Suite("Recordings in a test suite")
struct RecordingSuiteTests {
    @Test func aFolderOfRecordingsIsASuite() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try dir.copy(RecordingCLITests.taps, as: "taps.evemu")
        _ = try dir.write("taps.args", "--screen 400x240\n")
        _ = try dir.write("taps.evemu.txt", "ignored: .txt is not a trace extension\n")
        let update = try BinaryRunner.run(["test", "--update", dir.path])
        #expect(update.status == 0, "\(update)")
        let r = try BinaryRunner.run(["test", dir.path])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("1 passed, 0 failed"), "\(r.stdout)")
        #expect(try dir.read("taps.expected").contains("doubleTap       tap             possible -> ended      at (170.0, 121.0)"))
    }
}
