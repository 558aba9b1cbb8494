import GestureEngine

/// One `addTarget(_:action:)` of a recognizer: the target, held weakly as in UIKit, and its selector.
final class ActionEntry {
    weak var target: AnyObject?
    let selector: Selector
    /// The target's type, for the message when it is gone.
    let targetType: String
    /// True once this entry's problem (no method, target gone) was reported: once per entry.
    private var reported = false

    init(target: AnyObject, selector: Selector) {
        self.target = target
        self.selector = selector
        self.targetType = "\(type(of: target))"
    }

    /// Sends the action to the target; says once, into the replay, why it could not.
    func send(from sender: AnyObject, engine: GestureRecognizer) {
        guard let target else {
            report(
                engine,
                "warning: the target of action '\(selector.name)'\(selector.placeSuffix) (a \(targetType)) is gone, so it is "
                    + "not called: targets are held weakly, as in UIKit; keep the target alive (a stored property, or "
                    + "recognizer.retain(target) for one made in a factory)")
            return
        }
        if selector.perform(on: target, with: sender) { return }
        report(
            engine,
            "error: action '\(selector.name)'\(selector.placeSuffix) names no method of \(type(of: target)) "
                + "(no Objective-C runtime on this platform); bind it: Selector(\"\(selector.name)\", "
                + "\(type(of: target)).method), or let the derivative path translate #selector (docs/uikit-compat.md, \"Selectors\")")
    }

    private func report(_ engine: GestureRecognizer, _ text: String) {
        guard !reported else { return }
        reported = true
        engine.replayPrint(text)
    }
}
