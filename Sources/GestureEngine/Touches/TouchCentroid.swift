extension Array where Element == Touch {
    /// The mean of the touches' window locations, points; nil when there are none. One pass, the
    /// touches read in place (no retain of the list), so a recognizer may call it at every move. A
    /// sum of coordinates near `Double`'s limit overflows to a non-finite mean: callers that must
    /// stay finite check it (the pan takes its general path then).
    @inline(__always)
    func windowCentroid() -> Point? {
        withUnsafeBufferPointer { touches in
            if touches.isEmpty { return nil }
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
