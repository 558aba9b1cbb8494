/// The delegate of a gesture recognizer, as `UIGestureRecognizerDelegate`. Every method has a default
/// matching UIKit's (begin: yes; receive: yes; simultaneous: no; failure requirements: none).
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked once, when the recognizer leaves `possible`; false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked when a touch begins; false hides that touch from the recognizer for its whole life.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// True from either side lets both recognizers recognize at once.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// True makes `recognizer` wait for `other` to fail (for this attempt).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// True makes `other` wait for `recognizer` to fail (for this attempt).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        false
    }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}

/// The delegate questions whose answer may differ from the default (`GestureRecognizerDelegate`'s
/// extension), one bit per method. A recognizer keeps the set its delegate declares when it is set
/// (`DeclaresDelegateQuestions`; every question for any other delegate, none without one), and the
/// engine skips a question outside it: the answer is the default anyway, and asking costs a weak
/// load and the release of an object with a side table (~150 instructions) each time.
package struct DelegateQuestions: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let shouldBegin = DelegateQuestions(rawValue: 1 << 0)
    package static let shouldReceive = DelegateQuestions(rawValue: 1 << 1)
    package static let shouldRecognizeSimultaneously = DelegateQuestions(rawValue: 1 << 2)
    package static let shouldRequireFailure = DelegateQuestions(rawValue: 1 << 3)
    package static let shouldBeRequiredToFail = DelegateQuestions(rawValue: 1 << 4)
    package static let all: DelegateQuestions = [
        .shouldBegin, .shouldReceive, .shouldRecognizeSimultaneously, .shouldRequireFailure, .shouldBeRequiredToFail,
    ]
}

/// A delegate that says which questions it may answer other than the default for a recognizer
/// (TraceReplay's `SceneDelegate`: in a scene that forwards nothing, only `shouldRecognizeSimultaneously`).
/// The recognizer asks when the delegate is set; a delegate whose set changes while it is a
/// recognizer's delegate calls `delegateQuestionsDidChange()` on it.
package protocol DeclaresDelegateQuestions: GestureRecognizerDelegate {
    func questions(answeredFor recognizer: GestureRecognizer) -> DelegateQuestions
}
