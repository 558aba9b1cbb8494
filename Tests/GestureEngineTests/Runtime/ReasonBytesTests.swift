@testable import GestureEngine
import Testing

/// A recognizer's reason buffer (`ReasonBytes`) and the reasons read from it in place
/// (`TransitionReport.withReasonUTF8`), which the output writers copy: the same text as `reason`.
@Suite("Reasons held as bytes")
struct ReasonBytesTests {
    @Test("a shorter reason reusing the buffer reads as itself; cleared reads as none")
    func reuse() {
        var held = ReasonBytes()
        #expect(held.string == nil && !held.isSet)
        #expect(held.withUTF8 { $0 == nil })
        for text in ["a long reason that grows the buffer past its first size", "short", "", "ünïcode ✓"] {
            Array(text.utf8).withUnsafeBufferPointer { held.set($0) }
            #expect(held.string == text)
            #expect(held.withUTF8 { $0.map { String(decoding: $0, as: UTF8.self) } } == text)
        }
        held.clear()
        #expect(held.string == nil && !held.isSet)
    }

    /// Fails each attempt differently: a long reason, a short one, a `String`, none given, a cancel.
    final class Varied: GestureRecognizer {
        var attempt = 0
        override var kind: String { "varied" }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            attempt += 1
            switch attempt {
            case 1: fail("moved \(short: 46.25) pt > allowableMovement \(short: 45) pt after \(attempt) attempt, a long reason")
            case 2: fail("short")
            case 3: fail(String(repeating: "s", count: 300))  // past the inline bytes
            case 4: state = .failed
            default: state = .began
            }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .cancelled }
    }

    final class Reader: GestureEnvironmentObserver {
        var reasons: [String?] = []
        var inPlace: [String?] = []
        func environment(_ environment: GestureEnvironment, didTransition report: borrowing TransitionReport) {
            reasons.append(report.reason)
            inPlace.append(report.withReasonUTF8 { $0.map { String(decoding: $0, as: UTF8.self) } })
        }
    }

    @Test("each report's reason in place is its reason, attempt after attempt")
    func reportsInPlace() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        root.addGestureRecognizer(Varied(name: "v"))
        let environment = GestureEnvironment(rootView: root)
        let reader = Reader()
        environment.observer = reader
        for k in 0..<5 {
            let t = Double(k)
            environment.send([TouchChange(id: k + 1, phase: .began, location: Point(x: 10, y: 10))], at: t)
            environment.send([TouchChange(id: k + 1, phase: .ended, location: Point(x: 10, y: 10))], at: t + 0.1)
        }
        environment.finish()
        let expected: [String?] = [
            "moved 46.3 pt > allowableMovement 45 pt after 1 attempt, a long reason", "short",
            String(repeating: "s", count: 300), "varied 'v' set failed (no reason given)", nil, "cancelled by the recognizer",
        ]
        #expect(reader.reasons == expected)
        #expect(reader.inPlace == reader.reasons)
    }
}
