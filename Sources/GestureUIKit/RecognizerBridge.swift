import GestureEngine

/// What the engine recognizer of a UIKit subclass does: the engine's class of the same gesture
/// (`TapGestureRecognizer` for a `UITapGestureRecognizer` subclass) with its touch methods,
/// `reset()`, prevention questions and reported values handed to its UIKit object, whose default
/// implementations (what `super` reaches in the subclass) come back through the `engine...`
/// methods to the engine class's own rules: one implementation of each rule.
///
/// The classes are generated (`Bridges+Generated.swift`, from one table); the behaviour is here,
/// once. Without a UIKit object (it went away) a bridge is its engine class.
protocol RecognizerBridge: GestureRecognizer {
    /// The kind printed in output when registered under a kind of its own (a catalog).
    var registeredKind: String? { get set }
    func engineTouches(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent)
    func engineReset()
    func engineCanPrevent(_ other: GestureRecognizer) -> Bool
    func engineCanBePrevented(by other: GestureRecognizer) -> Bool
    func engineShouldRequireFailure(of other: GestureRecognizer) -> Bool
    func engineShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool
}

extension RecognizerBridge {
    /// The UIKit object, if it is alive.
    @inline(__always) var face: UIGestureRecognizer? {
        existingFace(uikitFace).map { unsafeDowncast($0, to: UIGestureRecognizer.self) }
    }

    func forward(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        guard let face else { return engineTouches(phase, touches, event) }
        face.deliver(phase, touches, event)
    }

    func forwardReset() {
        guard let face else { return engineReset() }
        face.forgetDeliveredTouches()
        ReplayContext.with(.recognizer(self)) { face.reset() }
    }

    func forwardCanPrevent(_ other: GestureRecognizer) -> Bool {
        guard let face else { return engineCanPrevent(other) }
        return ReplayContext.with(.recognizer(self)) { face.canPrevent(other.uikitRecognizer) }
    }

    func forwardCanBePrevented(by other: GestureRecognizer) -> Bool {
        guard let face else { return engineCanBePrevented(by: other) }
        return ReplayContext.with(.recognizer(self)) { face.canBePrevented(by: other.uikitRecognizer) }
    }

    func forwardShouldRequireFailure(of other: GestureRecognizer) -> Bool {
        guard let face else { return engineShouldRequireFailure(of: other) }
        return ReplayContext.with(.recognizer(self)) { face.shouldRequireFailure(of: other.uikitRecognizer) }
    }

    func forwardShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let face else { return engineShouldBeRequiredToFail(by: other) }
        return ReplayContext.with(.recognizer(self)) { face.shouldBeRequiredToFail(by: other.uikitRecognizer) }
    }

    /// Appends the UIKit object's reported values (`reportValue(named:_:)`) after the engine class's.
    func appendReportedValues(_ values: inout GestureValues) {
        guard let face, !face.reportedValues.isEmpty else { return }
        ReplayContext.with(.recognizer(self)) {
            for entry in face.reportedValues {
                if let value = entry.read() { values.extra.append((name: entry.name, value: value)) }
            }
        }
    }
}
