/// A displacement, or a rate of displacement, in points (pt) or points per second (pt/s).
///
/// Translations are `Vector`s in points; velocities are `Vector`s in points per second.
public struct Vector: Hashable, Sendable {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component (down is positive).
    public var dy: Double

    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Dot product.
    @inlinable public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    @inlinable public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    @inlinable public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    @inlinable public static func * (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs)
    }

    @inlinable public static func * (lhs: Double, rhs: Vector) -> Vector {
        Vector(dx: lhs * rhs.dx, dy: lhs * rhs.dy)
    }

    @inlinable public static func / (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx / rhs, dy: lhs.dy / rhs)
    }

    @inlinable public static prefix func - (v: Vector) -> Vector {
        Vector(dx: -v.dx, dy: -v.dy)
    }

    /// True when both components are finite.
    @inlinable public var isFinite: Bool { dx.isFinite && dy.isFinite }
}
