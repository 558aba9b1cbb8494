/// The velocity of a scalar gesture value (a pinch's scale, a rotation's angle): each sample
/// (Δvalue / Δt, value per second) is blended as `0.75 × previous velocity + 0.25 × sample`
/// (pinch: decompiled iOS 18 UIKitCore, see `shared/reference/uikit-semantics.md`, Pinch; rotation
/// uses the same blend, an engine choice documented in `docs/recognizers.md`). Samples with
/// Δt ≤ 0 are skipped.
public struct ScalarVelocityBlend: Sendable {
    /// Weight of the previous velocity: 0.75.
    public static let previousVelocityWeight = 0.75
    /// Weight of the newest sample: 0.25.
    public static let sampleWeight = 0.25

    /// The current velocity, value per second.
    public private(set) var velocity = 0.0
    private var lastValue = 0.0
    private var lastTime = 0.0
    private var hasSample = false

    /// No sample yet, zero velocity.
    public init() {}

    /// Zero velocity, measuring from `value` at `time` (seconds).
    public mutating func restart(value: Double, time: Double) {
        velocity = 0
        resample(value: value, time: time)
    }

    /// Measures the next sample from `value` at `time`, keeping the velocity (a finger pair re-formed).
    public mutating func resample(value: Double, time: Double) {
        lastValue = value
        lastTime = time
        hasSample = true
    }

    /// The value was set from outside: zero velocity, later samples measured from `value`.
    public mutating func rebase(value: Double) {
        velocity = 0
        lastValue = value
    }

    /// Forgets the last sample, keeping the velocity (the finger pair broke up).
    public mutating func forgetSample() {
        hasSample = false
    }

    /// Adds the value at `time` (seconds) and blends its sample into the velocity.
    public mutating func add(value: Double, time: Double) {
        if hasSample {
            let dt = time - lastTime
            guard dt > 0 else { return }
            velocity = Self.previousVelocityWeight * velocity + Self.sampleWeight * (value - lastValue) / dt
        }
        resample(value: value, time: time)
    }
}
