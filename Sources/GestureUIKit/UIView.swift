import Foundation
import GestureEngine
import Synchronization

/// `UIView` for views that UIKit code makes or subclasses: `init(frame:)`, `init?(coder:)`, and
/// the responder's touch methods with `Set<UITouch>` and `UIEvent?`.
///
/// It is an engine `View`: what UIKit code reads and sets on a view (`frame`, `bounds`, `center`,
/// `superview`, `window`, `backgroundColor`, `alpha`, `transform`, `layer`, ...) is on every
/// engine view (a scene's plain views included), so a recognizer's `view` is a plain `View`
/// (docs/uikit-compat.md). A view made by `init(frame:)` is named after its class and a number
/// (`UIView-1`); give it a name with `init(name:frame:)` for readable output.
open class UIView: View {
    private static let made = Atomic<Int>(0)

    /// A name for a view made without one.
    static func nextName(_ type: Any.Type) -> String {
        let n = made.add(1, ordering: .relaxed).newValue
        return "\(type)-\(n)"
    }

    /// `UIView(frame:)`: `frame` in the superview's coordinates, points.
    public init(frame: CGRect) {
        super.init(name: UIView.nextName(Self.self), frame: frame)
    }

    /// A named view (the name printed in output).
    public override init(name: String, frame: CGRect) {
        super.init(name: name, frame: frame)
    }

    /// `UIView()`: an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// `init?(coder:)`: there are no archives here; it fails.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Responder (Set<UITouch>, UIEvent?)

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let e = UIEvent(event, delivered: touches)
        ReplayContext.with(.view(self)) { touchesBegan(Set(touches), with: e) }
    }
    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let e = UIEvent(event, delivered: touches)
        ReplayContext.with(.view(self)) { touchesMoved(Set(touches), with: e) }
    }
    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let e = UIEvent(event, delivered: touches)
        ReplayContext.with(.view(self)) { touchesEnded(Set(touches), with: e) }
    }
    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        let e = UIEvent(event, delivered: touches)
        ReplayContext.with(.view(self)) { touchesCancelled(Set(touches), with: e) }
    }

    /// `touchesBegan(_:with:)`: passes the touches to `next` by default (`UIResponder`).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let e = event?.touchEvent, let event { super.touchesBegan(event.ordered(touches), with: e) }
    }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let e = event?.touchEvent, let event { super.touchesMoved(event.ordered(touches), with: e) }
    }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let e = event?.touchEvent, let event { super.touchesEnded(event.ordered(touches), with: e) }
    }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let e = event?.touchEvent, let event { super.touchesCancelled(event.ordered(touches), with: e) }
    }

    /// `hitTest(_:with:)`, as `-[UIView hitTest:withEvent:]`: the engine's hit test (hidden views,
    /// `alpha` of 0.01 or less and views without user interaction skipped; `point(inside:with:)`
    /// asked), in this view's coordinates (points). The engine calls it when a touch lands, so an
    /// override (an enlarged or redirected hit area) decides where the touch goes, as on iOS.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> View? {
        super.hitTest(point, with: event?.touchEvent)
    }
    /// `point(inside:with:)`, as `-[UIView pointInside:withEvent:]`: whether `point` (this view's
    /// coordinates, points) is inside the bounds; the engine's hit test asks it.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        super.point(inside: point, with: event?.touchEvent)
    }

    // The engine's hit test reaches the UIKit-signature methods above, so their overrides count.
    public final override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        hitTest(point, with: event.map { UIEvent($0, delivered: []) })
    }
    public final override func point(inside point: Point, with event: TouchEvent?) -> Bool {
        self.point(inside: point, with: event.map { UIEvent($0, delivered: []) })
    }
}

/// `UIWindow`: a view at the root of a tree (its frame in screen coordinates).
open class UIWindow: UIView {
    /// `makeKeyAndVisible()`: nothing to show.
    public func makeKeyAndVisible() {}
    public var isKeyWindow: Bool { true }
}

/// `UIScrollView`: a view with its scrolling state stored (scroll views are not modelled: no
/// built-in pan scrolls it; docs/uikit-compat.md).
open class UIScrollView: UIView {
    public var contentOffset = CGPoint.zero
    public var contentSize = CGSize.zero
    public var isScrollEnabled = true
    public var bounces = true
    public var isPagingEnabled = false
}

/// What a view stores for UIKit-style code that the engine does not use.
final class ViewStorage {
    var backgroundColor: UIColor?
    var transform = CGAffineTransform.identity
    var tag = 0
    var clipsToBounds = false
    var isOpaque = true
    var tintColor: UIColor?
    lazy var layer = CALayer()
}

extension View {
    private var storage: ViewStorage {
        if let s = uikitStorage as? ViewStorage { return s }
        let s = ViewStorage()
        uikitStorage = s
        return s
    }

    /// `UIView.window`: the root of this view's tree (the engine's window coordinates are its
    /// superview's: `location(in: view?.window)` is the window point when the root is at the origin).
    public var window: View? {
        var v: View = self
        while let s = v.superview { v = s }
        return v
    }

    /// `center`: the frame's centre in the superview's coordinates, points.
    public var center: CGPoint {
        get { CGPoint(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2) }
        set { frame.origin = CGPoint(x: newValue.x - frame.size.width / 2, y: newValue.y - frame.size.height / 2) }
    }

    // Stored for UIKit code, not used by the engine (`alpha` and `isHidden` are the engine view's own,
    // and hit-testing follows them; `transform` does not affect hit-testing or coordinates).
    public var backgroundColor: UIColor? {
        get { storage.backgroundColor }
        set { storage.backgroundColor = newValue }
    }
    public var transform: CGAffineTransform {
        get { storage.transform }
        set { storage.transform = newValue }
    }
    public var tag: Int {
        get { storage.tag }
        set { storage.tag = newValue }
    }
    public var clipsToBounds: Bool {
        get { storage.clipsToBounds }
        set { storage.clipsToBounds = newValue }
    }
    public var isOpaque: Bool {
        get { storage.isOpaque }
        set { storage.isOpaque = newValue }
    }
    public var tintColor: UIColor? {
        get { storage.tintColor }
        set { storage.tintColor = newValue }
    }
    public var layer: CALayer { storage.layer }

    /// `convert(_:to:)`: a point of this view's coordinates in `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let w = convert(toWindow: point)
        return view?.convert(fromWindow: w) ?? w
    }
    /// `convert(_:from:)`: a point of `view`'s coordinates (the window's when nil) in this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        convert(fromWindow: view?.convert(toWindow: point) ?? point)
    }
    /// `convert(_:to:)` for a rectangle (no transforms: its origin moves).
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }
    /// `convert(_:from:)` for a rectangle.
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// `insertSubview(_:aboveSubview:)`, `insertSubview(_:belowSubview:)`.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let i = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: i)
    }
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }
    /// `bringSubviewToFront(_:)`, `sendSubviewToBack(_:)`.
    public func bringSubviewToFront(_ view: View) {
        if view.superview === self { insertSubview(view, at: subviews.count) }
    }
    public func sendSubviewToBack(_ view: View) {
        if view.superview === self { insertSubview(view, at: 0) }
    }

    /// `addGestureRecognizer(_:)` for a UIKit recognizer: the view keeps it (through its engine
    /// recognizer); added to a second view, it moves there, as in UIKit.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        addGestureRecognizer(recognizer.engineRecognizerForReplay)
    }
    /// `removeGestureRecognizer(_:)` for a UIKit recognizer.
    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        let engine = recognizer.engineRecognizer
        guard engine.view === self else { return }
        recognizer.engineRecognizerWasDetached()
        removeGestureRecognizer(engine)
    }
    /// The UIKit recognizers attached to this view (UIKit's `gestureRecognizers`; the engine's
    /// property of that name lists the engine recognizers).
    public var uikitGestureRecognizers: [UIGestureRecognizer] {
        gestureRecognizers.map(UIGestureRecognizer.uikit(for:))
    }

    /// `layoutIfNeeded()`, `setNeedsLayout()`, `setNeedsDisplay()`: nothing to lay out or draw.
    public func layoutIfNeeded() {}
    public func setNeedsLayout() {}
    public func setNeedsDisplay() {}
}

extension View: Equatable {
    /// Views are equal when they are the same object (`UIView` is an `NSObject`).
    public static func == (a: View, b: View) -> Bool { a === b }
}

/// `UIColor`: components stored, nothing drawn.
public final class UIColor: Equatable, @unchecked Sendable {
    public let red, green, blue, alpha: CGFloat
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public var cgColor: CGColor { CGColor(color: self) }
    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
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

/// `CGColor`: the colour it was made from.
public struct CGColor: Equatable, Sendable {
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
