import GestureEngine
import GestureTesting
import Testing

/// A single tap and a double tap on one view, with and without `single.require(toFail: double)`.
@Suite("Tap scenes")
struct TapSceneTests {
    func scene(requireDoubleToFail: Bool) -> GestureHarness {
        let h = GestureHarness()
        let view = View(name: "card", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        h.root.addSubview(view)
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double", taps: 2)
        h.add(single, to: view)
        h.add(double, to: view)
        if requireDoubleToFail { single.require(toFail: double) }
        return h
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var requireDoubleToFail: Bool
        /// Touch-down times of one-finger taps lasting 0.1 s each.
        var taps: [Double]
        var log: [String]
        var reasons: [String: String] = [:]
        var testDescription: String { name }
    }

    @Test(
        "single tap and double tap",
        arguments: [
            Case(
                name: "single waits for the double to fail: recognizes at lift + 0.35 s",
                requireDoubleToFail: true, taps: [0],
                log: ["double failed @0.45", "single ended @0.45"],
                reasons: ["double": "no touch-down within maximumTapInterval 0.35 s after tap 1 of 2"]),
            Case(
                name: "single fails when the double recognizes",
                requireDoubleToFail: true, taps: [0, 0.3],
                log: ["double ended @0.4", "single failed @0.4"],
                reasons: ["single": "required recognizer 'double' recognized"]),
            Case(
                name: "second tap too late: single recognizes at lift + 0.35 s, then again for the second tap",
                requireDoubleToFail: true, taps: [0, 0.6],
                log: ["double failed @0.45", "single ended @0.45", "double failed @1.05", "single ended @1.05"]),
            Case(
                name: "without the requirement a single tap recognizes at its lift",
                requireDoubleToFail: false, taps: [0],
                log: ["single ended @0.1", "double failed @0.45"]),
            Case(
                name: "without the requirement the double tap excludes the single tap's second recognition (same event)",
                requireDoubleToFail: false, taps: [0, 0.3],
                log: ["single ended @0.1", "single failed @0.4", "double ended @0.4"],
                reasons: ["single": "excluded: tap 'double' recognized in the same event"]),
        ])
    func singleAndDouble(_ c: Case) throws {
        let h = scene(requireDoubleToFail: c.requireDoubleToFail)
        for (i, t) in c.taps.enumerated() {
            h.tap(id: i + 1, at: t, x: 100, y: 100, duration: 0.1)
        }
        h.finish()
        try h.expectLog(c.log)
        for (name, reason) in c.reasons {
            #expect(h.reason(name) == reason)
        }
    }

    @Test("the single tap's held-back recognition is reported at the double tap's deadline, with its values")
    func heldBackValues() throws {
        let h = scene(requireDoubleToFail: true)
        h.tap(at: 0, x: 120, y: 80, duration: 0.1)
        h.finish()
        let t = try #require(h.recorder.transitions(of: "single").first)
        #expect(t.state == .ended)
        #expect(abs(t.time - 0.45) < 1e-9)
        #expect(t.values.taps == 1)
        #expect(t.values.location == Point(x: 120, y: 80))
    }

    @Test("a tap on a view with a long press: the press fails at the lift, the tap's recognition is applied after the delivery")
    func tapAndLongPress() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        h.add(LongPressGestureRecognizer(name: "press"))
        h.tap(at: 0, duration: 0.1)
        h.finish()
        // The lift is delivered to both before UIKit's update sends the tap's actions.
        try h.expectLog(["press failed @0.1", "tap ended @0.1"])
        #expect(h.reason("press") == "lifted after 0.1 s < minimumPressDuration 0.5 s")
    }

    @Test("a long press needing one tap is not prevented by the single tap it starts with")
    func tapAndTapHold() throws {
        let h = GestureHarness()
        h.add(TapGestureRecognizer(name: "tap"))
        let press = LongPressGestureRecognizer(name: "tapHold")
        press.numberOfTapsRequired = 1
        h.add(press)
        h.tap(id: 1, at: 0, duration: 0.1)
        h.send(0.3, (2, .began, 100, 100))
        h.send(1.0, (2, .ended, 100, 100))
        h.finish()
        // The second touch-down starts a new tap attempt; the press begins at 0.8 and prevents it.
        try h.expectLog(["tap ended @0.1", "tapHold began @0.8", "tap failed @0.8", "tapHold ended @1"])
        #expect(h.reason("tap") == "prevented by longPress 'tapHold', which began")
    }
}
