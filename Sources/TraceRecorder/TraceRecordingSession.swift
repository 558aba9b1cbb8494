/// One touch sample as UIKit gives it, before the recording's time base and ids are applied.
public struct TouchSample: Sendable {
    /// The touch's identity for its life: `ObjectIdentifier` of the `UITouch` (UIKit keeps one
    /// object per finger from `began` to `ended`; a coalesced sample is keyed by its main touch).
    public var touch: ObjectIdentifier
    /// Seconds, any origin (`UITouch.timestamp`: since the system booted).
    public var timestamp: Double
    /// `UITouch.Phase.rawValue`. Values other than 0...4 (the pointer phases `regionEntered` ...
    /// `regionExited`) are not touches and are skipped.
    public var phase: Int
    /// Window coordinates, points.
    public var x: Double
    /// Window coordinates, points.
    public var y: Double

    public init(touch: ObjectIdentifier, timestamp: Double, phase: Int, x: Double, y: Double) {
        self.touch = touch
        self.timestamp = timestamp
        self.phase = phase
        self.x = x
        self.y = y
    }
}

/// Turns the samples of successive UIKit events into a valid trace: one time base, small stable
/// touch ids, and only rows the trace format accepts.
///
/// - **Time**: seconds since the first recorded row (so the first row is at `0`). A sample earlier
///   than the row before it (possible only across touches' coalesced samples of one event, which
///   are ordered here, or a clock oddity) is written at the previous row's time and counted in
///   ``clampedTimes``.
/// - **Ids**: each touch gets the next integer (1, 2, 3, ...) at its `began`, kept until its
///   `ended` or `cancelled`; ids are not reused, so every id in the file names one finger's life.
///   Touches that begin in the same event get their ids in order of position (x, then y): a `Set`
///   of touches has no stable order, the file does.
/// - **Order**: the rows of one event are sorted by time, then by id (stable otherwise), so
///   coalesced samples of two fingers interleave as they were sampled, and two fingers sampled
///   together share a time (one frame for the replay).
/// - **Touch life**: a touch seen first in a phase other than `began` (it was down before the
///   recording started) is skipped, as are its later samples; a second `began` for a touch that is
///   down is written as `moved`; samples with a non-finite number are skipped. All are counted in
///   ``skippedSamples``.
public struct TraceRecordingSession: Sendable {
    /// The row formatter.
    public var writer: TraceLineWriter
    /// The timestamp of the first row (its `t` is 0), once there is one.
    public private(set) var startTimestamp: Double?
    /// Rows written so far.
    public private(set) var rowCount = 0
    /// Samples not written (see the type's documentation).
    public private(set) var skippedSamples = 0
    /// Rows written at the previous row's time because their own was earlier.
    public private(set) var clampedTimes = 0

    private var down: [ObjectIdentifier: (id: Int, x: Double, y: Double)] = [:]
    private var nextID = 1
    private var lastTime = 0.0

    public init(writer: TraceLineWriter = TraceLineWriter()) {
        self.writer = writer
    }

    /// How many recorded touches are down.
    public var touchesDown: Int { down.count }

    /// Records the samples of one event, in any order, appending their lines to `text`.
    public mutating func record(_ samples: [TouchSample], into text: inout String) {
        if samples.isEmpty { return }
        // New touches are ranked after the ones down, in order of their first sample's position.
        var newTouches: [(key: ObjectIdentifier, x: Double, y: Double, index: Int)] = []
        for (index, s) in samples.enumerated() where down[s.touch] == nil {
            if !newTouches.contains(where: { $0.key == s.touch }) {
                newTouches.append((s.touch, s.x, s.y, index))
            }
        }
        newTouches.sort { ($0.x, $0.y, $0.index) < ($1.x, $1.y, $1.index) }
        func rank(_ key: ObjectIdentifier) -> Int {
            if let touch = down[key] { return touch.id }
            return Int.max / 2 + (newTouches.firstIndex { $0.key == key } ?? 0)
        }
        let order = samples.indices.sorted { a, b in
            let sa = samples[a], sb = samples[b]
            if sa.timestamp != sb.timestamp { return sa.timestamp < sb.timestamp }
            let ra = rank(sa.touch), rb = rank(sb.touch)
            return ra != rb ? ra < rb : a < b
        }
        for index in order { record(samples[index], into: &text) }
    }

    /// Ends every touch still down with a `cancelled` row at its last position and the last row's
    /// time (in id order), so that a recording stopped mid-gesture is still a complete trace.
    public mutating func cancelTouchesDown(into text: inout String) {
        for (key, touch) in down.sorted(by: { $0.value.id < $1.value.id }) {
            down[key] = nil
            write(TraceLine(time: lastTime, touch: touch.id, phase: .cancelled, x: touch.x, y: touch.y), into: &text)
        }
    }

    private mutating func record(_ sample: TouchSample, into text: inout String) {
        guard var phase = RecordedPhase(rawValue: sample.phase),
            sample.timestamp.isFinite, sample.x.isFinite, sample.y.isFinite
        else {
            skippedSamples += 1
            return
        }
        let id: Int
        if let touch = down[sample.touch] {
            id = touch.id
            if phase == .began { phase = .moved }
        } else if phase == .began {
            id = nextID
            nextID += 1
        } else {
            skippedSamples += 1
            return
        }
        switch phase {
        case .ended, .cancelled: down[sample.touch] = nil
        default: down[sample.touch] = (id, sample.x, sample.y)
        }
        let start = startTimestamp ?? sample.timestamp
        startTimestamp = start
        var time = sample.timestamp - start
        if rowCount > 0 && time < lastTime {
            time = lastTime
            clampedTimes += 1
        }
        lastTime = time
        write(TraceLine(time: time, touch: id, phase: phase, x: sample.x, y: sample.y), into: &text)
    }

    private mutating func write(_ line: TraceLine, into text: inout String) {
        // Every number was checked finite (the time is a difference of finite values, which can
        // overflow only beyond 1e308 s).
        if writer.append(line, to: &text) { rowCount += 1 } else { skippedSamples += 1 }
    }
}
