import GestureEngine

/// A renderer that writes a transition line from its fields read in place. It gets both of
/// ``ReplayRenderer``'s transition entries, the plain `Transition` and the engine's
/// `TransitionReport`, from this one adapter, so each format has a single line writer.
protocol TransitionLineRenderer: ReplayRenderer {
    /// Writes one transition line: time in seconds, the recognizer (alive for the call), the
    /// states, the values in place, and the reason of a `failed` or `cancelled` transition.
    mutating func renderTransition(
        _ time: Double, _ recognizer: Unmanaged<GestureRecognizer>, _ previous: GestureRecognizerState,
        _ state: GestureRecognizerState, _ values: UnsafePointer<GestureValues>, _ reason: String?,
        into out: inout OutputBuffer)
}

extension TransitionLineRenderer {
    public mutating func transition(_ t: Transition, into out: inout OutputBuffer) {
        withUnsafePointer(to: t.values) { values in
            renderTransition(t.time, .passUnretained(t.recognizer), t.previous, t.state, values, t.reason, into: &out)
        }
    }

    /// The engine's fast path: the same line, its fields read in place.
    public mutating func transition(_ report: borrowing TransitionReport, into out: inout OutputBuffer) {
        renderTransition(
            report.time, report.unmanagedRecognizer, report.previous, report.state, report.valuesPointer, report.reason,
            into: &out)
    }
}
