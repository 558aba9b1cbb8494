import Foundation
import GestureEngine

/// `UIGestureRecognizer`, over the engine.
///
/// Design (docs/uikit-compat.md, "How it works"): a UIKit recognizer is a pair. This object has
/// UIKit's API and is what UIKit code subclasses; its *engine recognizer* (`engineRecognizer`) is
/// what the environment replays: the engine class of the same gesture itself for one of UIKit's
/// classes (`TapGestureRecognizer` for `UITapGestureRecognizer()`), a *bridge* for a subclass (a
/// subclass of that engine class that hands every touch method, `reset()`, the prevention questions
/// and the reported values to this object, whose defaults, what `super` reaches, run the engine
/// class's rules: `RecognizerBridge`). State, locations and velocity are read from the engine
/// recognizer. Each engine recognizer has one UIKit object for its whole life (`Pairing.swift`
/// states who owns whom), so identity (`===`, `==`, `hash`, sets) holds in delegates, `view`'s
/// `gestureRecognizers` and touches. Like UIKit's, it is an `NSObject`: `init()`, identity equality
/// and hashing, `description`.
open class UIGestureRecognizer: NSObject, EngineOwnedFace {
    /// `UIGestureRecognizer.State`: the engine's states (`.recognized` is `.ended`).
    public typealias State = GestureRecognizerState

    /// The pair's link to the engine recognizer (see `Pairing`).
    @exclusivity(unchecked) private var pairing: Pairing<GestureRecognizer>!
    /// The targets and actions (`addTarget(_:action:)`), in the order added.
    private var actions: [ActionEntry] = []
    /// True once the engine recognizer sends this object's actions.
    private var sendsActions = false
    private let delegateAdapter = DelegateAdapter()
    /// Objects kept alive with this recognizer (`retain(_:)`).
    var retainedObjects: [AnyObject] = []
    /// Values reported with each transition (`reportValue(named:_:)`), in order.
    var reportedValues: [(name: String, read: () -> GestureValue?)] = []

    /// `init(target:action:)`: the target given here runs first, before targets added later (UIKit's
    /// order). The only designated initializer, as in UIKit, so that subclasses inherit `init()`.
    public init(target: Any?, action: Selector?) {
        super.init()
        if let engine = PendingPair.recognizer?.object {
            // The UIKit object of an engine recognizer made elsewhere (`makeRecognizerFace(for:)`).
            pair(with: engine, owner: .engine)
            return
        }
        pair(with: makeEngineRecognizer(for: type(of: self)), owner: .face)
        enableActions()
        if let target, let action { addTarget(target, action: action) }
    }

    /// `UIGestureRecognizer()` (`NSObject`'s `init()`): no target. Subclasses inherit it.
    public override convenience init() { self.init(target: nil, action: nil) }

    private func pair(with engine: GestureRecognizer, owner: Pairing<GestureRecognizer>.Owner) {
        pairing = Pairing(face: self, engine: engine, owner: owner) { engine.uikitFace = $0 }
        storedBridge = engine as? any RecognizerBridge
    }

    /// The engine recognizer as a bridge, found once at pairing (a cast per call would cost more
    /// than the call); valid while the pairing is.
    @exclusivity(unchecked) private unowned(unsafe) var storedBridge: (any RecognizerBridge)?

    /// The engine recognizer sends this object's targets their actions (once).
    private func enableActions() {
        guard !sendsActions else { return }
        sendsActions = true
        engineRecognizer.addAction { r in (r.existingUIKitRecognizer)?.sendActions() }
    }

    func engineObjectDidGoAway() { pairing.engineWentAway() }

    /// True while this object keeps its engine recognizer alive (see `Pairing`).
    var ownsEngineRecognizer: Bool { pairing.owner == .face }

    /// The engine recognizer the environment replays (see the type's documentation). If the replay
    /// that owned it ended while this object lived on, a new, detached one of the same class.
    public var engineRecognizer: GestureRecognizer {
        if let engine = pairing.engine { return engine }
        pair(with: makeEngineRecognizer(for: type(of: self)), owner: .face)
        if sendsActions {
            sendsActions = false
            enableActions()
        }
        return pairing.engine!
    }

    /// The engine recognizer, for something that attaches it with the engine's API and keeps it (a
    /// scene, a test harness): from now on the engine recognizer keeps this object alive.
    public var engineRecognizerForReplay: GestureRecognizer {
        let engine = engineRecognizer
        pairing.handToEngine()
        return engine
    }

    /// The UIKit object of an engine recognizer: its own, made on first request for one made
    /// elsewhere (a scene's built-in recognizer, a scroll view's pan), the same object every time.
    public static func uikit(for recognizer: GestureRecognizer) -> UIGestureRecognizer {
        recognizer.uikitRecognizer
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

    /// `view`: the view it is attached to, a `UIView` (a scene's plain views included).
    open var view: UIView? { engineRecognizer.view?.uikitView }

    /// `delegate` (weak, as UIKit's).
    open var delegate: (any UIGestureRecognizerDelegate)? {
        get { delegateAdapter.delegate }
        set {
            delegateAdapter.delegate = newValue
            engineRecognizer.delegate = newValue == nil ? nil : delegateAdapter
        }
    }

    open var isEnabled: Bool {
        get { engineRecognizer.isEnabled }
        set { engineRecognizer.isEnabled = newValue }
    }
    open var cancelsTouchesInView: Bool {
        get { engineRecognizer.cancelsTouchesInView }
        set { engineRecognizer.cancelsTouchesInView = newValue }
    }
    open var delaysTouchesBegan: Bool {
        get { engineRecognizer.delaysTouchesBegan }
        set { engineRecognizer.delaysTouchesBegan = newValue }
    }
    open var delaysTouchesEnded: Bool {
        get { engineRecognizer.delaysTouchesEnded }
        set { engineRecognizer.delaysTouchesEnded = newValue }
    }
    /// `requiresExclusiveTouchType`: accepted (every replayed touch is a finger).
    open var requiresExclusiveTouchType = true
    /// `allowedTouchTypes`: accepted (every replayed touch is `direct`).
    open var allowedTouchTypes: [NSNumber] = [NSNumber(value: UITouch.TouchType.direct.rawValue)]

    // MARK: Locations

    /// `location(in:)`: the centroid of the touches in `view`'s coordinates (the window's when nil),
    /// points; for one of UIKit's own classes, what its class's `locationInView:` answers (a tap's
    /// start point, a swipe's, a pinch's integer centroid: the location its transitions report;
    /// the engine recognizer's `location(in:)`). Overridable, as in UIKit.
    open func location(in view: UIView?) -> CGPoint {
        CGPoint(engineRecognizer.location(in: view?.engineView))
    }
    /// `location(ofTouch:in:)`: touch number `touchIndex` (in the order the touches began).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        CGPoint(engineRecognizer.location(ofTouch: touchIndex, in: view?.engineView))
    }
    /// `numberOfTouches`; for one of UIKit's own classes, what its class counts (a tap's `_touches`:
    /// its transitions' `touches`; the engine recognizer's `numberOfTouches`).
    open var numberOfTouches: Int { engineRecognizer.numberOfTouches }

    // MARK: Relationships

    /// `require(toFail:)`.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        engineRecognizer.require(toFail: otherGestureRecognizer.engineRecognizer)
    }
    /// `canPrevent(_:)`: the engine class's answer by default (a tap's differs).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        let other = preventedGestureRecognizer.engineRecognizer
        return bridge?.engineCanPrevent(other) ?? engineRecognizer.canPrevent(other)
    }
    /// `canBePrevented(by:)`.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        let other = preventingGestureRecognizer.engineRecognizer
        return bridge?.engineCanBePrevented(by: other) ?? engineRecognizer.canBePrevented(by: other)
    }
    /// `shouldRequireFailure(of:)` (default false).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let other = otherGestureRecognizer.engineRecognizer
        return bridge?.engineShouldRequireFailure(of: other) ?? engineRecognizer.shouldRequireFailure(of: other)
    }
    /// `shouldBeRequiredToFail(by:)` (default false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let other = otherGestureRecognizer.engineRecognizer
        return bridge?.engineShouldBeRequiredToFail(by: other) ?? engineRecognizer.shouldBeRequiredToFail(by: other)
    }

    // MARK: Touches (UIGestureRecognizerSubclass)

    /// `touchesBegan(_:with:)`: the engine class's rules by default (call `super`).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { engineDefault(.began, touches, event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { engineDefault(.moved, touches, event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { engineDefault(.ended, touches, event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { engineDefault(.cancelled, touches, event) }
    /// `reset()`: the engine class's by default (call `super`).
    open func reset() {
        if let bridge { bridge.engineReset() } else { engineRecognizer.reset() }
    }
    /// `ignore(_:for:)`.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        if let e = event.touchEvent, let t = touch.engineTouch { engineRecognizer.ignore(t, for: e) }
    }

    /// The engine class's own touch method (what `super` reaches).
    private func engineDefault(_ phase: TouchPhase, _ touches: Set<UITouch>, _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        let list = event.ordered(touches)
        if let bridge { return bridge.engineTouches(phase, list, e) }
        let engine = engineRecognizer
        switch phase {
        case .began: engine.touchesBegan(list, with: e)
        case .moved: engine.touchesMoved(list, with: e)
        case .ended: engine.touchesEnded(list, with: e)
        default: engine.touchesCancelled(list, with: e)
        }
    }

    /// Calls this object's touch method for `phase` (the bridge's delivery), in its replay context.
    final func deliver(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        let uiEvent = UIEvent(event, delivered: touches)
        let set: Set<UITouch>
        if phase == .began || phase == .moved {
            set = touchSet(touches)
        } else {
            forgetDeliveredTouches()
            set = UITouch.faces(of: touches)
        }
        ReplayContext.with(.recognizer(engineRecognizer)) {
            switch phase {
            case .began: touchesBegan(set, with: uiEvent)
            case .moved: touchesMoved(set, with: uiEvent)
            case .ended: touchesEnded(set, with: uiEvent)
            default: touchesCancelled(set, with: uiEvent)
            }
        }
    }

    /// The UIKit objects of the touches of the last delivery, in order, and their set.
    @exclusivity(unchecked) private var deliveredFaces: [UITouch] = []
    @exclusivity(unchecked) private var deliveredSet: Set<UITouch> = []

    /// The set of `touches`' UIKit objects for `touchesBegan`/`touchesMoved`. The same touches as
    /// the last delivery's (a finger moving on) get the same set: no set is made or hashed per
    /// move. The faces are compared by identity and held by `deliveredFaces` until touches end or
    /// are cancelled or the recognizer resets, so a touch that begins where one that ended was
    /// cannot match.
    private func touchSet(_ touches: [Touch]) -> Set<UITouch> {
        var same = touches.count == deliveredFaces.count
        for (i, t) in touches.enumerated() {
            let face = UITouch.uikit(for: t)  // also records the touch's values for later reads
            if same && face !== deliveredFaces[i] { same = false }
        }
        if same { return deliveredSet }
        deliveredFaces = touches.map(UITouch.uikit(for:))
        deliveredSet = Set(deliveredFaces)
        return deliveredSet
    }

    /// Lets go of the last delivery's touches (ended, cancelled, or a reset).
    func forgetDeliveredTouches() {
        guard !deliveredFaces.isEmpty else { return }
        deliveredFaces = []
        deliveredSet = []
    }

    /// The engine recognizer as a bridge (nil for one of UIKit's own classes).
    var bridge: (any RecognizerBridge)? {
        _ = engineRecognizer  // re-pairs when the engine recognizer went away
        return storedBridge
    }

    // MARK: Target-action

    /// Targets whose selector names no method (`Selector` made from a name alone): each is reported
    /// into the replay at its first action.
    public var unboundActions: [Selector] { actions.filter { !$0.selector.isBound }.map(\.selector) }

    /// `addTarget(_:action:)`: the target is held weakly, as in UIKit; one that is gone when an action
    /// is sent is reported into the replay once (UIKit says nothing).
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        if actions.contains(where: { $0.target === object && $0.selector == action }) { return }
        actions.append(ActionEntry(target: object, selector: action))
        enableActions()
    }

    /// `removeTarget(_:action:)`: nil matches every target or every action.
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        actions.removeAll { entry in
            (object == nil || entry.target === object) && (action == nil || entry.selector == action)
        }
    }

    /// Sends the actions (the engine recognizer's action, once per UIKit action message).
    fileprivate func sendActions() {
        guard !actions.isEmpty else { return }
        let engine = engineRecognizer
        ReplayContext.with(.recognizer(engine)) {
            for entry in actions { entry.send(from: self, engine: engine) }
        }
    }

    // MARK: NSObject

    /// `<UITapGestureRecognizer: tap; state = possible; view = root>`: the name in place of UIKit's
    /// address, so that printed descriptions are the same from run to run (goldens).
    open override var description: String {
        let engine = engineRecognizer
        let viewName = engine.view.map { $0.name } ?? "nil"
        return "<\(type(of: self)): \(engine.name); state = \(engine.state); view = \(viewName)>"
    }
}

extension GestureRecognizer {
    /// This recognizer's UIKit object (`UIGestureRecognizer`): its own, or, for one made elsewhere (a
    /// scene's, a scroll view's pan), one of the UIKit class of its engine class, made on first
    /// request and the same object for the recognizer's whole life.
    public var uikitRecognizer: UIGestureRecognizer {
        if let face = existingUIKitRecognizer { return face }
        return makeRecognizerFace(for: self)
    }

    /// The UIKit object, if one exists.
    var existingUIKitRecognizer: UIGestureRecognizer? {
        existingFace(uikitFace).map { unsafeDowncast($0, to: UIGestureRecognizer.self) }
    }
}
