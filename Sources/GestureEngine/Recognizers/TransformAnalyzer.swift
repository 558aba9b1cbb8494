/// Which part of a two-finger motion dominates, as UIKit's `_UIGestureRecognizerTransformAnalyzer`
/// (decompiled iOS 18.2 UIKitCore, `analyzeTouches:` and `dominantComponent`), used by the pinch and
/// rotation recognizers the way `_UIPinchGestureRecognizerDriver` and
/// `_UIRotationGestureRecognizerDriver` use it.
///
/// At every move of the pair, per finger: its movement since the previous event (zero for a finger
/// that did not move), and the unit vector from the pair's centroid to it. The movements are
/// averaged into three per-event components:
/// - translation: the length of the mean movement;
/// - pinch: the mean movement along the unit vectors (outward positive), × 0.4;
/// - rotation: the mean movement across them, × 0.4.
///
/// Each is low-passed (`filtered = 0.6 × filtered + component`, the translation's component taken
/// × 0.4 as well) and weighted (`weights`). A component dominates when its weighted magnitude is more
/// than 1.4 times each other one's (or the other is zero), checked in the order translation, pinch,
/// rotation; when none does, `dominant` is `.none`. Radii and the translation length are taken in
/// single precision, as UIKit does (`sqrtf`).
///
/// Engine choice where UIKit would produce NaN: a finger exactly at the centroid (the two fingers
/// coincide) has no direction and adds nothing to the pinch and rotation components.
public struct TransformAnalyzer: Sendable {
    /// The components of a two-finger motion (UIKit's `dominantComponent` values 0 to 3).
    public enum Component: UInt8, Sendable {
        case none = 0, translation, pinch, rotation
    }

    /// Relative weights of the three components before they are compared.
    public struct Weights: Sendable, Equatable {
        public var translation: Double
        public var pinch: Double
        public var rotation: Double

        public init(translation: Double, pinch: Double, rotation: Double) {
            self.translation = translation
            self.pinch = pinch
            self.rotation = rotation
        }

        /// `_UIPinchGestureRecognizerDriver init`: translation 0.5, pinch 4, rotation 0.5.
        public static let pinchDriver = Weights(translation: 0.5, pinch: 4, rotation: 0.5)
        /// `_UIRotationGestureRecognizerDriver init`: translation 0.25, pinch 0.25, rotation 1
        /// (its pre- and post-recognition rotation weights are both 1).
        public static let rotationDriver = Weights(translation: 0.25, pinch: 0.25, rotation: 1)
    }

    /// Share of the previous filtered value kept at each event: 0.6 (`analyzeTouches:`).
    public static let filterRetention = 0.6
    /// Gain of each event's component: 0.4 (`analyzeTouches:`).
    public static let componentGain = 0.4
    /// How many times larger than each other weighted component the dominant one must be: 1.4.
    public static let dominanceRatio = 1.4

    public let weights: Weights
    /// Low-passed translation length, points per event.
    public private(set) var translation = 0.0
    /// Low-passed pinch component (outward positive), points per event.
    public private(set) var pinch = 0.0
    /// Low-passed rotation component, points per event.
    public private(set) var rotation = 0.0
    /// The dominant component after the last `analyze` (`.none` before the first).
    public private(set) var dominant = Component.none

    public init(weights: Weights) {
        self.weights = weights
    }

    /// Forgets the filtered values (`reset`); `dominant` keeps its last value, as in UIKit.
    public mutating func reset() {
        translation = 0
        pinch = 0
        rotation = 0
    }

    /// Analyzes one event of `touches` (the pair); `moved` are the touches that moved in it, the
    /// others count as still. No allocation. A pair (what the pinch and rotation drivers pass)
    /// takes `analyzePair`, the same arithmetic without walking the arrays; any other count the
    /// general loop, `analyzeAll` (a test compares the two).
    public mutating func analyze(_ touches: [Touch], moved: [Touch]) {
        guard touches.count == 2 else {
            analyzeAll(touches, moved: moved)
            return
        }
        // Read in place, unretained: the arrays hold their touches for the whole call.
        touches.withUnsafeBufferPointer { ts in
            moved.withUnsafeBufferPointer { ms in
                let a = ts.unretained(0), b = ts.unretained(1)
                let pa = a._withUnsafeGuaranteedRef { $0.windowLocation }
                let qa = a._withUnsafeGuaranteedRef { $0.previousWindowLocation }
                let pb = b._withUnsafeGuaranteedRef { $0.windowLocation }
                let qb = b._withUnsafeGuaranteedRef { $0.previousWindowLocation }
                analyzePair(pa, previous: qa, moved: Self.contains(ms, a), pb, previous: qb, moved: Self.contains(ms, b))
            }
        }
    }

    /// `analyze(_:moved:)` with `recognizer`'s touches: when every one of them moved, the delivered
    /// list holds the same touches in the same order and is read instead, so the recognizer's own
    /// list is not retained and released for the call (once per pinch or rotation move).
    mutating func analyze(touchesOf recognizer: GestureRecognizer, moved: [Touch]) {
        if moved.isIdentical(to: recognizer.dispatch.trackedTouches) {
            analyze(moved, moved: moved)
        } else {
            analyze(recognizer.dispatch.trackedTouches, moved: moved)
        }
    }

    /// One event of a pair of fingers, `first` and `second` (window locations now and at the
    /// previous event; a finger that did not move counts as still): exactly `analyzeAll`'s
    /// arithmetic for two touches, in the same order, so the results are bit-identical.
    public mutating func analyzePair(
        _ first: Point, previous firstPrevious: Point, moved firstMoved: Bool,
        _ second: Point, previous secondPrevious: Point, moved secondMoved: Bool
    ) {
        var cx = 0.0, cy = 0.0
        cx += first.x
        cy += first.y
        cx += second.x
        cy += second.y
        cx /= 2.0
        cy /= 2.0
        var sums = Sums()
        sums.add(first, previous: firstPrevious, moved: firstMoved, cx: cx, cy: cy, pair: true)
        sums.add(second, previous: secondPrevious, moved: secondMoved, cx: cx, cy: cy, pair: true)
        finish(sums, count: 2)
    }

    /// The general loop of `analyze(_:moved:)`, for any number of touches.
    mutating func analyzeAll(_ touches: [Touch], moved: [Touch]) {
        let n = touches.count
        guard n > 0 else { return }
        var cx = 0.0, cy = 0.0
        for t in touches {
            cx += t.windowLocation.x
            cy += t.windowLocation.y
        }
        cx /= Double(n)
        cy /= Double(n)
        var sums = Sums()
        for t in touches {
            sums.add(t.windowLocation, previous: t.previousWindowLocation, moved: Self.contains(moved, t), cx: cx, cy: cy, pair: n != 1)
        }
        finish(sums, count: n)
    }

    /// The per-finger sums of one event.
    private struct Sums {
        var sumX = 0.0, sumY = 0.0, radial = 0.0, tangential = 0.0

        /// Adds one finger at `p` (at `previous` one event before; `moved` false counts it as still)
        /// around the centroid (`cx`, `cy`); `pair` false (a single finger) adds its movement only.
        @inline(__always)
        mutating func add(_ p: Point, previous: Point, moved: Bool, cx: Double, cy: Double, pair: Bool) {
            var dx = 0.0, dy = 0.0
            if moved {
                dx = p.x - previous.x
                dy = p.y - previous.y
            }
            sumX += dx
            sumY += dy
            if !pair { return }
            let ox = p.x - cx, oy = p.y - cy
            let r = TransformAnalyzer.singlePrecisionLength(ox * ox + oy * oy)
            guard r > 0, r.isFinite else { return }
            let ux = ox / r, uy = oy / r
            radial += dx * ux + dy * uy
            tangential += dx * uy - dy * ux
        }
    }

    /// Turns one event's sums over `n` fingers into the filtered components and the dominant one.
    @inline(__always)
    private mutating func finish(_ sums: Sums, count n: Int) {
        let meanX = sums.sumX / Double(n), meanY = sums.sumY / Double(n)
        let pinchComponent = n == 1 ? 0 : sums.radial / Double(n) * Self.componentGain
        let rotationComponent = n == 1 ? 0 : sums.tangential / Double(n) * Self.componentGain
        let length = Self.singlePrecisionLength(meanY * meanY + meanX * meanX)
        translation = translation * Self.filterRetention + length * Self.componentGain
        pinch = pinchComponent + pinch * Self.filterRetention
        rotation = rotationComponent + rotation * Self.filterRetention
        dominant = Self.dominant(
            translation: weights.translation * Swift.abs(translation),
            pinch: Swift.abs(pinch) * weights.pinch,
            rotation: Swift.abs(rotation) * weights.rotation)
    }

    /// The dominant component of three weighted magnitudes (all ≥ 0).
    public static func dominant(translation t: Double, pinch p: Double, rotation r: Double) -> Component {
        if beats(t, p) && beats(t, r) { return .translation }
        if beats(p, t) && beats(p, r) { return .pinch }
        if beats(r, t) && beats(r, p) { return .rotation }
        return .none
    }

    /// `a` dominates `b`: `b` is zero, or `a / b` exceeds the ratio.
    @inline(__always)
    static func beats(_ a: Double, _ b: Double) -> Bool {
        b == 0 || a / b > dominanceRatio
    }

    /// √x computed in single precision, as UIKit's `sqrtf` of a `float`.
    @inline(__always)
    static func singlePrecisionLength(_ squared: Double) -> Double {
        Double(Float(squared).squareRoot())
    }

    @inline(__always)
    static func contains(_ touches: [Touch], _ t: Touch) -> Bool {
        for m in touches where m === t { return true }
        return false
    }

    @inline(__always)
    static func contains(_ touches: UnsafeBufferPointer<Touch>, _ t: Unmanaged<Touch>) -> Bool {
        for i in touches.indices where touches.unretained(i).toOpaque() == t.toOpaque() { return true }
        return false
    }
}
