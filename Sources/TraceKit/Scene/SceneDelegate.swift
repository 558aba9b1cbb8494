import GestureEngine

/// The delegate a scene gives its recognizers: it answers `shouldRecognizeSimultaneously` from the
/// scene's `simultaneousWith` lists (either side naming the other is enough, as in UIKit), or yes
/// for every pair in the default scene.
public final class SceneDelegate: GestureRecognizerDelegate {
    /// True in the default scene: every recognizer may recognize alongside every other.
    public let allowsEverySimultaneousPair: Bool
    private var pairs: Set<Pair> = []

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

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        allowsEverySimultaneousPair || pairs.contains(Pair(a: ObjectIdentifier(recognizer), b: ObjectIdentifier(other)))
    }
}
