// A recognizer's state transition as the device reported it (the target's action), and its
// translation into the trace's expectations (docs/recording.md, "Tolerances"). Platform independent.

/// A state a target's action can see (UIKit sends no action for `failed`).
public enum RecordedState: String, Sendable, CaseIterable {
    case began, changed, ended, cancelled
}

/// What a recognizer reported at one action: the device's truth.
public struct RecordedTransition: Sendable, Equatable {
    /// The recognizer's name in the recorded scene.
    public var recognizer: String
    public var state: RecordedState
    /// Seconds since the recording's first touch row.
    public var time: Double
    /// `location(in: nil)`, window points.
    public var location: (x: Double, y: Double)
    /// `numberOfTouches`.
    public var touches: Int
    /// Further values by expectation key (`translation.x`, `velocity.y`, `scale`, `rotation`,
    /// `velocity`), in writing order. A value that is not finite (NaN from the device) is not
    /// compared; the recorder says so in a note.
    public var values: [(key: String, value: Double)] = []

    public init(recognizer: String, state: RecordedState, time: Double, location: (x: Double, y: Double), touches: Int) {
        self.recognizer = recognizer
        self.state = state
        self.time = time
        self.location = location
        self.touches = touches
    }

    public static func == (a: RecordedTransition, b: RecordedTransition) -> Bool {
        a.recognizer == b.recognizer && a.state == b.state && a.time == b.time && a.location == b.location && a.touches == b.touches
            && a.values.map(\.key) == b.values.map(\.key) && a.values.map(\.value) == b.values.map(\.value)
    }

    /// The device's result in words, as a disagreement prints it: `pan began at 0.183 (192.0, 410.5)`
    /// (time to the millisecond, points to 0.1 pt, as the text output prints them).
    public var phrase: String {
        "\(recognizer) \(state.rawValue) at \(RecordingJSON.fixed(time, decimals: 3)) "
            + "(\(RecordingJSON.fixed(location.x, decimals: 1)), \(RecordingJSON.fixed(location.y, decimals: 1)))"
    }
}

/// How far the replay may be from the device and still agree (docs/recording.md, "Tolerances").
public struct RecordingTolerance: Sendable, Equatable {
    /// Seconds either side of the device's time: one frame of a 60 Hz display (1/60 s, rounded up
    /// to the microsecond), so a transition one display frame early or late agrees.
    public var time = 0.016667
    /// Points either side, for locations and pan translations.
    public var points = 1.0
    /// Either side of a pan's velocity component (points per second): this fraction of it, and at
    /// least ``velocityFloor``.
    public var velocityFraction = 0.1
    /// Points per second (pans), or scale or radians per second (pinch, rotation).
    public var velocityFloor = 10.0
    /// Either side of a pinch's scale and a rotation's angle (radians).
    public var ratio = 0.01

    public init() {}

    /// The tolerance of the value written under `key`.
    func tolerance(for key: String, value: Double) -> Double {
        switch key {
        case "location.x", "location.y", "translation.x", "translation.y": return points
        case "velocity.x", "velocity.y": return max(velocityFloor, abs(value) * velocityFraction)
        case "velocity": return max(velocityFraction, abs(value) * velocityFraction)
        default: return ratio
        }
    }
}

extension RecordedTransition {
    /// The expectation that this transition happened: its state in the device's time window, its
    /// values within tolerance, and the device's phrase. Non-finite values are left out (and
    /// listed in `dropped`).
    func expectation(_ tolerance: RecordingTolerance, dropped: inout [String]) -> String {
        var members: [(String, String)] = [
            ("recognizer", RecordingJSON.string(recognizer)), ("state", RecordingJSON.string(state.rawValue)),
        ]
        if let at = RecordingJSON.range(time, tolerance: tolerance.time) { members.append(("at", at)) } else { dropped.append("time") }
        var numbers: [(String, Double)] = [("location.x", location.x), ("location.y", location.y)]
        numbers += values.map { ($0.key, $0.value) }
        for (key, value) in numbers {
            guard let range = RecordingJSON.range(value, tolerance: tolerance.tolerance(for: key, value: value), decimals: 3) else {
                dropped.append(key)
                continue
            }
            members.append((key, range))
        }
        members.append(("touches", String(touches)))
        members.append(("device", RecordingJSON.string(phrase)))
        return RecordingJSON.object(members)
    }
}
