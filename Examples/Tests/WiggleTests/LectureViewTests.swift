import GestureEngine
import Testing
import TraceReplay
import Wiggle

/// The lecture's two views (Sources/Wiggle/LectureViews.swift), replayed as a user would: the
/// traces of Traces/lecture/ over their scenes, with the package's catalog, reading what the views
/// printed with `replayPrint` and when.
@Suite("The lecture's single and double tap in a view")
struct LectureViewTests {
    /// `Examples/Traces/lecture/<name>`.
    static func path(_ name: String) -> String {
        var dir = String(#filePath)
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/Traces/lecture/" + name
    }

    /// What `<attempt>-attempt` printed over `<attempt>-attempt-<trace>.csv`, as `time text`.
    static func printed(_ attempt: String, _ trace: String) throws -> [String] {
        var options = ReplayOptions()
        options.scene.catalog = .examples
        options.scene.path = path("\(attempt)-attempt.scene.json")
        let result = try Replayer.replay(.path(path("\(attempt)-attempt-\(trace).csv")), options: options)
        return result.messages.map { "\($0.sourceName ?? "?") \($0.time) \($0.text)" }
    }

    @Test("first attempt: a double tap prints Single tap! at the first lift, then Double tap!")
    func firstAttempt() throws {
        #expect(try Self.printed("first", "single-tap") == ["lecture 0.08 Single tap!"])
        #expect(try Self.printed("first", "double-tap") == ["lecture 0.08 Single tap!", "lecture 0.33 Double tap!"])
        #expect(try Self.printed("first", "triple-tap") == ["lecture 0.08 Single tap!", "lecture 0.33 Double tap!"])
    }

    @Test("second attempt: Single tap! only when the 0.3 s timer fires, never for a double or triple tap")
    func secondAttempt() throws {
        #expect(try Self.printed("second", "single-tap") == ["lecture 0.38 Single tap!"])
        #expect(try Self.printed("second", "double-tap") == ["lecture 0.33 Double tap!"])
        #expect(try Self.printed("second", "triple-tap") == ["lecture 0.33 Double tap!"])
    }

    @Test("the package's catalog has the wiggle kind and both view classes")
    func catalog() throws {
        #expect(RecognizerCatalog.examples.viewClassNames == ["View", "FirstAttemptView", "SecondAttemptView"])
        #expect(RecognizerCatalog.examples.kindNames.contains("wiggle"))
        #expect(try RecognizerCatalog.examples.makeView(viewClass: "SecondAttemptView", name: "v", frame: .zero) is SecondAttemptView)
    }
}
