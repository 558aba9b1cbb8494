import GestureEngine
import TraceReading

/// Watches a replay beside its output: `gesturereplay check`/`test` use it to check a trace's
/// expectations against the transitions it produces.
public protocol ReplayObserver: AnyObject {
    /// Once, after the trace's header and its scene are read and before the first event. Throwing
    /// stops the replay with that error.
    func replayWillStart(_ start: ReplayStart) throws(TraceError)
    /// Read after `replayWillStart`: whether to receive the transitions at all.
    var observesTransitions: Bool { get }
    /// Every transition, after it was rendered (only if `observesTransitions`).
    func replay(didTransition transition: Transition)
    /// Every engine note (an illegal transition, a touch still down at the end), after it was
    /// rendered (only if `observesTransitions`). Does nothing unless implemented.
    func replay(didReport note: EngineDiagnostic)
    /// Every control event (`UIControl.Event` sent by a control), after it was rendered (only if
    /// `observesTransitions`). Does nothing unless implemented.
    func replay(didSendControlEvent report: ControlEventReport)
    /// Every change of a scroll view's content offset, after it was rendered (only if
    /// `observesTransitions`). Does nothing unless implemented.
    func replay(didScroll report: ScrollReport)
}

extension ReplayObserver {
    public func replay(didReport note: EngineDiagnostic) {}
    public func replay(didSendControlEvent report: ControlEventReport) {}
    public func replay(didScroll report: ScrollReport) {}
}

/// What a `ReplayObserver` learns before the first event.
public struct ReplayStart {
    /// The scene the trace runs in (after `--recognizers`).
    public var scene: Scene
    /// The trace's own top-level `expect` member (JSON traces only).
    public var traceExpect: JSONValue?
    /// The scene's `expect` member (the trace's `scene` or the `--scene` file).
    public var sceneExpect: JSONValue?
}
