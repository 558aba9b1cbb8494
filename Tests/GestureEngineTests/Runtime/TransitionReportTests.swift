@testable import GestureEngine
import Testing

/// The observer's fast path (`TransitionReport`, read in place from one `GestureValues` the update
/// clears between reports) tells an observer what the plain path (`Transition`) tells it.
@Suite("TransitionReport")
struct TransitionReportTests {
    /// Keeps each report as a `Transition` and as text read during the call.
    final class ReportReader: GestureEnvironmentObserver {
        var transitions: [Transition] = []
        var lines: [String] = []

        func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
            lines.append(
                "\(report.recognizer.name) \(report.previous)->\(report.state) \(report.values.translation.map { "\($0)" } ?? "-") "
                    + "\(report.values.extra.map { "\($0.name)=\($0.value)" }) \(report.reason ?? "-")")
            transitions.append(report.transition)
        }
    }

    /// Reports an extra value on its first move only, then fails on the next with a reason.
    final class ExtraOnce: GestureRecognizer {
        var moves = 0
        override var kind: String { "extraOnce" }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { state = .began }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            moves += 1
            if moves == 2 { state = .cancelled } else { state = .changed }
        }
        override func fillValues(_ values: inout GestureValues) {
            super.fillValues(&values)
            if moves == 1 { values.extra.append((name: "first", value: .integer(1))) }
        }
        override func reset() { moves = 0 }
    }

    static func describe(_ t: Transition) -> String {
        let v = t.values
        return "\(t.time) \(t.recognizer.name) \(t.previous)->\(t.state) \(v.location) \(v.numberOfTouches) "
            + "\(String(describing: v.translation)) \(String(describing: v.velocity)) \(String(describing: v.scalarVelocity)) "
            + "\(String(describing: v.scale)) \(String(describing: v.rotation)) \(String(describing: v.direction)) "
            + "\(String(describing: v.selectionRect)) \(String(describing: v.taps)) \(v.extra.map { "\($0.name)=\($0.value)" }) "
            + "\(t.reason ?? "-")"
    }

    /// A pan, a tap and the extra-value recognizer on one view, a drag then a tap: several reports
    /// per update, with and without extra values and reasons.
    static func run(_ observer: GestureEnvironmentObserver) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        root.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        root.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        root.addGestureRecognizer(ExtraOnce(name: "extra"))
        let environment = GestureEnvironment(rootView: root)
        environment.observer = observer
        environment.send([TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 100))], at: 0)
        for i in 1...6 {
            environment.send([TouchChange(id: 1, phase: .moved, location: Point(x: 100 + Double(i) * 8, y: 100))], at: Double(i) * 0.016)
        }
        environment.send([TouchChange(id: 1, phase: .ended, location: Point(x: 148, y: 100))], at: 0.12)
        environment.send([TouchChange(id: 2, phase: .began, location: Point(x: 50, y: 50))], at: 1)
        environment.send([TouchChange(id: 2, phase: .ended, location: Point(x: 50, y: 50))], at: 1.05)
        environment.finish()
    }

    @Test("an observer reading reports hears what the Transition recorder hears, and nothing leaks between reports")
    func sameAsTransitions() {
        let recorder = TransitionRecorder()
        Self.run(recorder)
        let reader = ReportReader()
        Self.run(reader)
        #expect(recorder.transitions.count >= 8)
        #expect(reader.transitions.map(Self.describe) == recorder.transitions.map(Self.describe))
        // The extra value is reported with the first move only, and the cancellation's reason is read.
        #expect(reader.lines.filter { $0.contains("first=") }.count == 1)
        #expect(recorder.transitions.contains { $0.recognizer.name == "extra" && $0.state == .cancelled })
        // The pan's translation is not carried over to the reports after it.
        #expect(reader.lines.filter { $0.hasPrefix("tap ") }.allSatisfy { $0.contains(" - ") })
    }

    @Test("a cleared GestureValues equals a new one, field by field")
    func clearResetsEveryField() {
        var values = GestureValues()
        values.location = Point(x: 1, y: 2)
        values.numberOfTouches = 3
        values.translation = Vector(dx: 4, dy: 5)
        values.velocity = Vector(dx: 6, dy: 7)
        values.scalarVelocity = 8
        values.scale = 9
        values.rotation = 10
        values.direction = .left
        values.selectionRect = Rect(x: 1, y: 2, width: 3, height: 4)
        values.taps = 2
        values.extra = [(name: "n", value: .integer(1))]
        let fresh = Mirror(reflecting: GestureValues()).children.map { "\($0.label ?? "?")=\($0.value)" }
        let filled = Mirror(reflecting: values).children.map { "\($0.label ?? "?")=\($0.value)" }
        // Every field was set above (a new field must be added there and to `clear()`).
        #expect(zip(fresh, filled).allSatisfy { $0 != $1 })
        #expect(fresh.count == filled.count)
        values.clear()
        #expect(Mirror(reflecting: values).children.map { "\($0.label ?? "?")=\($0.value)" } == fresh)
    }
}
