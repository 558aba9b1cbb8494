// The engine recognizers of GestureUIKit's classes, one per engine class (see `UIGestureRecognizer`).
// Each is the engine's class with its touch methods, `reset()` and prevention questions handed to
// the UIKit object, whose defaults call back into the engine class's own (`super`) rules. They
// differ only in their superclass; Swift has no generic superclass, so each is spelled out.
import GestureEngine

/// What every bridge does (the UIKit object's defaults call these).
protocol UIKitBridge: GestureRecognizer {
    var link: BridgeLink { get }
    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent)
    func engineReset()
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool
}

extension UIKitBridge {
    /// Calls the UIKit object's touch method for `phase` in this recognizer's context.
    @inline(__always)
    func forward(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent, _ owner: UIGestureRecognizer) {
        let uiEvent = UIEvent(event, delivered: touches)
        let set = Set(touches)
        ReplayContext.with(.recognizer(self)) {
            switch phase {
            case .began: owner.touchesBegan(set, with: uiEvent)
            case .moved: owner.touchesMoved(set, with: uiEvent)
            case .ended: owner.touchesEnded(set, with: uiEvent)
            default: owner.touchesCancelled(set, with: uiEvent)
            }
        }
    }
}

/// The engine recognizer of the plain `GestureRecognizer` (a custom `UIGestureRecognizer` subclass).
final class UIKitCustomBridge: GestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UITapGestureRecognizer`.
final class UIKitTapBridge: TapGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UIPanGestureRecognizer`.
final class UIKitPanBridge: PanGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UIScreenEdgePanGestureRecognizer`.
final class UIKitScreenEdgePanBridge: ScreenEdgePanGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UILongPressGestureRecognizer`.
final class UIKitLongPressBridge: LongPressGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UISwipeGestureRecognizer`.
final class UIKitSwipeBridge: SwipeGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UIPinchGestureRecognizer`.
final class UIKitPinchBridge: PinchGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}

/// The engine recognizer of `UIRotationGestureRecognizer`.
final class UIKitRotationBridge: RotationGestureRecognizer, UIKitBridge {
    let link: BridgeLink

    init(link: BridgeLink) {
        self.link = link
        super.init(name: nil)
    }

    override var kind: String { link.kind ?? super.kind }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.began, touches, event, owner) } else { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.moved, touches, event, owner) } else { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.ended, touches, event, owner) } else { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let owner = link.owner { forward(.cancelled, touches, event, owner) } else { super.touchesCancelled(touches, with: event) }
    }
    override func reset() {
        if let owner = link.owner { ReplayContext.with(.recognizer(self)) { owner.reset() } } else { super.reset() }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { owner.canPrevent(UIGestureRecognizer.uikit(for: other)) }
    }
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.canBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.canBePrevented(by: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldRequireFailure(of: UIGestureRecognizer.uikit(for: other)) }
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let owner = link.owner else { return super.shouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.uikit(for: other)) }
    }

    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: UIEvent) {
        guard let e = event.touchEvent else { return }
        switch phase {
        case .began: super.touchesBegan(touches, with: e)
        case .moved: super.touchesMoved(touches, with: e)
        case .ended: super.touchesEnded(touches, with: e)
        default: super.touchesCancelled(touches, with: e)
        }
    }
    func engineReset() { super.reset() }
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool { super.canPrevent(other) }
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool { super.canBePrevented(by: other) }
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool { super.shouldRequireFailure(of: other) }
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { super.shouldBeRequiredToFail(by: other) }
}
