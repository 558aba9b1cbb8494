import GestureEngine

extension UIGestureRecognizer {
    /// The engine recognizer to hand to a replay under a registered kind: named `name` (printed in
    /// output), its kind column printing `kind` (not `custom`), attached by whoever takes it (a
    /// scene, a test harness), which then keeps this object, and its delegate, alive for the replay.
    /// A catalog factory for a UIKit class:
    ///
    /// ```swift
    /// try catalog.register(kind: "swipe2", factory: { name in
    ///     TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "swipe2", name: name)
    /// })
    /// ```
    public func replayRecognizer(kind: String, name: String? = nil) -> GestureRecognizer {
        let engine = engineRecognizerForReplay
        link.kind = kind
        engine.name = name ?? kind
        return engine
    }

    /// Keeps `object` alive as long as this recognizer is (a delegate set in a factory: UIKit holds
    /// delegates weakly, so one made in a factory would otherwise be gone before the replay).
    public func retain(_ object: AnyObject) {
        retainedObjects.append(object)
    }
}
