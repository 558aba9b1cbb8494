import Foundation
import Testing
import TestSupport

/// `check --html FILE` and `test --html FILE` (docs/pictures.md): one self-contained page, well
/// formed, with pass/fail per trace, the diff and the picture of each failure.
@Suite("HTML reports of check and test")
struct HTMLReportTests {
    /// A folder with a passing trace and a failing one (a golden line changed).
    static func folder() throws -> TemporaryFolder {
        let dir = try TemporaryFolder()
        _ = try dir.copy("Traces/swipe-down.json", as: "swipe-down.json")
        _ = try dir.copy("Traces/swipe-down.expected", as: "swipe-down.expected")
        _ = try dir.copy("Traces/pinch.json", as: "pinch <&>.json")
        var golden = try BinaryRunner.packageFile("Traces/pinch.expected").split(separator: "\n", omittingEmptySubsequences: false)
        golden[2] = "   0.999  bogus"
        _ = try dir.write("pinch <&>.expected", golden.joined(separator: "\n"))
        return dir
    }

    static func expectSelfContained(_ html: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let problem = XMLWellFormedness.problem(in: html)
        #expect(problem == nil, "not well-formed: \(problem ?? "")", sourceLocation: sourceLocation)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html"), sourceLocation: sourceLocation)
        for external in ["<script", "<link", "src=", "@import", "url(http", "@font-face"] {
            #expect(!html.contains(external), "external reference \(external)", sourceLocation: sourceLocation)
        }
    }

    @Test("test --html: failures first, the coloured diff, the failure's picture with the changed transition ringed, none of the passes'")
    func suite() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        // A passing trace found before the failing one: listed after it.
        _ = try dir.copy("Traces/double-tap.json", as: "a-double-tap.json")
        _ = try dir.copy("Traces/double-tap.expected", as: "a-double-tap.expected")
        let r = try BinaryRunner.run(["test", ".", "--html", "report.html"], in: dir.url)
        #expect(r.status == 1, "\(r)")
        let html = try String(contentsOfFile: dir.path + "/report.html", encoding: .utf8)
        Self.expectSelfContained(html)
        #expect(html.contains("<p id=\"summary\">2 passed, 1 failed</p>"))
        #expect(html.contains("<td class=\"fail\">FAIL</td><td><a href=\"#trace-1\">./pinch &lt;&amp;&gt;.json</a></td>"))
        #expect(html.contains("<td class=\"pass\">PASS</td><td>./swipe-down.json</td>"))
        let fail = try #require(html.range(of: "FAIL</td>")), pass = try #require(html.range(of: "PASS</td><td>./a-double-tap.json"))
        #expect(fail.lowerBound < pass.lowerBound, "failures first")
        // The diff coloured as the terminal shows it: removed red, added green, the changed fields reversed.
        #expect(html.contains("<span class=\"del\">-   <span class=\"changed\">0.999</span>  <span class=\"changed\">bogus</span></span>"))
        #expect(html.contains("<span class=\"add\">+"))
        #expect(!html.contains("\u{1B}") && !html.contains("\u{FFFD}[3"))
        // The first added line (pinch began -> changed at 0.100) ringed in the picture.
        #expect(html.contains("<g class=\"differs\"><circle"))
        #expect(
            html.contains(
                "ringed in yellow:</tspan> the first transition that differs from the golden file: 0.100  pinch     pinch     began -&gt; changed"
            ))
        #expect(html.components(separatedBy: "<svg ").count == 2, "one picture: the failed trace's")
        // Deterministic.
        _ = try BinaryRunner.run(["test", ".", "--html", "again.html"], in: dir.url)
        #expect(try String(contentsOfFile: dir.path + "/again.html", encoding: .utf8) == html)
    }

    @Test("--html-all: every trace's picture, each with its own ids")
    func all() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        _ = try BinaryRunner.run(["test", ".", "--html", "report.html", "--html-all"], in: dir.url)
        let html = try String(contentsOfFile: dir.path + "/report.html", encoding: .utf8)
        Self.expectSelfContained(html)
        #expect(html.components(separatedBy: "<svg ").count == 3)
        #expect(html.contains("id=\"arrow-1\"") && html.contains("id=\"arrow-2\""))
    }

    @Test("check --html: one trace's page")
    func check() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let fail = try BinaryRunner.run(["check", "pinch <&>.json", "--html", "fail.html"], in: dir.url)
        #expect(fail.status == 1)
        let html = try String(contentsOfFile: dir.path + "/fail.html", encoding: .utf8)
        Self.expectSelfContained(html)
        #expect(html.contains("0 passed, 1 failed") && html.contains("<svg "))
        let pass = try BinaryRunner.run(["check", "swipe-down.json", "--html", "pass.html"], in: dir.url)
        #expect(pass.status == 0)
        let passed = try String(contentsOfFile: dir.path + "/pass.html", encoding: .utf8)
        Self.expectSelfContained(passed)
        #expect(passed.contains("1 passed, 0 failed") && !passed.contains("<svg "))
    }

    @Test("render: standard output or -o FILE, the same bytes; standard input refused")
    func render() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let out = try BinaryRunner.run(["render", "swipe-down.json"], in: dir.url)
        #expect(out.status == 0)
        #expect(XMLWellFormedness.problem(in: out.stdout) == nil)
        let file = try BinaryRunner.run(["render", "swipe-down.json", "-o", "s.svg"], in: dir.url)
        #expect(file.status == 0 && file.stdout.isEmpty)
        #expect(try String(contentsOfFile: dir.path + "/s.svg", encoding: .utf8) == out.stdout)
        #expect(try BinaryRunner.run(["render", "-"], in: dir.url).status == 2)
        #expect(try BinaryRunner.run(["render"], in: dir.url).status == 2)
        #expect(try BinaryRunner.run(["render", "a.json", "b.json"], in: dir.url).status == 2)
        #expect(try BinaryRunner.run(["render", "missing.json"], in: dir.url).status == 66)
        // --from/--to: a part of the trace; bad values are usage errors.
        let part = try BinaryRunner.run(["render", "swipe-down.json", "--from", "0.05", "--to", "0.2"], in: dir.url)
        #expect(part.status == 0 && part.stdout.contains("trace times 0.050 s to 0.200 s (--from/--to)"))
        for bad in [["--from", "2", "--to", "1"], ["--from", "x"], ["--to", "0x1p3"], ["--from", "nan"], ["--to", "1e999"]] {
            let r = try BinaryRunner.run(["render", "swipe-down.json"] + bad, in: dir.url)
            #expect(r.status == 2 && r.stderr.contains("--"), "\(bad): \(r)")
        }
    }
}
