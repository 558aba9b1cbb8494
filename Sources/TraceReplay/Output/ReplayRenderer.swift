import GestureEngine
import TraceReading

/// How a touch identifier from the trace is printed: as it was written (integer or string).
public enum TouchLabel: Hashable, Sendable {
    case integer(Int64)
    case text(String)
}

/// A touch that ended or was cancelled, with its release velocity (pt/s; nil when the estimator has none).
public struct TouchEndRecord {
    public var time: Double
    public var touch: TouchLabel
    public var phase: TouchPhase
    public var location: Point
    public var velocity: Vector?
    /// `Touch.tapCount`: the touch's place in a quick succession of taps (1 for a first touch).
    public var tapCount: Int = 1
}

/// Turns the engine's output into bytes of one output format. One renderer per format, one file each.
public protocol ReplayRenderer {
    /// Once, before anything else.
    mutating func begin(into out: inout OutputBuffer)
    /// A recognizer's state transition.
    mutating func transition(_ transition: Transition, into out: inout OutputBuffer)
    /// A recognizer's state transition, read in place (the engine's fast path: no `Transition`
    /// built). The default builds the `Transition` and renders it with `transition(_:into:)`; a
    /// renderer that writes the fields without keeping them implements this one too.
    mutating func transition(_ report: borrowing TransitionReport, into out: inout OutputBuffer)
    /// A problem the engine handled (an illegal transition, a touch still down at the end).
    mutating func diagnostic(_ diagnostic: EngineDiagnostic, into out: inout OutputBuffer)
    /// A touch lifted or was cancelled (only with `--touches`).
    mutating func touchEnded(_ record: TouchEndRecord, into out: inout OutputBuffer)
    /// A view received a touch message (only with `--views`).
    mutating func viewDelivery(_ delivery: ViewDelivery, touch: TouchLabel, into out: inout OutputBuffer)
    /// User code printed a line with `replayPrint(_:)`. The default writes nothing, so a renderer
    /// written before messages existed still compiles (it leaves them out).
    mutating func message(_ message: ReplayMessage, into out: inout OutputBuffer)
    /// A control sent a control event (`Control`, `Button`). The default writes nothing.
    mutating func controlEvent(_ report: ControlEventReport, into out: inout OutputBuffer)
    /// A scroll view's content offset changed or came to rest (`ScrollView`). The default writes nothing.
    mutating func scroll(_ report: ScrollReport, into out: inout OutputBuffer)
    /// Once, after everything.
    mutating func end(into out: inout OutputBuffer)
}

extension ReplayRenderer {
    public mutating func transition(_ report: borrowing TransitionReport, into out: inout OutputBuffer) {
        transition(report.transition, into: &out)
    }
    public mutating func message(_ message: ReplayMessage, into out: inout OutputBuffer) {}
    public mutating func controlEvent(_ report: ControlEventReport, into out: inout OutputBuffer) {}
    public mutating func scroll(_ report: ScrollReport, into out: inout OutputBuffer) {}
}

/// The output formats, as named by `--format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned lines for people (the default, and the golden-file format).
    case text
    /// One JSON object per line (`docs/output-format.md`).
    case jsonl
}

extension OutputBuffer {
    /// Appends a touch label: an integer as a number, a string as a JSON string.
    mutating func appendJSON(_ label: TouchLabel) {
        switch label {
        case .integer(let v): append(Int(truncatingIfNeeded: v))
        case .text(let s): appendJSONString(s)
        }
    }

    /// Appends a touch label for people: integers bare, strings as written, control characters
    /// escaped (`TerminalSafe`).
    mutating func appendPlain(_ label: TouchLabel) {
        switch label {
        case .integer(let v): append(Int(truncatingIfNeeded: v))
        case .text(let s): appendTerminalSafe(s)
        }
    }
}
