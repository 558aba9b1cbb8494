import Foundation

/// `UIColor`: components stored, nothing drawn.
public final class UIColor: NSObject, @unchecked Sendable {
    public let red, green, blue, alpha: CGFloat
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        super.init()
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public var cgColor: CGColor { CGColor(color: self) }
    /// Colours are equal when their components are (`-[UIColor isEqual:]`).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let b = object as? UIColor else { return false }
        return red == b.red && green == b.green && blue == b.blue && alpha == b.alpha
    }
    public override var hash: Int { Hasher.hash(red, green, blue, alpha) }
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    public static let systemRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
    public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)
}

extension Hasher {
    fileprivate static func hash(_ values: CGFloat...) -> Int {
        var h = Hasher()
        for v in values { h.combine(v) }
        return h.finalize()
    }
}

/// `CGColor`: the colour it was made from.
public struct CGColor: Equatable, @unchecked Sendable {
    public let color: UIColor
}

/// `CALayer` as far as handlers set it (borders, corners, shadows): stored, nothing drawn.
public final class CALayer {
    public var borderWidth: CGFloat = 0
    public var borderColor: CGColor?
    public var cornerRadius: CGFloat = 0
    public var masksToBounds = false
    public var opacity: Float = 1
    public var shadowColor: CGColor?
    public var shadowOpacity: Float = 0
    public var shadowRadius: CGFloat = 3
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var zPosition: CGFloat = 0
    public init() {}
}
