import TraceReplay

/// Golden files: the expected text output of a trace, kept beside it (`trace.json` ->
/// `trace.expected`), compared byte for byte. The text format is stable (`docs/output-format.md`).
public enum GoldenFile {
    /// The outcome of comparing one trace with its golden file.
    public struct Result: Sendable {
        public var tracePath: String
        public var expectedPath: String
        /// The replay's output (or the error it stopped with, formatted, for traces meant to fail).
        public var actual: String
        /// The golden file's text; nil when it does not exist.
        public var expected: String?
        /// True when the golden file was (re)written.
        public var updated: Bool
        /// How ``failureMessage`` writes the options it names (the check's spelling).
        var spelling: OptionSpelling = .library

        /// Equal, or rewritten.
        public var passed: Bool { updated || expected == actual }

        /// A unified diff from expected to actual (empty when equal).
        public var diff: String {
            UnifiedDiff.make(old: expected ?? "", new: actual, oldName: expectedPath, newName: "\(tracePath) (actual)")
        }

        /// What went wrong, for people (nil when it passed).
        public var failureMessage: String? {
            if passed { return nil }
            if expected == nil {
                let text: DiagnosticText = "missing expected output \(expectedPath) (run with \(option: .updateGolden) to create it)"
                return text.spelled(spelling)
            }
            return "output differs from \(expectedPath)"
        }
    }

    /// `trace.json` -> `trace.expected` (the extension replaced; added when there is none:
    /// ``TracePath/golden``).
    public static func expectedPath(forTrace path: String) -> String { TracePath(path).golden }

    /// Replays the trace at `tracePath` with `options` in memory and compares with (or with
    /// `update`, rewrites) the golden file. A trace whose replay fails with an error compares that
    /// error's text instead, so that traces of bad input can be golden-tested too. `spelling` as for
    /// ``replay(_:options:observer:spelling:)``.
    public static func check(
        _ tracePath: String, options: ReplayOptions, expectedPath: String? = nil, update: Bool,
        spelling: OptionSpelling = .library
    ) throws(TraceError) -> Result {
        let replay = try self.replay(tracePath, options: options, spelling: spelling)
        let path = expectedPath ?? Self.expectedPath(forTrace: tracePath)
        var reads = RunFiles()
        reads.readTrace(tracePath, options: options)
        return try compare(
            actual: replay.text, tracePath: tracePath, expectedPath: path, old: try FileIO.readText(path), update: update, reads: reads,
            spelling: spelling)
    }

    /// What the golden file of the trace at `tracePath`, replayed with `options`, holds: the replay's warnings, then its text output; for a
    /// replay that stops at an invalid trace or scene, the output before the error, the warnings and
    /// `error (exit 65): ` with the positioned error (also returned as `error`). Other errors (a file
    /// that cannot be opened) are thrown.
    ///
    /// Paths in the diagnostics are written relative to the trace's folder (`errors/x.json:3:5` is
    /// `x.json:3:5`), so that the golden file is the same whatever path or working directory reaches
    /// the trace (`Traces/`, `./Traces/`, an absolute path, `cd Traces && ... .`).
    ///
    /// The options the diagnostics name are written in `spelling`: the command line passes its
    /// flags (`OptionSpelling.commandLine`), so the golden files it writes and compares say
    /// `--sort` where the library's spelling says `ReplayOptions.reading.sortsByTime`.
    public static func replay(
        _ tracePath: String, options: ReplayOptions, observer: ReplayObserver? = nil, spelling: OptionSpelling = .library
    ) throws(TraceError) -> (text: String, error: TraceError?) {
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings = ""
        let formatter = DiagnosticFormatter(spelling: spelling)
        let folder = ArgsFile.folder(ofTrace: tracePath)
        var stopped: TraceError?
        do {
            try LiveReplay.replay(
                .path(tracePath), options: options, output: &out,
                warn: { warnings += formatter.format(relative($0, to: folder)) + "\n" }, observer: observer)
        } catch  where error.category == .invalidTrace {
            out.append(warnings)
            out.append(errorLinePrefix + "\(error.exitCode)): ")
            out.append(formatter.format(relative(error.diagnostic, to: folder)))
            out.append("\n")
            warnings = ""
            stopped = error
        }
        return (warnings + out.text, stopped)
    }

    /// How the line of a recorded error starts (`error (exit 65): x.json:3:5: error: ...`).
    static let errorLinePrefix = "error (exit "

    /// `replay`'s text (a golden file's, or a replay's now) split where it records an error: the
    /// output before it (with the warnings), and the error's exit status and text (the positioned
    /// error and its notes, without `error (exit N): ` and the last newline); nil when it records
    /// none. The one reader of that line, so both sides of `compare --goldens` see the same thing.
    public static func recordedError(in text: String) -> (output: Substring, error: (exitCode: Int32, text: String)?) {
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[start..<end]
            if line.hasPrefix(errorLinePrefix), let close = line.firstIndex(of: ")"),
                let code = Int32(line[line.index(start, offsetBy: errorLinePrefix.count)..<close]), line[close...].hasPrefix("): ")
            {
                var error = text[line.index(close, offsetBy: 3)...]
                if error.last == "\n" { error = error.dropLast() }
                return (text[..<start], (code, String(error)))
            }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        return (text[...], nil)
    }

    /// `diagnostic` (and its notes) with the paths under `folder` written relative to it.
    static func relative(_ diagnostic: Diagnostic, to folder: String) -> Diagnostic {
        var d = diagnostic
        if !folder.isEmpty, let path = d.location?.path, path.hasPrefix(folder) {
            d.location!.path = String(path.dropFirst(folder.count))
        }
        d.notes = d.notes.map { relative($0, to: folder) }
        return d
    }

    /// Compares `actual` with the golden file at `expectedPath`, or with `update` (re)writes it
    /// (atomically, and only when it differs; never over the trace: a usage error).
    public static func compare(actual: String, tracePath: String, expectedPath: String, update: Bool) throws(TraceError) -> Result {
        var reads = RunFiles()
        reads.read(tracePath, as: .trace)
        return try compare(
            actual: actual, tracePath: tracePath, expectedPath: expectedPath, old: try FileIO.readText(expectedPath), update: update,
            reads: reads)
    }

    /// `compare`, given the golden file's text as already read (`old`, nil when it does not exist)
    /// and the files the check read (`reads`, ``RunFiles``: the golden file written is none of them).
    static func compare(
        actual: String, tracePath: String, expectedPath: String, old: String?, update: Bool, reads: RunFiles,
        spelling: OptionSpelling = .library
    ) throws(TraceError) -> Result {
        // A golden checked out with CRLF line endings (Git's core.autocrlf) compares equal.
        let old = old.map(UnifiedDiff.normalizingLineEndings)
        if update && old != actual {
            var files = RunFiles()
            for entry in reads.reads where entry.role != .golden { files.read(entry.path, as: entry.role) }
            files.write(expectedPath, as: .updatedGolden)
            try files.check()
            try FileIO.writeAtomically(actual, to: expectedPath)
        }
        var result = Result(tracePath: tracePath, expectedPath: expectedPath, actual: actual, expected: old, updated: update)
        result.spelling = spelling
        return result
    }
}
