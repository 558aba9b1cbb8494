import Foundation
import TestSupport
import Testing

/// Issue 37 step 2: every text the command line writes about itself (`--help`, `help COMMAND` for
/// each command, the man page, the completion scripts) recorded under `Tests/Fixtures/cli-help/`
/// and compared byte for byte, so that a change of the CLI's shape provably changes none of it.
/// `SNAPSHOT_RECORD=1 swift test --skip-build --filter HelpSnapshotTests` re-records them.
@Suite("Help, man page and completion snapshots")
struct HelpSnapshotTests {
    static let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// The snapshots: the file name under `Tests/Fixtures/cli-help/` and the arguments that print it.
    /// The commands and shells are the ones the binary itself lists (its error for `help nope` and
    /// `completion nope`), so a new command or shell without a snapshot fails here.
    static func snapshots() throws -> [(file: String, arguments: [String])] {
        var list: [(String, [String])] = [("help.txt", ["--help"]), ("man.1", ["man"]), ("version.txt", ["--version"])]
        for command in try listed(by: ["help", "nope"], after: "commands: ") {
            list.append(("help-\(command).txt", ["help", command]))
        }
        for shell in try listed(by: ["completion", "nope"], after: "completion needs a shell: ") {
            list.append(("completion.\(shell)", ["completion", shell]))
        }
        return list
    }

    /// The comma-separated names a usage error of `arguments` lists after `marker`.
    static func listed(by arguments: [String], after marker: String) throws -> [String] {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == 2)
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        let range = try #require(firstLine.range(of: marker), "no '\(marker)' in: \(result.stderr)")
        let names = firstLine[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names.count >= 3)
        return names
    }

    @Test("help, every help COMMAND, the man page and the completion scripts are as recorded")
    func snapshotsMatch() throws {
        let folder = try Fixtures.folder("cli-help")
        var failures: [String] = []
        var recorded = Set<String>()
        for (file, arguments) in try Self.snapshots() {
            recorded.insert(file)
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 0, "gesturereplay \(arguments.joined(separator: " ")): \(result)")
            #expect(result.stderr.isEmpty, "gesturereplay \(arguments.joined(separator: " ")) wrote to standard error: \(result.stderr)")
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file)
            let expected = try? Data(contentsOf: url)
            if expected == result.stdoutData { continue }
            if Self.record {
                try result.stdoutData.write(to: url)
                continue
            }
            failures.append(
                expected == nil
                    ? "\(file): no snapshot of `gesturereplay \(arguments.joined(separator: " "))` (SNAPSHOT_RECORD=1 records it)"
                    : "\(file): `gesturereplay \(arguments.joined(separator: " "))` printed something else (SNAPSHOT_RECORD=1 re-records):\n"
                        + Self.firstDifference(String(decoding: expected!, as: UTF8.self), result.stdout))
        }
        // A snapshot of a command or shell that no longer exists is stale.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "README.md" }
        for stale in files where !recorded.contains(stale) {
            failures.append("\(stale): no such help text any more (remove the file)")
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The first line that differs, both ways.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) where i >= a.count || i >= b.count || a[i] != b[i] {
            return "line \(i + 1):\n- \(i < a.count ? String(a[i]) : "(end)")\n+ \(i < b.count ? String(b[i]) : "(end)")"
        }
        return "(same lines, different bytes)"
    }
}
