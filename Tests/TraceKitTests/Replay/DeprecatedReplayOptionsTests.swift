import GestureEngine
import TestSupport
import Testing
import GestureReplayTools
import TraceKit

/// Issue 37 step 3: the flat `ReplayOptions` of the previous release and the entry points that read
/// the trace from `options.inputPath` still work for one release, forwarding to the option groups
/// and to the trace-first entry points. (Deprecated API on purpose: each test is marked deprecated
/// so the package's own build stays free of deprecation warnings.)
@Suite("Deprecated ReplayOptions forwarders")
struct DeprecatedReplayOptionsTests {
    static let trace = PackageFiles.path("Traces/double-tap.json")

    @available(*, deprecated)
    @Test("each flat property writes its group's field, and reads it back")
    func flatPropertiesWriteTheGroups() {
        var o = ReplayOptions(inputPath: "a.csv")
        #expect(o.inputPath == "a.csv")
        o.inputPath = "b.csv"
        #expect(o.inputPath == "b.csv")
        o.inputFormat = .csv
        o.timeUnit = .milliseconds
        o.detectsTimeUnit = true
        o.sortsByTime = true
        o.lenient = true
        o.screen = Size(width: 390, height: 844)
        o.recording.density = 2.75
        o.readerThreading = .never
        #expect(o.reading.inputFormat == .csv && o.reading.timeUnit == .milliseconds)
        #expect(o.reading.detectsTimeUnit && o.reading.sortsByTime && o.reading.lenient)
        #expect(o.reading.screen == Size(width: 390, height: 844) && o.reading.recording.density == 2.75)
        #expect(o.reading.readerThreading == .never)

        let at = SourceLocation(path: "t.args", line: 1, column: 3)
        o.scenePath = "s.scene.json"
        o.recognizerFilter = ["tap"]
        o.recognizerFilterLocations = ["tap": at]
        o.sceneOverrides = [try! SceneOverride(parsing: "tap.numberOfTapsRequired=2")]
        o.velocityEstimator = .lsq2
        var catalog = RecognizerCatalog.builtIn
        try! catalog.register(kind: "doubleTap", factory: { TapGestureRecognizer(name: $0, taps: 2) })
        o.catalog = catalog
        #expect(o.scene.path == "s.scene.json" && o.scene.recognizerFilter == ["tap"])
        #expect(o.scene.recognizerFilterLocations == ["tap": at] && o.scene.overrides.count == 1)
        #expect(o.scene.velocityEstimator == .lsq2 && o.scene.catalog.kind(named: "doubleTap") != nil)

        o.outputFormat = .jsonl
        o.reportTouches = true
        o.reportViews = true
        o.shownStates = [.ended]
        o.shownRecognizers = ["tap"]
        o.shownRecognizerLocations = ["tap": at]
        o.summary = true
        #expect(o.output.format == .jsonl && o.output.reportTouches && o.output.reportViews)
        #expect(o.output.shownStates == [.ended] && o.output.shownRecognizers == ["tap"])
        #expect(o.output.shownRecognizerLocations == ["tap": at] && o.output.summary)

        o.live = true
        o.idleFlush = 0.2
        o.stallTime = 1.5
        #expect(o.liveInput.live && o.liveInput.idleFlush == 0.2 && o.liveInput.stallTime == 1.5)

        // And back: a group's field is what the flat property reads.
        var g = ReplayOptions()
        g.reading.timeUnit = .microseconds
        g.reading.lenient = true
        g.scene.path = "x.scene.json"
        g.scene.overrides = o.scene.overrides
        g.output.format = .jsonl
        g.output.summary = true
        g.liveInput.idleFlush = 0
        #expect(g.timeUnit == .microseconds && g.lenient && g.scenePath == "x.scene.json")
        #expect(g.sceneOverrides.count == 1 && g.outputFormat == .jsonl && g.summary && g.idleFlush == 0)
        #expect(g.inputPath == "" && !g.live && g.stallTime == 5 && g.catalog.kind(named: "doubleTap") == nil)
        // The defaults are the groups' defaults.
        let d = ReplayOptions(inputPath: "-")
        #expect(d.timeUnit == .seconds && !d.sortsByTime && d.outputFormat == .text && d.velocityEstimator == .uikit)
        #expect(d.idleFlush == 0.05 && d.readerThreading == .automatic && d.scenePath == nil && d.shownStates == nil)
    }

    @available(*, deprecated)
    @Test("the entry points that read options.inputPath give what the trace-first ones give")
    func inputPathEntryPoints() throws {
        var old = ReplayOptions(inputPath: Self.trace)
        old.output.reportTouches = true
        var new = ReplayOptions()
        new.output.reportTouches = true

        var a = OutputBuffer(fileDescriptor: nil)
        var b = OutputBuffer(fileDescriptor: nil)
        try Replayer.run(old, output: &a)
        try Replayer.run(.path(Self.trace), options: new, output: &b)
        #expect(a.text == b.text && a.text.contains("doubleTap"))

        #expect(try GoldenFile.replay(old).text == GoldenFile.replay(Self.trace, options: new).text)
        let check = try TraceCheck.run(ReplayOptions(inputPath: Self.trace), update: false)
        #expect(check.tracePath == Self.trace && check.passed)
        let golden = try GoldenFile.check(ReplayOptions(inputPath: Self.trace), update: false)
        #expect(golden.expectedPath == GoldenFile.expectedPath(forTrace: Self.trace) && golden.passed)
        #expect(try Picture.svg(old, title: "t") == Picture.svg(Self.trace, options: new, title: "t"))
        #expect(try ShrinkDocument.read(old).rows.count == ShrinkDocument.read(Self.trace, options: new).rows.count)

        var c = OutputBuffer(fileDescriptor: nil)
        var d = OutputBuffer(fileDescriptor: nil)
        try TraceConverter.convert(old, to: .csv, output: &c)
        try TraceConverter.convert(Self.trace, options: new, to: .csv, output: &d)
        #expect(c.text == d.text && c.text.hasPrefix("t,id,phase,x,y\n"))

        // A replay's result still names its trace in the deprecated property.
        #expect(try Replayer.replay(.path(Self.trace), options: new).options.inputPath == Self.trace)
    }
}
