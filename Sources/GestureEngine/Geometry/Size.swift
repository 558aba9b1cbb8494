/// A width and height, in points (pt).
public struct Size: Hashable, Sendable {
    /// Width, points.
    public var width: Double
    /// Height, points.
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)
}
