import GestureEngine

/// Replays an AOSP `VelocityTracker_test.cpp` trace through one `VelocityTracker` per pointer,
/// applying Android's `VelocityTracker::addMovement(const MotionEvent&)` rules
/// (`aosp_velocity_expected.json`, "event_rules"):
/// - `ACTION_DOWN` clears every pointer; `ACTION_POINTER_DOWN` clears the new pointer; both then
///   add the positions of all pointers in the event, like `ACTION_MOVE`;
/// - `ACTION_UP` / `ACTION_POINTER_UP` add nothing; when one comes more than 40 ms after the last
///   sample of any pointer, AOSP erases the planar strategies, i.e. every pointer loses its
///   velocity: here every tracker is then given the lift (each tracker's own last sample is at
///   least that old, so each drops its history);
/// - `ACTION_CANCEL` clears everything; a canceled `ACTION_POINTER_UP` clears that pointer;
/// - samples flagged `is_resampled` are skipped.
///
/// Events in the CSV: consecutive rows with the same timestamp form one event, and a row whose
/// pointer already appears in the current event starts the next one (AOSP tests send e.g. a
/// `POINTER_DOWN` and a `MOVE` with the same time). The kind of event follows from its phases:
/// a `began` row makes it a (pointer) down, an `ended` row a (pointer) up, a `cancelled` row a
/// cancel, otherwise it is a move.
///
/// Difference from AOSP, irrelevant for these traces: AOSP's 40 ms "pointer stopped" check on a
/// new sample compares with the last sample of *any* pointer; the per-pointer trackers compare
/// with their own last sample (identical whenever all pointers move in the same events).
struct AOSPMotionReplay {
    /// AOSP `ASSUME_POINTER_STOPPED_TIME`, nanoseconds.
    static let assumePointerStoppedNanos: Int64 = 40_000_000

    private(set) var trackers: [Int: VelocityTracker] = [:]
    private(set) var eventCount = 0
    private var down: Set<Int> = []
    private var lastSampleTime: Double?
    let kind: VelocityEstimatorKind

    init(kind: VelocityEstimatorKind) {
        self.kind = kind
    }

    /// Replays `rows` (in file order) and returns the final state.
    static func replay(_ rows: [VelocityTraceRow], kind: VelocityEstimatorKind) -> AOSPMotionReplay {
        var replay = AOSPMotionReplay(kind: kind)
        for event in events(in: rows) { replay.apply(event) }
        return replay
    }

    /// Splits rows into events (see the type's documentation).
    static func events(in rows: [VelocityTraceRow]) -> [[VelocityTraceRow]] {
        var events: [[VelocityTraceRow]] = []
        var current: [VelocityTraceRow] = []
        for row in rows {
            if let first = current.first, first.time != row.time || current.contains(where: { $0.touchID == row.touchID }) {
                events.append(current)
                current = []
            }
            current.append(row)
        }
        if !current.isEmpty { events.append(current) }
        return events
    }

    /// The velocity of `pointer` after the replay (`nil` when AOSP reports none).
    func velocity(pointer: Int) -> Vector? {
        trackers[pointer]?.velocity()
    }

    mutating func apply(_ event: [VelocityTraceRow]) {
        eventCount += 1
        let time = event[0].time
        if let began = event.first(where: { $0.phase == "began" }) {
            if down.isEmpty {
                trackers.removeAll()  // ACTION_DOWN: clear()
            } else {
                trackers[began.touchID] = nil  // ACTION_POINTER_DOWN: clearPointer(id)
            }
            down.insert(began.touchID)
            addSamples(event)
        } else if event.contains(where: { $0.phase == "cancelled" }) {
            let cancelled = event.filter { $0.phase == "cancelled" }.map(\.touchID)
            down.subtract(cancelled)
            if down.isEmpty {
                trackers.removeAll()  // ACTION_CANCEL: clear()
            } else {
                for id in cancelled { trackers[id] = nil }  // canceled ACTION_POINTER_UP: clearPointer(id)
            }
        } else if event.contains(where: { $0.phase == "ended" }) {
            let lifted = event.filter { $0.phase == "ended" }
            down.subtract(lifted.map(\.touchID))
            // The lifting touches always get their lift, as a per-touch client would do.
            for row in lifted { trackers[row.touchID]?.addLift(time: time, position: row.position) }
            // ACTION_UP / ACTION_POINTER_UP long after the last sample: every pointer loses its velocity.
            if let last = lastSampleTime,
                Int64(((time - last) * 1e9).rounded()) > Self.assumePointerStoppedNanos
            {
                for id in trackers.keys { trackers[id]?.addLift(time: time, position: .zero) }
            }
        } else {
            addSamples(event)  // ACTION_MOVE
        }
    }

    private mutating func addSamples(_ event: [VelocityTraceRow]) {
        for row in event where !row.isResampled {
            trackers[row.touchID, default: kind.makeEstimator()].addSample(time: row.time, position: row.position)
            lastSampleTime = row.time
        }
    }
}
