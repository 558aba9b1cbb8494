import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

@Suite("Renderer labels: cached per recognizer, made again after a rename")
struct RecognizerLabelTests {
    final class Custom: GestureRecognizer {
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { state = .ended }
    }

    /// A real transition of `r` (recognized at its first touch), to render again and again.
    static func transition(of r: GestureRecognizer) -> Transition {
        let root = View(unboundedNamed: "root")
        root.addGestureRecognizer(r)
        let env = GestureEnvironment(rootView: root)
        let recorder = TransitionRecorder()
        env.observer = recorder
        env.send([TouchChange(id: 1, phase: .began, location: Point(x: 1, y: 1))], at: 1)
        return recorder.transitions[0]
    }

    static func line(_ t: Transition, _ renderer: inout JSONLinesRenderer) -> String {
        var out = OutputBuffer(fileDescriptor: nil)
        renderer.transition(t, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func renameIsPrinted() {
        let r = Custom(name: "first")
        #expect(r.nameRevision == 0)
        var renderer = JSONLinesRenderer()
        let t = Self.transition(of: r)
        #expect(Self.line(t, &renderer).contains("\"recognizer\":\"first\""))
        r.name = "second"
        #expect(r.nameRevision == 1)
        #expect(Self.line(t, &renderer).contains("\"recognizer\":\"second\""))
        r.name += " and a longer name than fits a small string"
        #expect(Self.line(t, &renderer).contains("\"recognizer\":\"second and a longer name than fits a small string\""))
        // The same name set again still prints it (a new revision, the same text).
        r.name = "second"
        #expect(Self.line(t, &renderer).contains("\"recognizer\":\"second\""))
        #expect(Self.line(t, &renderer).contains("\"recognizer\":\"second\""))
    }

    @Test("recognizers taking turns (the last two labels are compared first): each line names its own, renames included")
    func recognizersTakingTurns() {
        let a = Custom(name: "a"), b = Custom(name: "b"), c = Custom(name: "c")
        let ta = Self.transition(of: a), tb = Self.transition(of: b), tc = Self.transition(of: c)
        var renderer = JSONLinesRenderer()
        func names(_ ts: [Transition]) -> [String] {
            ts.map { t in
                let line = Self.line(t, &renderer)
                return line.split(separator: "\"recognizer\":\"")[1].split(separator: "\"")[0].description
            }
        }
        #expect(names([ta, tb, ta, tb, tb, ta]) == ["a", "b", "a", "b", "b", "a"])
        b.name = "b2"
        #expect(names([ta, tb, ta, tb]) == ["a", "b2", "a", "b2"])
        // A third recognizer pushes the oldest of the two out; all three still print their names.
        #expect(names([tc, ta, tb, tc, tb, ta]) == ["c", "a", "b2", "c", "b2", "a"])
        a.name = "a2"
        #expect(names([tb, ta, tc, ta]) == ["b2", "a2", "c", "a2"])
    }

    @Test("a miss replaces the recent label used less recently; hits move nothing")
    func missReplacesTheLeastRecent() {
        let a = Custom(name: "a"), b = Custom(name: "b"), c = Custom(name: "c")
        var labels = RecognizerLabels()
        func look(_ r: GestureRecognizer) -> String {
            let bytes = labels.label(r) { name, _, out in out = Array(name.utf8) }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect([a, b, a, b, b, a].map(look) == ["a", "b", "a", "b", "b", "a"])
        #expect(labels.tableLookups == 2)
        // `a` was used last: `c` takes `b`'s place, so `a` is still there and `b` is looked up.
        #expect([c, a, b].map(look) == ["c", "a", "b"])
        #expect(labels.tableLookups == 4)
        // Now `b` and `a` (`c` went, used less recently than `a`).
        #expect([a, b, a].map(look) == ["a", "b", "a"])
        #expect(labels.tableLookups == 4)
    }

    /// A recognizer that counts how often its kind is read.
    final class CountedKind: GestureRecognizer {
        nonisolated(unsafe) static var reads = 0
        override var kind: String {
            Self.reads += 1
            return "counted"
        }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { state = .ended }
    }

    @Test("the kind is read when the label is made (first line, each rename), not per line")
    func kindReadOncePerName() {
        let r = CountedKind(name: "k")
        let t = Self.transition(of: r)
        var json = JSONLinesRenderer()
        var text = TextRenderer(nameWidth: 8, kindWidth: 8)
        var out = OutputBuffer(fileDescriptor: nil)
        CountedKind.reads = 0
        for _ in 0..<100 {
            json.transition(t, into: &out)
            text.transition(t, into: &out)
        }
        #expect(CountedKind.reads == 2)  // one label per renderer
        r.name = "k2"
        for _ in 0..<100 { json.transition(t, into: &out) }
        #expect(CountedKind.reads == 3)
        let printed = String(decoding: out.bytes, as: UTF8.self)
        #expect(printed.contains("\"kind\":\"counted\"") && printed.contains("\"recognizer\":\"k2\""))
    }

    @Test func textRendererFollowsARename() {
        let r = Custom(name: "a")
        var renderer = TextRenderer(nameWidth: 8, kindWidth: 8)
        var out = OutputBuffer(fileDescriptor: nil)
        let t = Self.transition(of: r)
        renderer.transition(t, into: &out)
        r.name = "renamed"
        renderer.transition(t, into: &out)
        let text = String(decoding: out.bytes, as: UTF8.self)
        #expect(text.contains("renamed"))
    }
}
