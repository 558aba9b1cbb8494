import GestureEngine
import TraceReading

/// The delegate a scene gives its recognizers: it answers `shouldRecognizeSimultaneously` from the
/// scene's `simultaneousWith` lists (either side naming the other is enough, as in UIKit), or yes
/// for every pair in the default scene. A recognizer that had a delegate of its own when it joined
/// the scene keeps it: that delegate is held here (strongly) and asked first.
public final class SceneDelegate: GestureRecognizerDelegate, DeclaresDelegateQuestions {
    /// True in the default scene: every recognizer may recognize alongside every other.
    public let allowsEverySimultaneousPair: Bool
    private var pairs: Set<Pair> = []
    /// The delegates recognizers had before joining the scene, by recognizer.
    /// Unchecked exclusivity and the `forwardsAny` flag keep the default scene's delegate calls
    /// (several per event, none forwarded) to one plain load: no `swift_beginAccess`, no retain.
    @exclusivity(unchecked) private var forwarded: [ObjectIdentifier: any GestureRecognizerDelegate] = [:]
    /// True once some recognizer's own delegate is held in `forwarded`.
    @exclusivity(unchecked) private var forwardsAny = false

    private struct Pair: Hashable {
        let a: ObjectIdentifier
        let b: ObjectIdentifier
    }

    public init(allowsEverySimultaneousPair: Bool) {
        self.allowsEverySimultaneousPair = allowsEverySimultaneousPair
    }

    /// Lets `a` and `b` recognize at the same time.
    public func allowSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        pairs.insert(Pair(a: ObjectIdentifier(a), b: ObjectIdentifier(b)))
        pairs.insert(Pair(a: ObjectIdentifier(b), b: ObjectIdentifier(a)))
    }

    /// Asks `delegate` first about `recognizer` (and keeps it alive).
    func forward(_ recognizer: GestureRecognizer, to delegate: any GestureRecognizerDelegate) {
        forwarded[ObjectIdentifier(recognizer)] = delegate
        forwardsAny = true
        if recognizer.delegate === self { recognizer.delegateQuestionsDidChange() }
    }

    /// Only `shouldRecognizeSimultaneously` can differ from the default, unless `recognizer`'s own
    /// delegate is forwarded to (then every question is asked, and passed on).
    package func questions(answeredFor recognizer: GestureRecognizer) -> DelegateQuestions {
        ownDelegate(of: recognizer) == nil ? .shouldRecognizeSimultaneously : .all
    }

    /// The delegate `recognizer` had before joining the scene, if any.
    /// Inlined into every delegate method (the default scene forwards nothing: one load and a
    /// branch); the dictionary lookup stays out of line.
    @inline(__always) public func ownDelegate(of recognizer: GestureRecognizer) -> (any GestureRecognizerDelegate)? {
        forwardsAny ? lookUpOwnDelegate(of: recognizer) : nil
    }

    @inline(never) private func lookUpOwnDelegate(of recognizer: GestureRecognizer) -> (any GestureRecognizerDelegate)? {
        forwarded[ObjectIdentifier(recognizer)]
    }

    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        ownDelegate(of: recognizer)?.gestureRecognizerShouldBegin(recognizer) ?? true
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        ownDelegate(of: recognizer)?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        if allowsEverySimultaneousPair || pairs.contains(Pair(a: ObjectIdentifier(recognizer), b: ObjectIdentifier(other))) { return true }
        return ownDelegate(of: recognizer)?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) ?? false
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        ownDelegate(of: recognizer)?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        ownDelegate(of: recognizer)?.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: other) ?? false
    }
}
