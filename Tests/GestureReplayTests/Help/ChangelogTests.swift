import Foundation
import TestSupport
import Testing

/// Issue 47 item 3: the version `gesturereplay --version` prints is the newest release of
/// docs/CHANGELOG.md (its first `## ` heading), so a release is never tagged with a binary that
/// names another one.
@Suite("CHANGELOG and --version")
struct ChangelogTests {
    /// The version of the changelog's first release heading (`## 0.2.0 (unreleased)` -> `0.2.0`).
    static func newestRelease(in changelog: String) -> String? {
        for line in changelog.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("## ") {
            return line.dropFirst(3).split(separator: " ").first.map(String.init)
        }
        return nil
    }

    @Test("the newest release of docs/CHANGELOG.md is the version the binary prints")
    func versionMatchesChangelog() throws {
        let changelog = try BinaryRunner.packageFile("docs/CHANGELOG.md")
        let newest = try #require(Self.newestRelease(in: changelog), "docs/CHANGELOG.md has no '## VERSION' heading")
        #expect(newest.split(separator: ".").count == 3 && newest.allSatisfy { $0.isNumber || $0 == "." }, "not a version: \(newest)")
        let result = try BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "gesturereplay \(newest)\n")
    }

    @Test("the heading parser reads the first release, not a later one")
    func parserReadsTheFirstHeading() {
        #expect(Self.newestRelease(in: "# Changelog\n\ntext\n\n## 1.2.3 (unreleased)\n\n## 1.2.2\n") == "1.2.3")
        #expect(Self.newestRelease(in: "# Changelog\n### 9.9.9 not a release\n") == nil)
    }
}
