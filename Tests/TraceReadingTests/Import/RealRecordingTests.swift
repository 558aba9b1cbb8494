import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// Real recordings from a public repository (`Tests/Fixtures/recordings/README.md`: source and
/// licence), replayed through the default scene, with what it must recognize in each written as
/// expectations (`NAME.expect.json`).
@Suite("Real device recordings")
struct RealRecordingTests {
    typealias I = ImportSupport

    /// Hands the fixture's expectations to an `ExpectationCollector` as if the trace held them.
    final class Injector: ReplayObserver {
        let collector = ExpectationCollector()
        let expect: JSONValue
        init(_ expect: JSONValue) { self.expect = expect }
        func replayWillStart(_ start: ReplayStart) throws(TraceError) {
            try collector.replayWillStart(ReplayStart(scene: start.scene, traceExpect: expect, sceneExpect: nil))
        }
        var observesTransitions: Bool { collector.observesTransitions }
        func replay(didTransition transition: Transition) { collector.replay(didTransition: transition) }
    }

    static let fixtures = [
        "atmel-maxtouch.1-finger-fast-taps.evemu",
        "atmel-maxtouch.2-fingers-touch-release.evemu",
        "atmel-maxtouch.1-finger-drag-up.evemu",
    ]

    @Test("the default scene recognizes what the recording shows", arguments: fixtures)
    func expectations(_ name: String) throws {
        let path = I.fixture(name)
        let expectPath = String(path.dropLast(".evemu".count)) + ".expect.json"
        let injector = Injector(try JSONParser().parse(contentsOf: expectPath))
        var out = OutputBuffer(fileDescriptor: nil)
        var warnings: [Diagnostic] = []
        try Replayer.run(.path(path), options: ReplayOptions(), output: &out, warn: { warnings.append($0) }, observer: injector)
        let report = try #require(injector.collector.evaluate())
        #expect(report.passed, "\(report.failures.map(\.text).joined(separator: "\n"))")
        #expect(injector.collector.expectations.count >= 4)
        // Sniffed as evemu; no mapping given: the one warning says raw units are used as points.
        #expect(
            warnings.map(\.message) == [
                "no ReplayOptions.reading.screen or RecordingImportOptions.density: raw device units are used as points (800 x 480)"
            ])
    }

    @Test func aRealRecordingDecodesToTheRowsItHolds() {
        // 2 fingers: slot 0 (tracking id 7) down at (539, 167), slot 1 (id 8) at 0.054565 s at (222, 306).
        let r = I.read(
            try! String(decoding: PackageFiles.bytes(atPath: I.fixture("atmel-maxtouch.2-fingers-touch-release.evemu")), as: UTF8.self))
        #expect(r.error == nil)
        #expect(r.rows.prefix(2) == [I.Row(0, 1, .began, 539, 167), I.Row(0.054564, 2, .began, 222, 306)])
        #expect(r.rows.suffix(2) == [I.Row(0.810269, 2, .ended, 224, 312), I.Row(0.824235, 1, .ended, 538, 176)])
        // The single-touch emulation (ABS_X/ABS_Y/BTN_TOUCH beside the slots) adds no touch.
        #expect(Set(r.rows.map(\.id)) == [1, 2])
    }
}
