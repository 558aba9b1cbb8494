import GestureEngine

/// A minimal tap used only to exercise the runtime: one finger, one or more taps, fails when it
/// moves more than `allowableMovement`, waits `maximumTapInterval` for the next tap.
final class TestTap: GestureRecognizer {
    var numberOfTapsRequired = 1
    var allowableMovement = 45.0
    var maximumTapInterval = 0.35
    private var taps = 0
    private var start: Point?
    private var timer: TimerToken?

    override var kind: String { "testTap" }

    init(name: String, taps: Int = 1) {
        numberOfTapsRequired = taps
        super.init(name: name)
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let tap = other as? TestTap else { return true }
        return tap.numberOfTapsRequired <= numberOfTapsRequired
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let timer { cancelTimer(timer) }
        if numberOfTouches > 1 { fail("too many touches"); return }
        if start == nil { start = touches[0].location(in: nil) }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let start else { return }
        let d = touches[0].location(in: nil).distance(to: start)
        if d > allowableMovement { fail("moved \(formatShort(d)) pt > allowableMovement \(formatShort(allowableMovement)) pt") }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        taps += 1
        if taps == numberOfTapsRequired {
            state = .ended
        } else {
            timer = schedule(after: maximumTapInterval) { [unowned self] in
                self.fail("no next tap within \(formatShort(self.maximumTapInterval, decimals: 2)) s")
            }
        }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { fail("touch cancelled") }

    override func reset() {
        taps = 0
        start = nil
        timer = nil
    }

    override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.taps = taps
    }
}

/// A minimal pan used only to exercise the runtime: begins after `threshold` pt along either axis.
class TestPan: GestureRecognizer {
    var threshold = 10.0
    private var start: Point?
    private(set) var translation = Vector.zero

    override var kind: String { "testPan" }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if start == nil { start = location(in: nil) }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let start else { return }
        translation = location(in: nil) - start
        if state == .possible {
            if abs(translation.dx) >= threshold || abs(translation.dy) >= threshold { state = .began }
        } else {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches == touches.count else { return }
        if state == .possible { fail("lifted before moving \(formatShort(threshold)) pt") } else { state = .ended }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { fail("cancelled") } else { state = .cancelled }
    }

    override func recognitionWillResumeAfterFailureRequirements() {
        start = location(in: nil)
        translation = .zero
    }

    override func reset() {
        start = nil
        translation = .zero
    }

    override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        values.translation = translation
    }
}

/// Records every call a recognizer receives, in order, for delivery tests.
final class CallRecorder: GestureRecognizer {
    var calls: [String] = []
    override var kind: String { "recorder" }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { calls.append("began \(ids(touches)) @\(event.timestamp)") }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { calls.append("moved \(ids(touches)) @\(event.timestamp)") }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { calls.append("ended \(ids(touches)) @\(event.timestamp)") }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        calls.append("cancelled \(ids(touches)) @\(event.timestamp)")
    }
    override func reset() { calls.append("reset") }
    private func ids(_ touches: [Touch]) -> String { touches.map { String($0.id) }.joined(separator: ",") }
}

/// A delegate configured with closures, for arbitration tests.
final class TestDelegate: GestureRecognizerDelegate {
    var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
    var shouldReceive: (GestureRecognizer, Touch) -> Bool = { _, _ in true }
    var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var requireFailure: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var beRequiredToFail: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    private(set) var shouldBeginCalls = 0

    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { shouldBeginCalls += 1; return shouldBegin(r) }
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive(r, touch) }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { simultaneous(r, o) }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool { requireFailure(r, o) }
    func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool { beRequiredToFail(r, o) }
}
