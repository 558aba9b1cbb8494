import GestureEngine

/// What the engine view of a UIKit view subclass does: the engine's class (`View`, `ScrollView`,
/// `Control`, `Button`) with its responder methods, hit-testing and override points handed to its
/// UIKit object, whose defaults (what `super` reaches in the subclass) come back through the
/// `engine...` methods to the engine class's own rules. The classes are generated
/// (`Bridges+Generated.swift`); the behaviour is here, once. Without a UIKit object (it went away)
/// a bridge is its engine class.
protocol ViewBridge: View {
    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent)
    func engineHitTest(_ point: Point, _ event: TouchEvent?) -> View?
    func enginePointInside(_ point: Point, _ event: TouchEvent?) -> Bool
    func engineShouldBegin(_ recognizer: GestureRecognizer) -> Bool
}

/// A control's tracking methods (`Control`).
protocol ControlBridge: Control {
    func engineBeginTracking(_ touch: Touch, _ event: TouchEvent) -> Bool
    func engineContinueTracking(_ touch: Touch, _ event: TouchEvent) -> Bool
    func engineEndTracking(_ touch: Touch?, _ event: TouchEvent)
    func engineCancelTracking(_ event: TouchEvent)
}

/// A scroll view's content-touch questions (`ScrollView`).
protocol ScrollViewBridge: ScrollView {
    func engineTouchesShouldBegin(_ touches: [Touch], _ view: View) -> Bool
    func engineTouchesShouldCancel(_ view: View) -> Bool
}

extension ViewBridge {
    /// The UIKit object, if it is alive.
    @inline(__always) var face: UIView? { existingUIKitView }

    func forward(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        guard let face else { return engineTouches(phase, touches, event) }
        face.deliver(phase, touches, event)
    }

    func forwardHitTest(_ point: Point, _ event: TouchEvent?) -> View? {
        guard let face else { return engineHitTest(point, event) }
        return ReplayContext.with(.view(self)) { face.hitTest(CGPoint(point), with: event.map { UIEvent($0, delivered: []) }) }?.engineView
    }

    func forwardPointInside(_ point: Point, _ event: TouchEvent?) -> Bool {
        guard let face else { return enginePointInside(point, event) }
        return ReplayContext.with(.view(self)) { face.point(inside: CGPoint(point), with: event.map { UIEvent($0, delivered: []) }) }
    }

    func forwardShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let face else { return engineShouldBegin(recognizer) }
        return ReplayContext.with(.view(self)) { face.gestureRecognizerShouldBegin(recognizer.uikitRecognizer) }
    }
}

extension ControlBridge {
    private var controlFace: UIControl? { existingUIKitView.map { unsafeDowncast($0, to: UIControl.self) } }

    func forwardBeginTracking(_ touch: Touch, _ event: TouchEvent) -> Bool {
        guard let face = controlFace else { return engineBeginTracking(touch, event) }
        return ReplayContext.with(.view(self)) { face.beginTracking(touch.uikitTouch, with: UIEvent(event, delivered: [touch])) }
    }

    func forwardContinueTracking(_ touch: Touch, _ event: TouchEvent) -> Bool {
        guard let face = controlFace else { return engineContinueTracking(touch, event) }
        return ReplayContext.with(.view(self)) { face.continueTracking(touch.uikitTouch, with: UIEvent(event, delivered: [touch])) }
    }

    func forwardEndTracking(_ touch: Touch?, _ event: TouchEvent) {
        guard let face = controlFace else { return engineEndTracking(touch, event) }
        ReplayContext.with(.view(self)) { face.endTracking(touch?.uikitTouch, with: UIEvent(event, delivered: touch.map { [$0] } ?? [])) }
    }

    func forwardCancelTracking(_ event: TouchEvent) {
        guard let face = controlFace else { return engineCancelTracking(event) }
        ReplayContext.with(.view(self)) { face.cancelTracking(with: UIEvent(event, delivered: [])) }
    }
}

extension ScrollViewBridge {
    private var scrollFace: UIScrollView? { existingUIKitView.map { unsafeDowncast($0, to: UIScrollView.self) } }

    func forwardTouchesShouldBegin(_ touches: [Touch], _ view: View) -> Bool {
        guard let face = scrollFace else { return engineTouchesShouldBegin(touches, view) }
        return ReplayContext.with(.view(self)) { face.touchesShouldBegin(UITouch.faces(of: touches), with: nil, in: view.uikitView) }
    }

    func forwardTouchesShouldCancel(_ view: View) -> Bool {
        guard let face = scrollFace else { return engineTouchesShouldCancel(view) }
        return ReplayContext.with(.view(self)) { face.touchesShouldCancel(in: view.uikitView) }
    }
}
