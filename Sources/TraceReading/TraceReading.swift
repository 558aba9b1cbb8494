// TraceReading: diagnostics, file helpers, the trace readers and the importers (docs/architecture.md).
// Its users see the engine's types (touch phases, points) as TraceReplay's always did.
@_exported import GestureEngine
