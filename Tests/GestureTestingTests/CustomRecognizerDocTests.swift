import GestureEngine
import GestureTesting
import Testing

// The port and the tests shown in docs/custom-recognizers.md, verbatim (the doc's top-level
// statements are in `targetActionAsShown`): if the page's code stops compiling against the public
// API, or stops passing, this file says so.

public final class NudgeGestureRecognizer: GestureRecognizer {
    public var requiredTravel = 30.0
    public var maximumDrift = 15.0
    public var maximumDuration = 0.5
    private var start = Point.zero
    private var startTime = 0.0

    public override var kind: String { "nudge" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard touches.count == 1, numberOfTouches == 1 else {
            fail("\(numberOfTouches) touches; a nudge needs 1")
            return
        }
        start = touches[0].location(in: nil)
        startTime = touches[0].timestamp
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let p = touches[0].location(in: nil)
        let drift = Swift.abs(p.y - start.y)
        if drift > maximumDrift {
            fail("drifted \(short: drift) pt vertically > maximumDrift \(short: maximumDrift) pt")
            return
        }
        let elapsed = touches[0].timestamp - startTime
        if elapsed > maximumDuration {
            fail("still moving after \(short: elapsed, decimals: 3) s > maximumDuration \(short: maximumDuration, decimals: 3) s")
            return
        }
        if p.x - start.x >= requiredTravel { state = .recognized }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        fail("lifted after \(short: touches[0].location(in: nil).x - start.x) pt to the right; needs \(short: requiredTravel) pt")
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled")
    }

    public override func reset() {
        start = .zero
        startTime = 0
    }
}

// The handler code ports with it:
final class Controller {
    var nudges = 0
    func handleNudge(_ nudge: NudgeGestureRecognizer) { nudges += 1 }
}

@Test func targetActionAsShown() throws {
    let controller = Controller()
    let nudge = NudgeGestureRecognizer(name: "nudge")
    nudge.addTarget(controller, action: Controller.handleNudge)
    let harness = GestureHarness()
    harness.add(nudge)
    let finger = harness.down(at: Point(x: 100, y: 100))
    finger.move(by: Vector(dx: 40, dy: 0), over: 0.1, steps: 4)
    #expect(controller.nudges == 1)
}

@Test func nudgeRecognizesAQuickRightwardMove() throws {
    let harness = GestureHarness()
    harness.add(NudgeGestureRecognizer(name: "nudge"))
    let finger = harness.down(at: Point(x: 100, y: 100))
    harness.wait(0.1)
    finger.move(by: Vector(dx: 40, dy: 3), over: 0.1, steps: 4)
    finger.up()
    try harness.expect("nudge", states: [.ended])
}

@Test func nudgeFailsWhenItDrifts() throws {
    let harness = GestureHarness()
    harness.add(NudgeGestureRecognizer(name: "nudge"))
    let finger = harness.down(at: Point(x: 100, y: 100))
    finger.move(by: Vector(dx: 10, dy: 20), over: 0.05)
    try harness.expectFailed("nudge", reasonContains: "drifted 20 pt")
}
