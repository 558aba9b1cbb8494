extension GestureRecognizer {
    /// The window locations of the first two touches this recognizer receives (the pinch's or the
    /// rotation's pair), or nil with fewer than two. Read in place from the engine's list, without
    /// copying the list or retaining the touches (the list holds them): the drivers read the pair
    /// several times per move.
    @inline(__always)
    func pairLocations() -> (Point, Point)? {
        dispatch.trackedTouches.withUnsafeBufferPointer { ts -> (Point, Point)? in
            guard ts.count >= 2 else { return nil }
            let a = ts.unretained(0), b = ts.unretained(1)
            return (a._withUnsafeGuaranteedRef { $0.windowLocation }, b._withUnsafeGuaranteedRef { $0.windowLocation })
        }
    }
}
