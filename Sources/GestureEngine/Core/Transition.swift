/// One state transition of one recognizer: the engine's output.
public struct Transition {
    /// When it happened, seconds (trace time; a timer's own deadline for timer-driven transitions).
    public var time: Double
    /// The recognizer that changed state.
    public var recognizer: GestureRecognizer
    /// The state before.
    public var previous: GestureRecognizerState
    /// The state after.
    public var state: GestureRecognizerState
    /// Derived values at the moment of the transition.
    public var values: GestureValues
    /// For `failed` (and engine-forced `cancelled`): why, in words.
    public var reason: String?
}

/// A problem the engine noticed and handled without crashing (a coerced transition, a touch it did not know).
public struct EngineDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// No longer reported: an illegal request is coerced (`coercedTransition`). Kept so that
        /// code naming it still compiles.
        case illegalTransition
        /// A recognizer asked for a state UIKit does not allow from its current one: UIKit's state
        /// was applied instead, or the request was ignored after a terminal state, as
        /// `-[UIGestureRecognizer setState:]` does. The message names the request and what was applied.
        case coercedTransition
        /// A change named a touch that is not down (or a `began` for one that is); it was ignored.
        case unknownTouch
        /// A touch was still down when the trace ended; it was cancelled.
        case touchStillDown
        /// Time went backwards, or a timer kept re-arming itself; the step was skipped.
        case invalidTime
        /// A scroll view's configuration or motion was outside what UIKit's rules cover (a
        /// deceleration rate outside (0, 1), a scroll view inside a scroll view, a motion cut at its
        /// frame bound); the behaviour the message names was applied.
        case scrollView
    }
    public var kind: Kind
    /// When, seconds (trace time).
    public var time: Double
    /// Which recognizer, when it concerns one.
    public var recognizer: String?
    /// The message, in words.
    public var message: String

    public var description: String { message }
}

/// A touch message to a view, under UIKit's delivery rules (`cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`).
public struct ViewDelivery {
    public enum Kind: String, Sendable {
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    }
    /// When the view receives it, seconds (trace time).
    public var time: Double
    /// The receiving view.
    public var view: View
    public var kind: Kind
    public var touch: Touch
    /// The touch's `tapCount` when the view received the message (it becomes 0 at the lift of a
    /// touch that was not a tap, so a message held back and read later would see the new value).
    public var tapCount: Int
}
