/// A trace file's path, taken apart the one way every command names files after a trace: its
/// extension (which names its ``TraceFormat``), its stem (the path without the extension), and the
/// files kept beside it under the same stem (``Sibling``: the golden file `NAME.expected`, the
/// options `NAME.args`), or written from it (a sweep's `NAME-VALUE.EXT`).
///
/// The extension is what follows the last `.` of the file name (the part after the last `/`),
/// unless that dot starts the name: `Traces/tap.json` has `json`, `a.b.csv` has `csv`,
/// `dir.v2/trace` and `.hidden` have none. Suites, `check`, `convert`, `synth`, `shrink`, discovery
/// and the readers' choice of format all go through it (issue 37), so two traces that would share
/// a golden file (`x.json` and `x.evemu`) are found by the same rule that names the golden file.
public struct TracePath: Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String

    public init(_ path: String) {
        self.path = path
    }

    public var description: String { path }

    /// Where the file name starts (after the last `/`).
    private var nameStart: String.Index {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.index(after: $0) } ?? path.startIndex
    }

    /// The index of the extension's dot, if the name has an extension.
    private var extensionDot: String.Index? {
        let start = nameStart
        guard let dot = path.utf8[start...].lastIndex(of: UInt8(ascii: ".")), dot != start else { return nil }
        return dot
    }

    /// The file name: the part after the last `/` (`tap.json`).
    public var name: Substring { path[nameStart...] }

    /// The folder with its final `/` (`Traces/`), or `""` for a file in the working directory:
    /// relative paths in a trace's `NAME.args` are relative to it.
    public var folder: Substring { path[..<nameStart] }

    /// The extension as written, without its dot (`JSON` for `a.JSON`), or nil when there is none.
    public var pathExtension: Substring? { extensionDot.map { path[path.index(after: $0)...] } }

    /// The path without its extension and dot (`Traces/tap.json` -> `Traces/tap`); the whole path
    /// when it has no extension.
    public var stem: Substring { extensionDot.map { path[..<$0] } ?? path[...] }

    /// The trace format the extension names (``TraceFormat/pathExtensions``, any letter case), or
    /// nil (`.txt`, `.yml`, `.log`: sniffed; no extension; `-`).
    public var format: TraceFormat? { pathExtension.flatMap(TraceFormat.init(pathExtension:)) }

    /// A scene file (`NAME.scene.json`): its extension is `.json`, but it is not a trace.
    public var isScene: Bool { format == .json && stem.hasSuffix(".scene") }

    /// Whether the name says the file is a trace: its extension names a ``TraceFormat``
    /// (`.json`, `.jsonl`, `.ndjson`, `.csv`, `.evemu`, `.getevent`, `.evtest`) and it is not a
    /// scene. The files kept beside traces (``Sibling``) are not. A recording saved under a
    /// ``TraceFormat/sniffedPathExtensions`` name is a trace only by its content (``TraceSuite``).
    public var namesTrace: Bool { format != nil && !isScene }

    /// Whether the extension is one under which recordings are saved with a name that does not say
    /// their format (``TraceFormat/sniffedPathExtensions``, any letter case: `phone.txt`).
    public var hasSniffedExtension: Bool {
        pathExtension.map { e in TraceFormat.sniffedPathExtensions.contains(traceASCIILowercased(String(e))) } ?? false
    }

    /// The files kept beside a trace under its stem (`docs/ci.md`). Every name derived from a trace
    /// is one of these (``sibling(_:)``); a new kind of file beside traces is a new case here.
    public enum Sibling: String, Hashable, Sendable, CaseIterable {
        /// `NAME.expected`: the golden file, the expected text output (``GoldenFile``).
        case golden = "expected"
        /// `NAME.args`: the replay options `check` and `test` use for the trace (``ArgsFile``).
        case args = "args"
        /// `NAME.expect`: the trace's own expectations, read by `check` and `test` (``ExpectFile``).
        case expectations = "expect"

        /// The extension, without its dot.
        public var pathExtension: String { rawValue }
    }

    /// The path of the `kind` file beside the trace: its stem with that extension, the trace's
    /// own extension replaced (added when there is none): `tap.json` -> `tap.expected`.
    public func sibling(_ kind: Sibling) -> String { replacingExtension(with: kind.pathExtension) }

    /// The golden file (`tap.json` -> `tap.expected`).
    public var golden: String { sibling(.golden) }

    /// The options file (`tap.json` -> `tap.args`).
    public var argsFile: String { sibling(.args) }

    /// The expectations file (`tap.json` -> `tap.expect`).
    public var expectFile: String { sibling(.expectations) }

    /// The stem with `ext` (no dot) as the extension: `a/tap.json` -> `a/tap.csv`.
    public func replacingExtension(with ext: String) -> String { String(stem) + "." + ext }

    /// The file of one value of a sweep (`gesturereplay synth -o FILE`, docs/synth.md): `label`
    /// added to the stem before the extension (`out/tap.json`, `45` -> `out/tap-45.json`; without
    /// an extension, `tap` -> `tap-45`).
    public func sweepVariant(label: String) -> String {
        guard let dot = extensionDot else { return path + "-" + label }
        return String(path[..<dot]) + "-" + label + path[dot...]
    }

    /// Every path beside this one that a trace could have with the same stem, so the same golden
    /// and options files: the stem with each ``TraceFormat/pathExtensions`` (in
    /// ``TraceFormat/allCases`` order), then with each ``TraceFormat/sniffedPathExtensions``; the
    /// trace's own spelling left out. Whether each exists and is a trace is for the caller to find.
    public var namesakeCandidates: [String] {
        let own = pathExtension.map(String.init)
        return (TraceFormat.allCases.flatMap(\.pathExtensions) + TraceFormat.sniffedPathExtensions)
            .filter { $0 != own }
            .map { replacingExtension(with: $0) }
    }
}
