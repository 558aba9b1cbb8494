import Foundation
import Testing

/// `GESTUREREPLAY_READER_THREAD`, `GESTUREREPLAY_FORMAT_THREAD` and `GESTUREREPLAY_SHARED_HELPER` through the built binary: `never`
/// and `always` (`0`, `1`) give the same output (standard output is a file here, so `always` formats
/// on the thread), and any other value is said to be ignored, not taken silently.
@Suite("Threading variables of the environment")
struct ThreadingEnvironmentTests {
    static let trace = "Traces/pinch.json"

    @Test(
        "never and always print the same, for reading and for formatting",
        arguments: ["GESTUREREPLAY_READER_THREAD", "GESTUREREPLAY_FORMAT_THREAD", "GESTUREREPLAY_SHARED_HELPER"])
    func sameOutput(variable: String) throws {
        let plain = try BinaryRunner.run(["--format", "jsonl", "--touches", Self.trace])
        #expect(plain.status == 0 && !plain.stdout.isEmpty, "\(plain)")
        for value in ["never", "always", "0", "1"] {
            let r = try BinaryRunner.run(["--format", "jsonl", "--touches", Self.trace], environment: [variable: value])
            #expect(r.status == 0 && r.stderr.isEmpty && r.stdoutData == plain.stdoutData, "\(variable)=\(value): \(r)")
        }
    }

    @Test(
        "another value: a warning naming it, then the replay as without it",
        arguments: ["GESTUREREPLAY_READER_THREAD", "GESTUREREPLAY_FORMAT_THREAD", "GESTUREREPLAY_SHARED_HELPER"])
    func otherValue(variable: String) throws {
        let plain = try BinaryRunner.run([Self.trace])
        let r = try BinaryRunner.run([Self.trace], environment: [variable: "sometimes"])
        #expect(r.status == 0 && r.stdoutData == plain.stdoutData, "\(r)")
        #expect(r.stderr.contains("warning: \(variable)='sometimes' is not never, always, 0 or 1; ignored"), "\(r.stderr)")
    }
}
