import Foundation

/// `UIResponder`: the touch methods with `Set<UITouch>` and `UIEvent?`, each passing the touches to
/// `next` by default, as UIKit's. `UIView` is the responder GestureUIKit replays (there are no view
/// controllers); its `next` is its superview.
open class UIResponder: NSObject {
    /// `next`: the next responder (nil here).
    open var next: UIResponder? { nil }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// First-responder status: no keyboard, so nothing becomes first responder.
    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
}
