import TraceReplay

/// What a live input stopped by SIGINT or SIGTERM does with its last bytes (docs/live.md,
/// "Stopping"): the rows read so far end the trace as at the end of the input; a row the signal cut
/// off (a producer caught mid-write, a streamed JSON array whose `]` never comes) is dropped with a
/// warning at its place, never reported as an error. Used by the live replay and by `convert`.
extension LiveWaiter {
    /// True when a signal (not a closed output) ended the input.
    var stoppedBySignal: Bool { stopped && LiveSignals.received != 0 }

    /// The reader's error `error`, thrown on: unless the input was stopped by a signal and the
    /// error is about the input, which then ends quietly but for `warn`'s warning. Returns nil (the
    /// end of the input) when it does not throw.
    func endOfStoppedInput(_ error: TraceError, _ warn: (Diagnostic) -> Void) throws(TraceError) -> TraceRow? {
        guard stoppedBySignal, error.category == .invalidTrace else { throw error }
        warn(
            .warning(
                "the input was stopped by a signal in the middle of a row, which is ignored (\(error.diagnostic.text))",
                at: error.diagnostic.location))
        return nil
    }
}

/// A reader whose input may be stopped by a signal (``LiveWaiter/endOfStoppedInput(_:_:)``); any
/// other reader's rows and errors pass through unchanged.
final class SignalStoppableReader<Base: TraceReader>: TraceReader {
    let base: Base
    let waiter: LiveWaiter?
    let warn: (Diagnostic) -> Void
    private var ended = false

    init(_ base: Base, waiter: LiveWaiter?, warn: @escaping (Diagnostic) -> Void) {
        self.base = base
        self.waiter = waiter
        self.warn = warn
    }

    var path: String { base.path }
    var touchNames: TouchNameTable { base.touchNames }

    func next() throws(TraceError) -> TraceRow? {
        if ended { return nil }
        do {
            return try base.next()
        } catch {
            guard let waiter else { throw error }
            ended = true
            return try waiter.endOfStoppedInput(error, warn)
        }
    }
}
