import Testing
@testable import GestureReplayTools

/// Issue 44 D12: the timeline's ticks advance at any magnitude of trace time (at 1e17 s a `Double`
/// holds times 16 s apart: 40 ticks once all read `100000000000000000` at one place).
@Suite("The timeline's axis")
struct TimeAxisTests {
    static func expectAdvancing(_ axis: TimeAxis, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(axis.ticks.count >= 2, "\(axis.ticks)", sourceLocation: sourceLocation)
        for (a, b) in zip(axis.ticks, axis.ticks.dropFirst()) {
            #expect(a.time < b.time && a.label != b.label, "\(a) then \(b)", sourceLocation: sourceLocation)
        }
        #expect(axis.ticks.allSatisfy { $0.label.count <= 9 }, "\(axis.ticks.map(\.label))", sourceLocation: sourceLocation)
    }

    @Test("round trace times for an ordinary trace", arguments: [(0.0, 0.3), (0.0, 600.0), (12.5, 14.0), (-5.0, 0.3)])
    func ordinary(_ t0: Double, _ t1: Double) {
        let axis = TimeAxis(from: t0, to: t1, pixels: 530)
        #expect(axis.origin == nil)
        Self.expectAdvancing(axis)
        #expect(axis.ticks.allSatisfy { $0.time >= t0 && $0.time <= t1 + 1e-9 })
    }

    @Test("past a million seconds the ticks count from the window's start", arguments: [1.7e9, 1e17, 1e300, 1e308])
    func huge(_ start: Double) {
        let (t0, t1) = TimeAxis.widened(start, start)
        #expect(t1 > t0)
        let axis = TimeAxis(from: t0, to: t1, pixels: 530)
        #expect(axis.origin == t0)
        #expect(axis.ticks.first.map { Double($0.label) == 0 } == true, "\(axis.ticks)")
        Self.expectAdvancing(axis)
        // A 10-second window of Unix time: 0, 2, 4, ... seconds after its start.
        if start == 1.7e9 {
            let tenSeconds = TimeAxis(from: start, to: start + 10, pixels: 530)
            #expect(tenSeconds.ticks.map(\.label) == ["0", "2", "4", "6", "8", "10"])
        }
    }

    @Test("a window narrower than a millisecond is widened to one")
    func narrow() {
        let (t0, t1) = TimeAxis.widened(0.25, 0.25)
        #expect(t0 == 0.25 && abs(t1 - 0.251) < 1e-12)
        #expect(TimeAxis.widened(0, 5) == (0, 5))
    }
}
