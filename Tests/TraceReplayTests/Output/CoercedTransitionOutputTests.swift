import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

/// How a request that `-[UIGestureRecognizer setState:]` coerces appears in the output: the
/// examples of docs/output-format.md, byte for byte.
@Suite("Coerced state requests in the text and JSON Lines output")
struct CoercedTransitionOutputTests {
    /// The seed article's theme swipe: `began` at the first touch, `failed` when it turns out wrong.
    final class SeedThemeSwipe: GestureRecognizer {
        override var kind: String { "seedThemeSwipe" }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            if state == .possible { state = .began }
        }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { state = .changed }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            if numberOfTouches < 2 { fail("needs two fingers") } else { state = .ended }
        }
    }

    final class Sink<R: ReplayRenderer>: GestureEnvironmentObserver {
        var renderer: R
        var out = OutputBuffer(fileDescriptor: nil)
        init(_ renderer: R) { self.renderer = renderer }
        func environment(_ environment: GestureEnvironment, didTransition transition: Transition) {
            renderer.transition(transition, into: &out)
        }
        func environment(_ environment: GestureEnvironment, didReport diagnostic: EngineDiagnostic) {
            renderer.diagnostic(diagnostic, into: &out)
        }
        var text: String { String(decoding: out.bytes, as: UTF8.self) }
    }

    /// Replays one lone finger through the seed swipe and returns the last `count` lines.
    static func replay<R: ReplayRenderer>(_ renderer: R, last count: Int) -> [Substring] {
        let root = View(unboundedNamed: "root")
        root.addGestureRecognizer(SeedThemeSwipe(name: "themeSwitch"))
        let env = GestureEnvironment(rootView: root)
        let sink = Sink(renderer)
        env.observer = sink
        env.send([TouchChange(id: 1, phase: .began, location: Point(x: 150, y: 600))], at: 0)
        env.send([TouchChange(id: 1, phase: .moved, location: Point(x: 150, y: 560))], at: 0.05)
        env.send([TouchChange(id: 1, phase: .ended, location: Point(x: 150, y: 520))], at: 0.1)
        env.finish()
        return Array(sink.text.split(separator: "\n").suffix(count))
    }

    @Test("setState: text: a note naming the request, then the transition UIKit applies")
    func setState_coercionInText() {
        let lines = Self.replay(TextRenderer(nameWidth: 11, kindWidth: 14), last: 2)
        #expect(
            lines == [
                "   0.100  note: seedThemeSwipe 'themeSwitch' requested failed in state changed; applied cancelled, as UIKit's setState: does",
                "   0.100  themeSwitch  seedThemeSwipe  changed -> cancelled   at (150.0, 520.0)  touches 1  reason: needs two fingers",
            ])
    }

    @Test("setState: JSON Lines: a coercedTransition diagnostic, then the gesture line")
    func setState_coercionInJSONLines() {
        let lines = Self.replay(JSONLinesRenderer(), last: 2)
        #expect(
            lines.first
                == #"{"event":"diagnostic","t":0.1,"kind":"coercedTransition","recognizer":"themeSwitch","message":"seedThemeSwipe 'themeSwitch' requested failed in state changed; applied cancelled, as UIKit's setState: does"}"#
        )
        #expect(
            lines.last?.hasPrefix(
                #"{"event":"gesture","t":0.1,"recognizer":"themeSwitch","kind":"seedThemeSwipe","state":"cancelled","previous":"changed""#)
                == true)
    }
}
