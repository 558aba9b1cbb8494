import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading

@Suite("Scene loader: the sample scenes, positioned errors, the default scene")
struct SceneLoaderTests {
    static func load(_ text: String, screen: Size? = nil) throws(TraceError) -> Scene {
        try SceneLoader(screen: screen).load(try JSONParser().parse(text, path: "s.json"))
    }

    static func sampleScenes() -> [String] {
        PackageFiles.listDirectory(PackageFiles.path("Traces")).filter { $0.hasSuffix(".scene.json") }
    }

    @Test func everySampleSceneLoadsWithItsRecognizersInOrder() throws {
        let names = Self.sampleScenes()
        #expect(names.count >= 5)
        for name in names {
            let path = PackageFiles.path("Traces/" + name)
            let json = try JSONParser().parse(contentsOf: path)
            let declared = (json["recognizers"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? $0["kind"]?.stringValue }
            let scene = try SceneLoader(screen: Size(width: 390, height: 844)).load(json)
            #expect(!scene.recognizers.isEmpty, "\(name)")
            #expect(scene.recognizers.map(\.name) == declared, "\(name)")
            #expect(scene.recognizers.allSatisfy { $0.view != nil }, "\(name)")
        }
    }

    @Test func linksAndViews() throws {
        let scene = try Self.load(
            """
            {"views": [{"name": "box", "frame": [10, 10, 100, 100]}],
             "recognizers": [{"name": "single", "kind": "tap", "view": "box", "requireToFail": ["double"]},
                             {"name": "double", "kind": "tap", "view": "box", "numberOfTapsRequired": 2}]}
            """)
        #expect(scene.recognizers.map(\.name) == ["single", "double"])
        #expect(scene.recognizers[0].view?.name == "box")
        #expect((scene.recognizers[1] as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
    }

    static let bad: [ErrorCase] = [
        ErrorCase("not an object", "[]", line: 1, column: 1, "a scene must be an object"),
        ErrorCase("unknown kind", "{\"recognizers\": [\n  {\"kind\": \"wave\"}]}", line: 2, column: 12, "unknown recognizer kind 'wave'"),
        ErrorCase(
            "unknown parameter, at its key", "{\"recognizers\": [{\"kind\": \"tap\",\n \"taps\": 2}]}", line: 2, column: 2,
            "unknown parameter 'taps'"),
        ErrorCase(
            "unknown view", "{\"recognizers\": [{\"kind\": \"tap\", \"view\": \"nowhere\"}]}", line: 1, column: 42, "unknown view 'nowhere'"
        ),
        ErrorCase(
            "duplicate name", "{\"recognizers\": [{\"kind\": \"tap\"}, {\"kind\": \"pan\", \"name\": \"tap\"}]}", line: 1, column: 59,
            "already defined"),
        ErrorCase(
            "unknown recognizer in requireToFail", "{\"recognizers\": [{\"kind\": \"tap\", \"requireToFail\": [\"ghost\"]}]}", line: 1,
            column: 52, "unknown recognizer 'ghost'"),
    ]

    @Test("errors are at the offending value (ErrorCase, as the readers' errors)", arguments: bad)
    func positionedErrors(_ c: ErrorCase) {
        do {
            _ = try Self.load(String(decoding: c.input, as: UTF8.self))
            c.check(nil, path: "s.json")
        } catch {
            c.check(error, path: "s.json")
        }
    }

    @Test func keepOnlyNamesTheUnknownRecognizer() throws {
        let scene = try Self.load(#"{"recognizers": [{"kind": "tap"}, {"kind": "pan"}]}"#)
        #expect(try scene.keepOnly(["pan"]).recognizers.map(\.name) == ["pan"])
        #expect(throws: TraceError.self) { try scene.keepOnly(["swipe"]) }
    }

    @Test func theDefaultSceneHasTheScreenEdgePanOnlyWithAScreen() {
        let withScreen = Scene.makeDefault(screen: Size(width: 390, height: 844)).recognizers
        let without = Scene.makeDefault(screen: nil).recognizers
        #expect(withScreen.contains { $0 is ScreenEdgePanGestureRecognizer })
        #expect(!without.contains { $0 is ScreenEdgePanGestureRecognizer })
        #expect(withScreen.count == without.count + 1)
    }
}
