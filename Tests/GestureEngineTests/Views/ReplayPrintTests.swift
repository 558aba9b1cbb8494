import GestureEngine
import GestureTesting
import Testing

/// `replayPrint(_:)`: what user code prints reaches the environment's observer, at the trace time,
/// attributed to the view, recognizer or environment that printed it.
@Suite("replayPrint: user code prints into the replay")
struct ReplayPrintTests {
    /// A view printing as the lecture's do.
    final class PrintingView: View {
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            replayPrint("began \(touches.first!.id)")
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            scheduledTimer(withTimeInterval: 0.25) { _ in self.replayPrint("later") }
        }
    }

    /// A recognizer printing when it fails.
    final class PrintingRecognizer: GestureRecognizer {
        override var kind: String { "printing" }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            replayPrint("lifted")
            fail("done")
        }
    }

    static func describe(_ m: ReplayMessage) -> String {
        let from: String
        switch m.source {
        case .view(let v): from = "view \(v.name)"
        case .recognizer(let r): from = "recognizer \(r.name)"
        case .environment: from = "environment"
        }
        return "\(m.time) \(from): \(m.text)"
    }

    @Test("views, recognizers and the environment print at the current trace time, a timer's at its deadline")
    func messagesReachTheObserver() {
        let view = PrintingView(name: "lecture", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let h = GestureHarness()
        h.root.addSubview(view)
        h.add(PrintingRecognizer(name: "p"), to: view)
        h.environment.replayPrint("start")
        h.send(0.1, (1, .began, 50, 50))
        h.send(0.2, (1, .ended, 50, 50))
        h.finish()
        #expect(
            h.recorder.messages.map(Self.describe) == [
                "0.0 environment: start", "0.1 view lecture: began 1", "0.2 recognizer p: lifted", "0.45 view lecture: later",
            ])
        #expect(h.recorder.messages.first?.sourceName == nil)
        #expect(h.recorder.messages.last?.sourceName == "lecture")
    }

    @Test("a recognizer attached in a replaying tree prints before its first touch; code outside a replay prints nothing")
    func outsideAReplay() {
        let h = GestureHarness()
        let r = h.add(PrintingRecognizer(name: "early"))
        r.replayPrint("attached")
        View(name: "loose", frame: .zero).replayPrint("nowhere")
        PrintingRecognizer(name: "loose").replayPrint("nowhere")
        #expect(h.recorder.messages.map(Self.describe) == ["0.0 recognizer early: attached"])
    }

    /// An observer written before messages existed: it implements one method.
    final class TransitionsOnly: GestureEnvironmentObserver {
        var count = 0
        func environment(_ environment: GestureEnvironment, didTransition transition: Transition) { count += 1 }
    }

    @Test("an observer without didPrint compiles and ignores messages (the default is empty)")
    func observerDefault() {
        let root = View(unboundedNamed: "root")
        let env = GestureEnvironment(rootView: root)
        let observer = TransitionsOnly()
        env.observer = observer
        env.replayPrint("ignored")
        root.replayPrint("ignored too")
        #expect(observer.count == 0)
        // The default implementation is the one the protocol dispatches to.
        (observer as any GestureEnvironmentObserver).environment(
            env, didPrint: ReplayMessage(time: 0, source: .environment, text: "x"))
        #expect(observer.count == 0)
    }
}
