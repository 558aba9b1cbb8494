/// An object of another API that stands for an engine recognizer: GestureUIKit's
/// `UIGestureRecognizer` is one (its engine recognizer is what a replay attaches). A catalog kind
/// made of such objects (TraceReplay's `RecognizerCatalog.register(kind:factory:parameters:values:)`)
/// sets their properties from scene files and `--set`, and reports values read from them with each
/// transition, by their own (Swift) names.
public protocol GestureRecognizerFacade: AnyObject {
    /// The engine recognizer to hand to a replay, named `name`, whose output's kind column prints
    /// `kind`; from then on the engine recognizer keeps this object alive.
    func replayRecognizer(kind: String, name: String?) -> GestureRecognizer

    /// The object of this type that stands for `recognizer`, if any.
    static func facade(of recognizer: GestureRecognizer) -> Self?

    /// Reports `read()` under `name` with each transition of this object's recognizer, after the
    /// engine class's own values (`GestureValues.extra`, read when the transition is reported; nil
    /// reports nothing).
    func reportValue(named name: String, _ read: @escaping () -> GestureValue?)
}
