import GestureEngine
import TraceReading

/// The frame a replay loop is reading, row by row: its time and its rows as touch changes, sent to
/// the environment once complete (the next frame's first row has been read, or the trace ended).
/// Both loops of `Replayer` (rows read plainly, or on a thread of their own) go through it, so a
/// complete frame goes through the same steps in the same order: the time-unit probe sees its
/// time, the environment its changes, then the output is flushed if it is full.
///
/// A value the loop owns: a local function capturing the change list and the probe instead cost
/// run-time exclusivity checks (+200 instructions per event, callgrind).
struct PendingFrame {
    /// The frame's time, seconds.
    private(set) var time = 0.0
    /// Frames started so far (this one included).
    private(set) var count = 0
    /// The touch changes of the frame's rows, in row order.
    private var changes: [TouchChange] = []
    /// Warns once when the first frames' times look like the wrong unit.
    private var probe: TimeUnitProbe

    init(probe: TimeUnitProbe) {
        self.probe = probe
        changes.reserveCapacity(16)
    }

    /// Whether a row at `rowTime` starts a new frame (the first row does).
    @inline(__always)
    func isStarted(by rowTime: Double) -> Bool {
        count == 0 || rowTime != time
    }

    /// Sends the frame before, if any, and starts one at `time`.
    @inline(__always)
    mutating func start<R: ReplayRenderer>(
        at time: Double, _ environment: GestureEnvironment, _ sink: ReplayOutput<R>, _ warn: (Diagnostic) -> Void
    ) {
        if count > 0 {
            send(environment, sink, warn)
            // Element by element: `removeAll(keepingCapacity:)` goes through a generic
            // `replaceSubrange` (~40 instructions per frame) for the few changes of a frame.
            while !changes.isEmpty { changes.removeLast() }
        }
        self.time = time
        count &+= 1
    }

    /// A row of the frame.
    @inline(__always)
    mutating func append<R: ReplayRenderer>(_ touch: TouchID, _ phase: TouchPhase, _ location: Point, _ sink: ReplayOutput<R>) {
        changes.append(sink.touchChange(touch, phase, location, at: time))
    }

    /// The complete frame: the probe sees its time, the environment its changes.
    @inline(__always)
    mutating func send<R: ReplayRenderer>(_ environment: GestureEnvironment, _ sink: ReplayOutput<R>, _ warn: (Diagnostic) -> Void) {
        if _slowPath(probe.isOpen) { probe.add(time, warn) }
        environment.send(changes, at: time)
        sink.buffer.flushIfNeeded()
    }

    /// After the last frame was sent: the probe's verdict on a short trace, the environment's end
    /// (`ReplayOutput.finish`), and the warning for a trace whose every touch missed.
    mutating func finish<R: ReplayRenderer>(
        _ environment: GestureEnvironment, _ sink: ReplayOutput<R>, format: OutputFormat, path: String, _ warn: (Diagnostic) -> Void
    ) {
        probe.finish(warn)
        sink.finish(environment, format: format)
        if let missed = sink.missedEveryTouch(environment, path: path) { warn(missed) }
        sink.buffer.flushIfNeeded()
    }
}
