import Testing
import GestureEngine
import TestSupport
@testable import TraceKit

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
        let scene = try Self.load("""
            {"views": [{"name": "box", "frame": [10, 10, 100, 100]}],
             "recognizers": [{"name": "single", "kind": "tap", "view": "box", "requireToFail": ["double"]},
                             {"name": "double", "kind": "tap", "view": "box", "numberOfTapsRequired": 2}]}
            """)
        #expect(scene.recognizers.map(\.name) == ["single", "double"])
        #expect(scene.recognizers[0].view?.name == "box")
        #expect((scene.recognizers[1] as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
    }

    struct BadScene: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
    }

    static let bad: [BadScene] = [
        BadScene(name: "not an object", text: "[]", line: 1, column: 1, message: "a scene must be an object"),
        BadScene(name: "unknown kind", text: "{\"recognizers\": [\n  {\"kind\": \"wave\"}]}", line: 2, column: 12, message: "unknown recognizer kind 'wave'"),
        BadScene(name: "unknown parameter, at its key", text: "{\"recognizers\": [{\"kind\": \"tap\",\n \"taps\": 2}]}", line: 2, column: 2, message: "unknown parameter 'taps'"),
        BadScene(name: "unknown view", text: "{\"recognizers\": [{\"kind\": \"tap\", \"view\": \"nowhere\"}]}", line: 1, column: 42, message: "unknown view 'nowhere'"),
        BadScene(name: "duplicate name", text: "{\"recognizers\": [{\"kind\": \"tap\"}, {\"kind\": \"pan\", \"name\": \"tap\"}]}", line: 1, column: 59, message: "already defined"),
        BadScene(name: "unknown recognizer in requireToFail", text: "{\"recognizers\": [{\"kind\": \"tap\", \"requireToFail\": [\"ghost\"]}]}", line: 1, column: 52, message: "unknown recognizer 'ghost'"),
    ]

    @Test("errors are at the offending value", arguments: bad)
    func positionedErrors(_ c: BadScene) {
        do {
            _ = try Self.load(c.text)
            Issue.record("\(c.name): expected an error")
        } catch {
            let d = error.diagnostic
            #expect(error.category == .invalidTrace, "\(c.name)")
            #expect(d.location?.path == "s.json", "\(c.name)")
            #expect(d.location?.line == c.line && d.location?.column == c.column, "\(c.name): \(DiagnosticFormatter().format(d))")
            #expect(d.message.contains(c.message), "\(c.name): \(d.message)")
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
