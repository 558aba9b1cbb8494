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

/// The engine delegate a UIKit recognizer sets on its engine recognizer: it asks the UIKit
/// delegate with UIKit objects (held weakly, as the UIKit delegate is).
final class DelegateAdapter: GestureRecognizerDelegate {
    weak var delegate: (any UIGestureRecognizerDelegate)?

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let delegate else { return true }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizerShouldBegin(UIGestureRecognizer.uikit(for: recognizer))
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let delegate else { return true }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(UIGestureRecognizer.uikit(for: recognizer), shouldReceive: touch)
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let delegate else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(
                UIGestureRecognizer.uikit(for: recognizer), shouldRecognizeSimultaneouslyWith: UIGestureRecognizer.uikit(for: other))
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        guard let delegate else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(
                UIGestureRecognizer.uikit(for: recognizer), shouldRequireFailureOf: UIGestureRecognizer.uikit(for: other))
        }
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        guard let delegate else { return false }
        return ReplayContext.with(.recognizer(recognizer)) {
            delegate.gestureRecognizer(
                UIGestureRecognizer.uikit(for: recognizer), shouldBeRequiredToFailBy: UIGestureRecognizer.uikit(for: other))
        }
    }
}
