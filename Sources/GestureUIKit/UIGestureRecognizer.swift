import GestureEngine

/// `UIGestureRecognizer`, over the engine.
///
/// Design (docs/uikit-compat.md, "How it works"): a UIKit recognizer is a pair. This object has
/// UIKit's API and is what UIKit code subclasses; its *engine recognizer* (`engineRecognizer`) is a
/// subclass of the engine's class of the same gesture (`PanGestureRecognizer` for
/// `UIPanGestureRecognizer`, the plain `GestureRecognizer` here) that the environment replays. The
/// engine recognizer hands every touch method, `reset()` and the prevention questions to this
/// object, whose default implementations (what `super` reaches in a subclass) run the engine's
/// built-in rules: one implementation of each rule, and a subclass that overrides `touchesMoved`
/// and calls `super` still gets the built-in pan. State, locations, velocity and targets are read
/// from and written to the engine recognizer.
///
/// Ownership has no cycle: while the recognizer is attached (`View.addGestureRecognizer(_:)`, a
/// scene, `engineRecognizerForReplay`), the view holds the engine recognizer, which holds this
/// object; otherwise this object holds its engine recognizer.
open class UIGestureRecognizer {
    /// `UIGestureRecognizer.State`: the engine's states (`.recognized` is `.ended`).
    public typealias State = GestureRecognizerState

    let link: BridgeLink
    private var strongEngine: GestureRecognizer?
    private weak var weakEngine: GestureRecognizer?
    /// The targets and actions (`addTarget(_:action:)`), in the order added.
    private var actions: [ActionEntry] = []
    private let delegateAdapter = DelegateAdapter()
    /// Objects kept alive with this recognizer (`retain(_:)`).
    var retainedObjects: [AnyObject] = []

    /// `init(target:action:)`: the target given here runs first, before targets added later (UIKit's order).
    public init(target: Any?, action: Selector?) {
        link = BridgeLink()
        let engine = makeEngineRecognizer()
        strongEngine = engine
        weakEngine = engine
        link.weakOwner = self
        engine.addAction { r in UIGestureRecognizer.owner(of: r)?.sendActions() }
        if let target, let action { addTarget(target, action: action) }
    }

    /// `UIGestureRecognizer()`: no target.
    public convenience init() { self.init(target: nil, action: nil) }

    /// A UIKit face for an engine recognizer made elsewhere (a scene's built-in): no overrides.
    init(wrapping engine: GestureRecognizer) {
        link = BridgeLink()
        weakEngine = engine
        strongEngine = nil
    }

    /// Makes this class's engine recognizer (overridden by each built-in class, inside GestureUIKit).
    func makeEngineRecognizer() -> GestureRecognizer { UIKitCustomBridge(link: link) }

    /// The engine recognizer the environment replays (see the type's documentation).
    public var engineRecognizer: GestureRecognizer {
        if let e = strongEngine ?? weakEngine { return e }
        // The view that held it went away while this object lived on: a fresh, detached one.
        let engine = makeEngineRecognizer()
        strongEngine = engine
        weakEngine = engine
        link.weakOwner = self
        link.strongOwner = nil
        engine.addAction { r in UIGestureRecognizer.owner(of: r)?.sendActions() }
        return engine
    }

    /// The engine recognizer, for something that attaches it to a view and keeps it (a scene, a test
    /// harness): from now on the engine recognizer keeps this object alive, not the other way round.
    public var engineRecognizerForReplay: GestureRecognizer {
        let engine = engineRecognizer
        if strongEngine != nil, link.weakOwner === self {
            link.strongOwner = self
            strongEngine = nil
        }
        return engine
    }

    /// Back to this object holding its engine recognizer (it was detached from its view).
    func engineRecognizerWasDetached() {
        guard let engine = weakEngine, link.strongOwner === self else { return }
        strongEngine = engine
        link.strongOwner = nil
    }

    /// The UIKit object of an engine recognizer: the one whose engine recognizer it is, or a UIKit
    /// face of the matching class for an engine recognizer made elsewhere.
    public static func owner(of recognizer: GestureRecognizer) -> UIGestureRecognizer? {
        if let bridge = recognizer as? any UIKitBridge { return bridge.link.owner }
        return nil
    }

    /// The UIKit object for `recognizer` (its owner, or a new face of the matching UIKit class).
    static func uikit(for recognizer: GestureRecognizer) -> UIGestureRecognizer {
        if let owner = owner(of: recognizer) { return owner }
        switch recognizer {
        case is ScreenEdgePanGestureRecognizer: return UIScreenEdgePanGestureRecognizer(wrapping: recognizer)
        case is PanGestureRecognizer: return UIPanGestureRecognizer(wrapping: recognizer)
        case is TapGestureRecognizer: return UITapGestureRecognizer(wrapping: recognizer)
        case is LongPressGestureRecognizer: return UILongPressGestureRecognizer(wrapping: recognizer)
        case is SwipeGestureRecognizer: return UISwipeGestureRecognizer(wrapping: recognizer)
        case is PinchGestureRecognizer: return UIPinchGestureRecognizer(wrapping: recognizer)
        case is RotationGestureRecognizer: return UIRotationGestureRecognizer(wrapping: recognizer)
        default: return UIGestureRecognizer(wrapping: recognizer)
        }
    }

    // MARK: State and configuration

    /// `state`: subclasses set it (`.recognized`, `.began`, `.changed`, `.ended`, `.failed`,
    /// `.cancelled`). An illegal request is coerced as UIKit does, with a `coercedTransition` note.
    open var state: State {
        get { engineRecognizer.state }
        set { engineRecognizer.state = newValue }
    }

    /// `name` (UIKit's is optional): the engine's name, printed in output.
    open var name: String? {
        get { engineRecognizer.name }
        set { engineRecognizer.name = newValue ?? engineRecognizer.kind }
    }

    /// `view`: the view it is attached to (any engine view: a scene's plain views included).
    public var view: View? { engineRecognizer.view }

    /// `delegate` (weak, as UIKit's).
    public var delegate: (any UIGestureRecognizerDelegate)? {
        get { delegateAdapter.delegate }
        set {
            delegateAdapter.delegate = newValue
            engineRecognizer.delegate = newValue == nil ? nil : delegateAdapter
        }
    }

    public var isEnabled: Bool {
        get { engineRecognizer.isEnabled }
        set { engineRecognizer.isEnabled = newValue }
    }
    public var cancelsTouchesInView: Bool {
        get { engineRecognizer.cancelsTouchesInView }
        set { engineRecognizer.cancelsTouchesInView = newValue }
    }
    public var delaysTouchesBegan: Bool {
        get { engineRecognizer.delaysTouchesBegan }
        set { engineRecognizer.delaysTouchesBegan = newValue }
    }
    public var delaysTouchesEnded: Bool {
        get { engineRecognizer.delaysTouchesEnded }
        set { engineRecognizer.delaysTouchesEnded = newValue }
    }
    /// `requiresExclusiveTouchType`: accepted (every replayed touch is a finger).
    public var requiresExclusiveTouchType = true

    // MARK: Locations

    /// `location(in:)`: the centroid of the touches in `view`'s coordinates (window's when nil), points.
    open func location(in view: View?) -> CGPoint { engineRecognizer.location(in: view) }
    /// `location(ofTouch:in:)`.
    open func location(ofTouch touchIndex: Int, in view: View?) -> CGPoint {
        engineRecognizer.location(ofTouch: touchIndex, in: view)
    }
    /// `numberOfTouches`.
    open var numberOfTouches: Int { engineRecognizer.numberOfTouches }

    // MARK: Relationships

    /// `require(toFail:)`.
    public func require(toFail other: UIGestureRecognizer) {
        engineRecognizer.require(toFail: other.engineRecognizer)
    }

    /// `canPrevent(_:)`: the engine class's answer by default.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        bridge?.engineCanPrevent(preventedGestureRecognizer.engineRecognizer) ?? true
    }
    /// `canBePrevented(by:)`.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        bridge?.engineCanBePrevented(by: preventingGestureRecognizer.engineRecognizer) ?? true
    }
    /// `shouldRequireFailure(of:)`.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        bridge?.engineShouldRequireFailure(of: otherGestureRecognizer.engineRecognizer) ?? false
    }
    /// `shouldBeRequiredToFail(by:)`.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        bridge?.engineShouldBeRequiredToFail(by: otherGestureRecognizer.engineRecognizer) ?? false
    }

    // MARK: Touches (UIGestureRecognizerSubclass)

    /// `touchesBegan(_:with:)`: the engine class's rules by default (call `super`).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        bridge?.engineTouches(.began, event.ordered(touches), event)
    }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        bridge?.engineTouches(.moved, event.ordered(touches), event)
    }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        bridge?.engineTouches(.ended, event.ordered(touches), event)
    }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        bridge?.engineTouches(.cancelled, event.ordered(touches), event)
    }
    /// `reset()`: the engine class's by default (call `super`).
    open func reset() {
        bridge?.engineReset()
    }
    /// `ignore(_:for:)`.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        if let e = event.touchEvent { engineRecognizer.ignore(touch, for: e) }
    }

    /// The engine recognizer as a bridge (nil for a face of an engine recognizer made elsewhere).
    var bridge: (any UIKitBridge)? { engineRecognizer as? any UIKitBridge }

    // MARK: Target-action

    /// Targets whose selector names no method (`Selector` made from a name alone): each is reported
    /// into the replay at its first action.
    public var unboundActions: [Selector] { actions.filter { !$0.selector.isBound(for: $0.target ?? self) }.map(\.selector) }

    /// `addTarget(_:action:)`: the target is held weakly, as in UIKit.
    public func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        if actions.contains(where: { $0.target === object && $0.selector == action }) { return }
        actions.append(ActionEntry(target: object, selector: action))
    }

    /// `removeTarget(_:action:)`: nil matches every target or every action.
    public func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        actions.removeAll { entry in
            (object == nil || entry.target === object) && (action == nil || entry.selector == action)
        }
    }

    private func sendActions() {
        guard let bridge = engineRecognizer as GestureRecognizer? else { return }
        let list = actions
        ReplayContext.with(.recognizer(bridge)) {
            for entry in list {
                guard let target = entry.target else { continue }
                if entry.selector.perform(on: target, with: self) { continue }
                guard !entry.reported else { continue }
                entry.reported = true
                bridge.replayPrint(
                    "error: action '\(entry.selector.name)' names no method of \(type(of: target)) "
                        + "(no Objective-C runtime on this platform); bind it: Selector(\"\(entry.selector.name)\", "
                        + "\(type(of: target)).method) (docs/uikit-compat.md, \"Selectors\")")
            }
        }
    }
}

/// One `addTarget(_:action:)`.
final class ActionEntry {
    weak var target: AnyObject?
    let selector: Selector
    var reported = false
    init(target: AnyObject, selector: Selector) {
        self.target = target
        self.selector = selector
    }
}

/// The engine recognizer's way back to its UIKit object: weak while the object holds the engine
/// recognizer, strong while a view holds the engine recognizer (see `UIGestureRecognizer`).
final class BridgeLink {
    weak var weakOwner: UIGestureRecognizer?
    var strongOwner: UIGestureRecognizer?
    /// The kind printed in output, when registered under a kind of its own (catalog).
    var kind: String?
    var owner: UIGestureRecognizer? { strongOwner ?? weakOwner }
}
