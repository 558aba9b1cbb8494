/// An axis-aligned rectangle in points (pt): an origin and a size.
public struct Rect: Hashable, Sendable {
    /// Top-left corner when the size is positive.
    public var origin: Point
    /// Width and height; may be negative until `standardized`.
    public var size: Size

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The smallest rectangle containing both points (always non-negative width and height).
    @inlinable public init(corner a: Point, corner b: Point) {
        let minX = Swift.min(a.x, b.x), minY = Swift.min(a.y, b.y)
        self.init(x: minX, y: minY, width: Swift.max(a.x, b.x) - minX, height: Swift.max(a.y, b.y) - minY)
    }

    /// The zero rectangle.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Smallest x.
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// Smallest y.
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// Largest x.
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// Largest y.
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// Width, never negative.
    @inlinable public var width: Double { Swift.abs(size.width) }
    /// Height, never negative.
    @inlinable public var height: Double { Swift.abs(size.height) }

    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    @inlinable public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// True when `p` lies inside: the min edges are inside, the max edges are outside (as `CGRect.contains`).
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}
