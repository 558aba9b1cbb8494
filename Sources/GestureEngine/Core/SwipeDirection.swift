/// A direction or set of directions, as `UISwipeGestureRecognizer.Direction` (right 1, left 2, up 4, down 8).
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let right = SwipeDirection(rawValue: 1)
    public static let left = SwipeDirection(rawValue: 2)
    public static let up = SwipeDirection(rawValue: 4)
    public static let down = SwipeDirection(rawValue: 8)

    /// Every single direction with its output name, in UIKit's bit order.
    public static let named: [(name: String, direction: SwipeDirection)] = [
        ("right", .right), ("left", .left), ("up", .up), ("down", .down),
    ]

    /// The names of the directions in the set, joined by `|` (`"up"`, `"left|right"`).
    public var description: String {
        var parts: [String] = []
        for (name, d) in Self.named where contains(d) { parts.append(name) }
        return parts.isEmpty ? "none" : parts.joined(separator: "|")
    }
}
