/// The state of a gesture recognizer, as `UIGestureRecognizer.State`.
///
/// Discrete recognizers go `possible -> ended` ("recognized") or `possible -> failed`.
/// Continuous ones go `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
/// A request UIKit does not allow from the current state is coerced as `-[UIGestureRecognizer setState:]`
/// does (`coerced(from:requested:)`), and the environment reports what it applied.
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
    /// anything -> possible, anything out of a terminal state) is illegal: a request for it is
    /// coerced (`coerced(from:requested:)`).
    public static func isLegal(from: GestureRecognizerState, to: GestureRecognizerState) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// The state UIKit applies when a recognizer in `from` asks for `requested`, or nil when UIKit
    /// ignores the request (`-[UIGestureRecognizer setState:]`, decompiled iOS 18.2 UIKitCore):
    ///
    /// - from `possible`: `began` or `changed` -> `began`; `ended` -> `ended`; `cancelled` -> `failed`;
    ///   `failed` -> `failed`; `possible` -> `possible` (nothing happens);
    /// - from `began`: `failed` -> `cancelled`; `began` -> `changed`; `possible` -> `began` (nothing
    ///   happens); `changed`, `ended`, `cancelled` as asked;
    /// - from `changed`: `failed` -> `cancelled`; `began` or `possible` -> `changed` (the actions are
    ///   sent again, as for `changed`); `changed`, `ended`, `cancelled` as asked;
    /// - from `ended`, `cancelled` or `failed`: nil, every request is ignored.
    ///
    /// A result equal to `from` (other than `changed`) changes nothing.
    public static func coerced(from: GestureRecognizerState, requested: GestureRecognizerState) -> GestureRecognizerState? {
        switch from {
        case .possible:
            switch requested {
            case .began, .changed: .began
            case .cancelled: .failed
            default: requested
            }
        case .began:
            switch requested {
            case .failed: .cancelled
            case .began: .changed
            case .possible: .began
            default: requested
            }
        case .changed:
            switch requested {
            case .failed: .cancelled
            case .began, .possible: .changed
            default: requested
            }
        case .ended, .cancelled, .failed:
            nil
        }
    }
}
