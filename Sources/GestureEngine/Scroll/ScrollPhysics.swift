/// UIScrollView's motion arithmetic, as pure functions: the constants and per-frame steps of the
/// decompiled iOS 18.2 UIKitCore `UIScrollView` (the reference page `uikit-scroll-control.md` §1,
/// §6-§8, which names each method; measured against iOS 26.1 simulator traces). Velocities are in
/// points per millisecond with the sign of the content offset's change (UIKit's internal unit:
/// −finger velocity / 1000), times in milliseconds.
public enum ScrollPhysics {
    /// Pan velocity (pt/s) to scroll velocity (pt/ms): `_velocityScaleFactor`, 0.001.
    public static let velocityScale = 0.001
    /// Below this squared speed (pt/ms)² a release inside the bounds does not decelerate
    /// (`_endPanNormal:`, 0.0625: 250 pt/s).
    public static let noFlingSquaredSpeed = 0.0625
    /// A deceleration stops below this squared speed (pt/ms)² (`_smoothScrollSyncWithUpdateTime:`, 0.0001).
    public static let stopSquaredSpeed = 0.0001
    /// The release velocity blend: 0.75 × the previous sample + 0.25 × the last (`_endPanNormal:`).
    public static let previousVelocityWeight = 0.75
    /// `UIScrollView.DecelerationRate.normal`, per ms (`initWithFrame:` sets 0.998 on both axes).
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`, per ms (0.99; the table's content is inferred, §7.2).
    public static let fastDecelerationRate = 0.99
    /// ln 0.998 and ln 0.99 (the engine uses only the stdlib: no `log`).
    static let lnNormal = -0.0020020026706730793
    static let lnFast = -0.010050335853501441
    /// The rubber band's coefficient c in f(x) = (1 − 1/(x·c/d + 1))·d
    /// (`_UIScrollViewRubberBandCoefficient`, measured 0.55 ± 0.0005).
    public static let rubberBandCoefficient = 0.55
    /// The bounce's decay exponent per ms (`_getBouncingDecelerationOffset:...`, −0.01005).
    public static let bounceExponent = -0.01005
    /// A bounce ends within this distance of the edge (pt) when slower than `bounceStopSpeed`.
    public static let bounceStopDistance = 0.5
    public static let bounceStopSpeed = 0.01
    /// A release faster than this (pt/ms, 300 pt/s) pages forward or back (`_prepareToPageWithHorizontalVelocity:...`).
    public static let pagingVelocityThreshold = 0.3
    /// The display link's period, seconds (60 Hz, the measured simulator).
    public static let frameInterval = 1.0 / 60.0
    /// `_canScrollX/Y`: the content must exceed the bounds by more than this, points.
    public static let canScrollEpsilon = 0.0001

    /// The rate UIKit stores for `rate` (`setDecelerationRate:` keeps `table[rate < 0.994]`): fast
    /// below 0.994, normal otherwise (NaN included).
    public static func quantisedDecelerationRate(_ rate: Double) -> Double {
        rate < 0.994 ? fastDecelerationRate : normalDecelerationRate
    }

    /// ln of a quantised rate.
    static func lnRate(_ rate: Double) -> Double { rate == fastDecelerationRate ? lnFast : lnNormal }

    /// `rate^dt` as UIKit computes it: k = dt·ln F; 1 + k + k²/2 when k ≥ −0.5, else e^k
    /// (`_getStandardDecelerationOffset...`).
    public static func decay(milliseconds dt: Double, ln: Double) -> Double {
        let k = dt * ln
        return k >= -0.5 ? 1 + k + k * k / 2 : exp(k)
    }

    /// One standard deceleration frame of `dt` ms: the new (unrounded) position and velocity.
    /// x += v·F·(1 − d)/(1 − F); v *= d.
    public static func decelerate(_ x: Double, _ v: Double, milliseconds dt: Double, rate: Double) -> (Double, Double) {
        let d = decay(milliseconds: dt, ln: lnRate(rate))
        return (x + v * rate * (1 - d) / (1 - rate), v * d)
    }

    /// One bounce frame of `dt` ms for an axis `s` points past its edge (signed) moving at `v`:
    /// s' = e2·s + (1 − Fd)·e2·F·v/(1 − F), v' = Fd·e2·v, e2 = taylor(e^(−0.01005·dt)), Fd = taylor(F^dt).
    public static func bounce(_ s: Double, _ v: Double, milliseconds dt: Double, rate: Double) -> (Double, Double) {
        let e2 = decay(milliseconds: dt, ln: bounceExponent)
        let fd = decay(milliseconds: dt, ln: lnRate(rate))
        return (e2 * s + (1 - fd) * e2 * rate * v / (1 - rate), fd * e2 * v)
    }

    /// The rubber-banded overshoot for `x` points past an edge along an axis of `dimension` points
    /// (`_rubberBandContentOffsetForOffset:`): (1 − 1/(x·c/d + 1))·d, sign kept; 0 for a zero dimension.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0, x.isFinite else { return x.isFinite ? 0 : (x < 0 ? -d : d) }
        let m = Swift.abs(x)
        let f = (1 - 1 / (m * rubberBandCoefficient / d + 1)) * d
        return x < 0 ? -f : f
    }

    /// `v` rounded to the nearest pixel at `scale` (`setContentOffset:` rounds to 1/screenScale).
    public static func pixelRounded(_ v: Double, scale: Double) -> Double {
        guard scale > 0, v.isFinite else { return v }
        let r = (v * scale).rounded() / scale
        return r == 0 ? 0 : r  // no -0.0 in output
    }

    /// The paging spring for a page `width` points wide (`initWithFrame:` and size changes):
    /// friction = w·9.94318182e-6 + 0.966818182, pull = w·(−1.84659091e-7) + 3.59090909e-4 (0.977 and
    /// 0.00017 above 1024 pt).
    public static func pagingSpring(width w: Double) -> (friction: Double, pull: Double) {
        if w > 1024 { return (0.977, 0.00017) }
        return (w * 9.94318182e-6 + 0.966818182, w * -1.84659091e-7 + 3.59090909e-4)
    }

    /// The page a release lands on along one axis (`_prepareToPageWithHorizontalVelocity:...`):
    /// stays on a page boundary; faster than 0.3 pt/ms forward: the next page (ceil), backward: the
    /// previous (floor); otherwise the nearest (at the maximum offset: ceil). Returns the target
    /// offset, clamped to [min, max].
    public static func pageTarget(offset x: Double, velocity v: Double, pageSize w: Double, min lo: Double, max hi: Double) -> Double {
        guard w > 0, x.isFinite else { return Swift.min(Swift.max(x.isFinite ? x : lo, lo), hi) }
        let q = (x - lo) / w
        let page: Double
        if Swift.abs(q - q.rounded()) < 1e-9 {
            page = q.rounded()
        } else if v > pagingVelocityThreshold {
            page = q.rounded(.up)
        } else if v < -pagingVelocityThreshold {
            page = q.rounded(.down)
        } else if x >= hi {
            page = q.rounded(.up)
        } else {
            page = (q + 0.5).rounded(.down)
        }
        return Swift.min(Swift.max(lo + page * w, lo), hi)
    }

    /// e^k for k ≤ 0 with the stdlib only: halved until small, a Taylor series, squared back.
    static func exp(_ k: Double) -> Double {
        guard k.isFinite else { return k > 0 ? .infinity : 0 }
        if k < -745 { return 0 }
        var x = k
        var n = 0
        while Swift.abs(x) > 0.01 {
            x /= 2
            n += 1
        }
        var r = 1 + x + x * x / 2 + x * x * x / 6 + x * x * x * x / 24
        for _ in 0..<n { r *= r }
        return r
    }
}
