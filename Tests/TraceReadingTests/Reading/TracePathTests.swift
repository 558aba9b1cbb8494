import Testing
@testable import TraceReplay
@testable import TraceReading

/// `TracePath` and `TraceFormat`'s extensions: the one rule for a trace's extension, stem, the
/// files beside it and the writable formats (issue 37).
@Suite("Trace paths")
struct TracePathTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var stem: String
        var pathExtension: String?
        var folder: String
        var testDescription: String { path }
    }

    @Test(
        "the extension follows the file name's last dot, unless that dot starts the name",
        arguments: [
            Case(path: "Traces/tap.json", stem: "Traces/tap", pathExtension: "json", folder: "Traces/"),
            Case(path: "a.b.csv", stem: "a.b", pathExtension: "csv", folder: ""),
            Case(path: "dir.v2/trace", stem: "dir.v2/trace", pathExtension: nil, folder: "dir.v2/"),
            Case(path: ".hidden", stem: ".hidden", pathExtension: nil, folder: ""),
            Case(path: "dir/.hidden", stem: "dir/.hidden", pathExtension: nil, folder: "dir/"),
            Case(path: "dé.f/été.EVEMU", stem: "dé.f/été", pathExtension: "EVEMU", folder: "dé.f/"),
            Case(path: "trailing.", stem: "trailing", pathExtension: "", folder: ""),
            Case(path: "-", stem: "-", pathExtension: nil, folder: ""),
            Case(path: "/abs/x.scene.json", stem: "/abs/x.scene", pathExtension: "json", folder: "/abs/"),
        ])
    func parts(_ c: Case) {
        let p = TracePath(c.path)
        #expect(String(p.stem) == c.stem)
        #expect(p.pathExtension.map(String.init) == c.pathExtension)
        #expect(String(p.folder) == c.folder)
        #expect(p.golden == c.stem + ".expected")
        #expect(p.argsFile == c.stem + ".args")
        #expect(p.sibling(.golden) == p.golden && p.sibling(.args) == p.argsFile)
    }

    @Test("a sweep's files: the value added to the stem, before the extension")
    func sweepVariant() {
        #expect(TracePath("out/tap.json").sweepVariant(label: "45") == "out/tap-45.json")
        #expect(TracePath("tap").sweepVariant(label: "45") == "tap-45")
        #expect(TracePath("out.d/tap").sweepVariant(label: "0.5") == "out.d/tap-0.5")
        #expect(TracePath("out/.tap").sweepVariant(label: "x") == "out/.tap-x")
    }

    @Test("every trace extension names its format, in any letter case; sniffed and other extensions none")
    func formats() {
        var seen: [String] = []
        for format in TraceFormat.allCases {
            for ext in format.pathExtensions {
                #expect(TracePath("a/t." + ext).format == format)
                #expect(TracePath("a/t." + ext.uppercased()).format == format)
                #expect(TraceFormat(pathExtensionOf: "t." + ext) == format)
                seen.append(ext)
            }
        }
        #expect(seen == ["json", "jsonl", "ndjson", "csv", "getevent", "evemu", "evtest"])
        for ext in TraceFormat.sniffedPathExtensions + ["expected", "args", "md", ""] {
            #expect(TracePath("t." + ext).format == nil, "\(ext)")
        }
        #expect(TracePath("phone.TXT").hasSniffedExtension && TracePath("drag.yml").hasSniffedExtension)
        #expect(!TracePath("t.json").hasSniffedExtension && !TracePath(".txt").hasSniffedExtension)
    }

    @Test("which names are traces: a format's extension, not a scene, not a file kept beside a trace")
    func namesTrace() {
        for name in ["a.json", "A.JSON", "b.Csv", "x.scene.jsonl", "r/taps.evemu", "p.ndjson"] {
            #expect(TracePath(name).namesTrace, "\(name)")
        }
        for name in ["a.scene.json", "d/b.scene.json", "a.expected", "a.args", "phone.txt", "json", ".json"] {
            #expect(!TracePath(name).namesTrace, "\(name)")
        }
        for sibling in TracePath.Sibling.allCases {
            #expect(!TracePath(TracePath("t.json").sibling(sibling)).namesTrace)
        }
    }

    @Test("the namesakes checked for a shared golden: every trace and sniffed extension but the trace's own")
    func namesakeCandidates() {
        #expect(
            TracePath("d/t.csv").namesakeCandidates == [
                "d/t.json", "d/t.jsonl", "d/t.ndjson", "d/t.getevent", "d/t.evemu", "d/t.evtest",
                "d/t.txt", "d/t.yml", "d/t.yaml", "d/t.log", "d/t.events",
            ])
        #expect(TracePath("t").namesakeCandidates.count == 12)
    }

    @Test("the writable formats: json, jsonl, csv, named by -o's extension; the others are read only")
    func writable() {
        #expect(TraceFormat.Writable.allCases.map(\.rawValue) == ["csv", "jsonl", "json"])
        for w in TraceFormat.Writable.allCases {
            #expect(w.format.writable == w)
            #expect(TraceFormat.Writable(pathExtensionOf: "out/x." + w.pathExtension) == w)
        }
        #expect(TraceFormat.Writable(pathExtensionOf: "x.NDJSON") == .jsonl)
        #expect(TraceFormat.Writable(pathExtensionOf: "x.evemu") == nil)
        #expect(TraceFormat.Writable(pathExtensionOf: "x.txt") == nil)
        #expect(TraceFormat.allCases.filter { $0.writable != nil } == [.json, .jsonl, .csv])
    }
}
