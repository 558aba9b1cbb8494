#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import TraceReplay

/// The replay of an input that can stall (a pipe, terminal, socket or FIFO): frames are completed
/// when the input goes idle, output is written before every wait, and with `--live` the timers
/// fire on the wall clock (docs/live.md). Regular files never come here: `Replayer` reads them as
/// it always did.
///
/// The rows are grouped into frames as `FrameAssembler` groups them (same checks, same messages),
/// pushed rather than pulled: the open frame is delivered when a row with a later time arrives,
/// when the input ends, or from inside the wait for the next bytes (`LiveWaiter`), once nothing
/// arrived for the idle time (or, under `--live`, a timer falls due). A frame completed on idle
/// replays exactly as it would at the end of the input; a later row with the same timestamp then
/// starts a new frame with that timestamp.
public enum LiveReplay {
    /// Replays `input` as `gesturereplay` does: an input that can stall (standard input or a pipe,
    /// terminal, socket or FIFO, with no `reading.sortsByTime` or `reading.detectsTimeUnit`) live,
    /// rows replayed as they arrive (with `liveInput.live`, timers on the wall clock); any other
    /// input with ``Replayer/run(_:options:output:warn:observer:)`` (a warning says when
    /// `liveInput.live` is set for an input that is not live). With an `observer` the input is never
    /// read live.
    public static func replay(
        _ input: TraceInput, options: ReplayOptions, output: inout OutputBuffer,
        warn: @escaping (Diagnostic) -> Void = { _ in },
        observer: ReplayObserver? = nil
    ) throws(TraceError) {
        // A pipe, terminal, socket or FIFO (docs/live.md); files take the path below.
        if observer == nil, case .path(let path) = input, applies(path, options) {
            try run(path, options, output: &output, warn: warn)
            return
        }
        var options = options
        if options.liveInput.live {
            warnNotLive(input.name, warn)
            options.liveInput.live = false
        }
        try Replayer.run(input, options: options, output: &output, warn: warn, observer: observer)
    }

    /// Whether `options` read the trace at `path` live: it can stall (standard input or a path that
    /// is a pipe, FIFO, socket or terminal) and nothing reads ahead (`--sort`, `--time-unit auto`).
    static func applies(_ path: String, _ options: ReplayOptions) -> Bool {
        guard !options.reading.sortsByTime, !options.reading.detectsTimeUnit else { return false }
        if path == "-" { return LiveWaiter.canStall(0) }
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        if type == S_IFCHR {
            // A terminal (`/dev/pts/N`), not `/dev/null` or `/dev/zero`.
            let fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            return isatty(fd) != 0
        }
        return type == S_IFIFO || type == S_IFSOCK
    }

    /// `--live` on an input that is not live (a regular file, or with `--sort`/`--time-unit auto`
    /// from a `NAME.args` file): said once, never ignored silently.
    static func warnNotLive(_ name: String, _ warn: (Diagnostic) -> Void) {
        warn(
            .warning(
                "\(option: .live) applies to pipes, terminals, sockets and FIFOs; '\(name)' is not one and is replayed at full speed",
                at: nil))
    }

    /// Replays the trace at `path` live into `output`.
    static func run(
        _ path: String, _ options: ReplayOptions, output: inout OutputBuffer, warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        let source = try ByteSource(path: path)
        let waiter = LiveWaiter(idleTime: options.liveInput.idleFlush > 0 ? options.liveInput.idleFlush : 0.05)
        source.waiter = waiter
        var format = options.reading.inputFormat
        if format == nil && path != "-" { format = TraceFormat(pathExtensionOf: path) }
        let reader: AnyTraceReader
        do {
            reader = try AnyTraceReader(
                source: source, format: format, timeUnit: options.reading.timeUnit, recording: options.recordingOptions, warn: warn)
        } catch {
            // A signal before the first complete line (nothing to sniff): the replay ends quietly.
            if waiter.stoppedBySignal && error.category == .invalidTrace { return }
            throw error
        }
        let run = try Replayer.prepare(reader, scene: nil, options, warn: warn, observer: nil)
        switch options.output.format {
        case .text:
            let sink = ReplayOutput(renderer: TextRenderer(scene: run.scene), buffer: output, touchIDs: run.touchIDs, options: options)
            try session(reader, waiter, run, sink, options, &output, warn)
        case .jsonl:
            let sink = ReplayOutput(renderer: JSONLinesRenderer(), buffer: output, touchIDs: run.touchIDs, options: options)
            try session(reader, waiter, run, sink, options, &output, warn)
        }
        withExtendedLifetime(run.scene) {}
        withExtendedLifetime(source) {}
    }

    private static func session<R: ReplayRenderer>(
        _ reader: AnyTraceReader, _ waiter: LiveWaiter, _ run: Replayer.Prepared, _ sink: ReplayOutput<R>,
        _ options: ReplayOptions, _ output: inout OutputBuffer, _ warn: @escaping (Diagnostic) -> Void
    ) throws(TraceError) {
        sink.filter = run.filter
        sink.summary = run.summary
        // The sink owns the buffer while the replay runs; it is handed back at the end, also on error.
        output = OutputBuffer(fileDescriptor: nil)
        defer { output = sink.buffer }
        let session = LiveSession(
            reader: reader, waiter: waiter, environment: run.environment, sink: sink, options: options, warn: warn)
        waiter.delegate = session
        defer { waiter.delegate = nil }
        run.environment.observer = sink
        OutputFilter.configure(
            run.environment, scene: run.scene, filter: run.filter, soleListener: run.summary == nil && run.observer == nil)
        defer { run.environment.observer = nil }
        try session.run(stopped: { waiter.stopped })
    }
}

/// One live replay's state: the open frame, the time checks, the wall-clock mapping.
final class LiveSession<R: ReplayRenderer>: LiveWaiterDelegate {
    let reader: AnyTraceReader
    unowned let waiter: LiveWaiter
    let environment: GestureEnvironment
    let sink: ReplayOutput<R>
    let options: ReplayOptions
    let warn: (Diagnostic) -> Void
    // Each access is short and none reaches back here (the waiter calls `wake` from inside
    // `reader.next()`, when no access of `nextRow` or `run` is in progress): no run-time
    // exclusivity check per row (docs/engine.md, "Cost").
    @exclusivity(unchecked) private var validator: TraceSequenceValidator
    /// The rows of the frame not yet delivered, and their time.
    @exclusivity(unchecked) private var open: [TraceRow] = []
    @exclusivity(unchecked) private var openTime = 0.0
    @exclusivity(unchecked) private var changes: [TouchChange] = []
    @exclusivity(unchecked) private var frameCount = 0
    @exclusivity(unchecked) private var probe: TimeUnitProbe
    // Time checks (as `FrameAssembler`), and `--live --lenient`'s shift after a clock reset.
    @exclusivity(unchecked) private var timeOrder = TimeOrder()
    @exclusivity(unchecked) private var timeShift = 0.0
    // `--live`: trace time `traceAnchor` happened at monotonic `wallAnchor`.
    @exclusivity(unchecked) private var anchored = false
    @exclusivity(unchecked) private var traceAnchor = 0.0
    @exclusivity(unchecked) private var wallAnchor = 0.0
    private var warnedOutputStall = false
    /// True once a signal ended the input mid-row (the rest of the input is ignored).
    private var inputEnded = false
    /// The start of the last wait in which the input stall was said (`noteInputStall`), so it is
    /// said once per stall.
    private var notedStallWait = -Double.infinity

    init(
        reader: AnyTraceReader, waiter: LiveWaiter, environment: GestureEnvironment, sink: ReplayOutput<R>, options: ReplayOptions,
        warn: @escaping (Diagnostic) -> Void
    ) {
        self.reader = reader
        self.waiter = waiter
        self.environment = environment
        self.sink = sink
        self.options = options
        self.warn = warn
        self.validator = TraceSequenceValidator(
            mode: options.reading.lenient ? .lenient : .strict, path: reader.path, touchNames: reader.touchNames)
        self.probe = TimeUnitProbe(unit: options.reading.timeUnit, path: reader.path)
        open.reserveCapacity(16)
        changes.reserveCapacity(16)
    }

    func run(stopped: () -> Bool) throws(TraceError) {
        sink.renderer.begin(into: &sink.buffer)
        while let row = try nextRow() {
            if !open.isEmpty && row.time != openTime { deliverOpenFrame() }
            if open.isEmpty { openTime = row.time }
            open.append(row)
        }
        for w in validator.finish() { warn(w) }
        deliverOpenFrame()
        if frameCount == 0 {
            // Stopped (Ctrl-C, a closed output) before the first row: nothing to report.
            if stopped() {
                sink.renderer.end(into: &sink.buffer)
                return
            }
            throw .emptyTrace(reader.path)
        }
        probe.finish(warn)
        sink.finish(environment, format: options.output.format)
        if let missed = sink.missedEveryTouch(environment, path: reader.path) { warn(missed) }
        writeOutput()
    }

    /// The next row after the time and sequence checks (`FrameAssembler`'s, with the same
    /// messages; `--live --lenient` restarts from a new time origin instead of clamping).
    private func nextRow() throws(TraceError) -> TraceRow? {
        while true {
            guard var row = try nextParsedRow() else { return nil }
            row.time += timeShift
            try CoordinateRange.check(row, in: reader)
            if let backwards = timeOrder.check(row, in: reader, shift: timeShift) {
                if !options.reading.lenient { throw backwards.error }
                let lastTime = timeOrder.lastTime
                if options.liveInput.live {
                    // A device reboot or a clock reset: the rows go on from here, shifted so that
                    // this one happens now (never before the previous row).
                    let restart = max(lastTime, anchored ? traceTime(at: monotonicSeconds()) : lastTime)
                    timeShift += restart - row.time
                    warn(
                        backwards.warning(
                            "the source's clock was reset: continuing from a new time origin (later times shifted by \(timeShift) s)"))
                    row.time = restart
                    timeOrder.restart(at: restart, row)
                } else {
                    warn(backwards.warning("clamped to \(lastTime) s"))
                    row.time = lastTime
                }
            }
            guard try validator.check(&row, warn: warn) else { continue }
            if options.liveInput.live {
                // Trace time follows the wall clock from the first row; a row ahead of the mapping
                // (a late start, a device clock running fast) moves it forward.
                let now = monotonicSeconds()
                if !anchored || row.time > traceTime(at: now) {
                    anchored = true
                    traceAnchor = row.time
                    wallAnchor = now
                }
            }
            return row
        }
    }

    /// The reader's next row. With `--live --lenient` a malformed row (garbage interleaved in the
    /// stream) is skipped with its positioned error as a warning, as long as the reader moves on
    /// (the same error twice in a row stops the replay).
    @inline(__always) private func nextParsedRow() throws(TraceError) -> TraceRow? {
        if !(options.liveInput.live && options.reading.lenient) {
            do {
                return try reader.next()
            } catch {
                return try stoppedInput(error)
            }
        }
        var previous: Diagnostic?
        while true {
            do {
                return try reader.next()
            } catch {
                if waiter.stoppedBySignal { return try stoppedInput(error) }
                guard error.category == .invalidTrace, error.diagnostic != previous else { throw error }
                previous = error.diagnostic
                warn(
                    .warning(
                        "\(error.diagnostic.text); skipped (\(option: .lenient))", at: error.diagnostic.location,
                        notes: error.diagnostic.notes))
            }
        }
    }

    /// A reader's error after a signal stopped the input: the end of the trace, with a warning
    /// (``LiveWaiter/endOfStoppedInput(_:_:)``); any other error is thrown on.
    @inline(never) private func stoppedInput(_ error: TraceError) throws(TraceError) -> TraceRow? {
        if inputEnded { return nil }
        inputEnded = true
        return try waiter.endOfStoppedInput(error, warn)
    }

    @inline(__always) private func traceTime(at wall: Double) -> Double { traceAnchor + (wall - wallAnchor) }

    /// Delivers the open frame to the environment (nothing when there is none).
    private func deliverOpenFrame() {
        guard !open.isEmpty else { return }
        var time = openTime
        // Under --live a timer may already have fired past a row that arrived late: the row
        // happens at that time (never before, which the engine would ignore).
        if options.liveInput.live && frameCount > 0 && time < environment.currentTime { time = environment.currentTime }
        frameCount &+= 1
        if probe.isOpen { probe.add(openTime, warn) }
        // Element by element, as in `Replayer`: `removeAll(keepingCapacity:)` is a generic `replaceSubrange`.
        while !changes.isEmpty { changes.removeLast() }
        for row in open { changes.append(sink.touchChange(row.touch, row.phase, row.location, at: time)) }
        while !open.isEmpty { open.removeLast() }
        environment.send(changes, at: time)
        if sink.buffer.count >= sink.buffer.flushThreshold { writeOutput() }
    }

    // MARK: LiveWaiterDelegate

    func nextWakeup(waitStarted: Double) -> Double {
        var wakeup = Double.infinity
        if !open.isEmpty && options.liveInput.idleFlush > 0 { wakeup = waitStarted + options.liveInput.idleFlush }
        if notedStallWait != waitStarted && !environment.touchesDown.isEmpty {
            wakeup = min(wakeup, waitStarted + options.liveInput.stallTime)
        }
        if options.liveInput.live && anchored, let deadline = environment.nextTimerDeadline {
            wakeup = min(wakeup, wallAnchor + (deadline - traceAnchor))
        }
        return wakeup
    }

    func wake(at now: Double, waitStarted: Double) {
        // Called at the earliest wakeup: the idle time passed, or a timer is due (which must not
        // fire before the open frame's rows, which are earlier).
        deliverOpenFrame()
        if options.liveInput.live && anchored { environment.advance(to: traceTime(at: now)) }
        if now - waitStarted >= options.liveInput.stallTime && notedStallWait != waitStarted {
            noteInputStall(now - waitStarted, waitStarted)
        }
    }

    /// A source silent for `stallTime` while touches are down (a stalled device, a dropped
    /// connection): said on standard error once per stall, naming the touches; the replay waits on.
    private func noteInputStall(_ silent: Double, _ waitStarted: Double) {
        let down = environment.touchesDown
        guard !down.isEmpty else { return }
        notedStallWait = waitStarted
        let names = down.map { touch -> String in
            switch sink.touchIDs.label(touch.id) {
            case .integer(let v): "\(v)"
            case .text(let name): name
            }
        }
        warn(
            .note(
                "no input for \(Self.secondsText(silent)) s with touch\(names.count == 1 ? "" : "es") \(names.joined(separator: ", ")) still down; waiting for the source",
                at: nil))
    }

    func willBlock() -> Bool {
        // Line-buffered output (a terminal, --unbuffered, --live) is written before every wait;
        // buffered output (a pipe or file without the flag) stays in its 64 KiB blocks.
        if sink.buffer.count >= sink.buffer.flushThreshold { writeOutput() }
        return sink.buffer.writeError == 0
    }

    /// Writes the pending output; under `--live`, says so on standard error (once) when the output
    /// has not been writable for ``LiveSession/outputStallWarning`` seconds, then keeps waiting.
    private func writeOutput() {
        guard sink.buffer.count > 0 else { return }
        if options.liveInput.live && !warnedOutputStall, let fd = sink.buffer.fileDescriptor {
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&p, 1, Int32(min((options.liveInput.stallTime * 1000).rounded(.up), 3_600_000))) == 0 {
                warnedOutputStall = true
                warn(
                    .warning(
                        "the output has not been read for \(Self.secondsText(options.liveInput.stallTime)) s (a full pipe?); the replay waits for it",
                        at: nil))
            }
        }
        sink.buffer.flush()
    }

    /// Seconds as said in a note: `5`, `0.3`, `12.4` (tenths, rounded down).
    static func secondsText(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
