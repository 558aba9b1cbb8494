import Foundation
import GestureEngine

// Core Graphics' geometry as UIKit code uses it, over the engine's own types (points, `Double`).
// Foundation on Linux has `CGPoint`, `CGSize`, `CGRect` and a `CGFloat` struct; these aliases
// shadow them so that a location from the engine is a `CGPoint` with no conversion. `CGFloat` is
// `Double`: on Apple platforms the two convert implicitly (SE-0307), so code that mixes them
// compiles on both.

/// `CGFloat`: a `Double` (points, radians, seconds, as the engine's values).
public typealias CGFloat = Double
/// `CGPoint`: the engine's `Point` (points).
public typealias CGPoint = Point
/// `CGSize`: the engine's `Size` (points).
public typealias CGSize = Size
/// `CGRect`: the engine's `Rect` (points).
public typealias CGRect = Rect
/// `CGVector`: the engine's `Vector` (points).
public typealias CGVector = Vector
/// `TimeInterval`, `CFTimeInterval`: seconds.
public typealias CFTimeInterval = Double
public typealias TimeInterval = Double

extension Point {
    /// `CGPoint(x:y:)` from integers.
    @inlinable public init(x: Int, y: Int) { self.init(x: Double(x), y: Double(y)) }
    /// `CGPoint.applying(_:)`.
    public func applying(_ t: CGAffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
    /// `CGPoint.equalTo(_:)`.
    public func equalTo(_ other: Point) -> Bool { self == other }
}

extension Size {
    /// `CGSize(width:height:)` from integers.
    @inlinable public init(width: Int, height: Int) { self.init(width: Double(width), height: Double(height)) }
    /// `CGSize.applying(_:)`: the transform without its translation.
    public func applying(_ t: CGAffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Vector {
    /// `CGVector(dx:dy:)` from integers.
    @inlinable public init(dx: Int, dy: Int) { self.init(dx: Double(dx), dy: Double(dy)) }
}

extension Rect {
    /// `CGRect(x:y:width:height:)` from integers.
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }
    /// `CGRect.null`: the empty rectangle at infinity (`union` with it gives the other rectangle).
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    /// `CGRect.infinite`.
    public static let infinite = Rect(
        x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
    /// `CGRect.midX`, `midY` (points).
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    /// `CGRect.isNull`, `isEmpty`, `isInfinite`.
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }
    public var isInfinite: Bool { self == Rect.infinite }
    /// `CGRect.contains(_:)` for a rectangle.
    public func contains(_ r: Rect) -> Bool {
        let a = standardized, b = r.standardized
        return !isNull && !r.isNull && b.minX >= a.minX && b.maxX <= a.maxX && b.minY >= a.minY && b.maxY <= a.maxY
    }
    /// `CGRect.insetBy(dx:dy:)`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        let r = Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
        return r.size.width < 0 || r.size.height < 0 ? .null : r
    }
    /// `CGRect.offsetBy(dx:dy:)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }
    /// `CGRect.intersects(_:)`.
    public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }
    /// `CGRect.intersection(_:)` (`.null` when they do not meet).
    public func intersection(_ r: Rect) -> Rect {
        guard !isNull, !r.isNull else { return .null }
        let a = standardized, b = r.standardized
        let x0 = Swift.max(a.minX, b.minX), x1 = Swift.min(a.maxX, b.maxX)
        let y0 = Swift.max(a.minY, b.minY), y1 = Swift.min(a.maxY, b.maxY)
        return x1 < x0 || y1 < y0 ? .null : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// `CGRect.union(_:)`.
    public func union(_ r: Rect) -> Rect {
        if isNull { return r }
        if r.isNull { return self }
        let a = standardized, b = r.standardized
        return Rect(
            corner: Point(x: Swift.min(a.minX, b.minX), y: Swift.min(a.minY, b.minY)),
            corner: Point(x: Swift.max(a.maxX, b.maxX), y: Swift.max(a.maxY, b.maxY)))
    }
}

/// `CGAffineTransform`: stored by views (`UIView.transform`) and applied by the geometry helpers;
/// the engine's hit-testing and conversions ignore it (docs/uikit-compat.md).
public struct CGAffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: Double) {
        let c = cos(angle), s = sin(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    public var isIdentity: Bool { self == .identity }
    /// `t1.concatenating(t2)`: `t1` then `t2`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func translatedBy(x: Double, y: Double) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: Double, y: Double) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: Double) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
}
