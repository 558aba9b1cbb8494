#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import Testing

@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// The helpers `gesturereplay test` calls for every trace, rewritten for speed (issue 21 item 5):
/// reading a golden file in one buffer sized from `fstat`, finding `/` and `.` over UTF-8, and the
/// carriage-return check before a CRLF comparison. Their answers are the plain ones.
@Suite("Suite file helpers")
struct SuiteFileTests {
    @Test("readText: every size around the first buffer, and invalid UTF-8 repaired as String(decoding:)")
    func readText() throws {
        let folder = try TemporaryFolder()
        for size in [0, 1, 4095, 4096, 4097, 65_536, 200_003] {
            var bytes = (0..<size).map { UInt8(32 + $0 % 90) }
            if size > 10 { bytes[size / 2] = 0xFF }  // invalid UTF-8
            let path = try folder.write("g\(size).expected", bytes: bytes)
            let text = try #require(try FileIO.readText(path))
            #expect(text == String(decoding: bytes, as: UTF8.self), "size \(size)")
        }
        #expect(try FileIO.readText(folder.path + "/missing.expected") == nil)
    }

    @Test("readText: a file longer than the limit is an error at its first byte past it; exactly the limit is read")
    func readTextLimit() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("long.expected", bytes: Array("ab\ncd\nefgh".utf8))
        #expect(try FileIO.readText(path, maximumBytes: 10) == "ab\ncd\nefgh")
        for (limit, position) in [(9, "3:4"), (5, "2:3"), (6, "3:1"), (1, "1:2")] {
            do {
                _ = try FileIO.readText(path, maximumBytes: limit)
                Issue.record("limit \(limit): no error")
            } catch {
                #expect(
                    DiagnosticFormatter().format(error)
                        == "\(path):\(position): error: file longer than \(limit) bytes (the largest golden, expectation or .args file gesturereplay reads)"
                )
            }
        }
        do {
            _ = try FileIO.readText("/dev/zero", maximumBytes: 100_000)
            Issue.record("/dev/zero: no error")
        } catch {
            #expect(DiagnosticFormatter().format(error).hasPrefix("/dev/zero:1:100001: error: file longer than 100000 bytes"))
        }
        #expect(FileIO.maximumTextFileSize == 64 * 1024 * 1024)
    }

    @Test("last '/' and '.' by UTF-8, around non-ASCII names")
    func lastIndexOfASCII() {
        for path in ["a/b.json", "dossier/été/trace.v2.json", "trace", "/x", "é.é/ü", ".hidden", "a/"] {
            for c: Character in ["/", "."] {
                let byte = c.asciiValue!
                #expect(path.lastIndex(ofASCII: byte) == path.lastIndex(of: c), "\(path) \(c)")
            }
        }
        #expect(GoldenFile.expectedPath(forTrace: "dossier/été/trace.v2.json") == "dossier/été/trace.v2.expected")
        #expect(GoldenFile.expectedPath(forTrace: "dé.f/trace") == "dé.f/trace.expected")
        #expect(TraceSuite.isTrace("ü/x.scene.json") == false)
        #expect(TraceSuite.isTrace("ü/x.json"))
    }

    @Test("carriage returns found anywhere")
    func containsCR() {
        #expect(!UnifiedDiff.containsCR(""))
        #expect(!UnifiedDiff.containsCR("a\nb"))
        #expect(UnifiedDiff.containsCR("a\r\nb"))
        #expect(UnifiedDiff.containsCR(String(repeating: "é", count: 5000) + "\r"))
        #expect(UnifiedDiff.normalizingLineEndings("a\r\nb\r") == "a\nb\r")
    }

    @Test("files(under:): plain files from the directory entry, links and folders followed, hidden names skipped, sorted")
    func filesUnder() throws {
        let folder = try TemporaryFolder()
        let root = folder.path
        _ = try folder.write("b.json", "{}")
        _ = try folder.write("a/z.csv", "t")
        _ = try folder.write("a/y.jsonl", "t")
        _ = try folder.write(".hidden/x.json", "{}")
        _ = try folder.write("c/.dot.json", "{}")
        _ = try folder.write("elsewhere/w.csv", "t")
        #expect(symlink(root + "/b.json", root + "/a/link.json") == 0)
        #expect(symlink(root + "/elsewhere", root + "/d") == 0)
        let files = try FileIO.files(under: root)
        let expected = ["a/link.json", "a/y.jsonl", "a/z.csv", "b.json", "d/w.csv", "elsewhere/w.csv"].map { root + "/" + $0 }
        #expect(files == expected)
        #expect(try FileIO.files(under: root + "/b.json") == [root + "/b.json"])
    }
}
