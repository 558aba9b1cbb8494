import GestureEngine

extension UIGestureRecognizer: GestureRecognizerFacade {
    /// The engine recognizer to hand to a replay under a registered kind: named `name` (printed in
    /// output), its kind column printing `kind` (a subclass's; one of UIKit's own classes keeps its
    /// engine kind, `tap`...), attached by whoever takes it (a scene, a test harness), which then
    /// keeps this object, and its delegate, alive for the replay. A catalog factory for a UIKit
    /// class (TraceReplay's `register(kind:factory:parameters:values:)` calls it for you):
    ///
    /// ```swift
    /// try catalog.register(kind: "swipe2", factory: { name in
    ///     TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "swipe2", name: name)
    /// })
    /// ```
    public func replayRecognizer(kind: String, name: String? = nil) -> GestureRecognizer {
        let engine = engineRecognizerForReplay
        bridge?.registeredKind = kind
        engine.name = name ?? kind
        return engine
    }

    /// The object of this class that stands for `recognizer` (its UIKit object, when it is of this class).
    public static func facade(of recognizer: GestureRecognizer) -> Self? {
        recognizer.existingUIKitRecognizer as? Self
    }

    /// Reports `read()` under `name` with each transition (text and JSON Lines output, goldens,
    /// expectations), read when the transition is reported: after every recognizer handled the
    /// event, the value the targets read.
    public func reportValue(named name: String, _ read: @escaping () -> GestureValue?) {
        reportedValues.append((name: name, read: read))
    }

    /// Keeps `object` alive as long as this recognizer is (a delegate or target made in a factory:
    /// UIKit holds delegates and targets weakly, so one made there would otherwise be gone before the
    /// replay).
    public func retain(_ object: AnyObject) {
        retainedObjects.append(object)
    }
}
