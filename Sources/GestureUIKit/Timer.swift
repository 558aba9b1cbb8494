import Foundation
import GestureEngine

/// `Foundation.Timer` as gesture code uses it, firing in trace time during a replay.
///
/// Scheduled from code that GestureUIKit runs (a recognizer's touch method, an action, a delegate,
/// a view's touch method, another timer's block), it is the engine's `ReplayTimer` on the replay's
/// clock: it fires between events when the trace reaches its deadline, with `currentTime` and
/// `CACurrentMediaTime()` at the deadline (`ReplayTimer`). A repeating timer is re-armed after each
/// firing. Scheduled anywhere else (no replay is running on this thread) it never fires, and says
/// so on standard error, never silently (docs/uikit-compat.md, "Time").
public final class Timer {
    /// The interval, seconds.
    public let timeInterval: TimeInterval
    /// Foundation's `userInfo`.
    public let userInfo: Any?
    /// Accepted and ignored (trace time is exact).
    public var tolerance: TimeInterval = 0
    /// True until it fired (once, unless it repeats) or was invalidated.
    public private(set) var isValid = true
    /// The trace time of the next firing, seconds (nil before it is scheduled).
    public private(set) var fireTime: Double?

    private let repeats: Bool
    private let block: (Timer) -> Void
    private var pending: ReplayTimer?
    private var source: ReplayContext.Source?

    /// `Timer(timeInterval:repeats:block:)`: made, not scheduled (`RunLoop.main.add(_:forMode:)` schedules it).
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.timeInterval = interval
        self.repeats = repeats
        self.block = block
        self.userInfo = nil
    }

    /// `Timer(timeInterval:target:selector:userInfo:repeats:)`: `selector` must name a method
    /// (`Selector(_:_:)`, docs/uikit-compat.md); one naming none is reported when it fires.
    public init(timeInterval interval: TimeInterval, target: AnyObject, selector: Selector, userInfo: Any?, repeats: Bool) {
        self.timeInterval = interval
        self.repeats = repeats
        self.userInfo = userInfo
        weak let weakTarget = target
        self.block = { timer in
            guard let target = weakTarget else { return }
            if !selector.perform(on: target, with: timer) {
                ReplayContext.current?.replayPrint(
                    "error: timer selector '\(selector.name)' names no method of \(type(of: target)); "
                        + "bind it with Selector(\"\(selector.name)\", \(type(of: target)).method)")
            }
        }
    }

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
    @discardableResult
    public static func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
    ) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`.
    @discardableResult
    public static func scheduledTimer(
        timeInterval interval: TimeInterval, target: AnyObject, selector: Selector, userInfo: Any?, repeats: Bool
    ) -> Timer {
        let timer = Timer(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        timer.schedule()
        return timer
    }

    /// Stops the timer. Does nothing when it is no longer valid.
    public func invalidate() {
        isValid = false
        pending?.invalidate()
        pending = nil
    }

    /// Runs the block now (a non-repeating timer is then invalid), as `Timer.fire()`.
    public func fire() {
        guard isValid else { return }
        if !repeats { invalidate() }
        run()
    }

    func schedule() {
        guard isValid, pending == nil else { return }
        guard let source = ReplayContext.current else {
            isValid = false
            FileHandle.standardError.write(
                Data(
                    ("warning: GestureUIKit: Timer scheduled outside a replay (no recognizer, view or timer of a "
                        + "replay is running on this thread); it never fires\n").utf8))
            return
        }
        self.source = source
        arm()
    }

    private func arm() {
        guard let source else { return }
        let replayTimer: ReplayTimer
        // The replay's timer queue holds this timer until it fires or is invalidated, as a run loop
        // holds a scheduled Timer (code often keeps no reference to it).
        let fired: (ReplayTimer) -> Void = { _ in self.timerFired() }
        switch source {
        case .recognizer(let r): replayTimer = r.scheduledTimer(withTimeInterval: timeInterval, block: fired)
        case .view(let v): replayTimer = v.scheduledTimer(withTimeInterval: timeInterval, block: fired)
        case .environment(let e): replayTimer = e.scheduledTimer(withTimeInterval: timeInterval, block: fired)
        }
        fireTime = replayTimer.fireTime
        pending = replayTimer.isValid ? replayTimer : nil
        if !replayTimer.isValid { isValid = false }
    }

    private func timerFired() {
        pending = nil
        guard isValid else { return }
        if repeats {
            // Re-armed first, as a run loop reschedules a repeating timer before calling it (the
            // block may invalidate it). A zero interval repeats as Foundation's 0.1 ms minimum.
            if timeInterval <= 0 {
                isValid = false
            } else {
                arm()
            }
        } else {
            isValid = false
        }
        run()
    }

    private func run() {
        if let source {
            ReplayContext.with(source) { block(self) }
        } else {
            block(self)
        }
    }
}

/// `RunLoop` as far as timers go: `RunLoop.main.add(timer, forMode: .common)` schedules a
/// GestureUIKit `Timer` in trace time (`Timer`).
public final class RunLoop: Sendable {
    /// `RunLoop.Mode`: every mode is the same one during a replay.
    public struct Mode: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("kCFRunLoopDefaultMode")
        public static let common = Mode("kCFRunLoopCommonModes")
        public static let tracking = Mode("UITrackingRunLoopMode")
    }

    public static let main = RunLoop()
    public static var current: RunLoop { main }

    /// Schedules `timer` (once; adding a scheduled timer again changes nothing).
    public func add(_ timer: Timer, forMode mode: Mode) {
        timer.schedule()
    }
}
