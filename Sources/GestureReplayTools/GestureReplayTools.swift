// GestureReplayTools: the tool's features (live input and its signal handling, convert, pictures,
// suites, stats, shrink) over TraceKit, which it re-exports (docs/library.md).
@_exported import TraceKit
