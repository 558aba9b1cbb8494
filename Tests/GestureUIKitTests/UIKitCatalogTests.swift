import GestureEngine
import GestureUIKit
import Testing
import TraceReplay

/// UIKit-side classes named by scene files through the catalog (issue #31, item 4).
@Suite struct UIKitCatalogTests {
    static func catalog() throws -> RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(
            kind: "swipe2",
            factory: { name in
                TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "swipe2", name: name)
            })
        try catalog.register(
            kind: "lockedPan",
            factory: { name in
                let pan = DirectionLockedPanGestureRecognizer(target: nil, action: nil)
                let delegate = AlwaysSimultaneous()
                pan.delegate = delegate
                pan.retain(delegate)
                return pan.replayRecognizer(kind: "lockedPan", name: name)
            })
        return catalog
    }

    final class AlwaysSimultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { true }
    }

    static let trace = """
        t,id,phase,x,y
        0.00,1,began,100,300
        0.00,2,began,160,300
        0.05,1,moved,100,340
        0.05,2,moved,160,340
        0.10,1,moved,101,380
        0.10,2,moved,161,380
        0.15,1,ended,101,380
        0.15,2,ended,161,380

        """

    @Test func sceneNamesUIKitKindsAndTheKindColumnPrintsThem() throws {
        let catalog = try Self.catalog()
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(
            text: #"{"recognizers": [{"name": "two", "kind": "swipe2"}, {"name": "locked", "kind": "lockedPan"}]}"#,
            path: "uikit.scene.json")
        var options = ReplayOptions()
        options.scene.catalog = catalog
        let result = try Replayer.replay(.bytes(Array(Self.trace.utf8), name: "two.csv"), scene: scene, options: options)
        #expect(result.transitions(of: "two").map(\.state) == [.ended])
        // The delegate set in the factory was kept alive: it lets the swipe recognize while the
        // locked pan (the built-in pan's rules) runs; without it the pan's `began` would prevent the swipe.
        #expect(result.transitions(of: "locked").map(\.state) == [.began, .changed, .ended])
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("two") && $0.contains("swipe2") && $0.contains("ended") })
        #expect(lines.contains { $0.contains("locked") && $0.contains("lockedPan") && $0.contains("began") })
        #expect(!result.text.contains("custom"))
    }

    @Test func anUnknownUIKitClassIsAnErrorListingTheKnownKinds() throws {
        let catalog = try Self.catalog()
        do {
            _ = try SceneLoader(screen: nil, catalog: catalog).load(
                text: #"{"recognizers": [{"name": "x", "kind": "UISwipeTwoFingers"}]}"#, path: "bad.scene.json")
            Issue.record("an unknown kind loaded")
        } catch {
            let message = "\(error)"
            #expect(message.contains("bad.scene.json:1:"))
            #expect(message.contains("'UISwipeTwoFingers'"))
            #expect(message.contains("swipe2") && message.contains("lockedPan") && message.contains("tap"))
        }
    }

    /// The app's own `TickleGestureRecognizer` (UIKit source, `UIKitSources/`) takes the kind name
    /// `tickle` on purpose; the engine's same-named seed recognizer stays `seed.tickle`, and each
    /// class is named unambiguously in this file (issue #31, item 5).
    @Test func theAppsTickleReplacesTheSeedKindAndBothReplay() throws {
        var catalog = RecognizerCatalog.builtIn
        #expect(throws: RecognizerCatalog.RegistrationError.self) {
            try catalog.register(
                kind: "tickle", factory: { TickleGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "tickle", name: $0) })
        }
        try catalog.replace(
            builtInKind: "tickle", factory: { TickleGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "tickle", name: $0) }
        )
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(
            text:
                #"{"recognizers": [{"name": "app", "kind": "tickle", "simultaneousWith": ["engine"]}, {"name": "engine", "kind": "seed.tickle", "requiredTickles": 2, "maximumTickleDistance": 40}]}"#,
            path: "tickle.scene.json")
        #expect(scene.recognizer(named: "engine") is GestureEngine.TickleGestureRecognizer)
        #expect(!(scene.recognizer(named: "app") is GestureEngine.TickleGestureRecognizer))
        let trace = """
            t,id,phase,x,y
            0.00,1,began,100,100
            0.25,1,moved,130,100
            0.50,1,moved,100,100
            0.75,1,moved,130,100
            0.80,1,ended,130,100

            """
        var options = ReplayOptions()
        options.scene.catalog = catalog
        let result = try Replayer.replay(.bytes(Array(trace.utf8), name: "t.csv"), scene: scene, options: options)
        #expect(result.transitions(of: "app").map(\.state) == [.ended])
        #expect(result.transitions(of: "engine").map(\.state) == [.ended])
        // The app's recognizer printed into the replay; the engine's reports its count.
        #expect(result.text.contains("tickle 3"))
        #expect(result.text.contains("tickles 2"))
    }
}
