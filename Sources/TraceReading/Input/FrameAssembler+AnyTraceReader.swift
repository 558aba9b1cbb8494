// The replay loop (TraceReplay's `Replayer`) pulls its rows from these: compiled here, where the
// reader's type is known, the frame core and the reader's `next()` are specialized and inlined as
// they were when the readers and the replay were one module (a call of the generic `next()` from
// another module runs the unspecialized code: +3 instructions/event on the 100k mix, callgrind).
extension FrameAssembler where Reader == AnyTraceReader {
    /// The rows of the frames ``next()`` returns, one by one, specialized for ``AnyTraceReader``
    /// (``FrameCore/nextRowOfFrames(_:_:)``): no frame is built, so a row is not copied into one.
    package func nextRowOfFrames() throws(TraceError) -> TraceRow? {
        try core.value.nextRowOfFrames(reader, onWarning)
    }
}

extension FrameAssembler where Reader == ReadAheadTraceReader<AnyTraceReader> {
    /// ``nextRowOfFrames()``, specialized for the reader that reads ahead (`--sort`, `--time-unit auto`).
    package func nextRowOfFrames() throws(TraceError) -> TraceRow? {
        try core.value.nextRowOfFrames(reader, onWarning)
    }
}
