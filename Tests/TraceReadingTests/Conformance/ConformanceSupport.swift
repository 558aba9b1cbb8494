import TestSupport
import TraceReplay
import TraceReading

/// Reading the vendored reference suites (`Tests/Fixtures/`, found with TestSupport's `Fixtures`).
enum ConformanceSupport {
    /// Every row of `bytes` read as `format` by the trace reader (no sequence checks), or its error.
    static func read(
        _ bytes: [UInt8], _ format: TraceFormat, name: String = "wrapped"
    ) -> Result<(rows: [TraceRow], names: TouchNameTable), TraceError> {
        do {
            let reader = try AnyTraceReader(source: ByteSource(bytes: bytes, name: name), format: format)
            return .success((try reader.readAll(), reader.touchNames))
        } catch {
            return .failure(error)
        }
    }

    /// True if `error` is an invalid-trace error with a line and column in `name`.
    static func isPositioned(_ error: TraceError, in name: String) -> Bool {
        guard error.category == .invalidTrace, let location = error.diagnostic.location else { return false }
        return location.path == name && location.line >= 1 && location.column >= 1
    }
}
