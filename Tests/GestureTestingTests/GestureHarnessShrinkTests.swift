import GestureEngine
import GestureTesting
import Testing

/// Issue 38: a failing harness sequence shrunk from a Swift test.
@Suite("GestureTesting: shrinking a failing harness sequence")
struct GestureHarnessShrinkTests {
    /// A single tap waiting for a double tap, as in `Traces/double-tap.json`.
    @Sendable static func makeHarness() -> GestureHarness {
        let h = GestureHarness()
        let double = h.add(TapGestureRecognizer(name: "doubleTap"))
        double.numberOfTapsRequired = 2
        let single = h.add(TapGestureRecognizer(name: "single"))
        single.require(toFail: double)
        return h
    }

    @Test("30 taps with moves, one pair close enough to be a double tap: shrunk to its two taps, 4 rows, 1-minimal")
    func shrinkHarnessSequence() throws {
        let h = Self.makeHarness()
        for i in 0..<30 {
            let finger = h.down(x: Double(40 + i * 10), y: 300)
            for _ in 0..<4 {
                h.wait(0.01)
                finger.move(by: Vector(dx: 0.5, dy: -0.5))
            }
            h.wait(0.02)
            finger.up()
            h.wait(i == 17 ? 0.1 : 0.6)
        }
        h.finish()
        #expect(h.states("doubleTap").contains(.ended))
        #expect(h.sentRows.count == 180)
        let result = GestureHarness.shrink(h.sentRows, make: Self.makeHarness) { $0.states("doubleTap").contains(.ended) }
        #expect(result.rows.count == 4 && result.isOneMinimal)
        let replayed = GestureHarness.replaying(result.rows, into: Self.makeHarness)
        #expect(replayed.states("doubleTap") == [.ended])
    }
}
