// TraceReplay: the replay library (renderers, scenes, expectations, replay, synth), over the readers and
// importers of TraceReading, which it re-exports: `import TraceReplay` sees both (docs/library.md).
@_exported import GestureEngine
@_exported import TraceReading
