import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading

/// How `replayPrint(_:)` messages are written: docs/output-format.md's `message` lines, escaping,
/// and the output filters' rule for them.
@Suite("replayPrint messages in the text and JSON Lines output")
struct ReplayMessageOutputTests {
    static var view: View { View(name: "lecture", frame: .zero) }
    static var recognizer: GestureRecognizer { TapGestureRecognizer(name: "tap") }

    static func render<R: ReplayRenderer>(_ renderer: R, _ messages: [ReplayMessage]) -> String {
        var renderer = renderer
        var out = OutputBuffer(fileDescriptor: nil)
        for m in messages { renderer.message(m, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static var sample: [ReplayMessage] {
        [
            ReplayMessage(time: 0.38, source: .view(view), text: "Single tap!"),
            ReplayMessage(time: 1234.5, source: .recognizer(recognizer), text: "wiggles: 3"),
            ReplayMessage(time: 0, source: .environment, text: ""),
        ]
    }

    @Test("text: the time column, then view NAME:, recognizer NAME: or message:, then the text")
    func text() {
        #expect(
            Self.render(TextRenderer(nameWidth: 3, kindWidth: 3), Self.sample) == """
                   0.380  view lecture: Single tap!
                1234.500  recognizer tap: wiggles: 3
                   0.000  message: \n
                """)
    }

    @Test("JSON Lines: a message event with view or recognizer (neither from the environment) and text")
    func jsonLines() {
        #expect(
            Self.render(JSONLinesRenderer(), Self.sample) == """
                {"event":"message","t":0.38,"view":"lecture","text":"Single tap!"}
                {"event":"message","t":1234.5,"recognizer":"tap","text":"wiggles: 3"}
                {"event":"message","t":0,"text":""}\n
                """)
    }

    /// Newlines, tabs, a backslash, other control characters, quotes and non-ASCII text.
    static var awkward: [ReplayMessage] { [ReplayMessage(time: 1, source: .view(view), text: "a\nb\r\tc\\n \u{1}\u{7F}\u{1B} \"é☃\"")] }

    @Test("text: control characters and backslashes are escaped, so a message is one line that reads back")
    func textEscaping() {
        let text = Self.render(TextRenderer(nameWidth: 0, kindWidth: 0), Self.awkward)
        #expect(text == #"   1.000  view lecture: a\nb\r\tc\\n \u{01}\u{7F}\u{1B} "é☃""# + "\n")
        #expect(text.split(separator: "\n").count == 1)
    }

    @Test("JSON Lines: the text is a JSON string (RFC 8259 escapes), one line")
    func jsonEscaping() {
        let text = Self.render(JSONLinesRenderer(), Self.awkward)
        #expect(text == #"{"event":"message","t":1,"view":"lecture","text":"a\nb\r\tc\\n \u0001\u007f\u001b \"é☃\""}"# + "\n")
    }

    @Test("a renderer written before messages existed compiles and writes nothing for them")
    func rendererDefault() {
        struct Old: ReplayRenderer {
            mutating func begin(into out: inout OutputBuffer) {}
            mutating func transition(_ transition: Transition, into out: inout OutputBuffer) {}
            mutating func diagnostic(_ diagnostic: EngineDiagnostic, into out: inout OutputBuffer) {}
            mutating func touchEnded(_ record: TouchEndRecord, into out: inout OutputBuffer) {}
            mutating func viewDelivery(_ delivery: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer) {}
            mutating func end(into out: inout OutputBuffer) {}
        }
        #expect(Self.render(Old(), Self.sample) == "")
    }

    /// A recognizer that prints at each lift and then fails.
    final class Printing: GestureRecognizer {
        override var kind: String { "printing" }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            replayPrint("lifted")
            fail("done")
        }
    }

    /// A view that prints when a touch begins on it (its lift is cancelled: the tap recognizes).
    final class PrintingView: View {
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { replayPrint("view began") }
    }

    static let sceneText =
        #"{"views": [{"name": "v", "class": "PrintingView", "frame": [0, 0, 100, 100]}], "recognizers": [{"name": "p", "kind": "printing", "view": "v"}, {"name": "tap", "kind": "tap", "view": "v"}]"#

    /// One tap over a scene with a printing view, a printing recognizer and a tap recognizer.
    static func replay(_ configure: (inout ReplayOptions) -> Void) throws -> ReplayResult {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(kind: "printing", factory: { Printing(name: $0) })
        try catalog.register(viewClass: "PrintingView") { PrintingView(name: $0, frame: $1) }
        var options = ReplayOptions()
        options.scene.catalog = catalog
        configure(&options)
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(text: sceneText + "}")
        let trace = "t,id,phase,x,y\n0,1,began,50,50\n0.05,1,ended,50,50\n"
        return try Replayer.replay(
            .bytes(Array(trace.utf8), name: "tap.csv"), scene: options.scene.path == nil ? scene : nil, options: options)
    }

    @Test("in a replay: messages in order with the transitions; --states never hides them, --show hides other recognizers' only")
    func filters() throws {
        let all = try Self.replay { _ in }
        #expect(
            all.text == """
                   0.000  view v: view began
                   0.050  recognizer p: lifted
                   0.050  p    printing  possible -> failed     at (50.0, 50.0)  touches 1  reason: done
                   0.050  tap  tap       possible -> ended      at (50.0, 50.0)  touches 1  taps 1

                """)
        #expect(all.messages.map(\.text) == ["view began", "lifted"])
        let states = try Self.replay { $0.output.shownStates = [.ended] }
        #expect(
            states.text == """
                   0.000  view v: view began
                   0.050  recognizer p: lifted
                   0.050  tap  tap       possible -> ended      at (50.0, 50.0)  touches 1  taps 1

                """)
        let show = try Self.replay { $0.output.shownRecognizers = ["tap"] }
        #expect(
            show.text == """
                   0.000  view v: view began
                   0.050  tap  tap       possible -> ended      at (50.0, 50.0)  touches 1  taps 1

                """)
        let jsonl = try Self.replay {
            $0.output.format = .jsonl; $0.output.shownRecognizers = ["p"]
        }
        #expect(
            jsonl.text == """
                {"event":"replay","schema":2}
                {"event":"message","t":0,"view":"v","text":"view began"}
                {"event":"message","t":0.05,"recognizer":"p","text":"lifted"}
                {"event":"gesture","t":0.05,"recognizer":"p","kind":"printing","state":"failed","previous":"possible","location":{"x":50,"y":50},"touches":1,"reason":"done"}

                """)
    }

    @Test("expectations and --summary ignore messages")
    func expectationsAndSummary() throws {
        let result = try Self.replay { $0.output.summary = true }
        let report = try result.evaluate(
            Expectations(text: #"[{"recognizer": "tap", "state": "ended"}, {"recognizer": "p", "state": "failed"}]"#))
        #expect(report.passed)
        #expect(
            result.text.hasSuffix(
                """
                \nsummary:
                  p    printing  recognized 0  failed 1  cancelled 0  reasons: done (1)
                  tap  tap       recognized 1  failed 0  cancelled 0\n
                """))
    }

    @Test("a scene with expectations (the replay observes its transitions) prints the messages too")
    func withExpectations() throws {
        let folder = try TemporaryFolder()
        let scenePath = try folder.write(
            "printing.scene.json", Self.sceneText + #", "expect": [{"recognizer": "tap", "state": "ended"}]}"#)
        let result = try Self.replay { $0.scene.path = scenePath }
        #expect(result.expectations?.passed == true)
        #expect(result.messages.map(\.text) == ["view began", "lifted"])
        #expect(result.text.hasPrefix("   0.000  view v: view began\n   0.050  recognizer p: lifted\n"))
    }
}
