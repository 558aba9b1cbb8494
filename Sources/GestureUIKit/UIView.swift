import Foundation
import GestureEngine
import Synchronization

/// `UIView`, over the engine's `View`.
///
/// A UIKit view is a pair, as a recognizer is (docs/uikit-compat.md, "How it works"): this object
/// has UIKit's API and is what UIKit code subclasses; its *engine view* (`engineView`) is what the
/// environment hit-tests and delivers to: the engine class itself for one of UIKit's classes (no
/// cost per event), a *bridge* for a subclass (its responder methods, `hitTest(_:with:)`,
/// `point(inside:with:)` and `gestureRecognizerShouldBegin(_:)` handed to this object, whose
/// defaults run the engine class's rules: `ViewBridge`). Every view a replay has, a scene's plain
/// views included, has one `UIView` for its whole life: `superview`, `subviews`, `window`, a
/// recognizer's `view`, a touch's `view` and `hitTest` results are `UIView`s, the same object each
/// time (`Pairing.swift`). A view made by `init(frame:)` is named after its class and a number
/// (`UIView-1`); give it a name with `init(name:frame:)` for readable output.
open class UIView: UIResponder, EngineOwnedFace {
    private static let made = Atomic<Int>(0)

    /// A name for a view made without one.
    static func nextName(_ type: Any.Type) -> String {
        let n = made.add(1, ordering: .relaxed).newValue
        return "\(type)-\(n)"
    }

    /// The pair's link to the engine view (see `Pairing`).
    @exclusivity(unchecked) private var pairing: Pairing<View>!

    /// `UIView(frame:)`: `frame` in the superview's coordinates, points. With `init?(coder:)` the only
    /// designated initializers, as in UIKit, so that a subclass overriding both inherits `init()`.
    public init(frame: CGRect) {
        super.init()
        if let view = PendingPair.view?.object {
            // The UIKit object of an engine view made elsewhere (`makeViewFace(for:)`).
            pair(with: view, owner: .engine)
            return
        }
        pair(with: makeEngineView(for: type(of: self), name: UIView.nextName(type(of: self)), frame: frame.engine), owner: .face)
    }

    /// A named view (the name printed in output), `frame` in the superview's coordinates, points.
    public convenience init(name: String, frame: CGRect) {
        self.init(frame: frame)
        // The engine view's name is fixed when it is made: a new one, named, before anything uses it.
        pair(with: makeEngineView(for: type(of: self), name: name, frame: frame.engine), owner: .face)
    }

    /// `UIView()`: an empty frame.
    public override convenience init() { self.init(frame: .zero) }

    /// `init?(coder:)`: there are no archives here; it fails.
    public required init?(coder: NSCoder) { return nil }

    private func pair(with view: View, owner: Pairing<View>.Owner) {
        pairing = Pairing(face: self, engine: view, owner: owner) { view.uikitStorage = $0 }
        storedBridge = view as? any ViewBridge
    }

    /// The engine view as a bridge, found once at pairing; valid while the pairing is.
    @exclusivity(unchecked) private unowned(unsafe) var storedBridge: (any ViewBridge)?

    /// The engine view as a bridge (nil for one of UIKit's own classes).
    var viewBridge: (any ViewBridge)? {
        _ = engineView  // re-pairs when the engine view went away
        return storedBridge
    }

    func engineObjectDidGoAway() { pairing.engineWentAway() }

    /// True while this object keeps its engine view alive (see `Pairing`).
    var ownsEngineView: Bool { pairing.owner == .face }

    /// The engine view the environment replays. If the replay that owned it ended while this object
    /// lived on, a new, detached one with the same name.
    public var engineView: View {
        if let engine = pairing.engine { return engine }
        pair(with: makeEngineView(for: type(of: self), name: UIView.nextName(type(of: self)), frame: .zero), owner: .face)
        return pairing.engine!
    }

    /// The engine view, for something that keeps it with the engine's API (a test harness's or an
    /// environment's root): from now on the engine view keeps this object alive.
    public var engineViewForReplay: View {
        let engine = engineView
        pairing.handToEngine()
        return engine
    }

    /// The name printed in output.
    public var name: String { engineView.name }

    // MARK: Geometry

    /// `frame`: position and size in the superview's coordinates, points.
    open var frame: CGRect {
        get { CGRect(engineView.frame) }
        set { engineView.frame = newValue.engine }
    }
    /// `bounds`: the view's own coordinate space (its origin is a scroll view's content offset).
    open var bounds: CGRect {
        get { CGRect(engineView.bounds) }
        set {
            let v = engineView
            v.frame.size = newValue.size.engine
            v.boundsOrigin = newValue.origin.engine
        }
    }
    /// `center`: the frame's centre in the superview's coordinates, points.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// `convert(_:to:)`: a point of this view's coordinates in `view`'s (the window's when nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let w = engineView.convert(toWindow: point.engine)
        return CGPoint(view?.engineView.convert(fromWindow: w) ?? w)
    }
    /// `convert(_:from:)`: a point of `view`'s coordinates (the window's when nil) in this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        CGPoint(engineView.convert(fromWindow: view?.engineView.convert(toWindow: point.engine) ?? point.engine))
    }
    /// `convert(_:to:)` for a rectangle (no transforms: its origin moves).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }
    /// `convert(_:from:)` for a rectangle.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    // MARK: Hierarchy

    /// `superview`.
    open var superview: UIView? { engineView.superview?.uikitView }
    /// `subviews`, back to front.
    open var subviews: [UIView] { engineView.subviews.map(\.uikitView) }
    /// `window`: the `UIWindow` at the root of this view's tree (nil when the root is not a window;
    /// a scene's root view is one).
    open var window: UIWindow? {
        var v = engineView
        while let s = v.superview { v = s }
        return v.uikitView as? UIWindow
    }
    /// `next`: the superview.
    open override var next: UIResponder? { superview }

    /// `addSubview(_:)`: on top, moved from its old superview (a view holds its subviews).
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// `insertSubview(_:at:)`. Adding this view or one of its ancestors changes nothing (the tree
    /// would become a cycle; UIKit raises or hangs).
    open func insertSubview(_ view: UIView, at index: Int) {
        let child = view.engineView, parent = engineView
        guard !parent.isDescendant(of: child) else { return }
        let old = child.superview
        if old !== parent { view.willMove(toSuperview: self) }
        old.map { UIView.release(view, from: $0) }
        parent.insertSubview(child, at: index)
        if view.ownsEngineView { UIView.retain(view, in: parent) }
        if old !== parent {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
    }
    /// `insertSubview(_:aboveSubview:)`, `insertSubview(_:belowSubview:)`.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let list = engineView.subviews
        insertSubview(view, at: list.firstIndex { $0 === siblingSubview.engineView }.map { $0 + 1 } ?? list.count)
    }
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, at: engineView.subviews.firstIndex { $0 === siblingSubview.engineView } ?? 0)
    }
    /// `bringSubviewToFront(_:)`, `sendSubviewToBack(_:)`.
    open func bringSubviewToFront(_ view: UIView) {
        if view.engineView.superview === engineView { insertSubview(view, at: engineView.subviews.count) }
    }
    open func sendSubviewToBack(_ view: UIView) {
        if view.engineView.superview === engineView { insertSubview(view, at: 0) }
    }
    /// `removeFromSuperview()`.
    open func removeFromSuperview() {
        let v = engineView
        guard let parent = v.superview else { return }
        willMove(toSuperview: nil)
        parent.uikitView.willRemoveSubview(self)
        v.removeFromSuperview()
        UIView.release(self, from: parent)
        didMoveToSuperview()
    }
    /// `isDescendant(of:)`: true for the view itself and anything below `view`.
    open func isDescendant(of view: UIView) -> Bool { engineView.isDescendant(of: view.engineView) }
    /// `viewWithTag(_:)`: this view or the first in its subtree (depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let hit = v.viewWithTag(tag) { return hit } }
        return nil
    }

    /// Called when the tree changes through UIKit's API, as in UIKit (empty by default).
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    /// Keeps a face-owned object (a subview, a recognizer) alive while `view` holds its engine object
    /// (`Pairing.swift`: the face keeps the pair, so the view keeps the face).
    static func retain(_ face: AnyObject, in view: View) {
        if !view.retainedObjects.contains(where: { $0 === face }) { view.retainedObjects.append(face) }
    }
    /// Stops keeping `face` alive with `view`.
    static func release(_ face: AnyObject, from view: View) {
        view.retainedObjects.removeAll { $0 === face }
    }

    // MARK: Gesture recognizers

    /// `gestureRecognizers`: the recognizers attached to this view, in the order added (nil when
    /// none, as UIKit's); setting it replaces them.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get {
            let list = engineView.gestureRecognizers
            return list.isEmpty ? nil : list.map(\.uikitRecognizer)
        }
        set {
            for r in engineView.gestureRecognizers { removeGestureRecognizer(r.uikitRecognizer) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }
    /// `addGestureRecognizer(_:)`: the view keeps it; added to a second view, it moves there, as in UIKit.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        engineView.addGestureRecognizer(gestureRecognizer)
    }
    /// `removeGestureRecognizer(_:)`.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        engineView.removeGestureRecognizer(gestureRecognizer)
    }
    /// `gestureRecognizerShouldBegin(_:)`: whether a recognizer with a touch on this view may begin
    /// (the engine class's answer by default: a button refuses a superview's single tap). Asked only
    /// for recognizers that cancel touches in their view, as UIKit does.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        let r = gestureRecognizer.engineRecognizer
        if let bridge = viewBridge { return bridge.engineShouldBegin(r) }
        return engineView.gestureRecognizerShouldBegin(r)
    }

    // MARK: Touches and hit-testing

    /// The touch methods: the engine class's by default (a plain view passes the touches to `next`,
    /// a control tracks them).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { engineDefault(.began, touches, event) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { engineDefault(.moved, touches, event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { engineDefault(.ended, touches, event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { engineDefault(.cancelled, touches, event) }

    private func engineDefault(_ phase: TouchPhase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let event, let e = event.touchEvent else { return }
        let list = event.ordered(touches)
        let v = engineView
        if let bridge = viewBridge { return bridge.engineTouches(phase, list, e) }
        switch phase {
        case .began: v.touchesBegan(list, with: e)
        case .moved: v.touchesMoved(list, with: e)
        case .ended: v.touchesEnded(list, with: e)
        default: v.touchesCancelled(list, with: e)
        }
    }

    /// Calls this object's touch method for `phase` (the bridge's delivery), in its replay context.
    final func deliver(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        let uiEvent = UIEvent(event, delivered: touches)
        let set = UITouch.faces(of: touches)
        ReplayContext.with(.view(engineView)) {
            switch phase {
            case .began: touchesBegan(set, with: uiEvent)
            case .moved: touchesMoved(set, with: uiEvent)
            case .ended: touchesEnded(set, with: uiEvent)
            default: touchesCancelled(set, with: uiEvent)
            }
        }
    }

    /// `hitTest(_:with:)`, as `-[UIView hitTest:withEvent:]`: the engine's hit test (hidden views,
    /// `alpha` of 0.01 or less and views without user interaction skipped; `point(inside:with:)`
    /// asked), `point` in this view's coordinates (points). The engine calls it when a touch lands,
    /// so an override (an enlarged or redirected hit area) decides where the touch goes, as on iOS.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let v = engineView
        if let bridge = viewBridge { return bridge.engineHitTest(point.engine, event?.touchEvent)?.uikitView }
        return v.hitTest(point.engine, with: event?.touchEvent)?.uikitView
    }
    /// `point(inside:with:)`, as `-[UIView pointInside:withEvent:]`: whether `point` (this view's
    /// coordinates, points) is inside the bounds; the engine's hit test asks it.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let v = engineView
        if let bridge = viewBridge { return bridge.enginePointInside(point.engine, event?.touchEvent) }
        return v.point(inside: point.engine, with: event?.touchEvent)
    }

    // MARK: Plain properties

    /// `isUserInteractionEnabled`: false makes hit-testing skip the view and its subviews.
    open var isUserInteractionEnabled: Bool {
        get { engineView.isUserInteractionEnabled }
        set { engineView.isUserInteractionEnabled = newValue }
    }
    /// `isMultipleTouchEnabled` (default false: the view receives only its first touch).
    open var isMultipleTouchEnabled: Bool {
        get { engineView.isMultipleTouchEnabled }
        set { engineView.isMultipleTouchEnabled = newValue }
    }
    /// `isExclusiveTouch` (default false).
    open var isExclusiveTouch: Bool {
        get { engineView.isExclusiveTouch }
        set { engineView.isExclusiveTouch = newValue }
    }
    /// `isHidden`: hit-testing skips a hidden view.
    open var isHidden: Bool {
        get { engineView.isHidden }
        set { engineView.isHidden = newValue }
    }
    /// `alpha`, 0 to 1: hit-testing skips a view at 0.01 or less.
    open var alpha: CGFloat {
        get { CGFloat(engineView.alpha) }
        set { engineView.alpha = newValue.native }
    }
    // Stored for UIKit code; nothing is drawn and the engine does not read them (`transform` does
    // not affect hit-testing or coordinates).
    open var backgroundColor: UIColor?
    open var transform = CGAffineTransform.identity
    open var tag = 0
    /// `accessibilityIdentifier`: stored, read by TraceRecorder as the view's stable name in a
    /// recorded scene (docs/recording.md).
    open var accessibilityIdentifier: String?
    open var clipsToBounds = false
    open var isOpaque = true
    open var tintColor: UIColor?
    open var contentMode = ContentMode.scaleToFill
    /// `layer`: its border, corner and shadow properties are stored, nothing is drawn.
    open var layer: CALayer { storedLayer }
    private lazy var storedLayer = CALayer()

    /// `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// `layoutIfNeeded()`, `setNeedsLayout()`, `layoutSubviews()`, `setNeedsDisplay()`: nothing to lay out or draw.
    open func layoutIfNeeded() {}
    open func setNeedsLayout() {}
    open func layoutSubviews() {}
    open func setNeedsDisplay() {}

    /// `<UIView: card; frame = (20.0 40.0; 100.0 100.0)>`: the name in place of UIKit's address.
    open override var description: String {
        let f = engineView.frame
        return "<\(type(of: self)): \(name); frame = (\(f.origin.x) \(f.origin.y); \(f.size.width) \(f.size.height))>"
    }
}

/// `UIWindow`: the view at the root of a tree (its frame in screen coordinates). A scene's root
/// view is one.
open class UIWindow: UIView {
    /// `makeKeyAndVisible()`: nothing to show.
    open func makeKeyAndVisible() {}
    open var isKeyWindow: Bool { true }
    /// `window`: itself.
    open override var window: UIWindow? { self }
}

extension View {
    /// This view's UIKit object (`UIView`): its own, or, for one made elsewhere (a scene's), one of the
    /// UIKit class of its engine class (a `UIWindow` for a root), made on first request and the
    /// same object for the view's whole life.
    public var uikitView: UIView {
        if let face = existingUIKitView { return face }
        return makeViewFace(for: self)
    }

    /// The UIKit object, if one exists.
    var existingUIKitView: UIView? {
        existingFace(uikitStorage).map { unsafeDowncast($0, to: UIView.self) }
    }

    /// Attaches a UIKit recognizer to this engine view (a test harness's root, a scene's view): the
    /// view keeps it; added to a second view, it moves there, as in UIKit.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        let engine = recognizer.engineRecognizer
        if let old = engine.view { UIView.release(recognizer, from: old) }
        addGestureRecognizer(engine)
        if recognizer.ownsEngineRecognizer { UIView.retain(recognizer, in: self) }
    }

    /// Detaches a UIKit recognizer from this engine view.
    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        let engine = recognizer.engineRecognizer
        guard engine.view === self else { return }
        removeGestureRecognizer(engine)
        UIView.release(recognizer, from: self)
    }
}
