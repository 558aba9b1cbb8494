/// Unweighted least-squares polynomial fit of a planar path, reporting the slope at time 0.
///
/// Both the AOSP `lsq2` strategy and Flutter's `VelocityTracker` fit `p(t) = c + b·t + a·t²`
/// (degree 2) to recent positions, with `t` the *negative age* of each sample (0 for the newest),
/// and report `b`, the derivative at the newest sample. AOSP falls back to a straight line
/// (degree 1) when only two samples are available.
///
/// AOSP solves the normal equations in `float` with raw power sums; Flutter uses a Gram-Schmidt
/// QR decomposition in `double`. Both give the same mathematical answer; here the normal equations
/// are solved in `Double` with *centered* sums (two passes over the samples), which avoids the
/// cancellation of the raw-sum form. Nothing is allocated: samples are read through a closure.
enum PolynomialSlopeFit {
    /// One point of the fit: abscissa `t` (any time unit) and the two coordinates.
    struct Point3 {
        var t: Double
        var x: Double
        var y: Double
    }

    /// The slope `b` of the least-squares polynomial of `degree` (1 or 2) through `count`
    /// points, per axis, in position units per unit of `t`; `nil` when the points do not determine
    /// the fit (fewer than `degree + 1` distinct abscissas).
    ///
    /// - Parameter point: returns point `i` for `i` in `0 ..< count`; called twice per point.
    static func slope(count: Int, degree: Int, point: (Int) -> Point3) -> (dx: Double, dy: Double)? {
        precondition(degree == 1 || degree == 2, "only degree 1 and 2 are supported")
        guard count > degree else { return nil }
        let n = Double(count)

        // Pass 1: means of t, t², x, y.
        var mt = 0.0, mt2 = 0.0, mx = 0.0, my = 0.0
        for i in 0..<count {
            let p = point(i)
            mt += p.t
            mt2 += p.t * p.t
            mx += p.x
            my += p.y
        }
        mt /= n; mt2 /= n; mx /= n; my /= n

        // Pass 2: centered second moments. u = t - mean(t), w = t² - mean(t²).
        var suu = 0.0, suw = 0.0, sww = 0.0
        var sux = 0.0, suy = 0.0, swx = 0.0, swy = 0.0
        for i in 0..<count {
            let p = point(i)
            let u = p.t - mt
            let w = p.t * p.t - mt2
            let cx = p.x - mx
            let cy = p.y - my
            suu += u * u
            suw += u * w
            sww += w * w
            sux += u * cx
            suy += u * cy
            swx += w * cx
            swy += w * cy
        }
        guard suu > 0 else { return nil }

        if degree == 1 {
            return (sux / suu, suy / suu)
        }
        // Cramer's rule on the 2x2 centered normal equations; the determinant is
        // suu·sww·(1 - corr(t, t²)²) >= 0 and vanishes when t takes only two distinct values.
        // The 1e-12 relative floor is this engine's own choice (not from a platform): it only
        // rejects determinants that are zero up to Double rounding, where AOSP tests `== 0` in
        // float and Flutter rejects a Gram-Schmidt norm below 1e-10.
        let determinant = suu * sww - suw * suw
        guard determinant > 1e-12 * suu * sww else { return nil }
        let bx = (sux * sww - swx * suw) / determinant
        let by = (suy * sww - swy * suw) / determinant
        guard bx.isFinite, by.isFinite else { return nil }
        return (bx, by)
    }
}
