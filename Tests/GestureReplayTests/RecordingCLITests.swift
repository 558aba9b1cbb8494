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

    @Test("an error in a recording points at its own line and column (exit 65)")
    func positionedError() throws {
        let path = "Tests/TraceKitTests/Malformed/corpus/getevent-truncated-line.txt"
        let r = try BinaryRunner.run([path])
        #expect(r.status == 65)
        #expect(r.stderr.contains(":2:65: error: truncated getevent line: expected the value after 'ABS_MT_POSITION_X'"), "\(r.stderr)")
    }
}
