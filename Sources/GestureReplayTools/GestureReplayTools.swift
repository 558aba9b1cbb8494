// GestureReplayTools: the tool's features (live input and its signal handling, convert, pictures,
// suites, stats, shrink) over TraceReplay, which it re-exports (docs/library.md).
@_exported import TraceReplay
