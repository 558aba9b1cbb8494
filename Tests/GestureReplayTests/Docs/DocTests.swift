import Foundation
import Testing

/// Every command shown in the README, `docs/*.md` and the `Traces/` READMEs is run and its shown
/// output compared (`DocTestHarness` has the rules; `DOCTEST_RECORD=1` re-records).
@Suite("Documentation examples")
struct DocTests {
    static let record = ProcessInfo.processInfo.environment["DOCTEST_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false

    @Test("the shown commands print the shown output", arguments: DocTestHarness.documentationFiles())
    func documentation(_ file: String) throws {
        let report = try DocTestHarness.check(file, record: Self.record)
        for failure in report.failures {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("the README runs real examples (no placeholder output)")
    func readmeHasRealExamples() throws {
        let readme = try BinaryRunner.packageFile("README.md")
        let blocks = DocTestHarness.blocks(readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let examples = blocks.filter(DocTestHarness.isDocTest).flatMap { DocTestHarness.examples($0, file: "README.md") }
        #expect(!examples.isEmpty)
        for e in examples {
            #expect(
                !e.expected.contains { $0.text.trimmingCharacters(in: .whitespaces).hasSuffix("...") && $0.text != "..." },
                "README.md:\(e.line): placeholder output")
        }
    }

    @Test("the harness: `...` matches any lines; a mismatch is reported; unmarked shell blocks are reported")
    func harness() throws {
        #expect(DocTestHarness.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(DocTestHarness.matches(["a", "...", "d"], ["a", "d"]))
        #expect(!DocTestHarness.matches(["a", "d"], ["a", "b", "d"]))
        #expect(!DocTestHarness.matches(["a"], ["a", "b"]))
        let lines = [
            "```sh", "gesturereplay x.json", "```", "<!-- doctest: not run: placeholder -->", "```sh", "make install", "```",
            "```", "$ echo hi", "hi", "```",
        ]
        let blocks = DocTestHarness.blocks(lines)
        #expect(blocks.count == 3)
        #expect(!blocks[0].notRun && blocks[1].notRun)
        #expect(DocTestHarness.isDocTest(blocks[2]))
        #expect(DocTestHarness.examples(blocks[2], file: "x").first?.expected.map(\.text) == ["hi"])
    }
}
