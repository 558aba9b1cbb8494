import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// The JUnit XML report: structure a CI dashboard reads, counts, escaping, failure content.
@Suite("JUnit report")
struct JUnitReportTests {
    static let odd = "r&d <\"quoted\"> 'x'\tand\nmore \u{1}"

    /// Four outcomes: a pass, a golden failure, an expectation failure, and an error.
    static func outcomes() -> [TraceSuite.Outcome] {
        let golden = GoldenFile.Result(
            tracePath: "s/\(odd).json", expectedPath: "s/\(odd).expected",
            actual: "taps <2> & more\n", expected: "taps <3>\n", updated: false)
        let failure = ExpectationFailure(
            location: SourceLocation(path: "s/e.json", line: 3, column: 5),
            expected: "tap reaches failed with reason containing '<&>'",
            got: "tap made 1 transition, none matching; the closest:",
            shown: [.init(line: "   0.100  tap  tap  possible -> ended", mismatches: ["state is ended, expected failed"])])
        return [
            TraceSuite.Outcome(
                tracePath: "s/ok.json",
                result: TraceCheck.Result(tracePath: "s/ok.json", golden: nil, expectations: ExpectationReport(count: 2, failures: [])),
                error: nil, seconds: 0.0123),
            TraceSuite.Outcome(
                tracePath: "s/\(odd).json", result: TraceCheck.Result(tracePath: "s/\(odd).json", golden: golden, expectations: nil),
                error: nil, seconds: 0.5),
            TraceSuite.Outcome(
                tracePath: "s/e.json",
                result: TraceCheck.Result(
                    tracePath: "s/e.json", golden: nil, expectations: ExpectationReport(count: 3, failures: [failure])), error: nil,
                seconds: 0),
            TraceSuite.Outcome(
                tracePath: "s/bad.json", result: nil,
                error: .invalidTrace(
                    "unknown state 'x'", at: SourceLocation(path: "s/bad.json", line: 1, column: 9),
                    notes: [.note("see here", at: SourceLocation(path: "s/bad.json", line: 1, column: 2))]), seconds: 0),
        ]
    }

    @Test("escaping: markup characters, quotes, control characters; line breaks in attributes as references")
    func escaping() {
        #expect(JUnitReport.escape("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(JUnitReport.escape("x\u{1}y\u{FFFE}\n\t") == "x\u{FFFD}y\u{FFFD}\n\t")
        #expect(JUnitReport.escapeAttribute("a\nb\tc\rd") == "a&#10;b&#9;c&#13;d")
        #expect(JUnitReport.escape("émoji 🎉") == "émoji 🎉")
    }

    @Test("the report: counts, one testcase per trace, failure messages, types and texts")
    func report() throws {
        let xml = JUnitReport.make(Self.outcomes(), suiteName: "gesturereplay", seconds: 1.5)
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gesturereplay\" tests=\"4\" failures=\"3\" errors=\"0\" time=\"1.500\">\n"
            ))
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        try #require(suites.count == 1)
        let suite = suites[0]
        for (name, value) in [("tests", "4"), ("failures", "3"), ("errors", "0"), ("skipped", "0"), ("time", "1.500")] {
            #expect(suite.attribute(forName: name)?.stringValue == value, "\(name)")
        }
        let cases = suite.elements(forName: "testcase")
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == [
                "s/ok.json", "s/\(Self.odd.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")).json", "s/e.json", "s/bad.json",
            ])
        #expect(cases.map { $0.attribute(forName: "time")?.stringValue } == ["0.012", "0.500", "0.000", "0.000"])
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == Array(repeating: "traces", count: 4))
        #expect(cases[0].children == nil || cases[0].children?.isEmpty == true)
        let failures = cases.map { $0.elements(forName: "failure").first }
        #expect(failures[1]?.attribute(forName: "type")?.stringValue == "golden")
        #expect(
            failures[1]?.attribute(forName: "message")?.stringValue
                == "output differs from s/\(Self.odd.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")).expected")
        #expect(failures[1]?.stringValue?.contains("\n-taps <3>\n+taps <2> & more\n") == true)
        #expect(failures[2]?.attribute(forName: "type")?.stringValue == "expectation")
        #expect(failures[2]?.attribute(forName: "message")?.stringValue == "1 of 3 expectations not met")
        #expect(
            failures[2]?.stringValue == """
                s/e.json:3:5: error: expectation not met: tap reaches failed with reason containing '<&>'
                  got: tap made 1 transition, none matching; the closest:
                     0.100  tap  tap  possible -> ended
                            state is ended, expected failed

                """)
        #expect(failures[3]?.attribute(forName: "type")?.stringValue == "error")
        #expect(failures[3]?.attribute(forName: "message")?.stringValue == "s/bad.json:1:9: error: unknown state 'x'")
        #expect(failures[3]?.stringValue == "s/bad.json:1:9: error: unknown state 'x'\ns/bad.json:1:2: note: see here\n")
        #else
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 3)
        #endif
    }

    @Test("an empty suite is a valid report")
    func empty() throws {
        let xml = JUnitReport.make([], suiteName: "s", seconds: 0)
        #expect(xml.contains("<testsuite name=\"s\" tests=\"0\" failures=\"0\""))
        #if canImport(FoundationXML) || os(macOS)
        #expect(
            try XMLDocument(data: Data(xml.utf8), options: []).rootElement()?.elements(forName: "testsuite").first?.elements(
                forName: "testcase"
            ).isEmpty == true)
        #endif
    }
}
