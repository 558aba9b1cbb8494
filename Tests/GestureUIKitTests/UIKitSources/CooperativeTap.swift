#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A tap that never prevents other recognizers (`canPrevent` overridden): a pan on the same
/// view may still begin after it recognized, and another tap is not blocked.
class CooperativeTapGestureRecognizer: UITapGestureRecognizer {
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }
}
