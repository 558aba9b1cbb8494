import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReplay

/// `gesturereplay test`: finds traces, checks each against its golden file and/or its expectations
/// (`TraceCheck`, in parallel), and reports a line per trace and a summary.
public enum TraceSuite {
    /// File names that are traces (``TracePath/namesTrace``): an extension naming a trace format
    /// (``TraceFormat/pathExtensions``: `.json`, `.jsonl`, `.ndjson`, `.csv`, and the device
    /// recordings `.evemu`, `.getevent`, `.evtest`; any letter case), but not scenes
    /// (`*.scene.json`) and not the files that sit beside traces (``TracePath/Sibling``).
    public static func isTrace(_ path: String) -> Bool { TracePath(path).namesTrace }

    /// Extensions under which the capture docs tell users to save device recordings whose format
    /// the name does not say (`phone.txt`, `motion.txt`, `drag.yml`; evemu-devices' `.events`):
    /// such a file is a trace only when its content sniffs as a recording (see ``isRecordingByContent(_:)``).
    /// ``TraceFormat/sniffedPathExtensions`` with their dots.
    public static let sniffedExtensions = TraceFormat.sniffedPathExtensions.map { "." + $0 }

    /// Whether the regular file at `path` starts as a device recording does (getevent, evemu,
    /// libinput record, evtest, MotionEvent dump: ``TraceFormat/sniff(_:)-(UnsafeBufferPointer<UInt8>)``
    /// on its first 64 KiB), so a README.txt or a config.yml beside the traces is not one.
    /// Anything that is not a readable regular file is not (a FIFO is never opened for reading).
    public static func isRecordingByContent(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        return buffer.withUnsafeBufferPointer { TraceFormat.sniff(UnsafeBufferPointer(rebasing: $0[0..<n])).isRecording }
    }

    /// A trace by its name (``isTrace(_:)``), or a recording saved under a name the capture docs
    /// use (``sniffedExtensions``), by its content.
    public static func isTraceOrRecording(_ path: String) -> Bool {
        if isTrace(path) { return true }
        return TracePath(path).hasSniffedExtension && isRecordingByContent(path)
    }

    /// Every trace under `paths` (recursively; recordings named `.txt`, `.yml`, ... by their
    /// content), sorted, then the `shard` slice: trace number k
    /// (0-based, in sorted order) belongs to shard `k % count + 1`, so shards partition the suite.
    ///
    /// `excludes` are globs (`fnmatch`, `*` also matching `/`): a trace is skipped when one matches
    /// its path as listed, its path from the folder given (`errors/x.json` under `Traces/`), or its
    /// file name.
    ///
    /// An entry that cannot be walked (a name that is not UTF-8, a loop of symbolic links, a folder
    /// that cannot be read) is skipped with a warning to `warn`; the rest is found.
    public static func discover(
        _ paths: [String], shard: (index: Int, count: Int)?, excludes: [String] = [], warn: (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> [String] {
        var all: [String] = []
        for p in paths {
            let files = try FileIO.files(under: p, warn: warn)
            // A file named explicitly is taken even with another extension.
            let traces = files.count == 1 && files[0] == p ? files : files.filter(isTraceOrRecording)
            let root = p.hasSuffix("/") ? p : p + "/"
            if excludes.isEmpty {
                all += traces
                continue
            }
            all += traces.filter { path in
                let name = String(TracePath(path).name)
                let below = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
                return !excludes.contains { glob in
                    fnmatch(glob, path, 0) == 0 || fnmatch(glob, below, 0) == 0 || fnmatch(glob, name, 0) == 0
                }
            }
        }
        all = Array(Set(all)).sorted()
        guard let shard else { return all }
        return all.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// The outcome of one trace.
    public struct Outcome: Sendable {
        public var tracePath: String
        /// The golden comparison and expectations, when the trace could be run.
        public var result: TraceCheck.Result?
        /// An error that kept the trace from being checked (cannot open, bad .args file, bad scene
        /// path, a malformed expectation, an invalid trace without a golden file recording it).
        public var error: TraceError?
        /// Wall time, seconds.
        public var seconds: Double

        public var passed: Bool { error == nil && (result?.passed ?? false) }
    }

    /// How one trace of a suite is checked.
    public struct TraceSetup: Sendable {
        /// Its replay options (from `NAME.args` and the command line).
        public var options: ReplayOptions
        /// Declared to fail (`--expect-error`): its golden file records the error.
        public var expectsError: Bool

        public init(options: ReplayOptions, expectsError: Bool = false) {
            self.options = options
            self.expectsError = expectsError
        }
    }

    /// Runs every trace on `jobs` threads; `optionsFor` gives each trace's replay options.
    /// The outcomes come back in the order of `traces`; `spelling` as for ``TraceCheck/run(_:options:expectedPath:update:expectsError:spelling:)``.
    public static func run(
        _ traces: [String], jobs: Int, update: Bool, spelling: OptionSpelling = .library,
        optionsFor: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions
    ) -> [Outcome] {
        run(
            traces, jobs: jobs, update: update, spelling: spelling,
            setupFor: { path throws(TraceError) in TraceSetup(options: try optionsFor(path)) })
    }

    /// Runs every trace on `jobs` threads; `setupFor` gives each trace's options and whether it is
    /// declared to fail. The outcomes come back in the order of `traces`.
    public static func run(
        _ traces: [String], jobs: Int, update: Bool, spelling: OptionSpelling = .library,
        setupFor: @escaping @Sendable (String) throws(TraceError) -> TraceSetup
    ) -> [Outcome] {
        parallelMap(traces.count, jobs: jobs) { i in
            let start = monotonicSeconds()
            var outcome = Outcome(tracePath: traces[i], result: nil, error: nil, seconds: 0)
            do throws(TraceError) {
                let setup = try setupFor(traces[i])
                outcome.result = try TraceCheck.run(
                    traces[i], options: setup.options, update: update, expectsError: setup.expectsError, spelling: spelling)
            } catch {
                outcome.error = error
            }
            outcome.seconds = monotonicSeconds() - start
            return outcome
        }
    }

    /// `body(0..<count)` on `jobs` threads (each takes the next index as it finishes one); the
    /// results in index order. `test`, `stats` and `compare` run their traces through it
    /// (``mapInParallel(_:jobs:_:)``, which `TraceShrinker` uses too).
    public static func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        mapInParallel(count, jobs: jobs, body)
    }
}
