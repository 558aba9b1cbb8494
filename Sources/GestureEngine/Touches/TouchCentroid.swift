extension Array where Element == Touch {
    /// The mean of the touches' window locations, points; nil when there are none. One pass, the
    /// touches read in place (no retain of the list), so a recognizer may call it at every move. A
    /// sum of coordinates near `Double`'s limit overflows to a non-finite mean: callers that must
    /// stay finite check it (the pan takes its general path then).
    @inline(__always)
    func windowCentroid() -> Point? {
        withUnsafeBufferPointer { touches in
            if touches.isEmpty { return nil }
            if touches.count == 1 {
                // One finger, the common case: no division. `0 + x` keeps the sum's sign of zero
                // (a touch at -0 has the centroid +0, as the loop gives).
                let p = touches[0].windowLocation
                return Point(x: 0 + p.x, y: 0 + p.y)
            }
            var x = 0.0, y = 0.0
            for t in touches {
                x += t.windowLocation.x
                y += t.windowLocation.y
            }
            let n = Double(touches.count)
            return Point(x: x / n, y: y / n)
        }
    }
}
