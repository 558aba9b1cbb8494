#if canImport(Glibc)
import Glibc
#endif
@testable import GestureEngine
import TestSupport
import Testing
@testable import TraceReading
@testable import TraceReplay

/// A replay that reads and formats on one helper thread (`HelperThread`, what a large file gets on
/// a machine with two cores) writes exactly what it writes with a thread for each and with none:
/// the same bytes, the same warnings and the same error, over many batches of rows and blocks of
/// output, with errors planted anywhere (so the reader stops early, mid-trace, while lines are
/// still being formatted).
@Suite("Reading and formatting on one helper thread", .serialized)
struct SharedHelperThreadTests {
    typealias Run = FormattingThreadTests.Run

    /// Replays `path` into `file` with both threads (`shared`: on one) or with none.
    static func replay(_ path: String, _ options: ReplayOptions, threads: Bool, shared: Bool, into file: String) -> Run {
        var options = options
        options.reading.readerThreading = threads ? .always : .never
        options.reading.helperSharing = shared ? .always : .never
        return FormattingThreadTests.replay(path, options, threads ? .always : .never, into: file)
    }

    /// The three runs of `path` differ? A message saying how, else nil. Also checks that the shared
    /// run of a trace that printed something started a helper thread.
    static func compare(_ path: String, _ options: ReplayOptions, in folder: TemporaryFolder) -> String? {
        let plain = replay(path, options, threads: false, shared: false, into: folder.path + "/plain.out")
        let separate = replay(path, options, threads: true, shared: false, into: folder.path + "/separate.out")
        let helpers = HelperThread.startedCount.load(ordering: .relaxed)
        let shared = replay(path, options, threads: true, shared: true, into: folder.path + "/shared.out")
        if !plain.output.isEmpty && HelperThread.startedCount.load(ordering: .relaxed) == helpers {
            return "\(path): no helper thread started"
        }
        for (name, run) in [("separate threads", separate), ("one helper thread", shared)] where run != plain {
            let at = FormattingThreadTests.firstDifference(plain.output, run.output)
            return "\(path), \(name): bytes differ from \(at) (plain \(plain.output.count), threaded \(run.output.count)); "
                + "diagnostics \(plain.diagnostics.suffix(1)) / \(run.diagnostics.suffix(1))"
        }
        return nil
    }

    @Test("sample traces and the malformed corpus, both formats, with every kind of output line")
    func fixtures() throws {
        let failures = try FormattingThreadTests.fixtureFailures(compare: Self.compare)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    @Test("random traces over many batches and blocks, with errors planted anywhere", arguments: 0..<2)
    func randomTraces(slice: Int) throws {
        let failures = try FormattingThreadTests.randomTraceFailures(seed: 0x6865_6c70_6572 + UInt64(slice), compare: Self.compare)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(3))")
    }

    @Test("a full device: the write error is the buffer's, shared or not")
    func writeError() throws {
        let folder = try TemporaryFolder()
        var g = SplitMix64(seed: 8)
        let text = ThreadedReaderTests.randomTrace(rows: 20_000, jsonl: true, fault: 0, using: &g)
        let path = try folder.write("trace.jsonl", text)
        for shared in [false, true] {
            var options = ReplayOptions()
            options.output.format = .jsonl
            options.output.formattingThread = .always
            options.reading.readerThreading = .always
            options.reading.helperSharing = shared ? .always : .never
            #expect(try FormattingThreadTests.writeErrorOnFullDevice(path, options) == ENOSPC, "shared: \(shared)")
        }
    }

    @Test("the rule: automatic shares with two cores or fewer, always and never as they say")
    func rule() {
        #expect(ReaderThreading.always.sharesHelperThread)
        #expect(!ReaderThreading.never.sharesHelperThread)
        #expect(ReaderThreading.automatic.sharesHelperThread == (onlineCoreCount() <= 2))
    }
}
