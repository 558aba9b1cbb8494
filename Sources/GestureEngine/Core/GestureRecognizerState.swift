/// The state of a gesture recognizer, as `UIGestureRecognizer.State`.
///
/// Discrete recognizers go `possible -> ended` ("recognized") or `possible -> failed`.
/// Continuous ones go `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
/// The environment enforces `isLegal(from:to:)`: an illegal request is reported, not applied.
public enum GestureRecognizerState: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case possible, began, changed, ended, cancelled, failed

    /// UIKit's name for `ended` in a discrete recognizer.
    public static let recognized = GestureRecognizerState.ended

    /// The lowercase name used in output.
    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// `ended`, `cancelled` and `failed`: after these the environment resets the recognizer.
    /// (The three are the last cases: one comparison of the raw value, which is always inlined.)
    @inlinable public var isTerminal: Bool { rawValue >= GestureRecognizerState.ended.rawValue }

    /// `began` and `changed`: a continuous gesture in progress.
    @inlinable public var isActive: Bool { self == .began || self == .changed }

    /// Whether a recognizer may move from `from` to `to` (UIKit's state machine; see `docs/engine.md`).
    ///
    /// Legal: possible -> began | ended | failed; began -> changed | ended | cancelled;
    /// changed -> changed | ended | cancelled. Everything else (for example began -> failed,
    /// anything -> possible, anything out of a terminal state) is illegal.
    public static func isLegal(from: GestureRecognizerState, to: GestureRecognizerState) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }
}
