import Foundation
import GestureEngine
import Testing

@Suite("Angle: stdlib-only atan and atan2")
struct AngleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let y: Double
        let x: Double
        let expected: Double
        var testDescription: String { "atan2(\(y), \(x))" }
    }

    /// Exact angles, written from their definitions (π fractions) or well-known decimal expansions.
    @Test(arguments: [
        Case(y: 0, x: 1, expected: 0),
        Case(y: 1, x: 1, expected: Double.pi / 4),
        Case(y: 1, x: 0, expected: Double.pi / 2),
        Case(y: 1, x: -1, expected: 3 * Double.pi / 4),
        Case(y: 0, x: -1, expected: Double.pi),
        Case(y: -0.0, x: -1, expected: -Double.pi),
        Case(y: -1, x: -1, expected: -3 * Double.pi / 4),
        Case(y: -1, x: 0, expected: -Double.pi / 2),
        Case(y: -1, x: 1, expected: -Double.pi / 4),
        Case(y: 1, x: 3.0.squareRoot(), expected: Double.pi / 6),
        Case(y: 3.0.squareRoot(), x: 1, expected: Double.pi / 3),
        Case(y: 1, x: 2, expected: 0.46364760900080611621),  // atan(1/2)
        Case(y: 2, x: 1, expected: 1.10714871779409050302),  // atan(2)
        Case(y: 1, x: 10, expected: 0.09966865249116202737),  // atan(0.1)
        Case(y: 1e-10, x: 1, expected: 1e-10),
        Case(y: 1, x: 1e-10, expected: Double.pi / 2 - 1e-10),
        Case(y: 5, x: 0.5, expected: 1.47112767430373459185),  // atan(10)
        Case(y: 2 - 3.0.squareRoot(), x: 1, expected: Double.pi / 12),
        Case(y: 1, x: .infinity, expected: 0),
        Case(y: 1, x: -.infinity, expected: Double.pi),
        Case(y: .infinity, x: 1, expected: Double.pi / 2),
        Case(y: .infinity, x: .infinity, expected: Double.pi / 4),
        Case(y: -.infinity, x: -.infinity, expected: -3 * Double.pi / 4),
    ])
    func knownValues(_ c: Case) {
        #expect(abs(Angle.atan2(c.y, c.x) - c.expected) <= 1e-14)
    }

    @Test("signed zeros and NaN follow C's atan2")
    func specialValues() {
        #expect(Angle.atan2(0, 0) == 0)
        #expect(Angle.atan2(0, -0.0) == Double.pi)
        #expect(Angle.atan2(-0.0, -0.0) == -Double.pi)
        #expect(Angle.atan2(-0.0, 1).sign == .minus)
        #expect(Angle.atan2(.nan, 1).isNaN)
        #expect(Angle.atan2(1, .nan).isNaN)
        #expect(Angle.atan(.infinity) == Double.pi / 2)
        #expect(Angle.atan(-.infinity) == -Double.pi / 2)
        #expect(Angle.atan(-0.0).sign == .minus)
    }

    @Test("agrees with libm's atan2 to 1e-14 over a grid of 4,000 points and every octant")
    func agreesWithLibm() {
        var worst = 0.0
        for i in 0..<4000 {
            let t = Double(i) / 4000 * 2 * Double.pi - Double.pi
            // Radii from 1e-3 to 1e4 so that ratios near 0, 1 and infinity all appear.
            let r = Foundation.pow(10.0, Double(i % 8) - 3)
            let x = r * Foundation.cos(t), y = r * Foundation.sin(t)
            worst = max(worst, abs(Angle.atan2(y, x) - Foundation.atan2(y, x)))
        }
        #expect(worst <= 1e-14)
    }

    @Test("atan is odd and atan(x) + atan(1/x) = π/2 for x > 0")
    func identities() {
        for x in [1e-300, 1e-8, 0.01, 0.125, 0.3, 0.9999, 1, 1.0001, 7.5, 1e8, 1e300] {
            #expect(Angle.atan(-x) == -Angle.atan(x))
            #expect(abs(Angle.atan(x) + Angle.atan(1 / x) - Double.pi / 2) <= 1e-15)
        }
    }

    struct NormalizeCase: Sendable { let angle: Double; let expected: Double }

    @Test(arguments: [
        NormalizeCase(angle: 0, expected: 0),
        NormalizeCase(angle: Double.pi, expected: Double.pi),
        NormalizeCase(angle: -Double.pi, expected: Double.pi),
        NormalizeCase(angle: 3 * Double.pi / 2, expected: -Double.pi / 2),
        NormalizeCase(angle: -3 * Double.pi / 2, expected: Double.pi / 2),
        NormalizeCase(angle: 7 * Double.pi + 0.25, expected: -Double.pi + 0.25),
    ])
    func normalized(_ c: NormalizeCase) {
        #expect(abs(Angle.normalized(c.angle) - c.expected) <= 1e-12)
    }

    @Test("degrees and radians convert both ways")
    func conversions() {
        #expect(abs(Angle.radians(fromDegrees: 180) - Double.pi) <= 1e-15)
        #expect(abs(Angle.degrees(fromRadians: Double.pi / 4) - 45) <= 1e-12)
    }
}
