import GestureEngine
import GestureTesting
import GestureUIKit
import Testing
import TraceReplay

/// The app's files in App/ compile with no edit (the derivative path: UIKitSources.txt lists them)
/// and replay to the transitions and the values their targets read under UIKit's rules: a target
/// runs after every recognizer handled the event, so it reads what the touch method set after the
/// state (`-[UIGestureRecognizer _updateGestureForActiveEvents]`, issue 43).
@Suite struct AppReplayTests {
    /// The app's screen in a 390 x 844 window, and a harness replaying into it.
    func screen() -> (SheetController, GestureHarness) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = SheetController(window: window)
        controller.tipTap.name = "tipTap"
        controller.zoom.name = "zoom"
        controller.knobTurn.name = "knob"
        controller.sheetPan.name = "sheet"
        controller.hold.name = "hold"
        return (controller, GestureHarness(root: window.engineView))
    }

    @Test func tipTapTargetsReadTheCountSetAfterTheState() throws {
        let (app, h) = screen()
        for k in 0..<3 { h.tap(id: k + 1, at: Double(k) * 0.2, x: 300, y: 90, duration: 0.1) }
        h.wait(1)
        h.finish()
        // Once it began, every event delivered to it is a `changed` (UIKit sends the action again):
        // each touch-down, then each lift that raised the count.
        try h.expect("tipTap", states: [.began, .changed, .changed, .changed, .changed, .ended])
        // Began reads 1, not 0: the count was raised after `state = .began`, before the target ran.
        #expect(
            app.log == [
                "tiptap began count 1", "tiptap changed count 1", "tiptap changed count 2", "tiptap changed count 2",
                "tiptap changed count 3", "tiptap finished 3", "tiptap ended count 3",
            ])
        #expect(h.states("knob") == [.failed, .failed, .failed])
    }

    @Test func tapAndDragReadsItsTranslationAtBegan() throws {
        let (app, h) = screen()
        h.send(0, (1, .began, 100, 90))
        h.send(0.1, (1, .ended, 100, 90))
        h.send(0.2, (2, .began, 100, 92))
        h.send(0.25, (2, .moved, 100, 110))
        h.send(0.3, (2, .moved, 100, 130))
        h.send(0.35, (2, .ended, 100, 130))
        try h.expect("zoom", states: [.began, .changed, .ended])
        #expect(app.log == ["zoom began 0,18", "zoom changed 0,38", "zoom ended 0,38"])
    }

    @Test func theKnobMeasuresFromItsCentreThroughItsLocationOverride() throws {
        let (app, h) = screen()
        h.send(0, (1, .began, 300, 60))  // 30 pt above the centre (300, 90)
        h.send(0.1, (1, .moved, 330, 90))  // right of it: a quarter turn
        h.send(0.2, (1, .moved, 300, 120))  // below it: a half turn
        h.send(0.3, (1, .ended, 300, 120))
        try h.expect("knob", states: [.began, .changed, .ended])
        #expect(app.log == ["knob began 90°", "knob changed 180°", "knob ended 180°"])
        #expect(app.knobTurn.location(in: app.knob) == CGPoint(x: 0, y: 30))
    }

    @Test func theSheetWaitsForTheListsPan() throws {
        let (app, h) = screen()
        let f = h.down(x: 200, y: 700)
        f.move(by: Vector(dx: 0, dy: -150), over: 0.3, steps: 6)
        f.up()
        #expect(h.states("sheet") == [.failed])
        #expect(!app.log.contains { $0.hasPrefix("sheet") })
        #expect(app.list.contentOffset.y > 100)

        app.list.isScrollEnabled = false
        h.wait(3)
        let g = h.down(x: 200, y: 400)
        g.move(by: Vector(dx: 0, dy: 150), over: 0.3, steps: 6)
        g.up()
        #expect(h.states("sheet").suffix(2) == [.changed, .ended])
        // The pan's translation starts past its 10 pt hysteresis (UIKit's), so 25 pt moves read 15, 40, ...
        #expect(
            app.log == [
                "sheet began 15", "sheet changed 40", "sheet changed 65", "sheet changed 90", "sheet changed 115", "sheet changed 140",
                "sheet ended 140",
            ])
    }

    @Test func theHoldIsMadeWithInitAndTheButtonsTargetRuns() throws {
        let (app, h) = screen()
        let f = h.down(x: 120, y: 500)
        h.wait(0.7)
        f.up()
        try h.expect("hold", states: [.began, .ended])
        #expect(app.log == ["hold began at 120,200", "hold ended at 120,200"])
        h.tap(at: 2, x: 60, y: 220)
        #expect(app.log.last == "buy true")
    }

    /// The app's recognizer as a kind of a catalog: its count reported with each transition.
    @Test func aRegisteredKindReportsItsCountInTheOutput() throws {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(
            kind: "tipTap", factory: { _ in TipTapGestureRecognizer() },
            parameters: [.number("maximumTapDuration", \.maximumTapDuration, minimum: 0)],
            values: [.value("tapCount", \.tapCount)])
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(text: #"{"recognizers": [{"name": "tips", "kind": "tipTap"}]}"#)
        var options = ReplayOptions()
        options.scene.catalog = catalog
        let trace =
            "t,id,phase,x,y\n0,1,began,10,10\n0.1,1,ended,10,10\n0.2,2,began,10,10\n0.3,2,ended,10,10\n1.0,3,began,200,200\n1.5,3,ended,200,200\n"
        let result = try Replayer.replay(.bytes(Array(trace.utf8), name: "tips.csv"), scene: scene, options: options)
        // Two taps, ended by its timer at 0.65; the third touch, held 0.5 s, fails a new attempt.
        #expect(result.transitions(of: "tips").map(\.state) == [.began, .changed, .changed, .ended, .failed])
        #expect(
            result.transitions(of: "tips").map { $0.values.extra.first?.value }
                == [.integer(1), .integer(1), .integer(2), .integer(2), .integer(0)])
        #expect(result.text.contains("tipTap  possible -> began") && result.text.contains("tapCount 1"))
    }
}
