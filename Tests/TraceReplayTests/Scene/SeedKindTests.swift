import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading

/// A user's own recognizer named like a seed recognizer: its class, in the user's namespace, is
/// `TickleGestureRecognizer` too.
enum UserGestures {
    final class TickleGestureRecognizer: GestureRecognizer {
        var laps = 1
        private var moves = 0
        override var kind: String { "tickle" }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            moves += 1
            if moves >= laps && state == .possible { state = .ended }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            if state == .possible { fail("lifted") }
        }
        override func reset() { moves = 0 }
    }
}

/// The seed recognizers (tickle, marquee, two-finger swipe) never clash with a user's kinds of
/// the same names: qualified names (`seed.tickle`) always reach the built-ins, and a user's kind
/// takes a seed kind's short name only on purpose (`replace(builtInKind:)`), otherwise a clear
/// error (issue #31, item 5).
@Suite("Seed kinds: qualified names and deliberate replacement")
struct SeedKindTests {
    static func catalogWithUserTickle() throws -> RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try catalog.replace(
            builtInKind: "tickle", factory: { UserGestures.TickleGestureRecognizer(name: $0) },
            parameters: [.integer("laps", \.laps, minimum: 1)])
        return catalog
    }

    @Test func qualifiedNamesReachTheBuiltIns() throws {
        let catalog = RecognizerCatalog.builtIn
        #expect(RecognizerCatalog.seedKindNames == ["twoFingerSwipe", "marquee", "tickle"])
        #expect(catalog.kinds.compactMap(\.qualifiedName) == ["seed.twoFingerSwipe", "seed.marquee", "seed.tickle"])
        #expect(catalog.kind(named: "seed.tickle")?.name == "tickle")
        #expect(catalog.kind(named: "seed.tap") == nil)
        // The short names still work, and the names listed are unchanged.
        #expect(catalog.kind(named: "tickle")?.qualifiedName == "seed.tickle")
        #expect(catalog.kindNames.last == "tickle")
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(
            text:
                #"{"recognizers": [{"name": "m", "kind": "seed.marquee", "maximumNumberOfTouches": 1}, {"name": "s", "kind": "seed.twoFingerSwipe"}, {"name": "t", "kind": "tickle"}]}"#,
            path: "s.scene.json")
        #expect(scene.recognizer(named: "m") is MarqueeGestureRecognizer)
        #expect((scene.recognizer(named: "m") as? MarqueeGestureRecognizer)?.maximumNumberOfTouches == 1)
        #expect(scene.recognizer(named: "s") is TwoFingerSwipeGestureRecognizer)
        #expect(scene.recognizer(named: "t") is GestureEngine.TickleGestureRecognizer)
    }

    @Test func registeringASeedNameIsAClearErrorNamingTheWayToReplaceIt() throws {
        var catalog = RecognizerCatalog.builtIn
        do {
            try catalog.register(kind: "tickle", factory: { UserGestures.TickleGestureRecognizer(name: $0) })
            Issue.record("registered over the built-in tickle")
        } catch {
            #expect(
                error.message
                    == "cannot register kind 'tickle': it is a built-in seed kind (also named 'seed.tickle'); to make 'tickle' name yours, call replace(builtInKind: \"tickle\", ...) (the built-in stays 'seed.tickle'), or choose another name"
            )
        }
        #expect(catalog.kindNames == RecognizerCatalog.builtIn.kindNames)
    }

    @Test func aReplacedSeedKindIsTheUsersAndTheBuiltInStaysReachable() throws {
        let catalog = try Self.catalogWithUserTickle()
        #expect(catalog.kindNames.suffix(2) == ["seed.tickle", "tickle"])
        let scene = try SceneLoader(screen: nil, catalog: catalog).load(
            text:
                #"{"recognizers": [{"name": "mine", "kind": "tickle", "laps": 2}, {"name": "builtIn", "kind": "seed.tickle", "requiredTickles": 4}]}"#,
            path: "s.scene.json")
        let mine = try #require(scene.recognizer(named: "mine") as? UserGestures.TickleGestureRecognizer)
        let builtIn = try #require(scene.recognizer(named: "builtIn") as? GestureEngine.TickleGestureRecognizer)
        #expect(mine.laps == 2 && builtIn.requiredTickles == 4)
        // Each kind's parameters are its own, with the usual positioned error.
        #expect(throws: TraceError.self) {
            try SceneLoader(screen: nil, catalog: catalog).load(
                text: #"{"recognizers": [{"kind": "tickle", "requiredTickles": 4}]}"#, path: "s.scene.json")
        }
        // --set by kind or by name reaches the right one.
        #expect(catalog.kind(of: mine)?.sceneName == "tickle")
        #expect(catalog.kind(of: builtIn)?.sceneName == "seed.tickle")
        try SceneOverride.apply(
            [try SceneOverride(parsing: "seed.tickle.requiredTickles=5"), try SceneOverride(parsing: "tickle.laps=3")], to: scene,
            catalog: catalog)
        #expect(builtIn.requiredTickles == 5 && mine.laps == 3)
        try SceneOverride.apply([try SceneOverride(parsing: "builtIn.maximumTickleDistance=30")], to: scene, catalog: catalog)
        #expect(builtIn.maximumTickleDistance == 30)
    }

    @Test func bothReplayTheSameTrace() throws {
        var options = ReplayOptions()
        options.scene.catalog = try Self.catalogWithUserTickle()
        let scene = try SceneLoader(screen: nil, catalog: options.scene.catalog).load(
            text:
                #"{"recognizers": [{"name": "mine", "kind": "tickle", "simultaneousWith": ["builtIn"]}, {"name": "builtIn", "kind": "seed.tickle"}]}"#,
            path: "s.scene.json")
        let result = try Replayer.replay(.path(PackageFiles.root + "/Traces/tickle-success.csv"), scene: scene, options: options)
        #expect(result.transitions(of: "mine").map(\.state) == [.ended])
        #expect(result.transitions(of: "builtIn").last?.state == .ended)
    }

    struct BadReplacement: CustomTestStringConvertible, Sendable {
        var kind: String
        var register: Bool
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "replacement and the seed namespace refuse what is not meant, leaving the catalog unchanged",
        arguments: [
            BadReplacement(
                kind: "tap", register: false,
                message:
                    "cannot replace kind 'tap': it is UIKit's, and keeps its name; only the seed kinds can be replaced (twoFingerSwipe, marquee, tickle)"
            ),
            BadReplacement(
                kind: "wiggle", register: false,
                message:
                    "cannot replace kind 'wiggle': it is not a built-in kind (seed kinds: twoFingerSwipe, marquee, tickle); register a kind of your own with register(kind:)"
            ),
            BadReplacement(kind: "tickle", register: false, message: "cannot replace kind 'tickle' twice"),
            BadReplacement(kind: "tickle", register: true, message: "cannot register kind 'tickle' twice"),
            BadReplacement(
                kind: "seed.wiggle", register: true,
                message:
                    "cannot register kind 'seed.wiggle': names starting with 'seed.' are the seed kinds' qualified names (seed.twoFingerSwipe, seed.marquee, seed.tickle)"
            ),
        ])
    func badReplacement(_ bad: BadReplacement) throws {
        var catalog = try Self.catalogWithUserTickle()
        let before = catalog.kindNames
        do {
            if bad.register {
                try catalog.register(kind: bad.kind, factory: { UserGestures.TickleGestureRecognizer(name: $0) })
            } else {
                try catalog.replace(builtInKind: bad.kind, factory: { UserGestures.TickleGestureRecognizer(name: $0) })
            }
            Issue.record("accepted")
        } catch {
            #expect(error.message == bad.message)
        }
        #expect(catalog.kindNames == before)
    }
}
