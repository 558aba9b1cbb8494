import GestureEngine
import TraceReplay

/// Drives recognizers with fingers in virtual time and checks what they did, in the spirit of
/// Flutter's `TestGesture`: put a finger down at a point, move it, wait, add a second finger, lift.
///
///     let harness = GestureHarness()
///     harness.add(TapGestureRecognizer(name: "tap"))
///     let finger = harness.down(at: Point(x: 100, y: 100))
///     harness.wait(0.05)
///     finger.up()
///     try harness.expect("tap", states: [.ended])
///
/// Everything happens at the harness's clock, `now` (seconds of trace time, starting at 0): a finger's
/// `down`, `move` and `up` are events at `now`; `wait(_:)` moves the clock on and fires the timers that
/// fall due (a long press begins, a tap's interval runs out). The older form `send(_:_:)` gives each
/// event its own time.
///
/// The `expect...` checks throw a `GestureTestFailure` whose message shows every transition with its
/// reason; a `try` in a Swift Testing `@Test` or an XCTest method reports it, so this library
/// depends on neither.
public final class GestureHarness {
    /// The window's root view (unbounded unless given).
    public let root: View
    /// The environment the events go to.
    public let environment: GestureEnvironment
    /// Everything the environment reported.
    public let recorder = TransitionRecorder()
    /// The harness's clock, seconds: the time of the next event.
    public private(set) var now: Double = 0
    private var nextFingerID = 1
    /// Every touch change sent so far, as trace rows (to shrink a failing sequence:
    /// `GestureHarness.shrink`, GestureHarness+Shrink.swift).
    public private(set) var sentRows: [ShrinkRow] = []

    /// A harness over `root` (an unbounded view named "root" by default), its clock at 0.
    public init(root: View = View(unboundedNamed: "root")) {
        self.root = root
        environment = GestureEnvironment(rootView: root)
        environment.observer = recorder
    }

    /// Attaches `recognizer` to `view` (the root when nil) and returns it.
    @discardableResult
    public func add<R: GestureRecognizer>(_ recognizer: R, to view: View? = nil) -> R {
        (view ?? root).addGestureRecognizer(recognizer)
        return recognizer
    }

    // MARK: Fingers and time

    /// Puts a new finger down at `point` (window coordinates) at `now`.
    @discardableResult
    public func down(at point: Point) -> TestFinger {
        down(at: [point])[0]
    }

    /// Puts a new finger down at `(x, y)` at `now`.
    @discardableResult
    public func down(x: Double, y: Double) -> TestFinger {
        down(at: Point(x: x, y: y))
    }

    /// Puts several fingers down in one event at `now` (as UIKit delivers fingers landing together).
    @discardableResult
    public func down(at points: [Point]) -> [TestFinger] {
        let fingers = points.map { p -> TestFinger in
            let finger = TestFinger(harness: self, id: nextFingerID, location: p)
            nextFingerID += 1
            return finger
        }
        send(fingers.map { TouchChange(id: $0.id, phase: .began, location: $0.location) }, at: now)
        return fingers
    }

    /// Moves several fingers in one event at `now`, each by `offset`.
    public func move(_ fingers: [TestFinger], by offset: Vector) {
        for f in fingers { f.location = f.location + offset }
        send(fingers.map { TouchChange(id: $0.id, phase: .moved, location: $0.location) }, at: now)
    }

    /// Lifts several fingers in one event at `now`.
    public func up(_ fingers: [TestFinger]) {
        for f in fingers { f.isDown = false }
        send(fingers.map { TouchChange(id: $0.id, phase: .ended, location: $0.location) }, at: now)
    }

    /// Moves the clock on by `seconds`, firing the timers that fall due on the way.
    public func wait(_ seconds: Double) {
        advance(to: now + seconds)
    }

    /// Moves the clock on to `time` (never back), firing the timers that fall due on the way.
    public func advance(to time: Double) {
        guard time > now else { return }
        now = time
        environment.advance(to: time)
    }

    /// Reserves `count` touch ids for a script's fingers (`perform(_:)`): returns the offset to add to
    /// the script's ids 1...count so they never meet the harness's own fingers.
    func reserveFingerIDs(upTo count: Int) -> Int {
        let offset = nextFingerID - 1
        nextFingerID += count
        return offset
    }

    /// Ends the trace: fingers still down are cancelled, the remaining timers fire, and recognizers
    /// still undecided fail with "trace ended" (`GestureEnvironment.finish()`).
    public func finish() {
        environment.finish()
    }

    // MARK: Events at given times

    /// One event at `time` (the clock moves there): `(id, phase, x, y)` per touch, e.g.
    /// `send(0.1, (1, .moved, 120, 100))`.
    public func send(_ time: Double, _ changes: (Int, TouchPhase, Double, Double)...) {
        send(changes.map { TouchChange(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3)) }, at: time)
    }

    /// One event at `time` (the clock moves there).
    public func send(_ changes: [TouchChange], at time: Double) {
        if time > now { now = time }
        for c in changes { sentRows.append(ShrinkRow(time: time, touch: String(c.id), phase: c.phase, x: c.location.x, y: c.location.y)) }
        environment.send(changes, at: time)
    }

    /// A one-finger tap with touch `id`: down at `t`, up at `t + duration`, at `(x, y)`.
    public func tap(id: Int = 1, at t: Double, x: Double = 100, y: Double = 100, duration: Double = 0.1) {
        send(t, (id, .began, x, y))
        send(t + duration, (id, .ended, x, y))
    }

    // MARK: What happened

    /// Every transition so far.
    public var transitions: [Transition] { recorder.transitions }

    /// The states the recognizer called `name` went to, in order.
    public func states(_ name: String) -> [GestureRecognizerState] { recorder.states(of: name) }

    /// The last reason the recognizer called `name` gave (failed or cancelled), or nil.
    public func reason(_ name: String) -> String? {
        recorder.transitions(of: name).last(where: { $0.reason != nil })?.reason
    }

    /// `name state @time` for every transition, e.g. `"double ended @0.3"`.
    public var log: [String] {
        recorder.transitions.map { "\($0.recognizer.name) \($0.state) @\(Self.time($0.time))" }
    }

    /// Every transition and engine note, one per line, with reasons:
    /// `0.1  tap  possible -> failed  reason: moved 50 pt > allowableMovement 45 pt`.
    public var transcript: String {
        var lines: [String] = []
        for t in recorder.transitions {
            var line = "\(Self.time(t.time))  \(t.recognizer.name)  \(t.previous) -> \(t.state)"
            if let reason = t.reason { line += "  reason: \(reason)" }
            lines.append(line)
        }
        for d in recorder.diagnostics {
            lines.append("\(Self.time(d.time))  note (\(d.kind.rawValue)): \(d.message)")
        }
        return lines.isEmpty ? "(no transitions)" : lines.joined(separator: "\n")
    }

    // MARK: Checks

    /// Checks that the recognizer called `name` went through exactly `states` (after `possible`),
    /// e.g. `[.began, .changed, .ended]`; throws a failure showing every transition otherwise.
    public func expect(
        _ name: String, states expected: [GestureRecognizerState], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let actual = states(name)
        guard actual == expected else {
            throw failure("'\(name)' went through \(Self.list(actual)), expected \(Self.list(expected))", file: file, line: line)
        }
    }

    /// Checks that the recognizer called `name` recognized (its last state is `ended`).
    public func expectRecognized(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let actual = states(name)
        guard actual.last == .ended else {
            throw failure("'\(name)' did not recognize: it went through \(Self.list(actual))", file: file, line: line)
        }
    }

    /// Checks that the recognizer called `name` failed last, with a reason containing `text` when given.
    public func expectFailed(
        _ name: String, reasonContains text: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let last = recorder.transitions(of: name).last
        guard let last, last.state == .failed else {
            throw failure("'\(name)' did not fail: it went through \(Self.list(states(name)))", file: file, line: line)
        }
        if let text, !(last.reason ?? "").contains(text) {
            throw failure("'\(name)' failed with reason '\(last.reason ?? "")', which does not contain '\(text)'", file: file, line: line)
        }
    }

    /// Checks that the recognizer called `name` has not changed state at all.
    public func expectNoTransitions(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let actual = states(name)
        guard actual.isEmpty else {
            throw failure("'\(name)' went through \(Self.list(actual)), expected no transitions", file: file, line: line)
        }
    }

    /// Checks that the transitions so far, as `log` prints them, are exactly `expected`.
    public func expectLog(_ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard log == expected else {
            throw failure("the log is \(log), expected \(expected)", file: file, line: line)
        }
    }

    /// A failure at `file:line` saying `message`, with the transcript.
    public func failure(_ message: String, file: StaticString = #filePath, line: UInt = #line) -> GestureTestFailure {
        GestureTestFailure(message: message, transcript: transcript, file: "\(file)", line: Int(line))
    }

    private static func list(_ states: [GestureRecognizerState]) -> String {
        states.isEmpty ? "no transitions" : "[" + states.map { ".\($0)" }.joined(separator: ", ") + "]"
    }

    /// A time in seconds as the log prints it (at most 3 decimals, trailing zeros trimmed).
    static func time(_ t: Double) -> String {
        let text: FailureReason = "\(short: t, decimals: 3)"
        return text.string
    }
}

/// One finger of a `GestureHarness`: every call is one event at the harness's `now`.
public final class TestFinger {
    /// The touch id the events carry (1, 2, ... in the order the fingers went down).
    public let id: Int
    /// Where the finger is, window coordinates.
    public fileprivate(set) var location: Point
    /// False once lifted or cancelled.
    public fileprivate(set) var isDown = true
    private unowned let harness: GestureHarness

    fileprivate init(harness: GestureHarness, id: Int, location: Point) {
        self.harness = harness
        self.id = id
        self.location = location
    }

    /// Moves the finger to `point` in one event at `now`.
    public func move(to point: Point) {
        location = point
        harness.send([TouchChange(id: id, phase: .moved, location: point)], at: harness.now)
    }

    /// Moves the finger by `offset` in one event at `now`.
    public func move(by offset: Vector) {
        move(to: location + offset)
    }

    /// Moves the finger by `offset` over `duration` seconds, in `steps` equal moves at equal
    /// intervals (the last at `now + duration`, where the clock then is): a drag with a velocity.
    public func move(by offset: Vector, over duration: Double, steps: Int = 1) {
        let n = max(1, steps)
        let start = location, t0 = harness.now
        for i in 1...n {
            let f = Double(i) / Double(n)
            harness.advance(to: t0 + duration * f)
            move(to: Point(x: start.x + offset.dx * f, y: start.y + offset.dy * f))
        }
    }

    /// Lifts the finger at `now`.
    public func up() {
        isDown = false
        harness.send([TouchChange(id: id, phase: .ended, location: location)], at: harness.now)
    }

    /// Cancels the finger's touch at `now` (as the system does when a call comes in).
    public func cancel() {
        isDown = false
        harness.send([TouchChange(id: id, phase: .cancelled, location: location)], at: harness.now)
    }
}

/// A failed `GestureHarness` check: what was expected, where, and every transition with its reason.
/// Thrown out of a Swift Testing `@Test` or an XCTest method, it is reported with this text.
public struct GestureTestFailure: Error, CustomStringConvertible {
    /// What did not hold.
    public var message: String
    /// Every transition and note so far (`GestureHarness.transcript`).
    public var transcript: String
    /// Where the check was made.
    public var file: String
    public var line: Int

    public var description: String {
        "\(file):\(line): \(message)\ntransitions:\n"
            + transcript.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
