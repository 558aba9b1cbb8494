import TestSupport
import Testing

@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

@Suite("Corpus comparison: two configurations, or one against the goldens (compare's computation)")
struct CorpusComparisonTests {
    static let traces = ["double-tap.json", "pinch.json"].map { PackageFiles.root + "/Traces/" + $0 }
    static let format: @Sendable (TraceError) -> String = { DiagnosticFormatter(programName: "gesturereplay").format($0) }

    @Test("the same configuration on both sides changes nothing and counts the same")
    func sameConfigurationChangesNothing() {
        let c = CorpusComparison.compare(
            Self.traces, jobs: 2, optionsForA: { _ throws(TraceError) in ReplayOptions() },
            b: .replay(optionsFor: { _ throws(TraceError) in ReplayOptions() }), spelling: .library, format: Self.format)
        #expect(c.traces == Self.traces)
        #expect(c.changed.isEmpty)
        #expect(c.broken.isEmpty)
        #expect(!c.recognizerPairs.isEmpty)
        for (a, b) in c.recognizerPairs { #expect(a == b, "\(a.name)") }
    }

    @Test("side B keeping one recognizer: the trace whose other recognizers acted changes, one lacking it breaks on B")
    func filteredSideChangesAndBreaks() throws {
        let c = CorpusComparison.compare(
            Self.traces, jobs: 1, optionsForA: { _ throws(TraceError) in ReplayOptions() },
            b: .replay(optionsFor: { _ throws(TraceError) in
                var o = ReplayOptions()
                o.scene.recognizerFilter = ["doubleTap"]
                return o
            }), spelling: .library, format: Self.format)
        let change = try #require(c.changed.first)
        #expect(change.path == Self.traces[0])
        #expect(change.a.outcomes == ["doubleTap: ended", "single: failed"])
        #expect(change.b.outcomes == ["doubleTap: ended"])
        #expect(c.changed.count == 2, "the broken trace differs too")
        #expect(c.broken.map(\.path) == [Self.traces[1]])
        #expect(c.broken.map(\.side) == ["B"])
        #expect(c.broken.first?.outcome.exitCode != 0)
        let single = try #require(c.recognizerPairs.first { $0.a.name == "single" })
        #expect(single.a.failed == 1 && single.b.failed == 0)
    }

    @Test("against the goldens the default replay of traces without NAME.args matches them")
    func againstGoldens() {
        let c = CorpusComparison.compare(
            Self.traces, jobs: 2, optionsForA: { _ throws(TraceError) in ReplayOptions() }, b: .goldens, spelling: .library,
            format: Self.format)
        #expect(c.againstGoldens)
        #expect(c.changed.isEmpty)
        #expect(c.broken.isEmpty)
        #expect(c.a.outcomes.map(\.outcomes) == c.b.outcomes.map(\.outcomes))
        #expect(c.a.outcomes.allSatisfy { !$0.outcomes.isEmpty })
    }

    @Test("a trace without a golden file has none to compare with; two broken outcomes are equal whatever their words")
    func missingGoldenAndBrokenEquality() {
        let (outcome, stats) = CorpusComparison.goldenOutcome(PackageFiles.root + "/Traces/no-such-trace.json")
        #expect(stats == nil)
        #expect(outcome.error?.hasPrefix("no golden file ") == true)
        #expect(outcome == CorpusComparison.Outcome(outcomes: [], error: "other words"))
        #expect(outcome != CorpusComparison.Outcome(outcomes: [], error: nil))
        #expect(outcome.text.hasPrefix("error: "))
    }
}
