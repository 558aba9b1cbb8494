@testable import GestureEngine
import Testing

/// `windowCentroid()`: the one-touch shortcut gives what the sum and division give.
@Suite("Touch centroid")
struct TouchCentroidTests {
    static func touch(_ x: Double, _ y: Double, id: Int = 1) -> Touch {
        Touch(id: id, location: Point(x: x, y: y), timestamp: 0, view: nil)
    }

    @Test("one touch: its location, with a zero's sign as the sum gives it (+0 for -0)")
    func oneTouch() throws {
        let c = try #require([Self.touch(12.25, -7.5)].windowCentroid())
        #expect(c == Point(x: 12.25, y: -7.5))
        let zero = try #require([Self.touch(-0.0, -0.0)].windowCentroid())
        #expect(zero.x.sign == .plus && zero.y.sign == .plus)
        let big = try #require([Self.touch(.greatestFiniteMagnitude, -.infinity)].windowCentroid())
        #expect(big.x == .greatestFiniteMagnitude && big.y == -.infinity)
    }

    @Test("several touches: the mean; none: nil")
    func several() {
        #expect([Self.touch(0, 0), Self.touch(10, 20, id: 2)].windowCentroid() == Point(x: 5, y: 10))
        // The sum starts at +0, so zeros of either sign average to +0, as one touch at -0 does.
        #expect([Self.touch(-0.0, 1), Self.touch(-0.0, 2, id: 2)].windowCentroid()?.x.sign == .plus)
        #expect([Touch]().windowCentroid() == nil)
    }
}
