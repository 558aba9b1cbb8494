import Foundation
import TestSupport
import Testing

/// The test targets' one process runner (TestSupport) always has a time limit: a hung program is
/// stopped and reported, where the binary runner used to wait for ever.
@Suite("Process runner")
struct ProcessRunnerTests {
    @Test("a process that does not finish is stopped at its time limit and reported")
    func timeLimit() throws {
        let start = monotonicNow()
        let (result, timedOut) = try ProcessRunner.run("/bin/sleep", ["30"], in: URL(fileURLWithPath: "/"), seconds: 0.5)
        #expect(timedOut)
        #expect(monotonicNow() - start < 10)
        #expect(result.status != 0)
    }

    @Test("output, status and standard input")
    func runsAProgram() throws {
        let (result, timedOut) = try ProcessRunner.run(
            "/bin/sh", ["-c", "cat; echo err >&2; exit 3"], in: URL(fileURLWithPath: "/"),
            stdin: Array("hello\n".utf8), chunks: [2])
        #expect(!timedOut)
        #expect(result.status == 3)
        #expect(result.stdout == "hello\n")
        #expect(result.stderr == "err\n")
    }

    @Test("a missing fixture is an error, not an empty folder")
    func missingFixture() {
        #expect(throws: MissingFixture.self) { try Fixtures.folder("no-such-suite") }
        #expect((try? Fixtures.folder("velocity")) != nil)
    }
}
