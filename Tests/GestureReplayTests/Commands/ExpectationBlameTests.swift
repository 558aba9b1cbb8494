import Foundation
import Testing

/// Issue 15, item 12: an expectation on a value the recognizer never reported because it failed
/// (or was prevented) blames that failure, with its transition and reason, not a typo.
@Suite("Expectation failures blame the real cause")
struct ExpectationBlameTests {
    static let events = """
        [{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 300},
         {"t": 0.02, "id": 1, "phase": "moved", "x": 101, "y": 290},
         {"t": 0.04, "id": 1, "phase": "moved", "x": 101, "y": 200},
         {"t": 0.06, "id": 1, "phase": "ended", "x": 101, "y": 100}]
        """

    static func trace(_ recognizers: String, _ expect: String) -> String {
        #"{"scene": {"recognizers": \#(recognizers)}, "expect": \#(expect), "events": \#(events)}"#
    }

    @Test("a swipe that failed: the failure and its reason, not 'never reports direction'")
    func failedSwipe() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(
            "t.json",
            Self.trace(
                #"[{"name": "swipeDown", "kind": "swipe", "direction": "down"}]"#,
                #"[{"recognizer": "swipeDown", "direction": "down"}]"#))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        #expect(
            r.stdout.contains("got: swipeDown never reports direction: it never recognized; it failed at 0.020 s, before reporting it"),
            "\(r)")
        #expect(r.stdout.contains("  swipeDown  swipe  possible -> failed "), "\(r)")
        #expect(r.stdout.contains("reason: touch 1 moved"), "the failure's reason is shown: \(r)")
    }

    @Test("a swipe prevented by another recognizer: the prevention is shown")
    func preventedSwipe() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(
            "t.json",
            Self.trace(
                #"[{"name": "swipeUp", "kind": "swipe", "direction": "up", "requireToFail": ["drag"]}, {"name": "drag", "kind": "pan"}]"#,
                #"[{"recognizer": "swipeUp", "direction": "up"}]"#))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("got: swipeUp never reports direction: it never recognized;"), "\(r)")
        #expect(r.stdout.contains("reason: required recognizer 'drag'"), "\(r)")
    }

    @Test("a value a recognizer that did recognize never reports is still a typo, listing what it reports")
    func typoStillATypo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write(
            "t.json",
            Self.trace(
                #"[{"name": "swipeUp", "kind": "swipe", "direction": "up"}]"#,
                #"[{"recognizer": "swipeUp", "scale": 1}]"#))
        let r = try BinaryRunner.run(["check", "t.json"], in: dir.url)
        #expect(r.stdout.contains("got: swipeUp never reports scale (its transitions report: "), "\(r)")
    }
}
