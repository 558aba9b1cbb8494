extension GestureRecognizer {
    /// The centroid of this recognizer's touches as UIKit's base `-[UIGestureRecognizer
    /// locationInView:]` computes it (decompiled iOS 18.2 UIKitCore): each touch's location is added
    /// to a running C `int` sum, truncated toward zero at every step, and the sums are divided by the
    /// number of touches in integers. Two fingers at x 100.7 and 200.6 give x 150, not 150.65.
    /// Window coordinates, points. A coordinate or sum outside the 32-bit range (where C's
    /// conversion is undefined) is left as the plain mean (engine choice). The pinch and rotation
    /// report it while they have touches (their `locationInView:` calls the base class then).
    func truncatedCentroid(of ts: [Touch]) -> Point {
        var sx = 0.0, sy = 0.0, mx = 0.0, my = 0.0
        var exact = true
        for t in ts {
            let p = t.windowLocation
            mx += p.x
            my += p.y
            sx = Self.truncatedToInt32(p.x + sx, exact: &exact)
            sy = Self.truncatedToInt32(p.y + sy, exact: &exact)
        }
        let n = Double(ts.count)
        guard exact else { return Point(x: mx / n, y: my / n) }
        // Integer division truncates toward zero, as C's.
        return Point(x: (sx / n).rounded(.towardZero), y: (sy / n).rounded(.towardZero))
    }

    @inline(__always)
    private static func truncatedToInt32(_ v: Double, exact: inout Bool) -> Double {
        let r = v.rounded(.towardZero)
        if !(r >= -2_147_483_648 && r <= 2_147_483_647) { exact = false }
        return r
    }
}
