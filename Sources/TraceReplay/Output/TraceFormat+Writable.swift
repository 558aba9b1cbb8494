import TraceReading

extension TraceFormat {
    /// The formats a trace is written in: the canonical trace (docs/trace-format.md) that `replay`
    /// reads with no options, written by ``TraceWriter`` for `gesturereplay convert`
    /// (``TraceConverter``), `synth` (``SynthTraceWriter``) and `shrink`: the one writer-format
    /// type. Its raw values are the `--to` choices, in this order.
    public enum Writable: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case csv, jsonl, json

        /// `format` when it can be written (`json`, `jsonl`, `csv`), else nil (a device recording
        /// or a UI-test description: read only).
        public init?(_ format: TraceFormat) {
            guard format.family == .canonical, let writable = Self(rawValue: format.rawValue) else { return nil }
            self = writable
        }

        /// The writable format named by a path's extension (`.csv`, `.jsonl`/`.ndjson`, `.json`,
        /// any letter case: ``TracePath/format``), if any (`-o out.json` -> ``json``).
        public init?(pathExtensionOf path: String) {
            guard let format = TracePath(path).format.flatMap(Self.init) else { return nil }
            self = format
        }

        /// The same format as a ``TraceFormat`` (what reads it back).
        public var format: TraceFormat {
            switch self {
            case .csv: .csv
            case .jsonl: .jsonl
            case .json: .json
            }
        }

        /// The extension a file of this format is written with, no dot (`json`, `jsonl`, `csv`).
        public var pathExtension: String { format.pathExtensions[0] }

        public var description: String { rawValue }
    }

    /// This format as a ``Writable`` one, or nil when traces are not written in it.
    public var writable: Writable? { Writable(self) }
}
