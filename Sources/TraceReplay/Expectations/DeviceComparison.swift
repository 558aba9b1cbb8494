@_spi(Formatting) import GestureEngine
import TraceReading

// The replay's side of a recorded expectation's failure (docs/recording.md, "Reading a
// disagreement"): `device: pan began at 0.183 (192.0, 410.5); replay: pan began at 0.200 (192.0, 399.0)`.

extension ExpectationEvaluator {
    /// What the replay did where the device did what `e` records, in the device phrase's words:
    /// the closest transition to the expected state (the fewest mismatches, then the nearest in
    /// time), how many times it went there (a count), or that it never did.
    func replayPhrase(_ e: TraceExpectation) -> String {
        let name = TerminalSafe.escaped(e.recognizer)
        let mine = transitions.filter { $0.recognizer.name == e.recognizer }
        let same = mine.filter { $0.state == e.state }
        switch e.quantifier {
        case .count:
            return same.isEmpty
                ? "\(name) never \(e.state)" : "\(name) \(e.state) " + TraceExpectation.countDescription(min: same.count, max: same.count)
        case .never:
            return same.first.map { phrase(name, $0) + (same.count > 1 ? " (and \(same.count - 1) more)" : "") }
                ?? "\(name) never \(e.state)"
        case .reaches:
            let best = same.min { a, b in
                let ma = mismatches(e, a).count, mb = mismatches(e, b).count
                if ma != mb { return ma < mb }
                return (e.time?.distance(a.time) ?? 0) < (e.time?.distance(b.time) ?? 0)
            }
            if let best { return phrase(name, best) }
            if let last = mine.last(where: { $0.state.isTerminal }) {
                return "\(name) never \(e.state) (it \(last.state) at \(formatDecimal(last.time, decimals: DisplayPrecision.time)))"
            }
            return mine.isEmpty ? "\(name) made no transitions" : "\(name) never \(e.state)"
        }
    }

    /// `pan began at 0.200 (192.0, 399.0)`: the time and the location as the text output prints them.
    private func phrase(_ name: String, _ t: Transition) -> String {
        "\(name) \(t.state) at \(formatDecimal(t.time, decimals: DisplayPrecision.time)) "
            + "(\(formatDecimal(t.values.location.x, decimals: DisplayPrecision.point)), "
            + "\(formatDecimal(t.values.location.y, decimals: DisplayPrecision.point)))"
    }
}
