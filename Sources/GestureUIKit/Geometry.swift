import Foundation
import GestureEngine

// Core Graphics' geometry as UIKit code uses it. `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are
// Foundation's own (swift-corelibs-foundation declares them on Linux), so a file that imports
// Foundation beside GestureUIKit sees one type of each; `CGFloat` converts implicitly to and from
// `Double` (SE-0307) there as on Apple platforms. Foundation on Linux has no `CGVector` and no
// `CGAffineTransform`: they are declared here, over `CGFloat`. The engine's own geometry (`Point`,
// `Size`, `Rect`, `Vector`, in points) is converted at GestureUIKit's boundary, below.

/// `CFTimeInterval`: seconds (`TimeInterval` is Foundation's).
public typealias CFTimeInterval = Double

/// `CGVector` (Core Graphics): a displacement, points.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { (dx, dy) = (0, 0) }
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
    public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    public static let zero = CGVector(dx: 0, dy: 0)
    public var description: String { "(\(dx.native), \(dy.native))" }
}

/// `CGAffineTransform` (Core Graphics): stored by views (`UIView.transform`) and applied by the
/// geometry's `applying(_:)`; the engine's hit-testing and conversions ignore it (docs/uikit-compat.md).
public struct CGAffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: CGFloat
    public init() { self = .identity }
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians.
    public init(rotationAngle angle: CGFloat) {
        let c = cos(angle.native), s = sin(angle.native)
        self.init(a: CGFloat(c), b: CGFloat(s), c: CGFloat(-s), d: CGFloat(c), tx: 0, ty: 0)
    }
    public var isIdentity: Bool { self == .identity }
    /// `t1.concatenating(t2)`: `t1` then `t2`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
    /// The inverse (the transform itself when it has none, as Core Graphics).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0 else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension CGPoint {
    /// `CGPoint.applying(_:)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
    /// `CGPoint.equalTo(_:)`.
    public func equalTo(_ other: CGPoint) -> Bool { self == other }
}

extension CGSize {
    /// `CGSize.applying(_:)`: the transform without its translation.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
    /// `CGSize.equalTo(_:)`.
    public func equalTo(_ other: CGSize) -> Bool { self == other }
}

extension CGRect {
    /// `CGRect.applying(_:)`: the bounding box of the transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    /// `CGRect.equalTo(_:)`.
    public func equalTo(_ other: CGRect) -> Bool { self == other }
}

// MARK: The boundary with the engine (points, `Double`)

extension CGPoint {
    /// The engine's point.
    @inline(__always) var engine: Point { Point(x: x.native, y: y.native) }
    /// The engine's point as Core Graphics'.
    @inline(__always) init(_ p: Point) { self.init(x: p.x, y: p.y) }
    /// The engine's vector as a point (what `translation(in:)` and `velocity(in:)` return).
    @inline(__always) init(_ v: Vector) { self.init(x: v.dx, y: v.dy) }
    /// The point as the engine's vector.
    @inline(__always) var engineVector: Vector { Vector(dx: x.native, dy: y.native) }
}

extension CGSize {
    @inline(__always) var engine: Size { Size(width: width.native, height: height.native) }
    @inline(__always) init(_ s: Size) { self.init(width: s.width, height: s.height) }
}

extension CGRect {
    @inline(__always) var engine: Rect { Rect(origin: origin.engine, size: size.engine) }
    @inline(__always) init(_ r: Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
}

extension CGVector {
    @inline(__always) var engine: Vector { Vector(dx: dx.native, dy: dy.native) }
    @inline(__always) init(_ v: Vector) { self.init(dx: v.dx, dy: v.dy) }
}

// MARK: Reported values

extension CGFloat: GestureValueConvertible {
    public var gestureValue: GestureValue { .number(native) }
}

extension CGPoint: GestureValueConvertible {
    public var gestureValue: GestureValue { .point(engine) }
}

extension CGVector: GestureValueConvertible {
    /// As a point (`dx`, `dy`).
    public var gestureValue: GestureValue { .point(Point(x: dx.native, y: dy.native)) }
}
