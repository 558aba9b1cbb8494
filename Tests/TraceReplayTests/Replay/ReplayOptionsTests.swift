import GestureEngine
import Testing
import TraceReplay

/// `ReplayOptions`' defaults are the ones its groups document (kept from the tests of the flat
/// properties removed in 0.2.0, docs/CHANGELOG.md).
@Suite("ReplayOptions")
struct ReplayOptionsTests {
    @Test("the defaults are the groups' documented defaults")
    func defaults() {
        let d = ReplayOptions()
        #expect(d.reading.inputFormat == nil && d.reading.timeUnit == .seconds && !d.reading.detectsTimeUnit)
        #expect(!d.reading.sortsByTime && !d.reading.lenient && d.reading.screen == nil)
        #expect(d.reading.readerThreading == .automatic)
        #expect(d.scene.path == nil && d.scene.recognizerFilter == nil && d.scene.overrides.isEmpty)
        #expect(d.scene.velocityEstimator == .uikit && d.scene.catalog.kind(named: "doubleTap") == nil)
        #expect(d.output.format == .text && !d.output.reportTouches && !d.output.reportViews && !d.output.summary)
        #expect(d.output.shownStates == nil && d.output.shownRecognizers == nil)
        #expect(!d.liveInput.live && d.liveInput.idleFlush == 0.05 && d.liveInput.stallTime == 5)
    }

    @Test("recordingOptions takes the screen from reading and reports the mapping under summary")
    func recordingOptionsFillTheScreen() {
        var o = ReplayOptions()
        o.reading.screen = Size(width: 390, height: 844)
        o.reading.recording.density = 2.75
        o.output.summary = true
        #expect(o.recordingOptions.screen == Size(width: 390, height: 844) && o.recordingOptions.density == 2.75)
        #expect(o.recordingOptions.reportsMapping)
        o.output.summary = false
        #expect(!o.recordingOptions.reportsMapping)
    }
}
