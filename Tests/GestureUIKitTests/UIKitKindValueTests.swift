import GestureEngine
import GestureUIKit
import Testing
import TraceReplay

/// A UIKit kind's own properties in scenes, `--set` and the output (issue 48, item 7): set by their
/// Swift names, reported with each transition, with positioned errors for unknown names.
@Suite struct UIKitKindValueTests {
    static func catalog() throws -> RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(
            kind: "swipe2", factory: { _ in TwoFingerVerticalSwipeGestureRecognizer() },
            parameters: [
                .number("minimumDistance", \.minimumDistance, minimum: 0),
                .number("maximumSideways", \.maximumSideways, minimum: 0),
            ],
            values: [.value("starts", \.startCount)])
        return catalog
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

    func replay(_ scene: String, overrides: [String] = [], format: OutputFormat = .text) throws -> ReplayResult {
        let catalog = try Self.catalog()
        var options = ReplayOptions()
        options.scene.catalog = catalog
        options.scene.overrides = try overrides.map { try SceneOverride(parsing: $0) }
        options.output.format = format
        let loaded = try SceneLoader(screen: nil, catalog: catalog).load(text: scene, path: "swipe.scene.json")
        return try Replayer.replay(.bytes(Array(Self.trace.utf8), name: "two.csv"), scene: loaded, options: options)
    }

    @Test func registeredValuesAndReportedParametersAreInTheOutput() throws {
        let result = try replay(#"{"recognizers": [{"name": "two", "kind": "swipe2", "report": ["minimumDistance"]}]}"#)
        let t = try #require(result.transitions(of: "two").first)
        #expect(t.state == .ended)
        #expect(t.values.extra.map(\.name) == ["starts", "minimumDistance"])
        #expect(t.values.extra.first?.value == .integer(2))
        #expect(t.values.extra.last?.value == .number(60))
        #expect(result.text.contains("starts 2  minimumDistance 60"))
        let json = result.render(.jsonl)
        #expect(json.contains(#""starts":2"#) && json.contains(#""minimumDistance":60"#))
    }

    @Test func sceneFilesAndSetReachTheKindsPropertiesBySwiftName() throws {
        // 80 pt: the fingers travel 80, so it still recognizes; 90 pt: it does not.
        let scene = #"{"recognizers": [{"name": "two", "kind": "swipe2", "minimumDistance": 80, "report": ["minimumDistance"]}]}"#
        #expect(try replay(scene).transitions(of: "two").map(\.state) == [.ended])
        let moved = try replay(scene, overrides: ["two.minimumDistance=90"])
        #expect(moved.transitions(of: "two").map(\.state) == [.failed])
        #expect(moved.transitions(of: "two").first?.values.extra.last?.value == .number(90))
        let byKind = try replay(scene, overrides: ["swipe2.minimumDistance=90"])
        #expect(byKind.transitions(of: "two").map(\.state) == [.failed])
    }

    @Test func anUnknownPropertyIsAPositionedError() throws {
        do {
            _ = try replay(#"{"recognizers": [{"name": "two", "kind": "swipe2", "minimumDistanse": 80}]}"#)
            Issue.record("loaded")
        } catch {
            let text = "\(error)"
            #expect(text.contains("swipe.scene.json:1:") && text.contains("unknown parameter 'minimumDistanse'"))
            #expect(text.contains("minimumDistance, maximumSideways") && text.contains("report"))
        }
        do {
            _ = try replay(#"{"recognizers": [{"name": "two", "kind": "swipe2", "report": ["startz"]}]}"#)
            Issue.record("loaded")
        } catch {
            let text = "\(error)"
            #expect(text.contains("swipe.scene.json:1:") && text.contains("unknown value 'startz'"))
            #expect(text.contains("expected one of: minimumDistance, maximumSideways, starts"))
        }
        #expect(throws: TraceError.self) {
            try replay(#"{"recognizers": [{"name": "two", "kind": "swipe2"}]}"#, overrides: ["two.minimumDistanse=1"])
        }
    }

    @Test func aValueNameTakenTwiceIsARegistrationError() {
        var catalog = RecognizerCatalog.builtIn
        #expect(throws: RecognizerCatalog.RegistrationError.self) {
            try catalog.register(
                kind: "x", factory: { _ in TwoFingerVerticalSwipeGestureRecognizer() },
                parameters: [.number("minimumDistance", \.minimumDistance)], values: [.value("minimumDistance", \.minimumDistance)])
        }
        #expect(catalog.kind(named: "x") == nil)
    }
}
