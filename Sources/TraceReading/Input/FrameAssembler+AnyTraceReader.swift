// The replay loop (TraceReplay's `Replayer`) pulls its frames from these: compiled here, where the
// reader's type is known, the frame core and the reader's `next()` are specialized and inlined as
// they were when the readers and the replay were one module (a call of the generic `next()` from
// another module runs the unspecialized code: +3 instructions/event on the 100k mix, callgrind).
extension FrameAssembler where Reader == AnyTraceReader {
    /// ``next()``, specialized for ``AnyTraceReader``.
    package func nextFrame() throws(TraceError) -> TraceFrame? {
        try core.value.next(reader, onWarning)
    }
}

extension FrameAssembler where Reader == ReadAheadTraceReader<AnyTraceReader> {
    /// ``next()``, specialized for the reader that reads ahead (`--sort`, `--time-unit auto`).
    package func nextFrame() throws(TraceError) -> TraceFrame? {
        try core.value.next(reader, onWarning)
    }
}
