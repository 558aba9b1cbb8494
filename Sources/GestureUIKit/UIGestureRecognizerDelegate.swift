import GestureEngine

/// `UIGestureRecognizerDelegate`, with UIKit's default answers (begin: yes; receive: yes;
/// simultaneous: no; failure requirements: none).
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        false
    }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        false
    }
}

/// The engine delegate a UIKit recognizer sets on its engine recognizer: it asks the UIKit delegate
/// with UIKit objects (held weakly, as the UIKit delegate is). A delegate that went away is said
/// once into the replay (UIKit says nothing; its default answers then apply, here too).
final class DelegateAdapter: GestureRecognizerDelegate {
    weak var delegate: (any UIGestureRecognizerDelegate)? {
        didSet {
            delegateType = delegate.map { "\(type(of: $0))" }
            reportedGone = false
        }
    }
    private var delegateType: String?
    private var reportedGone = false

    /// The delegate, or nil, saying once that a delegate that was set is gone.
    private func current(_ recognizer: GestureRecognizer) -> (any UIGestureRecognizerDelegate)? {
        if let delegate { return delegate }
        if let type = delegateType, !reportedGone {
            reportedGone = true
            recognizer.replayPrint(
                "warning: the delegate of '\(recognizer.name)' (a \(type)) is gone: delegates are held weakly, as in UIKit, "
                    + "so its default answers apply; keep it alive (a stored property, or recognizer.retain(delegate) in a factory)")
        }
        return nil
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let delegate = current(recognizer) else { return true }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizerShouldBegin(recognizer.uikitRecognizer)
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let delegate = current(recognizer) else { return true }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(recognizer.uikitRecognizer, shouldReceive: touch.uikitTouch)
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let delegate = current(recognizer) else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(recognizer.uikitRecognizer, shouldRecognizeSimultaneouslyWith: other.uikitRecognizer)
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        guard let delegate = current(recognizer) else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(recognizer.uikitRecognizer, shouldRequireFailureOf: other.uikitRecognizer)
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        guard let delegate = current(recognizer) else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(recognizer.uikitRecognizer, shouldBeRequiredToFailBy: other.uikitRecognizer)
        }
    }
}
