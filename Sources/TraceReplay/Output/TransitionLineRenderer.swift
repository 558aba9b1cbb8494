import GestureEngine

/// A renderer that writes a transition line from its fields read in place. It gets both of
/// ``ReplayRenderer``'s transition entries, the plain `Transition` and the engine's
/// `TransitionReport`, from this one adapter, so each format has a single line writer.
///
/// The line is written in two parts: the recognizer's label (the renderer's cache, on the replay's
/// thread) and the rest (`writeTransition`, which reads no state of the renderer). So while a
/// formatting thread runs (``OutputBuffer/startFormattingThread(_:)``), the replay copies the
/// line's fields into the buffer and that thread writes the same line.
protocol TransitionLineRenderer: ReplayRenderer {
    /// The bytes of `recognizer`'s name and kind as this format prints them, cached. They stay
    /// valid, and unchanged, as long as the renderer (``RecognizerLabels``).
    mutating func transitionLabel(_ recognizer: Unmanaged<GestureRecognizer>) -> UnsafeBufferPointer<UInt8>

    /// Writes one transition line: time in seconds, the states, the values in place, the label
    /// from `transitionLabel(_:)`, and the reason of a `failed` or `cancelled` transition (its UTF-8
    /// bytes, read in place: no `String` per reason).
    static func writeTransition(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState,
        _ values: UnsafePointer<GestureValues>, label: UnsafeBufferPointer<UInt8>, reason: UnsafeBufferPointer<UInt8>?,
        into out: inout OutputBuffer)
}

extension TransitionLineRenderer {
    public mutating func transition(_ t: Transition, into out: inout OutputBuffer) {
        withUnsafePointer(to: t.values) { values in
            guard var reason = t.reason else {
                renderTransition(t.time, .passUnretained(t.recognizer), t.previous, t.state, values, nil, into: &out)
                return
            }
            reason.withUTF8 { renderTransition(t.time, .passUnretained(t.recognizer), t.previous, t.state, values, $0, into: &out) }
        }
    }

    /// The engine's fast path: the same line, its fields read in place.
    public mutating func transition(_ report: borrowing TransitionReport, into out: inout OutputBuffer) {
        guard _slowPath(report.state == .failed || report.state == .cancelled) else {
            renderTransition(
                report.time, report.unmanagedRecognizer, report.previous, report.state, report.valuesPointer, nil, into: &out)
            return
        }
        report.withReasonUTF8 { reason in
            renderTransition(
                report.time, report.unmanagedRecognizer, report.previous, report.state, report.valuesPointer, reason, into: &out)
        }
    }

    /// The line now, or (while a formatting thread runs) its fields, for that thread to write.
    @inline(__always)
    private mutating func renderTransition(
        _ time: Double, _ recognizer: Unmanaged<GestureRecognizer>, _ previous: GestureRecognizerState,
        _ state: GestureRecognizerState, _ values: UnsafePointer<GestureValues>, _ reason: UnsafeBufferPointer<UInt8>?,
        into out: inout OutputBuffer
    ) {
        let label = transitionLabel(recognizer)
        // A custom recognizer's extra values are not copied: such a line is written here.
        if _slowPath(out.formatsOnThread) && values.pointee.extra.isEmpty {
            out.deferTransition(time, previous, state, values, label: label, reason: reason)
            return
        }
        Self.writeTransition(time, previous, state, values, label: label, reason: reason, into: &out)
    }
}
