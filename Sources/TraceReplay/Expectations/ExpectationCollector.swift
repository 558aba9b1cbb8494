import GestureEngine
import TraceReading

/// Watches a replay for its expectations: reads the scene's and the trace's `"expect"` (and those
/// of the trace's `NAME.expect` file, when given) before the first event (a malformed one stops the replay with a positioned error), keeps the transitions of
/// the recognizers they name, and checks them at the end.
///
/// ```swift
/// let collector = ExpectationCollector()
/// try Replayer.run(.path("tap.json"), options: options, output: &out, observer: collector)
/// let report = collector.evaluate()   // nil when the trace has no expectations
/// ```
public final class ExpectationCollector: ReplayObserver {
    /// The expectations read (the scene's first, then the trace's, then its `NAME.expect` file's),
    /// once the replay started.
    public private(set) var expectations: [TraceExpectation] = []
    /// The error the expectations were rejected with, if any (it also stopped the replay).
    public private(set) var error: TraceError?

    private var watched: Set<ObjectIdentifier> = []
    private var transitions: [Transition] = []
    private var nameWidth = 0
    private var kindWidth = 0

    /// The contents of the trace's `NAME.expect` file (``ExpectFile``), if it has one.
    private let fileExpect: JSONValue?

    /// A collector; `fileExpect` is the JSON of the trace's `NAME.expect` file (``ExpectFile/read(forTrace:)``).
    public init(fileExpect: JSONValue? = nil) {
        self.fileExpect = fileExpect
    }

    public func replayWillStart(_ start: ReplayStart) throws(TraceError) {
        do throws(TraceError) {
            var list: [TraceExpectation] = []
            if let json = start.sceneExpect { list += try ExpectationParser.parse(json) }
            if let json = start.traceExpect { list += try ExpectationParser.parse(json) }
            if let json = fileExpect { list += try ExpectationParser.parse(json) }
            try ExpectationParser.validate(list, recognizers: start.scene.recognizers.map(\.name))
            expectations = list
        } catch {
            self.error = error
            throw error
        }
        let names = Set(expectations.map(\.recognizer))
        watched = Set(start.scene.recognizers.filter { names.contains($0.name) }.map(ObjectIdentifier.init))
        nameWidth = start.scene.recognizers.map(\.name.count).max() ?? 0
        kindWidth = start.scene.recognizers.map(\.kind.count).max() ?? 0
    }

    /// Only when there are expectations.
    public var observesTransitions: Bool { !expectations.isEmpty }

    public func replay(didTransition transition: Transition) {
        if watched.contains(ObjectIdentifier(transition.recognizer)) { transitions.append(transition) }
    }

    /// Each expectation with whether it held (for `stats`' agreement with recorded devices).
    package func outcomes() -> [(expectation: TraceExpectation, held: Bool)] {
        let evaluator = ExpectationEvaluator(transitions: transitions, nameWidth: nameWidth, kindWidth: kindWidth)
        return expectations.map { ($0, evaluator.evaluate($0) == nil) }
    }

    /// Checks the expectations against the transitions seen; nil when there are none.
    public func evaluate() -> ExpectationReport? {
        if expectations.isEmpty { return nil }
        return ExpectationEvaluator(transitions: transitions, nameWidth: nameWidth, kindWidth: kindWidth).evaluate(expectations)
    }
}
