/// Receives the engine's output as it happens. Every method has an empty default.
public protocol GestureEnvironmentObserver: AnyObject {
    /// A recognizer changed state.
    func environment(_ environment: GestureEnvironment, didTransition transition: Transition)
    /// A recognizer changed state: the form the engine calls, with the transition read in place
    /// (`TransitionReport`, borrowed for the call). The default builds the `Transition` and calls
    /// `environment(_:didTransition:)` with it; an observer that only reads the fields during the
    /// call implements this one instead and saves building, retaining and destroying a record per
    /// transition.
    func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport)
    /// The engine noticed a problem and handled it.
    func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic)
    /// A view received a touch message (only when `deliversTouchesToViews` is on).
    func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery)
    /// A touch ended or was cancelled (after the recognizers saw it).
    func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch)
    /// User code printed a line with `replayPrint(_:)` (a view, a recognizer, the environment).
    func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage)
    /// A control sent a control event (`Control`, `Button`).
    func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport)
    /// A scroll view's content offset changed, or its content came to rest (`ScrollView`).
    func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport)
}

extension GestureEnvironmentObserver {
    public func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {}
    public func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
        self.environment(environment, didTransition: report.transition)
    }
    public func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {}
    public func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {}
    public func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {}
    public func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage) {}
    public func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport) {}
    public func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport) {}
}

/// An observer that keeps everything it is told: handy in tests of custom recognizers.
public final class TransitionRecorder: GestureEnvironmentObserver {
    public private(set) var transitions: [Transition] = []
    public private(set) var diagnostics: [EngineDiagnostic] = []
    public private(set) var deliveries: [ViewDelivery] = []
    public private(set) var endedTouches: [(time: Double, id: Int, phase: TouchPhase)] = []
    /// What user code printed with `replayPrint(_:)`, in order.
    public private(set) var messages: [ReplayMessage] = []
    /// The control events sent, in order.
    public private(set) var controlEvents: [ControlEventReport] = []
    /// The content offsets reported by scroll views, in order.
    public private(set) var scrolls: [ScrollReport] = []

    public init() {}

    /// The states the recognizer called `name` went through, in order (one per transition).
    public func states(of name: String) -> [GestureRecognizerState] {
        transitions.filter { $0.recognizer.name == name }.map(\.state)
    }

    /// The transitions of the recognizer called `name`.
    public func transitions(of name: String) -> [Transition] {
        transitions.filter { $0.recognizer.name == name }
    }

    public func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {
        transitions.append(transition)
    }
    public func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
        diagnostics.append(diagnostic)
    }
    public func environment(_ environment: GestureEnvironment, didDeliver delivery: ViewDelivery) {
        deliveries.append(delivery)
    }
    public func environment(_ environment: GestureEnvironment, touchDidEnd touch: Touch) {
        endedTouches.append((touch.timestamp, touch.id, touch.phase))
    }
    public func environment(_ environment: GestureEnvironment, didPrint message: ReplayMessage) {
        messages.append(message)
    }
    public func environment(_ environment: GestureEnvironment, didSendControlEvent report: ControlEventReport) {
        controlEvents.append(report)
    }
    public func environment(_ environment: GestureEnvironment, didScroll report: ScrollReport) {
        scrolls.append(report)
    }
}
