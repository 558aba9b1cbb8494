@testable import GestureEngine
import Testing

/// `TransformAnalyzer.analyze(_:moved:)` takes `analyzePair` for two touches (what the pinch and
/// rotation drivers pass) instead of the general loop, `analyzeAll`: the two must give bit-identical
/// filtered values and the same dominant component at every event, whatever the fingers do.
@Suite("Transform analyzer: pair fast path")
struct TransformAnalyzerFastPathTests {
    /// A tiny seeded generator (xorshift64*), so every run sees the same inputs.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// A coordinate: mostly ordinary values, sometimes integers, zeros of either sign, huge values
    /// or the other finger's coordinate (coincident fingers).
    static func coordinate(_ g: inout Generator, other: Double) -> Double {
        switch g.below(10) {
        case 0: return other
        case 1: return g.below(2) == 0 ? 0.0 : -0.0
        case 2: return Double(g.below(800))
        case 3: return (g.below(2) == 0 ? 1 : -1) * 1e300 * Double(g.below(1000) + 1)
        default: return Double(g.next() % 1_000_000) / 997.0 - 200
        }
    }

    static func bits(_ a: TransformAnalyzer) -> [UInt64] {
        [a.translation.bitPattern, a.pinch.bitPattern, a.rotation.bitPattern, UInt64(a.dominant.rawValue)]
    }

    @Test("analyzePair gives the general loop's values bit for bit", arguments: [TransformAnalyzer.Weights.pinchDriver, .rotationDriver])
    func pairMatchesGeneralLoop(weights: TransformAnalyzer.Weights) {
        var g = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var events = 0
        var dominants = Set<UInt8>()
        for _ in 0..<2_000 {
            let a = Touch(id: 1, location: Point(x: 100, y: 100), timestamp: 0, view: nil)
            let b = Touch(id: 2, location: Point(x: 200, y: 100), timestamp: 0, view: nil)
            var fast = TransformAnalyzer(weights: weights)
            var plain = TransformAnalyzer(weights: weights)
            for _ in 0..<(1 + g.below(20)) {
                for t in [a, b] {
                    t.previousWindowLocation = t.windowLocation
                    if g.below(4) == 0 { continue }  // this finger stays
                    // Mostly small steps, sometimes jumps to any coordinate.
                    if g.below(3) == 0 {
                        t.windowLocation = Point(
                            x: Self.coordinate(&g, other: a.windowLocation.x), y: Self.coordinate(&g, other: a.windowLocation.y))
                    } else {
                        t.windowLocation.x += Double(g.below(41)) - 20 + Double(g.below(1000)) / 1000
                        t.windowLocation.y += Double(g.below(41)) - 20
                    }
                }
                let moved: [Touch] = [[], [a], [b], [a, b], [b, a]][g.below(5)]
                fast.analyze([a, b], moved: moved)
                plain.analyzeAll([a, b], moved: moved)
                #expect(
                    Self.bits(fast) == Self.bits(plain), "event \(events): \(a.windowLocation) \(b.windowLocation) moved \(moved.map(\.id))"
                )
                events += 1
                dominants.insert(fast.dominant.rawValue)
                if Self.bits(fast) != Self.bits(plain) { return }
            }
            if g.below(3) == 0 {
                fast.reset()
                plain.reset()
            }
        }
        // The inputs reach every outcome.
        #expect(dominants == [0, 1, 2, 3], "dominant components seen: \(dominants.sorted())")
    }

    @Test("one and three touches still take the general loop")
    func otherCountsUseGeneralLoop() {
        let a = Touch(id: 1, location: Point(x: 0, y: 0), timestamp: 0, view: nil)
        let b = Touch(id: 2, location: Point(x: 100, y: 0), timestamp: 0, view: nil)
        let c = Touch(id: 3, location: Point(x: 50, y: 80), timestamp: 0, view: nil)
        for t in [a, b, c] {
            t.previousWindowLocation = t.windowLocation
            t.windowLocation.x += Double(t.id) * 3
            t.windowLocation.y -= 2
        }
        for touches in [[a], [a, b, c]] {
            var fast = TransformAnalyzer(weights: .pinchDriver)
            var plain = TransformAnalyzer(weights: .pinchDriver)
            fast.analyze(touches, moved: touches)
            plain.analyzeAll(touches, moved: touches)
            #expect(Self.bits(fast) == Self.bits(plain))
            #expect(fast.translation > 0)
        }
    }
}
