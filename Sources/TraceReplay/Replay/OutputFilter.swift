import GestureEngine
import TraceReading

/// `--states` and `--show`: which transition lines are printed. A filter changes the output only;
/// every recognizer still runs, so what is printed is exactly the unfiltered output's lines that
/// pass (expectations, `--summary` and golden comparisons see the same replay).
package struct OutputFilter {
    /// Bit `stateIndex(s)` set for each state shown.
    private let stateMask: UInt8
    /// The recognizers shown, by identity; nil shows all.
    private let recognizers: Set<ObjectIdentifier>?
    /// The same, by name, for engine notes about one recognizer.
    private let names: Set<String>?

    /// Nil when nothing is filtered. Throws a usage error for a `--show` name the scene does not
    /// have (listing the scene's names); an invalid-trace error at the name's place when it was
    /// written in a file (``ReplayOptions/Output/shownRecognizerLocations``).
    static func make(_ options: ReplayOptions, scene: Scene) throws(TraceError) -> OutputFilter? {
        if options.output.shownStates == nil && options.output.shownRecognizers == nil { return nil }
        var mask: UInt8 = 0
        for s in options.output.shownStates ?? Set(GestureRecognizerState.allCases) { mask |= 1 << UInt8(stateIndex(s)) }
        var recognizers: Set<ObjectIdentifier>?
        var names: Set<String>?
        if let shown = options.output.shownRecognizers {
            for name in shown where !scene.recognizers.contains(where: { $0.name == name }) {
                let message: DiagnosticText =
                    "\(option: .shownRecognizers): no recognizer named '\(name)' in the scene; it has: \(scene.recognizers.map(\.name).joined(separator: ", "))"
                if let at = options.output.shownRecognizerLocations[name] { throw .invalidTrace(message, at: at) }
                throw .usage(message)
            }
            recognizers = Set(scene.recognizers.filter { shown.contains($0.name) }.map(ObjectIdentifier.init))
            names = Set(shown)
        }
        return OutputFilter(stateMask: mask, recognizers: recognizers, names: names)
    }

    /// Tells `environment` which transitions to report (only when this output is their one
    /// listener: no summary, no expectations or other observer): the states and recognizers
    /// `filter` shows, every one when nil. The engine then builds no transition, values or failure
    /// reason for a line this filter would drop; the filter itself still decides what is printed.
    package static func configure(_ environment: GestureEnvironment, scene: Scene, filter: OutputFilter?, soleListener: Bool) {
        let filter = soleListener ? filter : nil
        var mask: UInt8 = 0
        for s in GestureRecognizerState.allCases where filter?.shows(s) ?? true { mask |= 1 << s.rawValue }
        environment.reportedStates = mask
        for r in scene.recognizers { r.isReported = filter?.recognizers?.contains(ObjectIdentifier(r)) ?? true }
    }

    private func shows(_ s: GestureRecognizerState) -> Bool {
        stateMask & (1 << UInt8(truncatingIfNeeded: stateIndex(s))) != 0
    }

    @inline(__always)
    func shows(_ t: Transition) -> Bool {
        shows(t.state, .passUnretained(t.recognizer))
    }

    /// Whether a transition of `recognizer` to `state` is printed (compares its identity: no retain).
    @inline(__always)
    func shows(_ state: GestureRecognizerState, _ recognizer: Unmanaged<GestureRecognizer>) -> Bool {
        if stateMask & (1 << UInt8(truncatingIfNeeded: stateIndex(state))) == 0 { return false }
        if let recognizers, !recognizers.contains(recognizer._withUnsafeGuaranteedRef { ObjectIdentifier($0) }) { return false }
        return true
    }

    /// Engine notes: those about one recognizer follow `--show`; the others are always printed.
    func shows(_ d: EngineDiagnostic) -> Bool {
        guard let names, let r = d.recognizer else { return true }
        return names.contains(r)
    }

    /// `replayPrint(_:)` messages are user output, filtered as notes are: a recognizer's follow
    /// `--show`; a view's and the environment's are always printed. `--states` never hides them.
    func shows(_ m: ReplayMessage) -> Bool {
        guard let recognizers, case .recognizer(let r) = m.source else { return true }
        return recognizers.contains(ObjectIdentifier(r))
    }

    /// Whether `--summary` lists `r`.
    func showsInSummary(_ r: GestureRecognizer) -> Bool {
        recognizers?.contains(ObjectIdentifier(r)) ?? true
    }
}

/// The states `--states` accepts, with `recognized` for `ended` (as in expectations).
public enum StateNames {
    public static let all: [(String, GestureRecognizerState)] = [
        ("possible", .possible), ("began", .began), ("changed", .changed), ("ended", .ended),
        ("recognized", .ended), ("cancelled", .cancelled), ("failed", .failed),
    ]

    /// Parses `began,ended`; the error message names the bad entry and lists the valid ones.
    public static func parse(_ list: String) -> Result<Set<GestureRecognizerState>, ListError> {
        var result: Set<GestureRecognizerState> = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: " ")
            guard let s = all.first(where: { $0.0 == name })?.1 else {
                return .failure(
                    ListError(
                        message: name.isEmpty
                            ? "an empty state in '\(list)'; expected a comma-separated list of: \(all.map(\.0).joined(separator: ", "))"
                            : "unknown state '\(name)'; expected a comma-separated list of: \(all.map(\.0).joined(separator: ", "))"))
            }
            result.insert(s)
        }
        return .success(result)
    }
}

/// A comma-separated list that cannot be used (empty, or an empty or unknown item).
public struct ListError: Error, Sendable {
    public var message: String
}

/// Splits a comma-separated list of names (`--recognizers`, `--show`): spaces around names are
/// dropped; an empty list or an empty name is an error (`--recognizers ''` runs nothing, which is
/// never what was meant).
public func parseNameList(_ list: String, option: String) -> Result<[String], ListError> {
    let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
    if names.allSatisfy(\.isEmpty) {
        return .failure(ListError(message: "\(option) needs at least one recognizer name (a comma-separated list, e.g. single,doubleTap)"))
    }
    if names.contains(where: \.isEmpty) {
        return .failure(ListError(message: "\(option): an empty name in '\(list)' (a comma-separated list, e.g. single,doubleTap)"))
    }
    return .success(names)
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
