import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the commands shown in the documentation and compares their shown output (issue 15, item 16).
///
/// The rules, for writers of `README.md`, `docs/*.md` and `Traces/**/README.md`:
///
/// - A fenced code block whose lines start with `$ ` is a **doc-test**: each `$ COMMAND` line is run
///   with `/bin/sh` (standard error merged into standard output), and the lines after it, up to the
///   next `$ ` line or the end of the block, are its expected output, compared exactly. A line that
///   is just `...` stands for any number of lines (zero or more).
/// - Commands run in a fresh scratch folder holding a copy of `Traces/` and the files of
///   `docs/examples/` (at its top level), with the built `gesturereplay` first on `PATH`: write
///   paths as from the repository root (`Traces/pinch.json`); `--update` and `--junit` write into
///   the copy only.
/// - A block tagged `sh`, `bash`, `shell`, `console` or `zsh` that is not a doc-test (commands
///   without `$ `, placeholders such as `trace.json`, `make install`) must be marked as not run, with
///   the reason, in an HTML comment on the line right before its fence:
///   `<!-- doctest: not run: builds a release binary -->`. The same marker skips a `$ ` block.
/// - Re-recording: `DOCTEST_RECORD=1 swift test --skip-build --filter DocTests` rewrites every
///   shown output that differs with the actual one (a `...` that still matches is kept). Review
///   with `git diff`.
enum DocTestHarness {
    static let notRunMarker = "<!-- doctest: not run:"
    static let shellTags: Set<String> = ["sh", "bash", "shell", "console", "zsh"]

    /// One fenced block.
    struct Block {
        /// 1-based line of the opening fence.
        var fenceLine: Int
        var tag: String
        var indent: Int
        /// File line index (0-based) of each content line, and its text without the indent.
        var lines: [(index: Int, text: String)]
        var notRun: Bool
    }

    /// One `$ ` command of a block and the output shown for it.
    struct Example {
        var file: String
        var line: Int
        var command: String
        /// The shown output's lines and their 0-based file line indexes.
        var expected: [(index: Int, text: String)]
        var indent: Int
        /// Where the output would go when recorded and none is shown (after the command's line).
        var commandIndex: Int
    }

    /// The documentation files checked, relative to the package root.
    static func documentationFiles() -> [String] {
        var files = ["README.md"]
        let fm = FileManager.default
        let root = BinaryRunner.packageRoot
        if let docs = try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path) {
            files += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        }
        if let walker = fm.enumerator(atPath: root.appendingPathComponent("Traces").path) {
            var readmes: [String] = []
            while let path = walker.nextObject() as? String {
                if (path as NSString).lastPathComponent == "README.md" { readmes.append("Traces/" + path) }
            }
            files += readmes.sorted()
        }
        return files
    }

    static func blocks(_ lines: [String]) -> [Block] {
        var result: [Block] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            guard trimmed.hasPrefix("```") else { i += 1; continue }
            let tag = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let previous = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
            var block = Block(fenceLine: i + 1, tag: tag, indent: indent, lines: [], notRun: previous.hasPrefix(notRunMarker))
            i += 1
            while i < lines.count {
                let l = lines[i]
                let lIndent = l.prefix { $0 == " " }.count
                if l.dropFirst(lIndent).hasPrefix("```") { break }
                block.lines.append((i, String(l.dropFirst(min(indent, lIndent)))))
                i += 1
            }
            result.append(block)
            i += 1
        }
        return result
    }

    static func isDocTest(_ b: Block) -> Bool {
        b.lines.contains { $0.text.hasPrefix("$ ") }
    }

    /// The examples of a doc-test block.
    static func examples(_ b: Block, file: String) -> [Example] {
        var result: [Example] = []
        for (index, text) in b.lines {
            if text.hasPrefix("$ ") {
                result.append(
                    Example(
                        file: file, line: index + 1, command: String(text.dropFirst(2)), expected: [],
                        indent: b.indent, commandIndex: index))
            } else if !result.isEmpty {
                result[result.count - 1].expected.append((index, text))
            }
        }
        return result
    }

    /// Whether `actual` matches `expected`, where an expected line `...` matches any number of lines.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (actual.count + 1) + j
            if let m = memo[key] { return m }
            let result: Bool
            if i == expected.count {
                result = j == actual.count
            } else if expected[i] == "..." {
                result = match(i + 1, j) || (j < actual.count && match(i, j + 1))
            } else {
                result = j < actual.count && expected[i] == actual[j] && match(i + 1, j + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// A scratch folder with `Traces/` and the files of `docs/examples/`.
    static func makeScratch() throws -> URL {
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("gesturereplay-doctest-\(UUID().uuidString)")
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        try fm.copyItem(at: BinaryRunner.tracesDirectory, to: scratch.appendingPathComponent("Traces"))
        let examples = BinaryRunner.packageRoot.appendingPathComponent("docs/examples")
        for name in (try? fm.contentsOfDirectory(atPath: examples.path)) ?? [] {
            try fm.copyItem(at: examples.appendingPathComponent(name), to: scratch.appendingPathComponent(name))
        }
        return scratch
    }

    /// Runs `command` with `/bin/sh` in `directory`, standard error merged; returns the output's lines.
    static func run(_ command: String, in directory: URL) throws -> [String] {
        guard let binary = BinaryRunner.binaryPath else {
            throw HarnessError(description: "gesturereplay binary not found beside the test bundle")
        }
        // The shell puts the binary's folder first on PATH and forgets the variables that would
        // change what the documented command prints (the reader's NO_COLOR, this harness's own).
        let folder = (binary as NSString).deletingLastPathComponent
        let script = "unset NO_COLOR DOCTEST_RECORD; PATH=\"$0:$PATH\"; export PATH; exec 2>&1; " + command
        let (result, timedOut) = try ProcessRunner.run(folder, [], in: directory, shell: script)
        if timedOut { throw HarnessError(description: "`\(command)` did not finish within the time limit") }
        let text = result.stdout
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The outcome of one documentation file.
    struct Report {
        var failures: [String] = []
        var examplesRun = 0
        var rewritten = false
    }

    /// Checks (or with `record`, re-records) one file.
    static func check(_ file: String, record: Bool) throws -> Report {
        let url = BinaryRunner.packageRoot.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var report = Report()
        // Replacements (by file line range) applied from the end, so indexes stay valid.
        var replacements: [(range: Range<Int>, lines: [String])] = []
        for b in blocks(lines) {
            if b.notRun { continue }
            guard isDocTest(b) else {
                if shellTags.contains(b.tag) {
                    report.failures.append(
                        "\(file):\(b.fenceLine): a \(b.tag) block that is not run: make it a doc-test ($ COMMAND and its output) or mark it with \(notRunMarker) REASON --> on the line before"
                    )
                }
                continue
            }
            let scratch = try makeScratch()
            defer { try? FileManager.default.removeItem(at: scratch) }
            for e in examples(b, file: file) {
                report.examplesRun += 1
                let actual = try run(e.command, in: scratch)
                let expected = e.expected.map(\.text)
                if matches(expected, actual) { continue }
                if record {
                    let pad = String(repeating: " ", count: e.indent)
                    let start = e.expected.first?.index ?? e.commandIndex + 1
                    let end = (e.expected.last?.index).map { $0 + 1 } ?? e.commandIndex + 1
                    replacements.append((start..<end, actual.map { $0.isEmpty ? "" : pad + $0 }))
                } else {
                    report.failures.append(
                        """
                        \(file):\(e.line): `\(e.command)` printed something else (DOCTEST_RECORD=1 re-records):
                        --- shown
                        \(expected.joined(separator: "\n"))
                        --- actual
                        \(actual.joined(separator: "\n"))
                        """)
                }
            }
        }
        if record && !replacements.isEmpty {
            for r in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                lines.replaceSubrange(r.range, with: r.lines)
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: url)
            report.rewritten = true
        }
        return report
    }
}
