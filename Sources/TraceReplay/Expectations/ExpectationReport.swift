@_spi(Formatting) import GestureEngine
import TraceReading

/// An expectation that did not hold: where it is written, what it expected, what happened instead,
/// and the transitions that show it (the closest ones, or the ones that should not have happened).
public struct ExpectationFailure: Sendable, Equatable {
    /// A transition shown with a failure: its line as the text output prints it, and why it does not
    /// match (empty for a transition that matched when it should not have).
    public struct Shown: Sendable, Equatable {
        public var line: String
        public var mismatches: [String]
    }

    /// Where the expectation (or its offending condition) is written.
    public var location: SourceLocation
    /// The expectation in words (`doubleTap reaches ended at 0.25...0.35 s`).
    public var expected: String
    /// What happened instead, in one line (`doubleTap made 1 transition, none matching; the closest:`).
    public var got: String
    public var shown: [Shown]

    /// The failure for people, several lines, no final newline:
    ///
    /// ```
    /// t.json:12:5: error: expectation not met: doubleTap reaches ended at 0.3...0.4 s
    ///   got: doubleTap made 1 transition, none matching; the closest:
    ///        0.289  doubleTap  tap  possible -> ended      at (198.2, 419.5)  touches 1  taps 2
    ///              time is 0.289 s, expected 0.3...0.4 s
    /// ```
    public var text: String {
        var lines = [DiagnosticFormatter().format(Diagnostic.error("expectation not met: " + expected, at: location))]
        lines.append("  got: " + got)
        for s in shown {
            lines.append("  " + s.line)
            for m in s.mismatches { lines.append("            " + m) }
        }
        return lines.joined(separator: "\n")
    }
}

/// The outcome of a trace's expectations.
public struct ExpectationReport: Sendable, Equatable {
    /// How many expectations were checked.
    public var count: Int
    /// The ones that did not hold, in the order written.
    public var failures: [ExpectationFailure]

    public var passed: Bool { failures.isEmpty }

    /// `1 of 4 expectations not met` (nil when all held).
    public var failureMessage: String? {
        if passed { return nil }
        return "\(failures.count) of \(count) expectation\(count == 1 ? "" : "s") not met"
    }

    /// Every failure's text, each ending in a newline.
    public var text: String {
        failures.map { $0.text + "\n" }.joined()
    }
}

/// Checks expectations against the transitions a replay produced.
struct ExpectationEvaluator {
    /// The transitions (of at least the recognizers the expectations name), in replay order.
    var transitions: [Transition]
    /// Column widths of the text output, so shown transitions look exactly as in a replay.
    var nameWidth: Int
    var kindWidth: Int

    /// How many matching transitions a failure shows at most.
    static let shownMatches = 5
    /// How many near misses a failure shows at most.
    static let shownClosest = 3

    func evaluate(_ expectations: [TraceExpectation]) -> ExpectationReport {
        ExpectationReport(count: expectations.count, failures: expectations.compactMap(evaluate))
    }

    /// Nil when `e` holds. A recorded expectation's failure says what the device and the replay did.
    func evaluate(_ e: TraceExpectation) -> ExpectationFailure? {
        guard var failure = evaluateConditions(e) else { return nil }
        if let device = e.device { failure.expected = "device: \(device); replay: \(replayPhrase(e))" }
        return failure
    }

    /// Nil when `e` holds.
    private func evaluateConditions(_ e: TraceExpectation) -> ExpectationFailure? {
        let mine = transitions.filter { $0.recognizer.name == e.recognizer }
        // A condition on a value the recognizer never reports is a mistake (a typo, or the wrong
        // recognizer): fail it even for `never`, which it would otherwise pass trivially.
        if !mine.isEmpty {
            for c in e.conditions where !mine.contains(where: { c.field.value(in: $0) != nil }) {
                var reported: [String] = []
                for t in mine {
                    for f in ValueField.reported(in: t) where !reported.contains(f.key) { reported.append(f.key) }
                }
                // The real cause, when there is one: it never recognized because it failed or was
                // cancelled (prevented, required to fail...). Show those transitions, with their reasons.
                if !mine.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
                    let ends = mine.filter { $0.state == .failed || $0.state == .cancelled }
                    if let first = ends.first {
                        let how =
                            ends.count == 1
                            ? "it \(first.state) at \(formatDecimal(first.time, decimals: 3)) s"
                            : "it \(first.state) \(ends.count) times"
                        return ExpectationFailure(
                            location: c.location, expected: e.summary,
                            got:
                                "\(TerminalSafe.escaped(e.recognizer)) never reports \(c.key): it never recognized; \(how), before reporting it"
                                + " (the values it reports: \(reported.joined(separator: ", "))):",
                            shown: ends.suffix(Self.shownClosest).map { ExpectationFailure.Shown(line: render($0), mismatches: []) })
                    }
                }
                return ExpectationFailure(
                    location: c.location, expected: e.summary,
                    got:
                        "\(TerminalSafe.escaped(e.recognizer)) never reports \(c.key) (its transitions report: \(reported.joined(separator: ", ")))",
                    shown: [])
            }
        }
        let matches = mine.filter { mismatches(e, $0).isEmpty }
        let times = "\(e.state) " + TraceExpectation.countDescription(min: matches.count, max: matches.count)
        switch e.quantifier {
        case .reaches:
            if !matches.isEmpty { return nil }
            if mine.isEmpty {
                return failure(
                    e, "\(TerminalSafe.escaped(e.recognizer)) made no transitions (it stayed possible to the end of the trace)", [])
            }
            return failure(
                e, "\(TerminalSafe.escaped(e.recognizer)) made \(plural(mine.count, "transition")), none matching; the closest:",
                closest(e, mine))
        case .never:
            if matches.isEmpty { return nil }
            return failure(e, "\(TerminalSafe.escaped(e.recognizer)) reached \(times)" + more(matches.count) + ":", shownMatches(matches))
        case .count(let min, let max):
            if matches.count >= min && matches.count <= (max ?? Int.max) { return nil }
            if let max, matches.count > max {
                return failure(
                    e, "\(TerminalSafe.escaped(e.recognizer)) reached \(times)" + more(matches.count) + ":", shownMatches(matches))
            }
            if mine.isEmpty {
                return failure(
                    e, "\(TerminalSafe.escaped(e.recognizer)) made no transitions (it stayed possible to the end of the trace)", [])
            }
            // Too few: the near misses say why the others did not count.
            let others = mine.filter { !mismatches(e, $0).isEmpty }
            var got = "\(TerminalSafe.escaped(e.recognizer)) reached \(times)"
            var shown: [ExpectationFailure.Shown] = []
            if !others.isEmpty {
                got += "; the closest other transitions:"
                shown = closest(e, others)
            }
            return failure(e, got, shown)
        }
    }

    private func failure(_ e: TraceExpectation, _ got: String, _ shown: [ExpectationFailure.Shown]) -> ExpectationFailure {
        ExpectationFailure(location: e.location, expected: e.summary, got: got, shown: shown)
    }

    private func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

    private func more(_ n: Int) -> String {
        n > Self.shownMatches ? " (the first \(Self.shownMatches) shown)" : ""
    }

    private func shownMatches(_ matches: [Transition]) -> [ExpectationFailure.Shown] {
        matches.prefix(Self.shownMatches).map { ExpectationFailure.Shown(line: render($0), mismatches: []) }
    }

    /// The near misses: transitions to the expected state first, then the fewest mismatches, then
    /// the nearest the time window, then terminal transitions (they carry the reason) and later ones;
    /// shown in time order.
    private func closest(_ e: TraceExpectation, _ candidates: [Transition]) -> [ExpectationFailure.Shown] {
        let scored = candidates.enumerated().map { (index, t) in
            (index: index, t: t, mismatches: mismatches(e, t), distance: e.time?.distance(t.time) ?? 0)
        }
        let best = scored.sorted { a, b in
            if (a.t.state == e.state) != (b.t.state == e.state) { return a.t.state == e.state }
            if a.mismatches.count != b.mismatches.count { return a.mismatches.count < b.mismatches.count }
            if a.distance != b.distance { return a.distance < b.distance }
            if a.t.state.isTerminal != b.t.state.isTerminal { return a.t.state.isTerminal }
            return a.index > b.index
        }.prefix(Self.shownClosest).sorted { $0.index < $1.index }
        return best.map { ExpectationFailure.Shown(line: render($0.t), mismatches: $0.mismatches) }
    }

    /// Why `t` does not match `e` (empty when it does), one phrase per failed part.
    func mismatches(_ e: TraceExpectation, _ t: Transition) -> [String] {
        var result: [String] = []
        if t.state != e.state { result.append("state is \(t.state), expected \(e.state)") }
        if let time = e.time, !time.accepts(t.time, decimals: DisplayPrecision.time) {
            result.append("time is \(formatDecimal(t.time, decimals: DisplayPrecision.time)) s, expected \(time.timeDescription)")
        }
        for c in e.conditions {
            guard let value = c.field.value(in: t) else {
                result.append("\(c.key) is not reported, expected \(c.test.description(for: c.field))")
                continue
            }
            let ok: Bool
            switch value {
            case .number(let v, let decimals): ok = c.test.accepts(v, decimals: decimals)
            case .text(let s): ok = c.test.accepts(s)
            }
            if !ok {
                let shown = c.field == .reason ? "'\(value.display)'" : value.display
                result.append("\(c.key) is \(shown), expected \(c.test.description(for: c.field))")
            }
        }
        return result
    }

    private func render(_ t: Transition) -> String {
        var renderer = TextRenderer(nameWidth: nameWidth, kindWidth: kindWidth)
        var out = OutputBuffer(fileDescriptor: nil)
        renderer.transition(t, into: &out)
        var line = out.text
        if line.hasSuffix("\n") { line.removeLast() }
        return line
    }
}
