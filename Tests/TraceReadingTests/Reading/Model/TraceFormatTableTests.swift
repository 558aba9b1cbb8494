import Testing

@testable import TraceReading

/// `TraceFormat.descriptor`, the one table of formats: what `--input-format`, path extensions, the
/// reader's choice and the writable formats all read.
@Suite("The table of trace formats")
struct TraceFormatTableTests {
    @Test("each format's first name is its name, and every name and extension reads back as it")
    func namesAndExtensionsReadBack() {
        for format in TraceFormat.allCases {
            #expect(format.descriptor.names.first == format.name, "\(format)")
            for name in format.descriptor.names {
                #expect(TraceFormat(name: name) == format, "\(name)")
                #expect(TraceFormat(name: name.uppercased()) == format, "\(name) in capitals")
            }
            for ext in format.pathExtensions {
                #expect(TraceFormat(pathExtension: ext) == format, ".\(ext)")
                #expect(TraceFormat(pathExtensionOf: "dir/a.b.\(ext.uppercased())") == format, ".\(ext) in capitals")
            }
        }
        #expect(TraceFormat(name: "yaml") == nil)
        #expect(TraceFormat(pathExtension: "txt") == nil)
    }

    @Test("no name or extension names two formats")
    func namesAreUnique() {
        let names = TraceFormat.allCases.flatMap(\.descriptor.names)
        let extensions = TraceFormat.allCases.flatMap(\.pathExtensions)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(Set(extensions).count == extensions.count, "\(extensions)")
    }

    @Test("the families: the canonical formats are written, recordings have a grammar, UI tests neither")
    func families() {
        #expect(TraceFormat.allCases.filter { $0.family == .canonical } == [.json, .jsonl, .csv])
        #expect(TraceFormat.allCases.filter(\.isRecording) == [.getevent, .evemu, .libinput, .evtest, .motionevent])
        #expect(TraceFormat.allCases.filter(\.isUITest) == [.w3cActions, .appium, .webkitEvents])
        for format in TraceFormat.allCases where format.isRecording {
            // Each grammar says how to get the axis ranges its format lacks, in its own words.
            let remedy = RawMapping.rangesRemedy(format)
            #expect(!remedy.spelled(.library).isEmpty)
        }
        #expect(GeteventGrammar.rangesRemedy.spelled(.library).contains("getevent -lp"))
        #expect(EvemuGrammar.rangesRemedy.spelled(.library).contains("evemu-describe"))
        #expect(EvtestGrammar.rangesRemedy.spelled(.library) == RawMapping.defaultRangesRemedy.spelled(.library))
    }
}
