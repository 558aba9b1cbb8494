/// The bookkeeping UIKit's two-finger drivers share (`_UIPinchGestureRecognizerDriver`,
/// `_UIRotationGestureRecognizerDriver`, decompiled iOS 18.2 UIKitCore): the pair lock, the crowd
/// seen before a pair formed, the anchor point and the blended velocity. ``PinchGestureRecognizer``
/// and ``RotationGestureRecognizer`` each keep one, stored in place (a plain struct: no allocation,
/// and its methods are inlined into the drivers' per-event handlers).
struct TwoFingerPair {
    /// Number of touches a pair is: exactly 2 (`touchesBegan:withEvent:` forms the pair at 2).
    static let requiredNumberOfTouches = 2
    /// Weight of the previous velocity sample: 0.75 (`-[UIPinchGestureRecognizer velocity]`,
    /// `-[UIRotationGestureRecognizer velocity]`).
    static let previousVelocityWeight = 0.75
    /// Weight of the current velocity sample: 0.25 (same methods).
    static let sampleWeight = 0.25

    /// The pair has formed this attempt: later touches are refused (the driver's flag 2).
    var isLocked = false
    /// Most touches down at once before a pair formed (for the failure reason).
    var crowdSize = 0
    /// The centroid at the last applied move, window coordinates: `location` once no finger is down.
    var anchor = Point.zero
    /// The current and previous velocity samples (scale or radians per second).
    var sample = 0.0
    var previousSample = 0.0

    /// 0.75 × previous sample + 0.25 × current sample, the current alone when the previous is 0.
    @inline(__always)
    var velocity: Double {
        previousSample != 0 ? Self.previousVelocityWeight * previousSample + Self.sampleWeight * sample : sample
    }

    /// Back to the state before any touch (the recognizer's `reset`).
    @inline(__always)
    mutating func reset() {
        isLocked = false
        crowdSize = 0
        anchor = .zero
        sample = 0
        previousSample = 0
    }
}

extension GestureRecognizer {
    /// The drivers' `touchesBegan:withEvent:` pair lock: once the pair formed, new touches are
    /// ignored; otherwise the crowd is noted, and the pair forms when this touch-down brings the
    /// recognizer's touches to exactly 2. True when it formed now.
    @inline(__always)
    func formPair(_ pair: inout TwoFingerPair, _ touches: [Touch], with event: TouchEvent) -> Bool {
        if pair.isLocked {
            for t in touches { ignore(t, for: event) }
            return false
        }
        let n = numberOfTouches
        pair.crowdSize = Swift.max(pair.crowdSize, n)
        guard n == TwoFingerPair.requiredNumberOfTouches else { return false }
        pair.isLocked = true
        return true
    }

    /// Fails a driver whose fingers lifted before a pair formed: too many landed together, or too few.
    /// `gesture` is `a pinch` or `a rotation`.
    func failWithoutPair(_ pair: TwoFingerPair, gesture: String) {
        let crowd = pair.crowdSize
        let needed = TwoFingerPair.requiredNumberOfTouches
        if crowd > needed {
            fail("lifted before it began: \(crowd) touches landed together; \(gesture) needs exactly \(needed)")
        } else {
            fail("lifted before it began: \(crowd) touch\(crowd == 1 ? "" : "es"); \(gesture) needs exactly \(needed)")
        }
    }

    /// Moves do nothing for a driver until its pair forms (`touchesMoved` returns at once): while
    /// none has, the engine may leave them out (`ignoresMoves(before:)`), and once it forms they are
    /// delivered again. Called at the end of `touchesBegan`, where the pair forms. Only for the
    /// engine's own class (`exactClass`): a subclass's `touchesMoved` gets every move.
    @inline(__always)
    func quietMovesUntilPaired(_ pair: TwoFingerPair, exactClass: Bool) {
        guard exactClass else { return }
        ignoresMoves(before: pair.isLocked ? -.infinity : .infinity)
    }

    /// The centroid of the pair (touches that end later keep the pair's last positions), window
    /// coordinates; with fewer than two touches the first one's location, else `anchor`.
    @inline(__always)
    func pairCentroid(orElse anchor: Point) -> Point {
        guard let (a, b) = pairLocations() else { return touches.first?.windowLocation ?? anchor }
        return Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }

    /// The distance between the pair's fingers, points (0 with fewer than two touches).
    @inline(__always)
    func pairDistance() -> Double {
        guard let (a, b) = pairLocations() else { return 0 }
        return a.distance(to: b)
    }

    /// UIKit's `locationInView:` for a driver: the base class's integer centroid while fingers are
    /// down (`-[UIGestureRecognizer locationInView:]`), else the pair's anchor; and the touch count.
    /// (The base class's location is replaced, so the drivers do not call `super.fillValues`.)
    @inline(__always)
    func fillPairLocation(_ values: inout GestureValues, anchor: Point) {
        values.location = pairLocation(in: nil, anchor: anchor)
        values.numberOfTouches = trackedTouchCount
    }

    /// A driver's `locationInView:` (``fillPairLocation(_:anchor:)``'s location) in `view`'s
    /// coordinates (the window's when nil), points.
    func pairLocation(in view: View?, anchor: Point) -> Point {
        let ts = touches
        let window = ts.isEmpty ? anchor : truncatedCentroid(of: ts)
        return view?.convert(fromWindow: window) ?? window
    }
}
