/// A one-shot timer in trace time, as `Foundation.Timer` for view and recognizer code: schedule it
/// with an interval and a block, `invalidate()` it, ask `isValid`.
///
/// ```swift
/// timer = scheduledTimer(withTimeInterval: 0.3) { _ in self.singleTap() }   // in a View subclass
/// timer?.invalidate()
/// ```
///
/// The environment fires it when the replay reaches its deadline, between events, exactly as the
/// recognizers' own timers (`GestureRecognizer.schedule(after:_:)`): before the first event at or
/// after the deadline, in deadline order (then scheduling order), with `currentTime` set to the
/// deadline. At the end of the trace (`GestureEnvironment.finish()`) touches still down are cancelled
/// first, then the pending timers fire at their own deadlines, as a run loop keeps running after the
/// last touch (a single-tap timer started by the last lift fires). A timer is not kept by a
/// recognizer's reset. Bad input never crashes:
/// - a negative or non-finite interval fires at the next opportunity (the interval is clamped to 0,
///   the deadline to now) with a note (`invalidTime`);
/// - `invalidate()` on an invalid timer (already fired, or invalidated) does nothing;
/// - a timer scheduled after the trace finished never fires: it is invalid at once, with a note.
public final class ReplayTimer {
    /// The deadline, seconds (trace time).
    public let fireTime: Double
    /// The interval it was scheduled with, after clamping, seconds.
    public let timeInterval: Double
    /// True until it fires or is invalidated (false inside its own block, which runs once).
    public private(set) var isValid: Bool
    private var token: TimerToken?
    /// Weak: a timer kept by view code may outlive its environment (a replay stopped by an invalid
    /// row); `invalidate()` then has nothing to cancel. Only made when a timer is scheduled, so an
    /// environment without `ReplayTimer`s never gets a weak reference's side table.
    private weak var environment: GestureEnvironment?

    private init(fireTime: Double, timeInterval: Double, isValid: Bool, environment: GestureEnvironment?) {
        self.fireTime = fireTime
        self.timeInterval = timeInterval
        self.isValid = isValid
        self.environment = environment
    }

    /// Stops the timer from firing. Does nothing when it already fired or was invalidated.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        if let token, let environment { environment.timers.cancel(token) }
        token = nil
        environment = nil
    }

    /// A timer that never fires (no environment, or the trace is over).
    static func invalid(at time: Double) -> ReplayTimer {
        ReplayTimer(fireTime: time, timeInterval: 0, isValid: false, environment: nil)
    }

    static func schedule(
        in environment: GestureEnvironment, interval: Double, block: @escaping (ReplayTimer) -> Void
    ) -> ReplayTimer {
        let now = environment.currentTime
        guard !environment.isFinished else {
            environment.report(.invalidTime, "timer scheduled after the trace finished; it never fires")
            return .invalid(at: now)
        }
        var clamped = interval
        if !(interval >= 0) || !interval.isFinite {
            environment.report(
                .invalidTime,
                "timer interval \(interval.isFinite ? formatShort(interval, decimals: 6) + " s" : String(describing: interval)) "
                    + "is negative or not finite; it fires at the next opportunity (interval 0)")
            clamped = 0
        }
        let timer = ReplayTimer(fireTime: now + clamped, timeInterval: clamped, isValid: true, environment: environment)
        // The queue holds the timer (and its block) until it fires or is invalidated, as a run loop holds a Timer.
        timer.token = environment.timers.schedule(at: now + clamped, owner: nil) {
            guard timer.isValid else { return }
            timer.isValid = false
            timer.token = nil
            timer.environment = nil
            block(timer)
        }
        return timer
    }
}

extension GestureEnvironment {
    /// Schedules `block` to run once, `interval` seconds of trace time from now (`Timer.scheduledTimer(withTimeInterval:repeats:block:)`
    /// without repeats: a block may schedule the next one). See `ReplayTimer`.
    @discardableResult
    public func scheduledTimer(withTimeInterval interval: Double, block: @escaping (ReplayTimer) -> Void) -> ReplayTimer {
        ReplayTimer.schedule(in: self, interval: interval, block: block)
    }
}

extension View {
    /// Schedules `block` to run once, `interval` seconds of trace time from now, on the environment
    /// replaying this view's tree (`GestureEnvironment.scheduledTimer(withTimeInterval:block:)`). A view
    /// outside any environment gets a timer that never fires (`isValid` false).
    @discardableResult
    public func scheduledTimer(withTimeInterval interval: Double, block: @escaping (ReplayTimer) -> Void) -> ReplayTimer {
        guard let environment else { return .invalid(at: 0) }
        return environment.scheduledTimer(withTimeInterval: interval, block: block)
    }
}

extension GestureRecognizer {
    /// Schedules `block` to run once, `interval` seconds of trace time from now, on this recognizer's
    /// environment. Unlike `schedule(after:_:)`, the timer is not cancelled when the recognizer resets.
    /// Before its first touch it is its view's environment; a recognizer in no replaying
    /// environment gets a timer that never fires.
    @discardableResult
    public func scheduledTimer(withTimeInterval interval: Double, block: @escaping (ReplayTimer) -> Void) -> ReplayTimer {
        guard let environment = hostingEnvironment else { return .invalid(at: 0) }
        return environment.scheduledTimer(withTimeInterval: interval, block: block)
    }
}
