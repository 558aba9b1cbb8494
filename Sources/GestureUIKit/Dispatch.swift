import Dispatch
import Foundation
import GestureEngine

/// `DispatchTime` on the replay's clock: `.now()` is the trace time inside a replay (seconds, as
/// `CACurrentMediaTime()`), so `DispatchQueue.main.asyncAfter(deadline: .now() + 0.3)` fires 0.3 s
/// of trace time later.
public struct DispatchTime: Comparable, Sendable {
    /// Seconds on the replay's clock (or the process's monotonic clock outside a replay).
    public let seconds: Double
    public init(seconds: Double) { self.seconds = seconds }

    public static func now() -> DispatchTime { DispatchTime(seconds: CACurrentMediaTime()) }
    public static let distantFuture = DispatchTime(seconds: .infinity)
    public var uptimeNanoseconds: UInt64 { seconds.isFinite ? UInt64(Swift.max(0, seconds) * 1e9) : .max }

    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds + seconds) }
    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds - seconds) }
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }
    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds - interval.seconds)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    var seconds: Double {
        switch self {
        case .seconds(let s): Double(s)
        case .milliseconds(let ms): Double(ms) / 1e3
        case .microseconds(let us): Double(us) / 1e6
        case .nanoseconds(let ns): Double(ns) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}

/// `DispatchQueue.main` as gesture code uses it: `async` and `asyncAfter` from code that
/// GestureUIKit runs during a replay run on the replay's clock (as timers, `Timer`); anywhere else
/// they go to Dispatch's main queue, with a warning that a replay never drains it.
public final class DispatchQueue {
    nonisolated(unsafe) public static let main = DispatchQueue()

    /// Runs `work` after the current event (trace time now), as the main queue runs it after the
    /// current touch handling.
    public func async(execute work: @escaping () -> Void) {
        enqueue(after: 0, work)
    }

    /// Runs `work` when the replay reaches `deadline` (`DispatchTime.now() + seconds`).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        enqueue(after: deadline.seconds - DispatchTime.now().seconds, work)
    }

    private func enqueue(after seconds: Double, _ work: @escaping () -> Void) {
        guard ReplayContext.current != nil else {
            FileHandle.standardError.write(
                Data(
                    ("warning: GestureUIKit: DispatchQueue.main work queued outside a replay goes to Dispatch's main "
                        + "queue, which a replay never runs\n").utf8))
            nonisolated(unsafe) let unsafeWork = work
            Dispatch.DispatchQueue.main.asyncAfter(deadline: .now() + Swift.max(0, seconds)) { unsafeWork() }
            return
        }
        Timer.scheduledTimer(withTimeInterval: Swift.max(0, seconds), repeats: false) { _ in work() }
    }
}
