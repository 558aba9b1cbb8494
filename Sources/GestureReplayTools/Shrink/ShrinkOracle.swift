import GestureEngine
import TraceReplay

/// What a shrunk trace must still show (`gesturereplay shrink`'s oracle, docs/shrink.md).
public enum ShrinkProperty: Sendable {
    /// `--until 'NAME STATE'` (`--reason TEXT`): the replay still makes recognizer NAME reach
    /// STATE (with a reason containing TEXT).
    case reaches(recognizer: String, state: GestureRecognizerState, reason: String?)
    /// `--a-scene/--b-scene`, `--a-set/--b-set`: the two configurations (as `compare` makes them)
    /// still disagree about the recognizer they disagree about in the original trace (its
    /// transitions as `compare` counts them: the states it began, ended, failed or was cancelled in).
    case disagree
    /// The trace's expectations (its `expect` block or its scene's): the expectation that fails in
    /// the original trace (the first, when several do) still fails.
    case expectationFails
}

/// Checks candidate traces for a ``ShrinkProperty`` by replaying them: each candidate is written
/// as a canonical CSV trace in memory and replayed in the scene the original trace replays in (the
/// `--scene` file, the trace's own, or the default one, loaded afresh for every replay, with the
/// `--set`s and `--recognizers` of the options), so what holds for a candidate holds for the trace
/// `shrink` writes. Safe to call from several threads.
public final class ShrinkOracle: Sendable {
    /// One configuration: the replay options (side A, or the only one) and the scene file's JSON.
    struct Side: Sendable {
        var options: ReplayOptions
        var sceneFile: JSONValue?
    }

    public let property: ShrinkProperty
    private let document: ShrinkDocument
    private let sides: [Side]
    private let target: Target

    /// What the original trace showed, as the oracle looks for it again.
    enum Target: Sendable {
        case reaches(String, GestureRecognizerState, String?)
        /// The recognizer, and its outcome on side A and on side B in the original.
        case disagree(String)
        /// The failing expectation.
        case expectation(TraceExpectation)
    }

    /// What the original shows, in words (`doubleTap reaches ended`; `A and B disagree about pan
    /// (A: began ended; B: failed)`; `expectation not met: ...`).
    public let description: String

    /// Checks that `document`, replayed with `options` (and `b` for `.disagree`), shows `property`.
    /// Throws a positioned error when the trace or a scene is invalid, and a usage error when the
    /// property names a recognizer the scene lacks (listing the scene's) or a trace without
    /// expectations is given `.expectationFails`; returns nil (with `why`) when the trace replays
    /// but does not show the property.
    public static func make(
        _ property: ShrinkProperty, document: ShrinkDocument, options: ReplayOptions, b: ReplayOptions? = nil,
        why: inout String
    ) throws(TraceError) -> ShrinkOracle? {
        var sides = [try side(options)]
        if case .disagree = property {
            guard let b else {
                throw .usage("shrink: the disagreement oracle needs two configurations (\(option: .shrinkConfigurations))")
            }
            sides.append(try side(b))
        }
        let first: Run
        do throws(TraceError) {
            first = try replay(document.rows, document, sides[0])
        } catch {
            // The trace itself does not replay: its error, positioned in the file.
            if document.path != ByteSource.standardInputName { _ = try Replayer.replay(.path(document.path), options: options) }
            throw error
        }
        let names = first.result.scene.recognizers.map(\.name)
        switch property {
        case .reaches(let name, let state, let reason):
            guard names.contains(name) else {
                throw .usage("\(option: .shrinkUntil) names no recognizer '\(name)'; the scene has: \(names.joined(separator: ", "))")
            }
            let description = "\(name) reaches \(state)" + (reason.map { " (reason containing '\($0)')" } ?? "")
            let target = Target.reaches(name, state, reason)
            guard Self.shows(target, first, nil) else {
                why = "the replay of \(document.path) never has \(description)"
                return nil
            }
            return try confirmed(ShrinkOracle(property, document, sides, target, description))
        case .disagree:
            let second = try replay(document.rows, document, sides[1])
            let a = Self.outcomes(first.collector), b = Self.outcomes(second.collector)
            guard let name = Set(a.keys).union(b.keys).sorted().first(where: { a[$0] != b[$0] }) else {
                why = "A and B agree about every recognizer on \(document.path)"
                return nil
            }
            let description =
                "A and B disagree about \(name) (A: \(Self.text(a[name])); B: \(Self.text(b[name])))"
            return try confirmed(ShrinkOracle(property, document, sides, .disagree(name), description))
        case .expectationFails:
            let list = try expectations(document, sides[0])
            guard !list.isEmpty else {
                throw .usage(
                    "\(document.path) has no expectations (no \"expect\" in the trace or its scene): give \(option: .shrinkUntil) or \(option: .shrinkConfigurations)"
                )
            }
            _ = try first.result.evaluate(Expectations(list: list))
            for e in list {
                if let failure = try first.result.evaluate(Expectations(list: [e])).failures.first {
                    let description = "expectation not met: \(failure.expected) (\(e.location))"
                    return try confirmed(ShrinkOracle(property, document, sides, .expectation(e), description))
                }
            }
            why = "every expectation of \(document.path) holds"
            return nil
        }
    }

    private init(_ property: ShrinkProperty, _ document: ShrinkDocument, _ sides: [Side], _ target: Target, _ description: String) {
        self.property = property
        self.document = document
        self.sides = sides
        self.target = target
        self.description = description
    }

    /// The oracle, once the original shows the property on a second replay too: a property that
    /// comes and goes on the same rows depends on something besides the trace (the wall clock),
    /// and cannot be shrunk.
    private static func confirmed(_ oracle: ShrinkOracle) throws(TraceError) -> ShrinkOracle {
        guard oracle.holds(oracle.document.rows) else {
            throw .invalidTrace(
                "the property (\(oracle.description)) does not hold on every replay of the same rows: it depends on something besides the trace, such as the wall clock",
                at: .file(oracle.document.path))
        }
        return oracle
    }

    /// Whether `rows` (in the original's time order) still show the property. A candidate that
    /// does not replay (an invalid trace) does not.
    public func holds(_ rows: [ShrinkRow]) -> Bool {
        do throws(TraceError) {
            let first = try Self.replay(rows, document, sides[0])
            switch target {
            case .disagree(let name):
                let second = try Self.replay(rows, document, sides[1])
                return Self.outcomes(first.collector)[name] != Self.outcomes(second.collector)[name]
            default:
                return Self.shows(target, first, nil)
            }
        } catch {
            return false
        }
    }

    private static func shows(_ target: Target, _ run: Run, _ other: Run?) -> Bool {
        switch target {
        case .reaches(let name, let state, let reason):
            return run.result.transitions.contains { t in
                t.recognizer.name == name && t.state == state && (reason.map { t.reason?.contains($0) == true } ?? true)
            }
        case .disagree:
            return false
        case .expectation(let e):
            guard let report = try? run.result.evaluate(Expectations(list: [e])) else { return false }
            return !report.passed
        }
    }

    // MARK: Replaying a candidate

    struct Run {
        var result: ReplayResult
        var collector: StatsCollector
    }

    private static func side(_ options: ReplayOptions) throws(TraceError) -> Side {
        Side(options: options, sceneFile: try options.scene.path.map { p throws(TraceError) in try JSONParser().parse(contentsOf: p) })
    }

    /// The scene's JSON for `side`: its `--scene` file's, else the trace's own (nil: the default scene).
    private static func sceneJSON(_ document: ShrinkDocument, _ side: Side) -> JSONValue? {
        side.sceneFile ?? document.scene
    }

    /// The scene's expectations, then the trace's, as `check` reads them.
    static func expectations(_ document: ShrinkDocument, _ side: Side) throws(TraceError) -> [TraceExpectation] {
        var list: [TraceExpectation] = []
        if let json = sceneJSON(document, side)?["expect"] { list += try ExpectationParser.parse(json) }
        if let json = document.expect { list += try ExpectationParser.parse(json) }
        return list
    }

    private static func replay(_ rows: [ShrinkRow], _ document: ShrinkDocument, _ side: Side) throws(TraceError) -> Run {
        var options = side.options
        let screen = options.reading.screen ?? document.screen
        let loader = SceneLoader(screen: screen, velocityEstimator: options.scene.velocityEstimator, catalog: options.scene.catalog)
        let scene =
            try sceneJSON(document, side).map { j throws(TraceError) in try loader.load(j) }
            ?? Scene.makeDefault(screen: screen, velocityEstimator: options.scene.velocityEstimator)
        // The candidate as `shrink` writes it, in points and seconds, already in time order.
        options.reading.inputFormat = .csv
        options.reading.timeUnit = .seconds
        options.reading.detectsTimeUnit = false
        options.reading.sortsByTime = false
        options.reading.recording = RecordingImportOptions()
        options.reading.screen = screen
        options.reading.readerThreading = .never
        options.scene.path = nil
        let bytes = ShrinkDocument.csvBytes(rows)
        let collector = StatsCollector()
        let result = try Replayer.replay(
            .bytes(bytes, name: document.path + ".shrink.csv"), scene: scene, options: options, observer: collector)
        return Run(result: result, collector: collector)
    }

    /// Per recognizer, the states `compare` counts for it, in order.
    private static func outcomes(_ collector: StatsCollector) -> [String: [GestureRecognizerState]] {
        var byName: [String: [GestureRecognizerState]] = [:]
        for t in collector.stats.outcomes { byName[t.name, default: []].append(t.state) }
        return byName
    }

    private static func text(_ states: [GestureRecognizerState]?) -> String {
        guard let states, !states.isEmpty else { return "nothing" }
        let shown = states.prefix(6).map(\.description).joined(separator: " ")
        return states.count > 6 ? shown + " ... (\(states.count) transitions)" : shown
    }
}
