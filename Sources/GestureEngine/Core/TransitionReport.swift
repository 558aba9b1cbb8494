/// One state transition as the observer's fast path hears it
/// (`GestureEnvironmentObserver.environment(_:didTransition:)` with a report): the fields of a
/// `Transition`, read in place from the engine's own storage while the observer runs, so a report
/// builds, retains and destroys no record (a `Transition` holds its recognizer strongly and its
/// values and reason by copy: built and destroyed per line, that was ~430 instructions per event of
/// the heavy mix, docs/performance.md "Engine round 2").
///
/// It cannot be copied and the observer gets it borrowed, for the call only; `transition` makes a
/// `Transition` to keep.
public struct TransitionReport: ~Copyable {
    /// When it happened, seconds (trace time; a timer's own deadline for timer-driven transitions).
    public let time: Double
    /// The state before.
    public let previous: GestureRecognizerState
    /// The state after.
    public let state: GestureRecognizerState
    /// The recognizer that changed state, not retained: the environment keeps every recognizer it
    /// reports alive (`GestureEnvironment.adopted`), and the report lives no longer than the call.
    package let unmanagedRecognizer: Unmanaged<GestureRecognizer>
    /// The values the recognizer filled for this report (`GestureRecognizer.fillValues(_:)`), in
    /// the engine's storage.
    package let valuesPointer: UnsafePointer<GestureValues>

    init(
        time: Double, recognizer: Unmanaged<GestureRecognizer>, previous: GestureRecognizerState,
        state: GestureRecognizerState, values: UnsafePointer<GestureValues>
    ) {
        self.time = time
        self.unmanagedRecognizer = recognizer
        self.previous = previous
        self.state = state
        self.valuesPointer = values
    }

    /// The recognizer that changed state.
    public var recognizer: GestureRecognizer { unmanagedRecognizer.takeUnretainedValue() }

    /// Derived values at the moment of the transition (read in place).
    public var values: GestureValues {
        unsafeAddress { valuesPointer }
    }

    /// For `failed` (and engine-forced `cancelled`): why, in words.
    public var reason: String? {
        withReasonUTF8 { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the reason's UTF-8 bytes in place (nil without a reason, as `reason`): what
    /// the output writers copy, with no `String` made.
    @inline(__always)
    package func withReasonUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard state == .failed || state == .cancelled else { return body(nil) }
        return unmanagedRecognizer._withUnsafeGuaranteedRef { $0.dispatch.reportedReason.withUTF8(body) }
    }

    /// The report as a `Transition` (what the plain observer method gets).
    public var transition: Transition {
        Transition(time: time, recognizer: recognizer, previous: previous, state: state, values: values, reason: reason)
    }
}
