/// A location in a view's coordinate space, in points (pt).
///
/// The y axis points down, as in UIKit.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, points.
    public var x: Double
    /// Vertical coordinate, points (down is positive).
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The vector from `other` to `self`.
    @inlinable public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    /// The point moved by `v`.
    @inlinable public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    /// The point moved by `-v`.
    @inlinable public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }

    /// Euclidean distance to `other`, points.
    @inlinable public func distance(to other: Point) -> Double {
        (self - other).length
    }
}
