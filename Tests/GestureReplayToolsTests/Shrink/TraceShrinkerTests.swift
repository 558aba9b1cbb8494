import GestureEngine
import TestSupport
import Testing

@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

@Suite("shrink: ddmin over gestures, touches and moved rows, then simplifications; 1-minimal results")
struct TraceShrinkerTests {
    static let screen = Size(width: 390, height: 844)

    static func document(_ rows: [ShrinkRow], expect: String? = nil) throws -> ShrinkDocument {
        ShrinkDocument(
            path: "buried.json", rows: rows, format: .json, screen: screen,
            scene: try JSONParser().parse(ShrinkFixtures.sceneJSON, path: "scene"),
            expect: try expect.map { try JSONParser().parse($0, path: "expect") })
    }

    static func oracle(_ property: ShrinkProperty, _ document: ShrinkDocument, b: ReplayOptions? = nil) throws -> ShrinkOracle {
        var why = ""
        let oracle = try ShrinkOracle.make(property, document: document, options: ReplayOptions(), b: b, why: &why)
        return try #require(oracle, "\(why)")
    }

    /// Every touch of `rows` (row indexes), as the reducer cuts them.
    static func touches(_ rows: [ShrinkRow]) -> [[Int]] { ShrinkStructure(rows).touches }

    /// `rows` hold, and lose the property when any one touch or `moved` row goes (with `everyRow`,
    /// any one row: a touch's end too, which the reducer keeps but need not be needed: a touch
    /// still down at the end is cancelled, which may show the property as well).
    static func checkOneMinimal(
        _ rows: [ShrinkRow], _ oracle: ShrinkOracle, everyRow: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(oracle.holds(rows), sourceLocation: sourceLocation)
        for i in rows.indices where everyRow || rows[i].phase == .moved {
            var fewer = rows
            fewer.remove(at: i)
            #expect(!oracle.holds(fewer), "still holds without row \(i): \(rows[i])", sourceLocation: sourceLocation)
        }
        for touch in touches(rows) {
            let fewer = rows.enumerated().filter { !touch.contains($0.offset) }.map(\.element)
            #expect(fewer.isEmpty || !oracle.holds(fewer), "still holds without touch \(touch)", sourceLocation: sourceLocation)
        }
    }

    @Test("a double tap buried in 3,000 rows of single taps: at most a dozen rows, still a double tap, 1-minimal, the same with -j 2")
    func buriedDoubleTap() throws {
        let rows = ShrinkFixtures.buriedDoubleTap()
        #expect(rows.count > 2_500)
        let document = try Self.document(rows)
        let oracle = try Self.oracle(.reaches(recognizer: "doubleTap", state: .ended, reason: nil), document)
        let result = TraceShrinker(rows: rows) { oracle.holds($0) }.run()
        #expect(result.rows.count <= 12, "\(result.rows)")
        #expect(result.isOneMinimal && result.stop == nil)
        #expect(result.removed.gestures > 200)
        #expect(result.rows.first?.time == 0)
        Self.checkOneMinimal(result.rows, oracle)
        // Parallel checks take the first candidate that holds, in order: the same result.
        let parallel = TraceShrinker(rows: rows, limits: ShrinkLimits(jobs: 2)) { oracle.holds($0) }.run()
        #expect(parallel.rows == result.rows)
    }

    @Test("the expectation oracle keeps the same expectation failing; the others may come to hold")
    func expectationOracle() throws {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 40)
        // The first holds (a single tap ends), the second fails (a double tap ends), the third fails too.
        let expect = """
            [{"recognizer": "single", "state": "ended"},
             {"recognizer": "doubleTap", "never": "ended"},
             {"recognizer": "single", "count": 40}]
            """
        let document = try Self.document(rows, expect: expect)
        let oracle = try Self.oracle(.expectationFails, document)
        #expect(oracle.description.hasPrefix("expectation not met: doubleTap never"), "\(oracle.description)")
        let result = TraceShrinker(rows: rows) { oracle.holds($0) }.run()
        #expect(result.rows.count <= 12 && result.isOneMinimal)
        Self.checkOneMinimal(result.rows, oracle)
    }

    @Test("the disagreement oracle: A and B still disagree about the same recognizer")
    func disagreementOracle() throws {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 40)
        let document = try Self.document(rows)
        var b = ReplayOptions()
        b.scene.overrides = [try SceneOverride(parsing: "doubleTap.maximumTapInterval=0.1")]
        let oracle = try Self.oracle(.disagree, document, b: b)
        #expect(oracle.description.hasPrefix("A and B disagree about doubleTap (A: failed"), "\(oracle.description)")
        let result = TraceShrinker(rows: rows) { oracle.holds($0) }.run()
        #expect(result.rows.count <= 12 && result.isOneMinimal)
        // The second tap's end is not needed: still down at the end, it is cancelled, and B's
        // doubleTap still fails where A's recognized.
        Self.checkOneMinimal(result.rows, oracle, everyRow: false)
    }

    @Test("a trace without the property: no oracle, and why; an oracle naming no recognizer lists the scene's")
    func badOracles() throws {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 5, buriedAt: 99)
        let document = try Self.document(rows)
        var why = ""
        let none = try ShrinkOracle.make(
            .reaches(recognizer: "doubleTap", state: .ended, reason: nil), document: document, options: ReplayOptions(),
            why: &why)
        #expect(none == nil)
        #expect(why == "the replay of buried.json never has doubleTap reaches ended")
        #expect(throws: TraceError.usage("\(option: .shrinkUntil) names no recognizer 'pinch'; the scene has: single, doubleTap")) {
            try ShrinkOracle.make(
                .reaches(recognizer: "pinch", state: .ended, reason: nil), document: document, options: ReplayOptions(),
                why: &why)
        }
        // --reason: the failure's reason must contain the text.
        let reason = try ShrinkOracle.make(
            .reaches(recognizer: "doubleTap", state: .failed, reason: "no such words"), document: document,
            options: ReplayOptions(), why: &why)
        #expect(reason == nil)
    }

    @Test("--max-replays stops with the best trace so far, which still holds; an interruption too")
    func limits() throws {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 60)
        let oracle = try Self.oracle(.reaches(recognizer: "doubleTap", state: .ended, reason: nil), try Self.document(rows))
        let capped = TraceShrinker(rows: rows, limits: ShrinkLimits(maxReplays: 7)) { oracle.holds($0) }.run()
        #expect(capped.replays == 7 && capped.stop == .maxReplays && !capped.isOneMinimal)
        #expect(capped.rows.count < rows.count && oracle.holds(capped.rows))
        let shrinker = TraceShrinker(rows: rows) { oracle.holds($0) }
        var calls = 0
        shrinker.shouldStop = {
            calls += 1
            return calls > 3
        }
        let stopped = shrinker.run()
        #expect(stopped.stop == .interrupted && stopped.replays == 3 && oracle.holds(stopped.rows))
    }

    @Test("a pure property (no replay): the reducer keeps exactly the rows it needs, with each touch's began and end")
    func pureProperty() {
        let rows = ShrinkFixtures.buriedDoubleTap(taps: 30, moves: 12)
        // Holds while one moved row (its touch and x) is there.
        let needle = rows.filter { $0.phase == .moved }[70]
        let result = TraceShrinker(rows: rows) { candidate in candidate.contains { $0.touch == needle.touch && $0.x == needle.x } }.run()
        #expect(result.rows.map(\.phase) == [.began, .moved, .ended])
        #expect(result.rows[1].touch == needle.touch)
        #expect(result.isOneMinimal)
    }
}

/// A recognizer whose outcome depends on something besides its touches (how many taps it saw
/// before, in this process: a stand-in for the wall clock): it recognizes every other tap.
final class CoinFlipGestureRecognizer: GestureRecognizer {
    nonisolated(unsafe) static var taps = 0
    override var kind: String { "coinFlip" }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        Self.taps += 1
        if Self.taps % 2 == 1 { state = .ended } else { fail("an even tap") }
    }
}

@Suite("shrink: a property that depends on more than the trace")
struct ShrinkNondeterminismTests {
    @Test("a property that does not hold on every replay of the same rows is an error, not a shrink chasing noise")
    func notDeterministic() throws {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(kind: "coinFlip", factory: { CoinFlipGestureRecognizer(name: $0) })
        var options = ReplayOptions()
        options.scene.catalog = catalog
        let document = ShrinkDocument(
            path: "flip.json", rows: ShrinkFixtures.buriedDoubleTap(taps: 1, buriedAt: 5), format: .json,
            scene: try JSONParser().parse(#"{"recognizers": [{"name": "flip", "kind": "coinFlip"}]}"#, path: "scene"))
        CoinFlipGestureRecognizer.taps = 0
        var why = ""
        #expect(
            throws: TraceError.invalidTrace(
                "the property (flip reaches ended) does not hold on every replay of the same rows: it depends on something besides the trace, such as the wall clock",
                at: .file("flip.json"))
        ) {
            try ShrinkOracle.make(.reaches(recognizer: "flip", state: .ended, reason: nil), document: document, options: options, why: &why)
        }
    }
}
