/// A line of text that user code (a `View` subclass, a custom recognizer, a handler) printed into
/// the replay with `replayPrint(_:)`, at the trace time it was printed. The command line renders it
/// in order with the transitions (docs/output-format.md, "message").
public struct ReplayMessage {
    /// Who printed it.
    public enum Source {
        /// A view's `replayPrint(_:)` (the view's name is printed).
        case view(View)
        /// A recognizer's `replayPrint(_:)` (the recognizer's name is printed).
        case recognizer(GestureRecognizer)
        /// `GestureEnvironment.replayPrint(_:)` itself (a handler, a delegate, a test).
        case environment
    }

    /// The trace time, seconds: the current event's, or the deadline of the timer that is firing.
    public var time: Double
    public var source: Source
    /// The text as given (the renderers escape what would break their line format).
    public var text: String

    public init(time: Double, source: Source, text: String) {
        self.time = time
        self.source = source
        self.text = text
    }

    /// The name of the view or recognizer that printed it (nil for the environment).
    public var sourceName: String? {
        switch source {
        case .view(let v): v.name
        case .recognizer(let r): r.name
        case .environment: nil
        }
    }
}

extension GestureEnvironment {
    /// Prints `text` into the replay's output at the current trace time, as `print(_:)` would print
    /// it on a device: the observer hears of it (`environment(_:didPrint:)`), and `gesturereplay`
    /// writes it in order with the transitions (a `message` line). Called from user code only: a
    /// replay whose code never prints pays nothing for it.
    public func replayPrint(_ text: String) {
        emit(ReplayMessage(time: currentTime, source: .environment, text: text))
    }

    func emit(_ message: ReplayMessage) {
        observer?.environment(self, didPrint: message)
    }
}

extension View {
    /// Prints `text` into the replay's output at the current trace time, attributed to this view
    /// (`view NAME: text`): the lecture's `print("Single tap!")` is `replayPrint("Single tap!")`.
    /// A view outside any replaying environment prints nothing.
    public func replayPrint(_ text: String) {
        guard let environment else { return }
        environment.emit(ReplayMessage(time: environment.currentTime, source: .view(self), text: text))
    }
}

extension GestureRecognizer {
    /// Prints `text` into the replay's output at the current trace time, attributed to this
    /// recognizer (`recognizer NAME: text`). A recognizer neither attached to a view of a replaying
    /// environment nor delivered a touch yet prints nothing.
    public func replayPrint(_ text: String) {
        guard let environment = hostingEnvironment else { return }
        environment.emit(ReplayMessage(time: environment.currentTime, source: .recognizer(self), text: text))
    }
}
